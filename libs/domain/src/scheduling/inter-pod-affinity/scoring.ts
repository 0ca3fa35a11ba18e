import type { Node, Pod } from '../../types';
import type { SchedulingSnapshot } from '../framework/scheduling-snapshot';
import { maxNodeScore } from '../taint-toleration-score';
import type { AffinityPodIndex } from './affinity-pod-index';
import type { PodLabelIndex, PodLabelSet } from '../framework/pod-label-index';
import {
  type AffinityTerm,
  affinityTermMatches,
  incomingAffinityTermMatches,
  labelSetsTermMayMatch,
  memoizedNamespaces,
  namespaceLabelsOf,
  podAffinityTermsOf,
  podHasPodAffinity,
  podNamespace,
} from './affinity-term';

/**
 * InterPodAffinity's PreScore, Score and NormalizeScore (interpodaffinity/scoring.go): every
 * preferred term of the pod, and every term of the existing pods the pod matches, adds its weight
 * (affinity) or takes it away (anti-affinity) in the existing pod's topology domain; a node scores
 * the sum over its domains, scaled between the lowest and the highest feasible node.
 */

/** The plugin's weight in the default profile (apis/config/v1 default_plugins.go). */
export const interPodAffinityWeight = 2;

/** InterPodAffinityArgs.HardPodAffinityWeight's default (v1.DefaultHardPodAffinitySymmetricWeight). */
export const defaultHardPodAffinityWeight = 1;

export interface InterPodAffinityScoreOptions {
  /** InterPodAffinityArgs.HardPodAffinityWeight (0..100): the weight of an existing pod's required affinity term the pod matches; 0 ignores them. */
  readonly hardPodAffinityWeight?: number;
  /** InterPodAffinityArgs.IgnorePreferredTermsOfExistingPods (default false): a pod with no preferred terms is then not scored at all. */
  readonly ignorePreferredTermsOfExistingPods?: boolean;
  /** The pods with affinity per node, so that a pod without preferred terms looks only at those (HavePodsWithAffinityList). */
  readonly index?: AffinityPodIndex;
  /** With `index`: the pods by namespace and labels, so that the pod's preferred terms are tested once per set of pods alike. */
  readonly labels?: PodLabelIndex;
}

/** preScoreState.topologyScore: topology key, then value, to the summed weights. */
export type TopologyScore = ReadonlyMap<string, ReadonlyMap<string, number>>;

function addScore(scores: Map<string, Map<string, number>>, term: AffinityTerm, node: Node, delta: number): void {
  const labels = node.metadata.labels ?? {};
  if (!Object.prototype.hasOwnProperty.call(labels, term.topologyKey)) return;
  const value = labels[term.topologyKey] ?? '';
  let byValue = scores.get(term.topologyKey);
  if (!byValue) {
    byValue = new Map();
    scores.set(term.topologyKey, byValue);
  }
  byValue.set(value, (byValue.get(value) ?? 0) + delta);
}

/**
 * PreScore: the topology scores, or undefined where upstream returns Skip (no feasible node, the
 * pod's terms do not parse, IgnorePreferredTermsOfExistingPods with no preferred terms of the pod,
 * or no term matched anywhere): the plugin then scores every node 0.
 */
export function interPodAffinityPreScore(
  pod: Pod,
  feasibleNodes: readonly Node[],
  snapshot: SchedulingSnapshot,
  options: InterPodAffinityScoreOptions = {},
): TopologyScore | undefined {
  return feasibleNodes.length === 0 ? undefined : preScoreOverCluster(pod, snapshot, options);
}

