import type { MatchOptions } from '../../tolerations/match';
import type { Node, Pod } from '../../types';
import { imageLocalityScoreOf, imageLocalityWeight } from '../image-locality';
import { interPodAffinityScoresOf, interPodAffinityWeight } from '../inter-pod-affinity/scoring';
import { nodeAffinityWeight, preferredNodeAffinityScore } from '../node-affinity-score';
import type { PlacementCapacity } from '../placement-reasons';
import type { ResourceScoreColumns } from '../resource-score-columns';
import { balancedAllocationScores, balancedAllocationWeight, nodeResourcesFitScores, nodeResourcesFitWeight } from '../resource-scores';
import { countIntolerablePreferNoSchedule, maxNodeScore } from '../taint-toleration-score';
import { spreadConstraintsOf } from '../topology-spread/spread-constraints';
import { type FeasibleLabelSets, topologySpreadDefaultWeight, topologySpreadScoreColumn, topologySpreadScores } from '../topology-spread/spread-score';
import type { SnapshotIndexes } from './default-filters';
import type { SchedulingSnapshot } from './scheduling-snapshot';

/**
 * The default profile's Score extension point (prioritizeNodes / RunScorePlugins): each plugin's
 * normalized score (0-100) of every feasible node, times the plugin's weight, summed. The weights
 * are default_plugins.go's.
 */
export const ScorePluginWeights = {
  TaintToleration: 3,
  NodeAffinity: nodeAffinityWeight,
  NodeResourcesFit: nodeResourcesFitWeight,
  PodTopologySpread: topologySpreadDefaultWeight,
  InterPodAffinity: interPodAffinityWeight,
  NodeResourcesBalancedAllocation: balancedAllocationWeight,
  ImageLocality: imageLocalityWeight,
} as const;
export type ScorePluginName = keyof typeof ScorePluginWeights;

const scorePluginNames = Object.keys(ScorePluginWeights) as ScorePluginName[];

/** The most a node can total: every plugin's 100 at its weight (1,200 with the default weights). */
export const MAX_TOTAL_SCORE = scorePluginNames.reduce((sum, name) => sum + 100 * ScorePluginWeights[name], 0);

/** A feasible node's scores: each plugin's normalized score, and their weighted total. */
export interface NodeScores {
  readonly total: number;
  /** By plugin, normalized (0-100, before the weight); the resource plugins only when resources were looked at. */
  readonly plugins: Partial<Record<ScorePluginName, number>>;
}

/** The feasible nodes' scores as columns: the totals in one array, a node's plugins made when asked (for the nodes an answer lists). */
export interface ScoreColumns {
  readonly totals: Float64Array;
  readonly pluginsAt: (k: number) => Partial<Record<ScorePluginName, number>>;
}

/**
 * The feasible nodes, one by one, with what a caller that groups nodes knows already: the k-th
 * node, and its name; optionally TaintToleration's raw count and NodeAffinity's raw score (equal
 * for nodes alike in taints and labels, so worked out once per group) and both resource scores
 * from the holder's columns (resource-score-columns.ts).
 */
export interface FeasibleNodes {
  readonly count: number;
  readonly nodeAt: (k: number) => Node;
  readonly nameAt: (k: number) => string;
  readonly softTaintsAt?: (k: number) => number;
  readonly preferredAffinityAt?: (k: number) => number;
  readonly resourceColumns?: () => ResourceScoreColumns;
  /** The feasible nodes by their values of some label keys, from the classes (FeasibleLabelSets): for the scores that read a few labels. */
  readonly labelSets?: (keys: readonly string[]) => FeasibleLabelSets;
  /** With labelSets: the place k of the feasible node of this name, -1 when it is not one. */
  readonly placeOf?: (name: string) => number;
}

/** Every feasible node (the plugins that must read them all see them as a list), made once. */
function listOf(feasible: FeasibleNodes): () => Node[] {
  let nodes: Node[] | undefined;
  return () => (nodes ??= Array.from({ length: feasible.count }, (_, k) => feasible.nodeAt(k)));
}

/** A plugin's scores of the feasible nodes: one number when they are all alike (a skipped plugin's 0), else one per node. */
type Column = number | ArrayLike<number>;

/**
 * helper.DefaultNormalizeScore over raw scores given one by one: scaled by the largest with Go's
 * integer division, reversed or not; a column of one number when every raw score is 0.
 */
function normalized(n: number, rawAt: (k: number) => number, reverse: boolean): Column {
  const raw = new Float64Array(n);
  let max = 0;
  for (let k = 0; k < n; k++) {
    const score = rawAt(k);
    raw[k] = score;
    if (score > max) max = score;
  }
  if (max === 0) return reverse ? maxNodeScore : 0;
  for (let k = 0; k < n; k++) {
    const scaled = Math.trunc((maxNodeScore * (raw[k] as number)) / max);
    raw[k] = reverse ? maxNodeScore - scaled : scaled;
  }
  return raw;
}

/**
 * Each plugin's column over the feasible nodes. Plugins that score every node alike for this pod
 * (PreScore's Skip, no image of the pod on any node) are worked out without reading the nodes, and
 * add one number to every total. Without capacity (resources not looked at) the two resource
 * plugins are left out, of the total as of the answer. The snapshot is the cluster the pod is
 * placed in (its pods for spread and affinity, every node for ImageLocality); the feasible nodes
 * are nodes of it.
 */
