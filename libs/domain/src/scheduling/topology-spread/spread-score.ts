import type { Node, Pod } from '../../types';
import type { SchedulingSnapshot } from '../framework/scheduling-snapshot';
import { nodeAffinityMatches } from '../node-affinity';
import { maxNodeScore } from '../taint-toleration-score';
import {
  type SpreadConstraint,
  type TopologySpreadOptions,
  isSystemDefaulted,
  labelHostname,
  nodeHasAllTopologyKeys,
  nodeIncludedBy,
  spreadConstraintsOf,
} from './spread-constraints';
import { type MatchingPodCounter, includesEveryNode, snapshotPodCounter } from './spread-counting';

/** PodTopologySpread's weight in the default profile (pkg/scheduler/apis/config/v1 default plugins). */
export const topologySpreadDefaultWeight = 2;

/**
 * preScoreState: the pod's ScheduleAnyway constraints (or the default ones), the feasible nodes
 * left unscored for lacking a topology key, per constraint the matching pods of each domain that
 * holds a feasible node (hostname constraints are counted per node at Score instead), and each
 * constraint's weight.
 */
interface TopologySpreadScoreState {
  readonly constraints: readonly SpreadConstraint[];
  readonly ignoredNodes: ReadonlySet<string>;
  readonly podCountsByDomain: readonly ReadonlyMap<string, number>[];
  readonly normalizingWeights: readonly number[];
}

export type TopologySpreadPreScore =
  | { readonly kind: 'run'; readonly state: TopologySpreadScoreState }
  | { readonly kind: 'skip' }
  /** A ScheduleAnyway constraint whose selector does not parse: kube-scheduler fails the cycle with this error. */
  | { readonly kind: 'error'; readonly message: string };

/**
 * topologyNormalizingWeight: log(size + 2) for a topology of `size` values among the feasible
 * nodes, so that the counts of a topology with few domains are not watered down by one with many.
 */
export function topologyNormalizingWeight(size: number): number {
  return Math.log(size + 2);
}

/** scoreForCount: matching pods times the topology's weight, plus maxSkew - 1 to tolerate small skews. */
export function scoreForCount(count: number, maxSkew: number, weight: number): number {
  return count * weight + (maxSkew - 1);
}

/** Go's math.Round: halves away from zero. */
export const goRound = (x: number): number => Math.sign(x) * Math.round(Math.abs(x));

/**
 * PreScore (with initPreScoreState): skipped when the cluster has no node or the pod no
 * ScheduleAnyway constraint (its own, or the defaults with a non-empty default selector). A
 * feasible node lacking one of the topology keys is ignored (scored 0), except under the system
 * defaults, where a node without a zone label still gets hostname spreading and the nodes without
 * one share the zone "". Counting then runs over every node of the cluster (not only the feasible
 * ones), with the same inclusion policies as the filter, for the domains that hold a feasible node.
 */
