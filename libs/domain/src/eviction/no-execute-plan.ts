import type { Int64 } from '../numbers/int64';
import { isNoExecuteTaint, taintIdentity } from '../taints/taint';
import { type MatchOptions, defaultMatchOptions, matchingTolerations, untoleratedTaints } from '../tolerations/match';
import type { Pod, Taint, Toleration } from '../types';

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

/**
 * The evictions already scheduled, by pod. `nodes`, when given, names every node one of them is
 * on: the pods of other nodes have none and are not asked (a summary reads no pod of theirs).
 */
export interface ScheduledEvictions {
  (pod: Pod): ScheduledEviction | undefined;
  readonly nodes?: ReadonlySet<string>;
}

/** No eviction scheduled anywhere. */
export const noneScheduled: ScheduledEvictions = Object.assign((): ScheduledEviction | undefined => undefined, { nodes: new Set<string>() });

export type NoExecuteDecision =
  /** Some NoExecute taint is not tolerated: evict at once (any scheduled eviction is replaced). */
  | { action: 'EvictNow'; reason: 'Untolerated'; untolerated: Taint[] }
  /** Tolerated, but the smallest tolerationSeconds in use is <= 0. */
  | { action: 'EvictNow'; reason: 'ToleranceElapsed'; tolerationSeconds: number; taint: Taint }
  /** Tolerated for a while: evict at `fireAt` unless the taint goes first. `taint` sets the time. */
  | { action: 'EvictAt'; startedAt: number; fireAt: number; tolerationSeconds: number; taint: Taint }
  /**
   * Tolerated for a while, but the deadline lies past `latestDeadline`: never in practice.
   * Nothing is scheduled (the controller keeps no work for it); any eviction scheduled at the
   * same instant is replaced by this nothing.
   */
  | { action: 'NeverInPractice'; startedAt: number; tolerationSeconds: Int64; taint: Taint }
  /** An eviction scheduled earlier stands as it is: the controller keeps its earlier start. */
  | { action: 'KeepScheduled'; scheduled: ScheduledEviction }
  /** Nothing to do now; any scheduled eviction is cancelled. */
  | { action: 'Cancel'; reason: 'NoNoExecuteTaints' | 'ToleratesForever' };

/**
 * getMinTolerationTime: the smallest tolerationSeconds among the tolerations in use, in seconds;
 * 0 if any is <= 0 (or none is in use); null when none has seconds (tolerated forever).
 *
 * Exact over the whole int64 range. Kubernetes differs at the top of it: its minimum starts at
 * math.MaxInt64 as a "none seen" mark, so a toleration of exactly 9223372036854775807 s counts
 * as forever; and it multiplies the minimum into a time.Duration (int64 nanoseconds), which
 * overflows past 9223372036 s (292 years) and wraps to any value: negative (forever), or even 0
 * (2^62 s evicts at once). Here such minimums stay what they are, and planNoExecute finds their
 * deadline never in practice.
 */
export function minTolerationSeconds(used: readonly Toleration[]): Int64 | null {
  if (used.length === 0) return 0;
  let min: Int64 | null = null;
  for (const t of used) {
    if (t.tolerationSeconds === undefined || t.tolerationSeconds === null) continue;
    if (t.tolerationSeconds <= 0) return 0;
    if (min === null || t.tolerationSeconds < min) min = t.tolerationSeconds;
  }
  return min;
}

/**
 * The latest deadline taintgate sets, 9999-12-31T23:59:59.999Z in epoch milliseconds: the last
 * instant an RFC 3339 time names (four-digit years), as every time it answers and stores is
 * written (`at`, `scheduledFor`, the controller's event; Go's time.Time refuses to marshal a
 * later one to JSON, and Postgres does not read the six-digit years toISOString writes past it).
 * A JavaScript Date would hold more, up to 8.64e15 ms (year 275760); either way, later is never
 * in practice.
 */
export const latestDeadline = 253_402_300_799_999;

/** `now` plus `seconds` (> 0), in epoch milliseconds; null when that is past latestDeadline. */
export function deadlineAfter(now: number, seconds: Int64): number | null {
  // A bigint is at least 2^53 s, far past any deadline; a number is compared before it is
  // multiplied, so that nothing is rounded on the way.
  if (typeof seconds === 'bigint' || seconds > (latestDeadline - now) / 1000) return null;
  return now + seconds * 1000;
}

/** Kubernetes' tolerationSeconds in use, as getMinTolerationTime counts it: <= 0 is 0. */
const countedSeconds = (t: Toleration): Int64 | null => {
  const seconds = t.tolerationSeconds ?? null;
  return seconds !== null && seconds <= 0 ? 0 : seconds;
};

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
  const limiting = noExecute[used.findIndex((t) => countedSeconds(t) === seconds)];
  const taint = taintIdentity(limiting ?? (noExecute[0] as Taint));
  if (seconds === 0) return { action: 'EvictNow', reason: 'ToleranceElapsed', tolerationSeconds: 0, taint };
  const fireAt = deadlineAfter(now, seconds);
  if (fireAt === null) return { action: 'NeverInPractice', startedAt: now, tolerationSeconds: seconds, taint };
  // Within latestDeadline the seconds are far below 2^53: a number, exactly.
  return { action: 'EvictAt', startedAt: now, fireAt, tolerationSeconds: Number(seconds), taint };
}