/** PreScore once there is a feasible node: its work is over the cluster's pods, not the feasible nodes. */
function preScoreOverCluster(pod: Pod, snapshot: SchedulingSnapshot, options: InterPodAffinityScoreOptions): TopologyScore | undefined {
  const affinity = pod.spec?.affinity;
  const hasConstraints =
    (affinity?.podAffinity?.preferredDuringSchedulingIgnoredDuringExecution?.length ?? 0) > 0 ||
    (affinity?.podAntiAffinity?.preferredDuringSchedulingIgnoredDuringExecution?.length ?? 0) > 0;
  if (options.ignorePreferredTermsOfExistingPods && !hasConstraints) return undefined;
  const terms = podAffinityTermsOf(pod);
  // NewPodInfo failed: an Error upstream, after PreFilter has refused the pod already.
  if (terms.parseErrors) return undefined;
  const hardWeight = options.hardPodAffinityWeight ?? defaultHardPodAffinityWeight;
  const namespaceOf = memoizedNamespaces((name) => snapshot.namespace(name));
  const ownNamespaceLabels = namespaceLabelsOf(namespaceOf(podNamespace(pod)));
  const scores = new Map<string, Map<string, number>>();

  // processExistingPod.
  const processExistingPod = (existingPod: Pod, node: Node): void => {
    if (Object.keys(node.metadata.labels ?? {}).length === 0) return;
    // The pod's preferred terms against the existing pod (namespaceSelector unrolled, as in PreFilter).
    for (const term of terms.preferredAffinity) {
      if (incomingAffinityTermMatches(term, existingPod, namespaceOf)) addScore(scores, term, node, term.weight);
    }
    for (const term of terms.preferredAntiAffinity) {
      if (incomingAffinityTermMatches(term, existingPod, namespaceOf)) addScore(scores, term, node, -term.weight);
    }
    // The existing pod's terms against the pod: its required affinity with HardPodAffinityWeight, its preferred terms with theirs.
    if (!podHasPodAffinity(existingPod)) return;
    const existingTerms = podAffinityTermsOf(existingPod);
    if (hardWeight > 0) {
      for (const term of existingTerms.requiredAffinity) {
        if (affinityTermMatches(term, pod, ownNamespaceLabels)) addScore(scores, term, node, hardWeight);
      }
    }
    for (const term of existingTerms.preferredAffinity) {
      if (affinityTermMatches(term, pod, ownNamespaceLabels)) addScore(scores, term, node, term.weight);
    }
    for (const term of existingTerms.preferredAntiAffinity) {
      if (affinityTermMatches(term, pod, ownNamespaceLabels)) addScore(scores, term, node, -term.weight);
    }
  };

  // The existing pods' terms against the pod, once per group of pods alike in their terms; then each member where it runs.
  const scoreExistingByGroup = (index: AffinityPodIndex): void => {
    for (const group of index.affinityGroups) {
      const weighed: [AffinityTerm, number][] = [];
      if (hardWeight > 0) for (const term of group.terms.requiredAffinity) weighed.push([term, hardWeight]);
      for (const term of group.terms.preferredAffinity) weighed.push([term, term.weight]);
      for (const term of group.terms.preferredAntiAffinity) weighed.push([term, -term.weight]);
      const matching = weighed.filter(([term]) => affinityTermMatches(term, pod, ownNamespaceLabels));
      if (matching.length === 0) continue;
      for (const { node } of group.members) for (const [term, weight] of matching) addScore(scores, term, node, weight);
    }
  };

  // Unless the pod has preferred terms, only the pods with affinity can score.
  if (hasConstraints && options.index && options.labels) {
    // The pod's preferred terms once per set of pods alike in namespace and labels, then each member where it runs.
    const weighed: [AffinityTerm, number][] = [
      ...terms.preferredAffinity.map((term): [AffinityTerm, number] => [term, term.weight]),
      ...terms.preferredAntiAffinity.map((term): [AffinityTerm, number] => [term, -term.weight]),
    ];
    const candidates = new Set<PodLabelSet>();
    for (const [term] of weighed) for (const set of labelSetsTermMayMatch(options.labels, term)) candidates.add(set);
    for (const set of candidates) {
      const matching = weighed.filter(([term]) => incomingAffinityTermMatches(term, set.pod, namespaceOf));
      if (matching.length === 0) continue;
      for (const { node } of set.members) for (const [term, weight] of matching) addScore(scores, term, node, weight);
    }
    scoreExistingByGroup(options.index);
  } else if (hasConstraints) {
    for (const node of snapshot.nodes) for (const existingPod of snapshot.podsOn(node.metadata.name)) processExistingPod(existingPod, node);
  } else if (options.index) {
    scoreExistingByGroup(options.index);
  } else {
    for (const node of snapshot.nodes) {
      for (const existingPod of snapshot.podsOn(node.metadata.name)) if (podHasPodAffinity(existingPod)) processExistingPod(existingPod, node);
    }
  }
  return scores.size === 0 ? undefined : scores;
}