export function topologySpreadPreScore(
  pod: Pod,
  feasibleNodes: readonly Node[],
  snapshot: SchedulingSnapshot,
  options: TopologySpreadOptions = {},
  counter: MatchingPodCounter = snapshotPodCounter(snapshot),
): TopologySpreadPreScore {
  if (snapshot.nodes.length === 0) return { kind: 'skip' };
  // Only non-default spreading needs every topology key on a node (PreScore's requireAllTopologies).
  const requireAllTopologies = (pod.spec?.topologySpreadConstraints ?? []).length > 0 || !isSystemDefaulted(options);
  const parsed = spreadConstraintsOf(pod, 'ScheduleAnyway', options);
  if (!parsed.ok) return { kind: 'error', message: `calculating preScoreState: ${parsed.error}` };
  const constraints = parsed.value;
  if (constraints.length === 0) return { kind: 'skip' };

  const counts = constraints.map(() => new Map<string, number>());
  const ignoredNodes = new Set<string>();
  // The domains of the feasible nodes: a plain loop, as it runs over every feasible node for every pod.
  const domainKeys = constraints.map((c) => (c.topologyKey === labelHostname ? undefined : c.topologyKey));
  for (const node of feasibleNodes) {
    if (requireAllTopologies && !nodeHasAllTopologyKeys(node, constraints)) {
      ignoredNodes.add(node.metadata.name);
      continue;
    }
    const labels = node.metadata.labels;
    for (let i = 0; i < domainKeys.length; i++) {
      const key = domainKeys[i];
      if (key === undefined) continue;
      const domains = counts[i] as Map<string, number>;
      const value = labels?.[key] ?? '';
      if (!domains.has(value)) domains.set(value, 0);
    }
  }
  const normalizingWeights = constraints.map((c, i) =>
    topologyNormalizingWeight(c.topologyKey === labelHostname ? feasibleNodes.length - ignoredNodes.size : (counts[i]?.size ?? 0)),
  );

  const namespace = pod.metadata.namespace ?? 'default';
  const perDomain = counter.perDomain;
  if (perDomain && constraints.every((c) => includesEveryNode(c, pod))) {
    // Every node counts for the pod: the holder's counts per domain, kept for the revision, are the pod's.
    const keys = requireAllTopologies ? constraints.map((c) => c.topologyKey) : [];
    constraints.forEach((c, i) => {
      const domains = counts[i] as Map<string, number>;
      if (c.topologyKey === labelHostname || domains.size === 0) return;
      const all = perDomain(c.topologyKey, keys, c.selector, namespace);
      for (const value of domains.keys()) domains.set(value, all.get(value) ?? 0);
    });
    return { kind: 'run', state: { constraints, ignoredNodes, podCountsByDomain: counts, normalizingWeights } };
  }
  const needsAffinity = constraints.some((c) => c.nodeAffinityPolicy === 'Honor');
  for (const node of snapshot.nodes) {
    if (requireAllTopologies && !nodeHasAllTopologyKeys(node, constraints)) continue;
    const affinityMatches = needsAffinity && nodeAffinityMatches(pod, node);
    constraints.forEach((c, i) => {
      if (!nodeIncludedBy(c, pod, node, affinityMatches, options)) return;
      const domains = counts[i] as Map<string, number>;
      const value = node.metadata.labels?.[c.topologyKey] ?? '';
      const current = domains.get(value);
      // Domains without a feasible node (and every hostname domain) are not counted here.
      if (current === undefined) return;
      domains.set(value, current + counter(node, c.selector, namespace));
    });
  }
  return { kind: 'run', state: { constraints, ignoredNodes, podCountsByDomain: counts, normalizingWeights } };
}

const hasOwn = (labels: Readonly<Record<string, string>>, key: string): boolean => Object.prototype.hasOwnProperty.call(labels, key);

/**
 * Score, for each feasible node in turn: for each constraint whose key the node carries, the matching
 * pods of its domain (of the node itself for kubernetes.io/hostname) weighed by scoreForCount,
 * summed and rounded; ignored nodes score 0 (and `ignored` says which).
 */
function rawScores(state: TopologySpreadScoreState, pod: Pod, nodes: readonly Node[], counter: MatchingPodCounter): { raw: number[]; ignored: boolean[] } {
  const { constraints, ignoredNodes, podCountsByDomain, normalizingWeights } = state;
  const namespace = pod.metadata.namespace ?? 'default';
  const raw = new Array<number>(nodes.length);
  const ignored = new Array<boolean>(nodes.length);
  for (let k = 0; k < nodes.length; k++) {
    const node = nodes[k] as Node;
    if (ignoredNodes.size > 0 && ignoredNodes.has(node.metadata.name)) {
      raw[k] = 0;
      ignored[k] = true;
      continue;
    }
    ignored[k] = false;
    const labels = node.metadata.labels ?? {};
    let score = 0;
    for (let i = 0; i < constraints.length; i++) {
      const c = constraints[i] as SpreadConstraint;
      if (!hasOwn(labels, c.topologyKey)) continue;
      const count = c.topologyKey === labelHostname ? counter(node, c.selector, namespace) : (podCountsByDomain[i]?.get(labels[c.topologyKey] ?? '') ?? 0);
      score += scoreForCount(count, c.maxSkew, normalizingWeights[i] ?? 0);
    }
    raw[k] = goRound(score);
  }
  return { raw, ignored };
}

