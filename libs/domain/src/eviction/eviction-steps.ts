import { isNoExecuteTaint, taintToString } from '../taints/taint';
import { type MatchOptions, defaultMatchOptions } from '../tolerations/match';
import type { Taint, Toleration } from '../types';
import { type ScheduledEviction, planNoExecute } from './no-execute-plan';

/**
 * What the taint eviction controller does with one pod, as steps a ledger can record: the
 * decision of processPodOnNode (planNoExecute) taken together with the eviction already
 * scheduled for the pod, if any. Kubernetes splits it the same way: the controller decides,
 * its timed-worker queue holds the deadlines (here: the eviction ledger in Postgres).
 */

/** Why a scheduled eviction stops waiting. */
export type CancelReason =
  /** The node has no NoExecute taint left (handlePodUpdate: CancelWorkForPod). */
  | 'TaintRemoved'
  /** The pod now tolerates every NoExecute taint with no seconds. */
  | 'ToleratesForever'
  | 'PodDeleted'
  /** Replaced by a new decision: evict now, or a new deadline. */
  | 'Superseded'
  /** At its deadline, the pod was gone, or was another pod, or bound elsewhere. */
  | 'PodGone';

export type EvictionStep =
  | { step: 'Nothing' }
  | { step: 'Cancel'; reason: CancelReason }
  /** `supersedes`: an eviction is scheduled for the pod already, and is cancelled for this one. */
  | { step: 'EvictNow'; taint: Taint; tolerationSeconds: number | null; supersedes: boolean }
  | { step: 'Schedule'; taint: Taint; startedAt: number; fireAt: number; tolerationSeconds: number; supersedes: boolean };

/** A pod on its node, as the controller sees it when told of a change. */
export interface PodOnNode {
  /** The node's taints; undefined when the node is gone (or was never stored). */
  taints: readonly Taint[] | undefined;
  tolerations: readonly Toleration[] | undefined;
  /** The eviction already waiting for the pod, if any. */
  scheduled: ScheduledEviction | undefined;
}

/**
 * The step for a pod whose node's taints or whose own binding or tolerations changed
 * (handlePodUpdate / handleNodeUpdate then processPodOnNode).
 */
export function evictionStep({ taints, tolerations, scheduled }: PodOnNode, now: number, options: MatchOptions = defaultMatchOptions): EvictionStep {
  const cancel = (reason: CancelReason): EvictionStep => (scheduled ? { step: 'Cancel', reason } : { step: 'Nothing' });
  // handlePodUpdate: a node that is gone (or was never there) is not in taintedNodes, and the pod's
  // queued work, if any, stays as it is: the pod garbage collector deletes orphaned pods.
  if (taints === undefined) return { step: 'Nothing' };
  const decision = planNoExecute(taints, tolerations, scheduled, now, options);
  const supersedes = scheduled !== undefined;
  switch (decision.action) {
    case 'KeepScheduled':
      return { step: 'Nothing' };
    case 'NeverInPractice':
      // No deadline to keep; one scheduled at this same instant is replaced by none.
      return cancel('Superseded');
    case 'Cancel':
      return cancel(decision.reason === 'ToleratesForever' ? 'ToleratesForever' : 'TaintRemoved');
    case 'EvictNow':
      return decision.reason === 'Untolerated'
        ? { step: 'EvictNow', taint: decision.untolerated[0] as Taint, tolerationSeconds: null, supersedes }
        : { step: 'EvictNow', taint: decision.taint, tolerationSeconds: 0, supersedes };
    case 'EvictAt':
      return {
        step: 'Schedule',
        taint: decision.taint,
        startedAt: decision.startedAt,
        fireAt: decision.fireAt,
        tolerationSeconds: decision.tolerationSeconds,
        supersedes,
      };
  }
}

/** A scheduled eviction as its wake-up finds it: the pod it was for, and its times. */
export interface DueEviction extends ScheduledEviction {
  podUid: string;
  nodeName: string;
}

/** The pod as stored when the wake-up runs; undefined when there is none of that name. */
export interface PodNow {
  uid?: string | undefined;
  nodeName?: string | undefined;
  tolerations?: readonly Toleration[] | undefined;
}

export type WakeStep = { step: 'Execute' } | { step: 'Requeue' } | { step: 'Cancel'; reason: CancelReason };

/**
 * What a wake-up does with an eviction it finds scheduled: decided again from what is stored
 * now, as the controller's timed worker re-checks before it deletes. Evict when still due (or
 * now untolerated), cancel when no longer wanted, wait again when woken early (a job runs by the
 * clock of whichever machine queued it).
 */
export function wakeStep(
  eviction: DueEviction,
  pod: PodNow | undefined,
  taints: readonly Taint[] | undefined,
  now: number,
  options: MatchOptions = defaultMatchOptions,
): WakeStep {
  if (!pod || pod.uid !== eviction.podUid || pod.nodeName !== eviction.nodeName) return { step: 'Cancel', reason: 'PodGone' };
  // The node deleted since: its work was not cancelled (handleNodeUpdate only forgets the node),
  // so the timed worker deletes the pod when it fires, unless the pod GC got there first.
  if (taints === undefined) return now >= eviction.fireAt ? { step: 'Execute' } : { step: 'Requeue' };
  const decision = planNoExecute(taints, pod.tolerations, eviction, now, options);
  if (decision.action === 'Cancel') return { step: 'Cancel', reason: decision.reason === 'ToleratesForever' ? 'ToleratesForever' : 'TaintRemoved' };
  if (decision.action === 'EvictNow' || now >= eviction.fireAt) return { step: 'Execute' };
  return { step: 'Requeue' };
}

/** The NoExecute taints of a node in an order-free form, to compare two versions of the node. */
const noExecuteSignature = (taints: readonly Taint[]): string =>
  taints
    .filter(isNoExecuteTaint)
    .map((t) => taintToString(t))
    .sort()
    .join(',');

/**
 * Whether a node write concerns the controller: it is told of a node only when the node's
 * NoExecute taints change (handleNodeUpdate compares getNoExecuteTaints of old and new), so a
 * label or NoSchedule change on a busy pool decides for no pod. `after` undefined: deleted.
 */
export function noExecuteTaintsChanged(before: readonly Taint[], after: readonly Taint[] | undefined): boolean {
  return noExecuteSignature(before) !== noExecuteSignature(after ?? []);
}
