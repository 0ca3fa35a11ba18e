import { isNoExecuteTaint } from '../taints/taint';
import type { MatchOptions } from '../tolerations/match';
import type { Node } from '../types';
import { type NoExecuteDecision, planNoExecute } from './no-execute-plan';
import type { PodKind } from './pod-kinds';

/**
 * What a summary reads of planNoExecute's decision: the pod stays, or is evicted at `at` (null:
 * never in practice), at once or not, an eviction scheduled earlier standing or not.
 */
export type NoExecuteOutcome = 'stays' | { at: number | null; immediately: boolean; alreadyScheduled: boolean };

export function outcomeOf(decision: NoExecuteDecision, now: number): NoExecuteOutcome {
  switch (decision.action) {
    case 'EvictNow':
      return { at: now, immediately: true, alreadyScheduled: false };
    case 'KeepScheduled':
      return { at: decision.scheduled.fireAt, immediately: false, alreadyScheduled: true };
    case 'EvictAt':
      return { at: decision.fireAt, immediately: false, alreadyScheduled: false };
    case 'NeverInPractice':
      return { at: null, immediately: false, alreadyScheduled: false };
    case 'Cancel':
      return 'stays';
  }
}

/**
 * planNoExecute's outcome for a pod with no eviction scheduled, decided once per NoExecute taint
 * list and kind of pod (PodKind: tolerations alike): with nothing scheduled it reads nothing else
 * of the node or the pod, and a cluster's 300,000 pods come in a few kinds on a few kinds of nodes.
 */
export function noExecuteOutcomes(now: number, options: MatchOptions): (node: Node, kind: PodKind) => NoExecuteOutcome {
  /** By node: the outcomes for its kind of NoExecute taints, by kind of pod. */
  const byNode = new Map<Node, Map<PodKind, NoExecuteOutcome>>();
  const byTaints = new Map<string, Map<PodKind, NoExecuteOutcome>>();
  return (node, kind) => {
    let outcomes = byNode.get(node);
    if (!outcomes) {
      const taintsKey = JSON.stringify((node.spec?.taints ?? []).filter(isNoExecuteTaint).map((t) => [t.key, t.value, t.effect]));
      outcomes = byTaints.get(taintsKey) ?? new Map<PodKind, NoExecuteOutcome>();
      byTaints.set(taintsKey, outcomes);
      byNode.set(node, outcomes);
    }
    let outcome = outcomes.get(kind);
    if (outcome === undefined) {
      outcome = outcomeOf(planNoExecute(node.spec?.taints, kind.tolerations, undefined, now, options), now);
      outcomes.set(kind, outcome);
    }
    return outcome;
  };
}
