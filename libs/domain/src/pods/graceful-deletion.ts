import type { Pod } from '../types';

/**
 * What deleting a pod does, as the API server decides it: rest.BeforeDelete
 * (k8s.io/apiserver/pkg/registry/rest/delete.go) with the pod strategy's CheckGracefulDelete
 * (pkg/registry/core/pod/strategy.go), and Store.Delete's choice between removing the pod and
 * updating it (k8s.io/apiserver/pkg/registry/generic/registry/store.go,
 * updateForGracefulDeletionAndFinalizers). Pods carry no finalizers here, so a graceful deletion
 * of 0 seconds removes the pod at once, as Store.Delete does when no finalizer is pending.
 */

/** SetDefaults_PodSpec: the API server fills terminationGracePeriodSeconds with 30 when unset. */
const defaultTerminationGracePeriodSeconds = 30;

/**
 * podStrategy.CheckGracefulDelete: the grace period of a deletion of `pod`, from the delete
 * options' `gracePeriodSeconds` when sent, else the pod's own terminationGracePeriodSeconds. A pod
 * that is not scheduled, or already Succeeded or Failed, goes at once whatever was asked: nothing
 * runs that could stop gracefully. A negative period is 1 s, checked last, so that such a pod
 * still gets 0.
 */
export function checkGracefulDelete(pod: Pod, gracePeriodSeconds?: number): number {
  let period = gracePeriodSeconds ?? pod.spec?.terminationGracePeriodSeconds ?? defaultTerminationGracePeriodSeconds;
  if (!pod.spec?.nodeName) period = 0;
  const phase = pod.status?.phase;
  if (phase === 'Failed' || phase === 'Succeeded') period = 0;
  return period < 0 ? 1 : period;
}

/**
 * How long a pod deleted with no grace period in the delete options stays, terminating: how the
 * taint eviction controller deletes (DeleteOptions{}), and the eviction API when its Eviction
 * names none.
 */
export function deletionGracePeriodSeconds(pod: Pod): number {
  return checkGracefulDelete(pod);
}

/** What a deletion does to a pod. */
export type PodDeletion =
  /** Removed now: a grace period of 0 (asked, or forced by CheckGracefulDelete), or a graceful deletion that already ran to 0. */
  | { readonly kind: 'remove' }
  /**
   * Terminating until `deletionTimestamp` (epoch ms), then removed: a graceful deletion begun, or
   * one under way shortened. `graceSeconds` is the pod's metadata.deletionGracePeriodSeconds.
   */
  | { readonly kind: 'terminate'; readonly graceSeconds: number; readonly deletionTimestamp: number }
  /** Already terminating, and no shorter period asked: nothing changes. */
  | { readonly kind: 'pending' };

/**
 * rest.BeforeDelete for a pod, at `now` (epoch ms), with the delete options' `gracePeriodSeconds`
 * (undefined: none sent). Negative periods, asked or stored, are read as 1 s ("Negative values
 * will be treated as the value `1s` on the delete path"); 0 stays 0: a forced deletion.
 *
 * A pod not terminating gets CheckGracefulDelete's period: 0 removes it, more makes it terminate
 * for that long. A terminating pod may only have its deletion brought forward: a period shorter
 * than its deletionGracePeriodSeconds moves its deletionTimestamp back by the difference, never
 * into the past (then it is now, and a period other than 0 becomes 1, so the deletion stays
 * graceful); any other is pending. One whose deletionGracePeriodSeconds is 0 or unset is removed
 * (a graceful deletion whose removal failed is finished).
 */
export function podDeletion(pod: Pod, gracePeriodSeconds: number | undefined, now: number): PodDeletion {
  const asked = gracePeriodSeconds !== undefined && gracePeriodSeconds < 0 ? 1 : gracePeriodSeconds;
  const stored = pod.metadata.deletionGracePeriodSeconds;
  const current = stored !== undefined && stored < 0 ? 1 : stored;
  const deletionTimestamp = pod.metadata.deletionTimestamp;
  if (deletionTimestamp) {
    if (!current) return { kind: 'remove' };
    if (asked === undefined || asked >= current) return { kind: 'pending' };
    // Store.Delete removes the pod when the period asked is 0 (lastGraceful), whatever BeforeDelete stored.
    if (asked === 0) return { kind: 'remove' };
    const moved = Date.parse(deletionTimestamp) - current * 1000 + asked * 1000;
    return moved < now ? { kind: 'terminate', graceSeconds: 1, deletionTimestamp: now } : { kind: 'terminate', graceSeconds: asked, deletionTimestamp: moved };
  }
  const period = checkGracefulDelete(pod, asked);
  return period === 0 ? { kind: 'remove' } : { kind: 'terminate', graceSeconds: period, deletionTimestamp: now + period * 1000 };
}

export const isTerminating = (pod: Pod): boolean => Boolean(pod.metadata.deletionTimestamp);
