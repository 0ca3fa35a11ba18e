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

/** One outcome, and how many pods have had it: a summary counts pods alike together. */
export interface CountedOutcome {
  readonly outcome: NoExecuteOutcome;
  pods: number;
  /** Where such a pod could go, once looked for (every pod with this outcome asks the same: see destinations). */
  elsewhere?: string | null;
}

/**
 * planNoExecute's outcome for a pod with no eviction scheduled, decided once per NoExecute taint
 * list and kind of pod (PodKind: tolerations alike): with nothing scheduled it reads nothing else
 * of the node or the pod, and a cluster's 300,000 pods come in a few kinds on a few kinds of nodes.
 * `on(node)` is the decision for the pods of one node; `all()` every outcome decided, with its count.
 */
export function noExecuteOutcomes(now: number, options: MatchOptions) {
  /** By kind of NoExecute taints: the decision, and the outcomes by kind of pod. */
  const byTaints = new Map<string, { decide: (kind: PodKind) => CountedOutcome; outcomes: Map<PodKind, CountedOutcome> }>();
  const on = (node: Node): ((kind: PodKind) => CountedOutcome) => {
    const noExecute = (node.spec?.taints ?? []).filter(isNoExecuteTaint);
    const taintsKey = JSON.stringify(noExecute.map((t) => [t.key, t.value, t.effect]));
    let decision = byTaints.get(taintsKey);
    if (!decision) {
      const outcomes = new Map<PodKind, CountedOutcome>();
      const decide = (kind: PodKind): CountedOutcome => {
        let counted = outcomes.get(kind);
        if (counted === undefined) {
          counted = { outcome: outcomeOf(planNoExecute(noExecute, kind.tolerations, undefined, now, options), now), pods: 0 };
          outcomes.set(kind, counted);
        }
        return counted;
      };
      decision = { decide, outcomes };
      byTaints.set(taintsKey, decision);
    }
    return decision.decide;
  };
  function* all(): Generator<CountedOutcome> {
    for (const { outcomes } of byTaints.values()) yield* outcomes.values();
  }
  return { on, all };
}
