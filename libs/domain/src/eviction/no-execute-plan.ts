import { isNoExecuteTaint, taintIdentity } from '../taints/taint';
import { type MatchOptions, defaultMatchOptions, matchingTolerations, untoleratedTaints } from '../tolerations/match';
import type { Taint, Toleration } from '../types';

/**
 * What the taint eviction controller decides for a pod bound to a node (processPodOnNode),
 * given the node's taints, the pod's tolerations, any eviction already scheduled, and now.
 * Times are epoch milliseconds; the caller supplies the clock.
 */

/** An eviction already waiting for this pod: when it was scheduled, and when it fires. */
export interface ScheduledEviction {
  startedAt: number;
  fireAt: number;
}

export type NoExecuteDecision =
  /** Some NoExecute taint is not tolerated: evict at once (any scheduled eviction is replaced). */
  | { action: 'EvictNow'; reason: 'Untolerated'; untolerated: Taint[] }
  /** Tolerated, but the smallest tolerationSeconds in use is <= 0. */
  | { action: 'EvictNow'; reason: 'ToleranceElapsed'; tolerationSeconds: number; taint: Taint }
  /** Tolerated for a while: evict at `fireAt` unless the taint goes first. `taint` sets the time. */
  | { action: 'EvictAt'; startedAt: number; fireAt: number; tolerationSeconds: number; taint: Taint }
  /** An eviction scheduled earlier stands as it is: the controller keeps its earlier start. */
  | { action: 'KeepScheduled'; scheduled: ScheduledEviction }
  /** Nothing to do now; any scheduled eviction is cancelled. */
  | { action: 'Cancel'; reason: 'NoNoExecuteTaints' | 'ToleratesForever' };

/**
 * getMinTolerationTime: the smallest tolerationSeconds among the tolerations in use, in seconds;
 * 0 if any is <= 0 (or none is in use); null when none has seconds (tolerated forever).
 */
export function minTolerationSeconds(used: readonly Toleration[]): number | null {
  if (used.length === 0) return 0;
  let min: number | null = null;
  for (const t of used) {
    if (t.tolerationSeconds === undefined || t.tolerationSeconds === null) continue;
    if (t.tolerationSeconds <= 0) return 0;
    if (min === null || t.tolerationSeconds < min) min = t.tolerationSeconds;
  }
  return min;
}

export function planNoExecute(
  taints: readonly Taint[] | undefined,
  tolerations: readonly Toleration[] | undefined,
  scheduled: ScheduledEviction | undefined,
  now: number,
  options: MatchOptions = defaultMatchOptions,
): NoExecuteDecision {
  const noExecute = (taints ?? []).filter(isNoExecuteTaint);
  if (noExecute.length === 0) return { action: 'Cancel', reason: 'NoNoExecuteTaints' };

  const { allTolerated, used } = matchingTolerations(noExecute, tolerations, options);
  if (!allTolerated) {
    return { action: 'EvictNow', reason: 'Untolerated', untolerated: untoleratedTaints(noExecute, tolerations, () => true, options).map(taintIdentity) };
  }

  const seconds = minTolerationSeconds(used);
  if (seconds === null) return { action: 'Cancel', reason: 'ToleratesForever' };

  // The controller keeps an eviction that was scheduled before now, whatever the new minimum.
  if (scheduled && scheduled.startedAt < now) return { action: 'KeepScheduled', scheduled };
  // The taint whose toleration sets the time: the first whose toleration in use has the minimum.
  const limiting =
    noExecute[used.findIndex((t) => t.tolerationSeconds !== undefined && t.tolerationSeconds !== null && Math.max(t.tolerationSeconds, 0) === seconds)];
  const taint = taintIdentity(limiting ?? (noExecute[0] as Taint));
  if (seconds === 0) return { action: 'EvictNow', reason: 'ToleranceElapsed', tolerationSeconds: 0, taint };
  return { action: 'EvictAt', startedAt: now, fireAt: now + seconds * 1000, tolerationSeconds: seconds, taint };
}
