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
  readonly hostCounts: (() => ReadonlyMap<string, number>) | undefined;
  /** A constraint's counts per domain now (the kept counts). */
  readonly domainCounts: (constraint: SpreadConstraint) => ReadonlyMap<string, number>;
}

/** What the spread score of a group of nodes reads: its spread domain (set), its hostname label, whether it is left out, its count of matching pods. */
interface SpreadGroup {
  readonly set: number;
  readonly hasHostname: boolean;
  readonly ignored: boolean;
  readonly host: number;
}

/**
 * PodTopologySpread's weighted, normalized score of each group of nodes alike (kind-ranking.ts), as
 * topologySpreadScoreColumn works it out for a node of the group: the per-domain shares of the sets
 * scored, the hostname's share of the group's count, summed in the constraints' order and rounded as
 * Go rounds; then normalized over the groups' lowest and highest (a group left out scores 0).
 * `scoredNodes`: how many feasible nodes are not left out (the hostname's weight reads it).
 */
export function groupSpreadScores(spread: KindSpread, scored: Uint8Array, scoredNodes: number, groups: readonly SpreadGroup[]): Int32Array {
  const { constraints, keyAt, sets } = spread;
  const terms = domainShares(constraints, keyAt, sets, scored, spread.domainCounts);
  const hostWeight = topologyNormalizingWeight(scoredNodes);
  const raw = new Float64Array(groups.length);
  let min = Number.POSITIVE_INFINITY;
  let max = 0;
  groups.forEach((group, k) => {
    if (group.ignored) return;
    let score = 0;
    for (let c = 0; c < constraints.length; c++) {
      const share = terms[c];
      if (share) {
        const term = share[group.set] as number;
        if (!Number.isNaN(term)) score += term;
      } else if (group.hasHostname) {
        score += scoreForCount(group.host, (constraints[c] as SpreadConstraint).maxSkew, hostWeight);
      }
    }
    const rounded = goRound(score);
    raw[k] = rounded;
    if (rounded < min) min = rounded;
    if (rounded > max) max = rounded;
  });
  const normalized = new Int32Array(groups.length);
  groups.forEach((group, k) => {
    if (group.ignored) return;
    const score = max === 0 ? maxNodeScore : Math.trunc((maxNodeScore * (max + min - (raw[k] as number))) / max);
    normalized[k] = score * ScorePluginWeights.PodTopologySpread;
  });
  return normalized;
}
