import type { MatchOptions } from '../../tolerations/match';
import type { Node, Pod } from '../../types';
import { imageLocalityScores, imageLocalityWeight } from '../image-locality';
import { interPodAffinityScores, interPodAffinityWeight } from '../inter-pod-affinity/scoring';
import { nodeAffinityScores, nodeAffinityWeight } from '../node-affinity-score';
import type { PlacementCapacity } from '../placement-reasons';
import { balancedAllocationScores, balancedAllocationWeight, nodeResourcesFitScores, nodeResourcesFitWeight } from '../resource-scores';
import { taintTolerationScores } from '../taint-toleration-score';
import { topologySpreadDefaultWeight, topologySpreadScores } from '../topology-spread/spread-score';
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

/**
 * Every feasible node's scores, in the order given. Without capacity (resources not looked at) the
 * two resource plugins are left out of the total, as they are of the answer. The snapshot is the
 * cluster the pod is placed in (its pods for spread and affinity, every node for ImageLocality).
 */
export function scoreNodes(
  pod: Pod,
  feasible: readonly Node[],
  snapshot: SchedulingSnapshot,
  options: MatchOptions,
  capacity: PlacementCapacity | undefined,
  indexes: SnapshotIndexes = {},
): NodeScores[] {
  const columns: [ScorePluginName, readonly number[]][] = [
    [
      'TaintToleration',
      taintTolerationScores(
        feasible.map((node) => node.spec?.taints),
        pod.spec?.tolerations,
        options,
      ),
    ],
    ['NodeAffinity', nodeAffinityScores(pod, feasible)],
  ];
  if (capacity) columns.push(['NodeResourcesFit', nodeResourcesFitScores(pod, feasible, capacity.usageOf)]);
  columns.push(['PodTopologySpread', topologySpreadScores(pod, feasible, snapshot, {}, indexes.spreadCounter)]);
  columns.push(['InterPodAffinity', interPodAffinityScores(pod, feasible, snapshot, indexes.affinityPods ? { index: indexes.affinityPods } : {})]);
  if (capacity) columns.push(['NodeResourcesBalancedAllocation', balancedAllocationScores(pod, feasible, capacity.usageOf)]);
  columns.push(['ImageLocality', imageLocalityScores(pod, feasible, snapshot)]);
  return feasible.map((_, i) => {
    const plugins: Partial<Record<ScorePluginName, number>> = {};
    let total = 0;
    for (const [name, scores] of columns) {
      const score = scores[i] ?? 0;
      plugins[name] = score;
      total += score * ScorePluginWeights[name];
    }
    return { total, plugins };
  });
}
