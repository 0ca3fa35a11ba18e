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

/** The label keys of the pairs counted, sorted: a node's pairs of other keys count 0. Made once per state. */
const countedKeys = new WeakMap<InterPodAffinityState, readonly string[]>();

function existingKeysOf(state: InterPodAffinityState): readonly string[] {
  let keys = countedKeys.get(state);
  if (!keys) {
    // A label key has no `=`: the first one ends it.
    keys = [...new Set([...state.existingAntiAffinityCounts.keys()].map((pair) => pair.slice(0, pair.indexOf('='))))].sort();
    countedKeys.set(state, keys);
  }
  return keys;
}

/** The labels the Filter reads of a node (NodeFilterPlugin.labelKeys): the topology keys of the pod's terms and of the pairs counted. */
export function interPodAffinityLabelKeys(state: InterPodAffinityState): string[] {
  const keys = new Set([...state.requiredAffinityTerms, ...state.requiredAntiAffinityTerms].map((term) => term.topologyKey));
  for (const key of existingKeysOf(state)) keys.add(key);
  return [...keys];
}

/**
 * Where the Filter may reject a node (NodeFilterPlugin.rejectsOnlyAt): for a pod without required
 * affinity terms, only in the pairs its anti-affinity counts and the existing pods' hold; a node in
 * none of them passes. Undefined (anywhere) when the pod has required affinity terms: a node lacking
 * their topology key, or in a domain with no matching pod, is rejected too.
 */
export function interPodAffinityRejectsOnlyAt(state: InterPodAffinityState): Map<string, Set<string>> | undefined {
  if (state.requiredAffinityTerms.length > 0) return undefined;
  const where = new Map<string, Set<string>>();
  for (const counts of [state.antiAffinityCounts, state.existingAntiAffinityCounts]) {
    for (const [key, values] of byKeyView(counts)) {
      for (const [value, count] of values) {
        if (count <= 0) continue;
        let set = where.get(key);
        if (!set) where.set(key, (set = new Set()));
        set.add(value);
      }
    }
  }
  return where;
}

/**
 * satisfyExistingPodsAntiAffinity: any pair of the node where an existing pod's anti-affinity matches
 * the pod, in the order of the node's label keys (sorted), as upstream walks them; only the keys of
 * pairs counted can match, so only those are looked up.
 */
function existingAntiAffinityMisses(state: InterPodAffinityState, node: Node): PlacementReason[] {
  if (state.existingAntiAffinityCounts.size === 0) return [];
  const misses: PlacementReason[] = [];
  const labels = node.metadata.labels ?? {};
  for (const key of existingKeysOf(state)) {
    if (!Object.prototype.hasOwnProperty.call(labels, key)) continue;
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

/** A map of counts by `key=value` as key, then value: a node's count read without making its pair's string. */
const byKeyViews = new WeakMap<ReadonlyMap<string, number>, Map<string, Map<string, number>>>();

function byKeyView(counts: ReadonlyMap<string, number>): Map<string, Map<string, number>> {
  let view = byKeyViews.get(counts);
  if (!view) {
    view = new Map();
    for (const [pair, count] of counts) {
      const at = pair.indexOf('=');
      const key = pair.slice(0, at);
      let values = view.get(key);
      if (!values) view.set(key, (values = new Map<string, number>()));
      values.set(pair.slice(at + 1), count);
    }
    byKeyViews.set(counts, view);
  }
  return view;
}

/** The count of the node's pair for `key`, or undefined when the node lacks the label. */
function countAt(view: Map<string, Map<string, number>>, labels: Readonly<Record<string, string>>, key: string): number | undefined {
  if (!Object.prototype.hasOwnProperty.call(labels, key)) return undefined;
  return view.get(key)?.get(labels[key] ?? '') ?? 0;
}

/**
 * Does the node pass every rule without a doubt (each affinity term's domain holds a matching pod, no
 * anti-affinity term's or existing pod's domain does)? Most nodes do: they are answered without the
 * reasons being made. False sends the node to the full Filter, which decides.
 */
function surelyPasses(state: InterPodAffinityState, labels: Readonly<Record<string, string>>): boolean {
  if (state.requiredAffinityTerms.length > 0) {
    const affinity = byKeyView(state.affinityCounts);
    for (const term of state.requiredAffinityTerms) if (!((countAt(affinity, labels, term.topologyKey) ?? 0) > 0)) return false;
  }
  if (state.antiAffinityCounts.size > 0) {
    const anti = byKeyView(state.antiAffinityCounts);
    for (const term of state.requiredAntiAffinityTerms) if ((countAt(anti, labels, term.topologyKey) ?? 0) > 0) return false;
  }
  if (state.existingAntiAffinityCounts.size > 0) {
    const existing = byKeyView(state.existingAntiAffinityCounts);
    for (const key of existingKeysOf(state)) if ((countAt(existing, labels, key) ?? 0) > 0) return false;
  }
  return true;
}

/**
 * Filter: undefined when the node passes. Pod affinity unmet is UnschedulableAndUnresolvable
 * (preemption removes pods, it cannot add the pods affinity wants); anti-affinity, the pod's own or
 * the existing pods', is Unschedulable (evicting the matching pods would make room).
 */
export function interPodAffinityFilter(state: InterPodAffinityState, _pod: Pod, node: Node, _snapshot?: SchedulingSnapshot): FilterStatus | undefined {
  if (surelyPasses(state, node.metadata.labels ?? {})) return undefined;
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
