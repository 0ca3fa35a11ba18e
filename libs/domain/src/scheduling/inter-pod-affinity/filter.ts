import type { Node, Pod, PodRef } from '../../types';
import type { FilterStatus } from '../framework/plugin-status';
import type { SchedulingSnapshot } from '../framework/scheduling-snapshot';
import { type PlacementReason, PlacementReasonCodes } from '../placement-reasons';
import { type InterPodAffinityState, type TopologyWitness, interPodAffinityPluginName, nodeTopologyPair, topologyPairKey } from './pre-filter';

/**
 * InterPodAffinity's Filter (filtering.go): the node's topology pairs against PreFilter's counts,
 * in upstream's order (the pod's affinity, its anti-affinity, the existing pods' anti-affinity),
 * the first unmet rule deciding the status.
 */

/** filtering.go's reasons, as kube-scheduler's summary line counts them. */
export const InterPodAffinityReasons = {
  /** ErrReasonExistingAntiAffinityRulesNotMatch. */
  existingAntiAffinityRulesNotMatch: "node(s) didn't satisfy existing pods anti-affinity rules",
  /** ErrReasonAffinityRulesNotMatch. */
  affinityRulesNotMatch: "node(s) didn't match pod affinity rules",
  /** ErrReasonAntiAffinityRulesNotMatch. */
  antiAffinityRulesNotMatch: "node(s) didn't match pod anti-affinity rules",
} as const;

const showPod = (ref: PodRef): string => (ref.namespace ? `${ref.namespace}/${ref.name}` : ref.name);
const more = (count: number): string => (count > 1 ? ` (${count} matches in that domain)` : '');

/** satisfyPodAffinity, with why not: a topology label the node lacks, or a domain with no matching pod. */
function podAffinityMisses(state: InterPodAffinityState, node: Node): PlacementReason[] {
  const missingKeys: PlacementReason[] = [];
  const emptyDomains: PlacementReason[] = [];
  for (const term of state.requiredAffinityTerms) {
    const pair = nodeTopologyPair(node, term.topologyKey);
    if (pair === undefined) {
      // All topology labels must exist on the node, even for the first pod of a group.
      missingKeys.push({
        code: PlacementReasonCodes.podAffinityMismatch,
        message: `node has no label ${term.topologyKey}, the topology key of ${term.field}`,
        field: term.field,
      });
    } else if ((state.affinityCounts.get(pair) ?? 0) <= 0) {
      emptyDomains.push({
        code: PlacementReasonCodes.podAffinityMismatch,
        message: `no pod in ${pair} matches all of the pod's required pod affinity terms (${term.field} is one)`,
        field: term.field,
      });
    }
  }
  if (missingKeys.length > 0) return missingKeys;
  if (emptyDomains.length === 0) return [];
  // The first pod of a group with affinity to itself may go anywhere its topology keys exist:
  // when no pod anywhere matches the terms and the pod matches them itself.
  if (state.affinityCounts.size === 0 && state.podMatchesOwnAffinityTerms) return [];
  const why =
    state.affinityCounts.size > 0 ? 'pods matching them run only in other domains' : 'no pod matches them anywhere, and the pod does not match them itself';
  return emptyDomains.map((reason) => ({ ...reason, message: `${reason.message}; ${why}` }));
}

/** satisfyPodAntiAffinity, with the pods that make each domain off limits. */
function podAntiAffinityMisses(state: InterPodAffinityState, node: Node): PlacementReason[] {
  if (state.antiAffinityCounts.size === 0) return [];
  const misses: PlacementReason[] = [];
  const seen = new Set<string>();
  for (const term of state.requiredAntiAffinityTerms) {
    const pair = nodeTopologyPair(node, term.topologyKey);
    if (pair === undefined || seen.has(pair)) continue;
    seen.add(pair);
    const count = state.antiAffinityCounts.get(pair) ?? 0;
    if (count <= 0) continue;
    const witness = state.antiAffinityWitnesses.get(pair) as TopologyWitness;
    misses.push({
      code: PlacementReasonCodes.podAntiAffinityMismatch,
      message: `pod ${showPod(witness.pod)} in ${pair} matches the pod's required pod anti-affinity term ${witness.field}${more(count)}`,
      field: witness.field,
    });
  }
  return misses;
}

/** satisfyExistingPodsAntiAffinity: any pair of the node where an existing pod's anti-affinity matches the pod. */
function existingAntiAffinityMisses(state: InterPodAffinityState, node: Node): PlacementReason[] {
  if (state.existingAntiAffinityCounts.size === 0) return [];
  const misses: PlacementReason[] = [];
  const labels = node.metadata.labels ?? {};
  for (const key of Object.keys(labels).sort()) {
    const pair = topologyPairKey(key, labels[key] ?? '');
    const count = state.existingAntiAffinityCounts.get(pair) ?? 0;
    if (count <= 0) continue;
    const witness = state.existingAntiAffinityWitnesses.get(pair) as TopologyWitness;
    // No `field`: the term is the other pod's, not one of this pod's fields.
    misses.push({
      code: PlacementReasonCodes.existingPodAntiAffinity,
      message: `pod ${showPod(witness.pod)} in ${pair} has a required pod anti-affinity term (its ${witness.field}) that the pod matches${more(count)}`,
    });
  }
  return misses;
}

/**
 * Filter: undefined when the node passes. Pod affinity unmet is UnschedulableAndUnresolvable
 * (preemption removes pods, it cannot add the pods affinity wants); anti-affinity, the pod's own or
 * the existing pods', is Unschedulable (evicting the matching pods would make room).
 */
export function interPodAffinityFilter(state: InterPodAffinityState, _pod: Pod, node: Node, _snapshot?: SchedulingSnapshot): FilterStatus | undefined {
  const affinityMisses = podAffinityMisses(state, node);
  if (affinityMisses.length > 0) {
    return {
      code: 'UnschedulableAndUnresolvable',
      plugin: interPodAffinityPluginName,
      reasons: [InterPodAffinityReasons.affinityRulesNotMatch],
      details: affinityMisses,
    };
  }
  const antiAffinityMisses = podAntiAffinityMisses(state, node);
  if (antiAffinityMisses.length > 0) {
    return {
      code: 'Unschedulable',
      plugin: interPodAffinityPluginName,
      reasons: [InterPodAffinityReasons.antiAffinityRulesNotMatch],
      details: antiAffinityMisses,
    };
  }
  const existingMisses = existingAntiAffinityMisses(state, node);
  if (existingMisses.length > 0) {
    return {
      code: 'Unschedulable',
      plugin: interPodAffinityPluginName,
      reasons: [InterPodAffinityReasons.existingAntiAffinityRulesNotMatch],
      details: existingMisses,
    };
  }
  return undefined;
}