export function scoreColumns(
  pod: Pod,
  feasible: FeasibleNodes,
  snapshot: SchedulingSnapshot,
  options: MatchOptions,
  capacity: PlacementCapacity | undefined,
  indexes: SnapshotIndexes = {},
): ScoreColumns {
  const n = feasible.count;
  const nodes = listOf(feasible);
  const columns: [ScorePluginName, Column][] = [];

  const tolerations = pod.spec?.tolerations;
  const softTaintsAt = feasible.softTaintsAt ?? ((k: number) => countIntolerablePreferNoSchedule(feasible.nodeAt(k).spec?.taints, tolerations, options));
  columns.push(['TaintToleration', normalized(n, softTaintsAt, true)]);

  // Absent (or null) preferred terms: PreScore's Skip, every node 0; a term that cannot be parsed matches no node.
  const terms = pod.spec?.affinity?.nodeAffinity?.preferredDuringSchedulingIgnoredDuringExecution;
  const affinityAt = feasible.preferredAffinityAt ?? ((k: number) => preferredNodeAffinityScore(terms ?? [], feasible.nodeAt(k)));
  columns.push(['NodeAffinity', terms ? normalized(n, affinityAt, false) : 0]);

  let resources: ResourceScoreColumns | undefined;
  if (capacity) {
    resources = feasible.resourceColumns?.() ?? {
      fit: nodeResourcesFitScores(pod, nodes(), capacity.usageOf),
      balanced: balancedAllocationScores(pod, nodes(), capacity.usageOf),
    };
    columns.push(['NodeResourcesFit', resources.fit]);
  }

  // No ScheduleAnyway constraint of its own, nor defaults with a selector (or one that fails): Skip.
  const soft = spreadConstraintsOf(pod, 'ScheduleAnyway');
  const spreads = snapshot.nodes.length > 0 && soft.ok && soft.value.length > 0;
  const { labelSets, placeOf } = feasible;
  const spreadColumn = () =>
    (labelSets && placeOf && indexes.spreadCounter && topologySpreadScoreColumn(pod, { ...feasible, labelSets, placeOf }, snapshot, indexes.spreadCounter)) ??
    topologySpreadScores(pod, nodes(), snapshot, {}, indexes.spreadCounter);
  columns.push(['PodTopologySpread', spreads ? spreadColumn() : 0]);

  const affinity = interPodAffinityScoresOf(
    pod,
    n,
    feasible.nodeAt,
    snapshot,
    indexes.affinityPods ? { index: indexes.affinityPods, ...(indexes.podLabels && { labels: indexes.podLabels }) } : {},
    feasible.labelSets,
  );
  columns.push(['InterPodAffinity', affinity ?? 0]);

  if (resources) columns.push(['NodeResourcesBalancedAllocation', resources.balanced]);

  const image = imageLocalityScoreOf(pod, snapshot);
  columns.push(['ImageLocality', image.alike ?? Float64Array.from({ length: n }, (_, k) => image.scoreOf(feasible.nameAt(k)))]);

  // Every node's total: the alike columns' sum, then each varying column's share.
  let alike = 0;
  for (const [name, column] of columns) if (typeof column === 'number') alike += column * ScorePluginWeights[name];
  const totals = new Float64Array(n).fill(alike);
  for (const [name, column] of columns) {
    if (typeof column === 'number') continue;
    const weight = ScorePluginWeights[name];
    for (let k = 0; k < n; k++) totals[k] = (totals[k] as number) + (column[k] as number) * weight;
  }
  return {
    totals,
    pluginsAt: (k) => {
      const plugins: Partial<Record<ScorePluginName, number>> = {};
      for (const [name, column] of columns) plugins[name] = typeof column === 'number' ? column : column[k];
      return plugins;
    },
  };
}

/** Every feasible node's scores, in the order given (scoreColumns over a list). */
export function scoreNodes(
  pod: Pod,
  feasible: readonly Node[],
  snapshot: SchedulingSnapshot,
  options: MatchOptions,
  capacity: PlacementCapacity | undefined,
  indexes: SnapshotIndexes = {},
): NodeScores[] {
  const nodeAt = (k: number) => feasible[k] as Node;
  const columns = scoreColumns(pod, { count: feasible.length, nodeAt, nameAt: (k) => nodeAt(k).metadata.name }, snapshot, options, capacity, indexes);
  return feasible.map((_, k) => ({ total: columns.totals[k] as number, plugins: columns.pluginsAt(k) }));
}

/**
 * The best `top` of the feasible nodes by total, highest first, ties in the order given (by name,
 * as the nodes come in name order), and how many share the best total. One pass keeping the best
 * few, not a sort of 10,000.
 */
export function bestByTotal(totals: Float64Array, top: number): { order: number[]; tied: number } {
  const order: number[] = [];
  let best = -Infinity;
  let tied = 0;
  for (let k = 0; k < totals.length; k++) {
    const total = totals[k] as number;
    if (total > best) {
      best = total;
      tied = 1;
    } else if (total === best) tied++;
    if (order.length === top && total <= (totals[order[order.length - 1] as number] as number)) continue;
    // Insert after every kept node of a total at least this one's (earlier positions win ties).
    let at = order.length;
    while (at > 0 && (totals[order[at - 1] as number] as number) < total) at--;
    order.splice(at, 0, k);
    if (order.length > top) order.pop();
  }
  return { order, tied };
}
