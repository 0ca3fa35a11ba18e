import { isPreferNoScheduleTaint } from '../taints/taint';
import { type MatchOptions, defaultMatchOptions, tolerationsTolerateTaint } from '../tolerations/match';
import type { Taint, Toleration } from '../types';

/** kube-scheduler's framework.MaxNodeScore. */
export const maxNodeScore = 100;

/**
 * TaintToleration's raw score: how many PreferNoSchedule taints of the node the pod does not
 * tolerate, counting only tolerations whose effect is PreferNoSchedule or empty (PreScore).
 */
export function countIntolerablePreferNoSchedule(
  taints: readonly Taint[] | undefined,
  tolerations: readonly Toleration[] | undefined,
  options: MatchOptions = defaultMatchOptions,
): number {
  const relevant = (tolerations ?? []).filter((t) => !t.effect || t.effect === 'PreferNoSchedule');
  return (taints ?? []).filter((taint) => isPreferNoScheduleTaint(taint) && !tolerationsTolerateTaint(relevant, taint, options)).length;
}

/**
 * helper.DefaultNormalizeScore(maxPriority, reverse, scores): scale to [0, maxPriority] by the
 * largest raw score with Go's integer division, then reverse if asked. All zero + reverse: all max.
 */
export function defaultNormalizeScore(raw: readonly number[], reverse: boolean, maxPriority = maxNodeScore): number[] {
  const maxCount = raw.reduce((m, s) => (s > m ? s : m), 0);
  if (maxCount === 0) return raw.map((s) => (reverse ? maxPriority : s));
  return raw.map((s) => {
    const scaled = Math.trunc((maxPriority * s) / maxCount);
    return reverse ? maxPriority - scaled : scaled;
  });
}

/** TaintToleration Score + NormalizeScore over the nodes that passed filtering. */
export function taintTolerationScores(
  nodesTaints: readonly (readonly Taint[] | undefined)[],
  tolerations: readonly Toleration[] | undefined,
  options: MatchOptions = defaultMatchOptions,
): number[] {
  return defaultNormalizeScore(
    nodesTaints.map((taints) => countIntolerablePreferNoSchedule(taints, tolerations, options)),
    true,
  );
}
