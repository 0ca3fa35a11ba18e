import type { Pod } from '../../types';

/**
 * How kube-scheduler weighs one pod against another when it preempts: corev1helpers.PodPriority and
 * the start time (pkg/scheduler/util/utils.go GetPodStartTime, MoreImportantPod).
 */

/** corev1helpers.PodPriority: spec.priority, which admission sets from the PriorityClass; 0 when absent. */
export const podPriority = (pod: Pod): number => (typeof pod.spec?.priority === 'number' ? pod.spec.priority : 0);

/**
 * GetPodStartTime in epoch milliseconds: status.startTime. A pod with none recorded (not started yet)
 * is taken by kube-scheduler as starting now, later than every start recorded; here that is
 * Infinity, so that no clock is read and two such pods tie (the scheduler's two time.Now() calls
 * would differ by nanoseconds). A start time that does not parse counts as none.
 */
export function podStartTime(pod: Pod): number {
  const raw = pod.status?.startTime;
  const at = typeof raw === 'string' ? Date.parse(raw) : NaN;
  return Number.isNaN(at) ? Infinity : at;
}

/** MoreImportantPod: the higher priority, or at equal priority the one that started first. */
export function moreImportantPod(a: Pod, b: Pod): boolean {
  const pa = podPriority(a);
  const pb = podPriority(b);
  return pa !== pb ? pa > pb : podStartTime(a) < podStartTime(b);
}

/**
 * MoreImportantPod as a sort comparator, most important first. Array.prototype.sort is stable, so
 * pods of equal importance keep the order they came in (Go's sort.Slice is not stable, and leaves
 * their order to chance).
 */
export const byImportance = (a: Pod, b: Pod): number => (moreImportantPod(a, b) ? -1 : moreImportantPod(b, a) ? 1 : 0);
