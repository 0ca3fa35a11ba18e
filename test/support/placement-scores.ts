import type { ScorePluginName } from '@taintgate/domain';

/**
 * A feasible node's `score` and `scores` as placement answers them, from its TaintToleration score
 * and whatever other plugin scores a test sets: the weighted total of the default profile (TaintToleration
 * 3, NodeAffinity 2, PodTopologySpread 2, InterPodAffinity 2, NodeResourcesFit 1,
 * NodeResourcesBalancedAllocation 1, ImageLocality 1). Nodes that do not say their size score 0 for
 * NodeResourcesFit, and a pod that requests nothing 0 for BalancedAllocation.
 */
export function scored(
  taintToleration: number,
  others: Partial<Record<ScorePluginName, number>> = {},
): { score: number; scores: Record<ScorePluginName, number> } {
  const scores: Record<ScorePluginName, number> = {
    TaintToleration: taintToleration,
    NodeAffinity: 0,
    NodeResourcesFit: 0,
    PodTopologySpread: 0,
    InterPodAffinity: 0,
    NodeResourcesBalancedAllocation: 0,
    ImageLocality: 0,
    ...others,
  };
  const weights: Record<ScorePluginName, number> = {
    TaintToleration: 3,
    NodeAffinity: 2,
    NodeResourcesFit: 1,
    PodTopologySpread: 2,
    InterPodAffinity: 2,
    NodeResourcesBalancedAllocation: 1,
    ImageLocality: 1,
  };
  const score = (Object.keys(scores) as ScorePluginName[]).reduce((sum, name) => sum + scores[name] * weights[name], 0);
  return { score, scores };
}
