import { isNoExecuteTaint } from '../taints/taint';
import type { MatchOptions } from '../tolerations/match';
import type { Node, Toleration } from '../types';
import { type NoExecuteDecision, planNoExecute } from './no-execute-plan';

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
 * list and tolerations alike: with nothing scheduled it reads nothing else of the node or the pod,
 * and a cluster's 300,000 pods come in a few kinds of tolerations on a few kinds of nodes.
 */
export function noExecuteOutcomes(now: number, options: MatchOptions): (node: Node, tolerations: readonly Toleration[] | undefined) => NoExecuteOutcome {
  /** By node: the outcomes for its kind of NoExecute taints, by tolerations' key. */
  const byNode = new Map<Node, Map<string, NoExecuteOutcome>>();
  const byTaints = new Map<string, Map<string, NoExecuteOutcome>>();
  return (node, tolerations) => {
    let outcomes = byNode.get(node);
    if (!outcomes) {
      const taintsKey = JSON.stringify((node.spec?.taints ?? []).filter(isNoExecuteTaint).map((t) => [t.key, t.value, t.effect]));
      outcomes = byTaints.get(taintsKey) ?? new Map<string, NoExecuteOutcome>();
      byTaints.set(taintsKey, outcomes);
      byNode.set(node, outcomes);
    }
    const key = tolerationsKey(tolerations);
    let outcome = outcomes.get(key);
    if (outcome === undefined) {
      outcome = outcomeOf(planNoExecute(node.spec?.taints, tolerations, undefined, now, options), now);
      outcomes.set(key, outcome);
    }
    return outcome;
  };
}

/**
 * Everything matching and the seconds read of tolerations, in order, as one string: equal only for
 * tolerations alike (absent fields stay apart from empty ones, which costs only a second decision). Seconds keep their type, as an int64 beyond 2^53 (a bigint)
 * is decided apart from any number.
 */
function tolerationsKey(tolerations: readonly Toleration[] | undefined): string {
  if (!tolerations || tolerations.length === 0) return '';
  return JSON.stringify(
    tolerations.map((t) => {
      const seconds = t.tolerationSeconds ?? null;
      return [t.key, t.operator, t.value, t.effect, seconds === null ? null : `${typeof seconds}:${String(seconds)}`];
    }),
  );
}
