import { type ListChunking, chunkOfSorted } from '../lists/list-chunks';
import type { ImpactEviction, ImpactUnaffected, TaintImpact } from './taint-impact';

/**
 * The views taint impact is answered in. Every pod's fate over 10,000 nodes is 38 MB: the summary
 * view (the default) says what a person decides on, how many pods go when and how many are left
 * with nowhere to run; the pods view is every pod's fate, a page at a time.
 */

export const impactViews = ['summary', 'pods'] as const;

export type ImpactView = { readonly name: 'summary' } | { readonly name: 'pods'; readonly chunking: ListChunking };

/**
 * The timeline's buckets, by how long after the question an eviction comes (seconds, inclusive):
 * at once, within a minute, 5 minutes (DefaultTolerationSeconds' 300), 15 minutes, an hour, 6
 * hours, a day; then later (null).
 */
export const impactTimelineBounds: readonly (number | null)[] = [0, 60, 300, 900, 3600, 21600, 86400, null];

/** Evictions that come within a bucket: after the bound before, up to `withinSeconds` (null: later still, but in practice). */
export interface TimelineBucket {
  withinSeconds: number | null;
  count: number;
  /** Epoch milliseconds of its first and last eviction. */
  first: number;
  last: number;
}

export interface ImpactCounts {
  /** Bound pods evicted at once (no toleration, or tolerationSeconds ≤ 0, or a deadline already come). */
  evictedNow: number;
  /** Bound pods evicted once their tolerationSeconds have passed (in practice). */
  evictedLater: number;
  /** Bound pods whose deadline lies past year 9999: evicted after their tolerationSeconds, never in practice. */
  neverInPractice: number;
  /** Of the evictions, those where an eviction already scheduled stands. */
  alreadyScheduled: number;
  /** Bound pods on the nodes that stay. */
  unaffected: number;
  /** Pending pods left with no feasible node. */
  unschedulable: number;
}

export interface ImpactSummary {
  taint: TaintImpact['taint'];
  taints: TaintImpact['taints'];
  /** How many nodes the taint would go on (the pods view names them). */
  nodeCount: number;
  counts: ImpactCounts;
  /** The evictions by when they come, earliest first; only buckets that hold one. */
  timeline: TimelineBucket[];
  rescheduling?: TaintImpact['rescheduling'];
}

/** The bucket an eviction at `at` falls in, asked at `now`. */
function bucketOf(at: number, now: number): number {
  const seconds = (at - now) / 1000;
  const i = impactTimelineBounds.findIndex((bound) => bound === null || seconds <= bound);
  return i;
}

/**
 * The summary's counts and timeline, an eviction at a time: impactSummary feeds it the answer's
 * evictions, taintImpactSummary each eviction as it is decided (no pod's answer built).
 */
export function impactTally(now: number) {
  const counts: ImpactCounts = { evictedNow: 0, evictedLater: 0, neverInPractice: 0, alreadyScheduled: 0, unaffected: 0, unschedulable: 0 };
  const buckets = new Map<number, TimelineBucket>();
  /** `pods` evictions at `at` (null: never in practice), Immediately or not, where an eviction already scheduled stands or not. */
  const evicted = (at: number | null, immediately: boolean, alreadyScheduled: boolean, pods = 1) => {
    if (alreadyScheduled) counts.alreadyScheduled += pods;
    if (at === null) {
      counts.neverInPractice += pods;
      return;
    }
    if (immediately || at <= now) counts.evictedNow += pods;
    else counts.evictedLater += pods;
    const i = bucketOf(at, now);
    const bucket = buckets.get(i);
    if (bucket) {
      bucket.count += pods;
      bucket.first = Math.min(bucket.first, at);
      bucket.last = Math.max(bucket.last, at);
    } else buckets.set(i, { withinSeconds: impactTimelineBounds[i] ?? null, count: pods, first: at, last: at });
  };
  const timeline = () => [...buckets].sort(([a], [b]) => a - b).map(([, bucket]) => bucket);
  return { counts, evicted, timeline };
}

/** The summary view: counts and the timeline, no pod named. */
export function impactSummary(impact: TaintImpact, now: number): ImpactSummary {
  const tally = impactTally(now);
  tally.counts.unaffected = impact.unaffected.length;
  tally.counts.unschedulable = impact.unschedulable.length;
  for (const e of impact.evictions) tally.evicted(e.at, e.when === 'Immediately', e.alreadyScheduled !== undefined);
  const summary: ImpactSummary = {
    taint: impact.taint,
    taints: impact.taints,
    nodeCount: impact.nodes.length,
    counts: tally.counts,
    timeline: tally.timeline(),
  };
  if (impact.rescheduling) summary.rescheduling = impact.rescheduling;
  return summary;
}

/** A page of the pods view: each list holds only its pods of the page. */
export interface ImpactPodsPage<E = ImpactEviction, U = ImpactUnaffected> {
  evictions: E[];
  unaffected: U[];
  unschedulable: TaintImpact['unschedulable'];
  continue?: string;
  remainingItemCount?: number;
}

type Entry<E, U> = { evictions: E } | { unaffected: U } | { unschedulable: TaintImpact['unschedulable'][number] };

/**
 * A page of the pods view: the answer's evictions, then its unaffected pods, then the pending
 * ones left unschedulable, as one list paged at `limit` pods. A pod's key is its list and its
 * place in it, so a page asked after the cluster changed starts at the same place, not the same pod.
 */
export function impactPodsPage<E, U>(
  impact: Pick<TaintImpact, 'unschedulable'> & { evictions: readonly E[]; unaffected: readonly U[] },
  chunking: ListChunking,
  revision: bigint,
): ImpactPodsPage<E, U> {
  const keys: string[] = [];
  const entries = new Map<string, Entry<E, U>>();
  const add = (list: number, i: number, entry: Entry<E, U>) => {
    const key = `${list}/${String(i).padStart(9, '0')}`;
    keys.push(key);
    entries.set(key, entry);
  };
  impact.evictions.forEach((e, i) => add(0, i, { evictions: e }));
  impact.unaffected.forEach((u, i) => add(1, i, { unaffected: u }));
  impact.unschedulable.forEach((s, i) => add(2, i, { unschedulable: s }));
  const chunk = chunkOfSorted(keys, chunking, { itemOf: (key) => entries.get(key), filtered: false, revision });
  const page: ImpactPodsPage<E, U> = { evictions: [], unaffected: [], unschedulable: [] };
  for (const entry of chunk.items) {
    if ('evictions' in entry) page.evictions.push(entry.evictions);
    else if ('unaffected' in entry) page.unaffected.push(entry.unaffected);
    else page.unschedulable.push(entry.unschedulable);
  }
  if (chunk.continue !== undefined) page.continue = chunk.continue;
  if (chunk.remainingItemCount !== undefined) page.remainingItemCount = chunk.remainingItemCount;
  return page;
}