/** Score: the sum of the node's domains' scores. */
function interPodAffinityRawScore(topologyScore: TopologyScore, node: Node): number {
  const labels = node.metadata.labels ?? {};
  let score = 0;
  for (const [key, byValue] of topologyScore) {
    if (Object.prototype.hasOwnProperty.call(labels, key)) score += byValue.get(labels[key] ?? '') ?? 0;
  }
  return score;
}

/** NormalizeScore: MaxNodeScore * (score - min) / (max - min), truncated; all 0 when every node scores alike. */
export function normalizeInterPodAffinityScores(raw: readonly number[]): number[] {
  let min = Infinity;
  let max = -Infinity;
  for (const score of raw) {
    if (score > max) max = score;
    if (score < min) min = score;
  }
  const diff = max - min;
  return raw.map((score) => (diff > 0 ? Math.trunc(maxNodeScore * ((score - min) / diff)) : 0));
}

/** Each feasible node's normalized score (0..100), in the order given. */
export function interPodAffinityScores(
  pod: Pod,
  feasibleNodes: readonly Node[],
  snapshot: SchedulingSnapshot,
  options: InterPodAffinityScoreOptions = {},
): number[] {
  const topologyScore = interPodAffinityPreScore(pod, feasibleNodes, snapshot, options);
  if (topologyScore === undefined) return feasibleNodes.map(() => 0);
  return normalizeInterPodAffinityScores(feasibleNodes.map((node) => interPodAffinityRawScore(topologyScore, node)));
}

/**
 * interPodAffinityScores for `count` feasible nodes given one by one, or undefined when the plugin
 * scores every one 0 (PreScore's Skip, or no term matched anywhere): the nodes are then not read.
 */
export function interPodAffinityScoresOf(
  pod: Pod,
  count: number,
  nodeAt: (k: number) => Node,
  snapshot: SchedulingSnapshot,
  options: InterPodAffinityScoreOptions = {},
  labelSets?: (keys: readonly string[]) => NodeLabelSets,
): number[] | undefined {
  const topologyScore = count === 0 ? undefined : preScoreOverCluster(pod, snapshot, options);
  if (topologyScore === undefined) return undefined;
  if (!labelSets) return normalizeInterPodAffinityScores(Array.from({ length: count }, (_, k) => interPodAffinityRawScore(topologyScore, nodeAt(k))));
  // Nodes alike in the topology keys scored score alike: each set once, its nodes read it (the same sum, in the same order).
  const keys = [...topologyScore.keys()];
  const sets = labelSets(keys);
  const ofSet = new Float64Array(sets.count).fill(Number.NaN);
  const raw = new Array<number>(count);
  for (let k = 0; k < count; k++) {
    const set = sets.setAt[k] as number;
    let score = ofSet[set] as number;
    if (Number.isNaN(score)) {
      const values = sets.valuesOf(set);
      score = 0;
      keys.forEach((key, i) => {
        const value = values[i];
        if (value !== null && value !== undefined) score += topologyScore.get(key)?.get(value) ?? 0;
      });
      ofSet[set] = score;
    }
    raw[k] = score;
  }
  return normalizeInterPodAffinityScores(raw);
}

/** The feasible nodes by their values of some label keys: each node's set by its place k, and each set's values (null for a label missing). */
interface NodeLabelSets {
  readonly setAt: Int32Array;
  readonly count: number;
  readonly valuesOf: (set: number) => readonly (string | null)[];
}