/**
 * NormalizeScore: fewer matching pods score higher, `100 * (max + min - score) / max` with Go's
 * integer division over the nodes not ignored; every node 100 when the highest score is 0; ignored
 * nodes 0.
 */
function normalizedScores(raw: ArrayLike<number>, ignored: ArrayLike<boolean | number>): number[] {
  let min = Number.POSITIVE_INFINITY;
  let max = 0;
  const n = raw.length;
  for (let i = 0; i < n; i++) {
    if (ignored[i]) continue;
    const s = raw[i] as number;
    if (s < min) min = s;
    if (s > max) max = s;
  }
  const normalized = new Array<number>(n).fill(0);
  for (let i = 0; i < n; i++) {
    if (ignored[i]) continue;
    normalized[i] = max === 0 ? maxNodeScore : Math.trunc((maxNodeScore * (max + min - (raw[i] as number))) / max);
  }
  return normalized;
}

/**
 * PodTopologySpread's PreScore, Score and NormalizeScore: each feasible node's normalized score
 * (0..100), in the order given. A skipped plugin (no node, no ScheduleAnyway constraint) adds
 * nothing to a node's total, which is what all zeros say; so does the error case (see
 * topologySpreadPreScore for it).
 */
export function topologySpreadScores(
  pod: Pod,
  feasibleNodes: readonly Node[],
  snapshot: SchedulingSnapshot,
  options: TopologySpreadOptions = {},
  counter: MatchingPodCounter = snapshotPodCounter(snapshot),
): number[] {
  const pre = topologySpreadPreScore(pod, feasibleNodes, snapshot, options, counter);
  if (pre.kind !== 'run') return feasibleNodes.map(() => 0);
  const { raw, ignored } = rawScores(pre.state, pod, feasibleNodes, counter);
  return normalizedScores(raw, ignored);
}

/** The feasible nodes by their values of some label keys: each node's set (by its place k), and each set's values (null for a label missing). */
export interface FeasibleLabelSets {
  readonly setAt: Int32Array;
  readonly count: number;
  readonly valuesOf: (set: number) => readonly (string | null)[];
  /** Which feasible nodes carry a label (1), by their place k. */
  readonly hasLabel: (key: string) => Uint8Array;
}

/** The feasible nodes as topologySpreadScoreColumn reads them. */
export interface SpreadFeasibleNodes {
  readonly count: number;
  readonly nodeAt: (k: number) => Node;
  readonly nameAt: (k: number) => string;
  readonly labelSets: (keys: readonly string[]) => FeasibleLabelSets;
  /** The place k of the feasible node of this name, -1 when it is not one. */
  readonly placeOf: (name: string) => number;
}

/**
 * topologySpreadScores for feasible nodes held in classes, when the holder keeps the counts
 * (perDomain, countsByNode) and every node counts for the pod: the topology values are read per set
 * of nodes alike in them (a zone's nodes are scored at once), the hostname counts from the holder's
 * map; the sum per node is made in the constraints' order, as rawScores makes it. Undefined when that
 * does not apply (the caller then scores the list).
 */
