import { ScorePluginWeights } from '../framework/default-scores';
import type { LabelValueSets } from '../node-classes';
import { maxNodeScore } from '../taint-toleration-score';
import type { SpreadConstraint } from '../topology-spread/spread-constraints';
import { domainShares, goRound, scoreForCount, topologyNormalizingWeight } from '../topology-spread/spread-score';

/** PodTopologySpread's ScheduleAnyway constraints as the kind reads them, when it has some. */
export interface KindSpread {
  readonly constraints: readonly SpreadConstraint[];
  /** Per constraint, its key's index among the sets' keys, or -1 for the hostname. */
  readonly keyAt: readonly number[];
  /** The nodes' sets of values of the keys other than the hostname. */
  readonly sets: LabelValueSets;
  /** Which nodes carry the hostname label, when a constraint reads it. */
  readonly hasHostname: Uint8Array | undefined;
  /** Whether a node missing a key is left out of the scores (the pod's own constraints: every key required). */
  readonly requireAllTopologies: boolean;
  /** The kind's matching pods on each node by name now, for its constraint on the hostname (at most one): absent nodes hold none. */
  readonly hostAt: (() => Int32Array) | undefined;
  /** With hostAt: every position whose count may not be 0 (a workload's nodes), each once. */
  readonly hostPositions: (() => readonly number[]) | undefined;
  /** A constraint's counts per domain now (the kept counts). */
  readonly domainCounts: (constraint: SpreadConstraint) => ReadonlyMap<string, number>;
}

/**
 * The groups of nodes the spread score reads, by their place k in the turn's list: each group's spread
 * domain (set), its count of matching pods (host), and its flags (HAS_HOSTNAME, IGNORED). Columns, not
 * an object per group: a drain's 30,000 turns read fifty groups each.
 */
export interface SpreadGroups {
  readonly count: number;
  readonly set: Int32Array;
  readonly host: Int32Array;
  readonly flags: Uint8Array;
}

/** The group's nodes carry the hostname label. */
export const HAS_HOSTNAME = 1;
/** The group's nodes are left out of the scores (a key missing, when every key is required). */
export const IGNORED = 2;

/**
 * PodTopologySpread's weighted, normalized score of each group of nodes alike (kind-ranking.ts), as
 * topologySpreadScoreColumn works it out for a node of the group: the per-domain shares of the sets
 * scored, the hostname's share of the group's count, summed in the constraints' order and rounded as
 * Go rounds; then normalized over the groups' lowest and highest (a group left out scores 0).
 * `scoredNodes`: how many feasible nodes are not left out (the hostname's weight reads it).
 */
export function groupSpreadScores(spread: KindSpread, scored: Uint8Array, scoredNodes: number, groups: SpreadGroups): number[] {
  const { constraints, keyAt, sets } = spread;
  const terms = domainShares(constraints, keyAt, sets, scored, spread.domainCounts);
  const hostWeight = topologyNormalizingWeight(scoredNodes);
  const { count, set, host, flags } = groups;
  // Plain arrays: made at every turn, and typed arrays that short-lived cost the collector more.
  const raw = new Array<number>(count).fill(0);
  let min = Number.POSITIVE_INFINITY;
  let max = 0;
  for (let k = 0; k < count; k++) {
    const flag = flags[k] as number;
    if (flag & IGNORED) continue;
    let score = 0;
    for (let c = 0; c < constraints.length; c++) {
      const share = terms[c];
      if (share) {
        const term = share[set[k] as number] as number;
        if (!Number.isNaN(term)) score += term;
      } else if (flag & HAS_HOSTNAME) {
        score += scoreForCount(host[k] as number, (constraints[c] as SpreadConstraint).maxSkew, hostWeight);
      }
    }
    const rounded = goRound(score);
    raw[k] = rounded;
    if (rounded < min) min = rounded;
    if (rounded > max) max = rounded;
  }
  const normalized = new Array<number>(count).fill(0);
  for (let k = 0; k < count; k++) {
    if ((flags[k] as number) & IGNORED) continue;
    const score = max === 0 ? maxNodeScore : Math.trunc((maxNodeScore * (max + min - (raw[k] as number))) / max);
    normalized[k] = score * ScorePluginWeights.PodTopologySpread;
  }
  return normalized;
}