export function topologySpreadScoreColumn(
  pod: Pod,
  feasible: SpreadFeasibleNodes,
  snapshot: SchedulingSnapshot,
  counter: MatchingPodCounter,
): number[] | undefined {
  const { perDomain, countsByNode } = counter;
  if (snapshot.nodes.length === 0 || !perDomain || !countsByNode) return undefined;
  const parsed = spreadConstraintsOf(pod, 'ScheduleAnyway');
  if (!parsed.ok || parsed.value.length === 0) return undefined;
  const constraints = parsed.value;
  if (!constraints.every((c) => includesEveryNode(c, pod))) return undefined;
  const namespace = pod.metadata.namespace ?? 'default';
  const hostCounts = constraints.map((c) => (c.topologyKey === labelHostname ? countsByNode(c.selector, namespace) : undefined));
  if (constraints.some((c, i) => c.topologyKey === labelHostname && !hostCounts[i])) return undefined;

  const requireAllTopologies = (pod.spec?.topologySpreadConstraints ?? []).length > 0;
  const labelKeys = [...new Set(constraints.map((c) => c.topologyKey).filter((key) => key !== labelHostname))];
  const keyAt = constraints.map((c) => (c.topologyKey === labelHostname ? -1 : labelKeys.indexOf(c.topologyKey)));
  const readsHostname = keyAt.includes(-1);
  const sets = feasible.labelSets(labelKeys);
  const n = feasible.count;

  // Which nodes are ignored (a key missing, when every key is required), which carry the hostname label, which sets hold a node scored.
  const ignored = new Uint8Array(n);
  const hasHostname = readsHostname ? sets.hasLabel(labelHostname) : undefined;
  const setLacksKey = new Uint8Array(sets.count);
  for (let set = 0; set < sets.count; set++) if (sets.valuesOf(set).includes(null)) setLacksKey[set] = 1;
  const scored = new Uint8Array(sets.count);
  let ignoredCount = 0;
  for (let k = 0; k < n; k++) {
    const set = sets.setAt[k] as number;
    const missing = (hasHostname !== undefined && hasHostname[k] === 0) || setLacksKey[set] === 1;
    ignored[k] = requireAllTopologies && missing ? 1 : 0;
    if (ignored[k]) ignoredCount++;
    else scored[set] = 1;
  }

  const terms = domainShares(constraints, keyAt, sets, scored, (c) =>
    perDomain(c.topologyKey, requireAllTopologies ? constraints.map((d) => d.topologyKey) : [], c.selector, namespace),
  );
  const hostWeight = topologyNormalizingWeight(n - ignoredCount);
  // Per hostname constraint, each node's share: maxSkew - 1 where no matching pod runs, the few nodes with some set from the holder's counts.
  const hostShares = constraints.map((c, i) => {
    const counts = hostCounts[i];
    if (!counts) return undefined;
    const share = new Float64Array(n).fill(scoreForCount(0, c.maxSkew, hostWeight));
    for (const [name, count] of counts) {
      const k = feasible.placeOf(name);
      if (k >= 0) share[k] = scoreForCount(count, c.maxSkew, hostWeight);
    }
    return share;
  });

  const raw = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    if (ignored[k]) {
      raw[k] = 0;
      continue;
    }
    const set = sets.setAt[k] as number;
    let score = 0;
    for (let i = 0; i < constraints.length; i++) {
      const share = terms[i];
      if (share) {
        const term = share[set] as number;
        if (!Number.isNaN(term)) score += term;
      } else if (hasHostname?.[k]) {
        score += (hostShares[i] as Float64Array)[k] as number;
      }
    }
    raw[k] = goRound(score);
  }
  return normalizedScores(raw, ignored);
}

/**
 * Per constraint of a key other than the hostname (keyAt not -1): its domains among the sets that
 * hold a node scored, its weight from how many there are, and each set's share by the domain's
 * count (NaN where the set lacks the key); undefined for a hostname constraint.
 */
export function domainShares(
  constraints: readonly SpreadConstraint[],
  keyAt: readonly number[],
  sets: { readonly count: number; readonly valuesOf: (set: number) => readonly (string | null)[] },
  scored: Uint8Array,
  countsOf: (constraint: SpreadConstraint) => ReadonlyMap<string, number>,
): (Float64Array | undefined)[] {
  return constraints.map((c, i) => {
    const at = keyAt[i] as number;
    if (at === -1) return undefined;
    const domains = new Set<string>();
    for (let set = 0; set < sets.count; set++) if (scored[set]) domains.add(sets.valuesOf(set)[at] ?? '');
    const weight = topologyNormalizingWeight(domains.size);
    const counts = countsOf(c);
    const share = new Float64Array(sets.count).fill(Number.NaN);
    for (let set = 0; set < sets.count; set++) {
      const value = sets.valuesOf(set)[at];
      if (value === null || value === undefined) continue;
      share[set] = scoreForCount(domains.has(value) ? (counts.get(value) ?? 0) : 0, c.maxSkew, weight);
    }
    return share;
  });
}
