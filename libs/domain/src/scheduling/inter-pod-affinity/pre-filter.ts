import type { Node, Pod, PodRef } from '../../types';
import { lowerCounts } from '../framework/lowered-counts';
import type { PreFilterOutcome } from '../framework/plugin-status';
import type { SchedulingSnapshot } from '../framework/scheduling-snapshot';
import { PlacementReasonCodes } from '../placement-reasons';
import type { AffinityPodIndex } from './affinity-pod-index';
import type { PodLabelIndex, PodLabelSet } from '../framework/pod-label-index';
import {
  type AffinityTerm,
  affinityTermMatches,
  incomingAffinityTermMatches,
  labelSetsTermMayMatch,
  memoizedNamespaces,
  namespaceLabelsOf,
  podAffinityParseMessage,
  podAffinityTermsOf,
  podHasRequiredAntiAffinity,
  podMatchesAllIncomingTerms,
  podNamespace,
} from './affinity-term';

/**
 * InterPodAffinity's PreFilter (pkg/scheduler/framework/plugins/interpodaffinity/filtering.go):
 * counts, per topology pair (`key=value` of a node label), the pods that bear on the incoming pod,
 * so that Filter decides each node from the node's labels alone.
 */

export const interPodAffinityPluginName = 'InterPodAffinity';

/** A pod that put a count in a topology pair, and the term it counted for: what the details name. */
export interface TopologyWitness {
  readonly pod: PodRef;
  /** The term's place in that pod, e.g. `spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0]`. */
  readonly field: string;
}

/** preFilterState, plus a witness per counted pair for the details. Counts are keyed by `key=value`. */
export interface InterPodAffinityState {
  /** existingAntiAffinityCounts: per pair, the existing pods' required anti-affinity terms that match the incoming pod. */
  readonly existingAntiAffinityCounts: ReadonlyMap<string, number>;
  /** affinityCounts: per pair of each required affinity term, the existing pods matching all of the incoming pod's terms. */
  readonly affinityCounts: ReadonlyMap<string, number>;
  /** antiAffinityCounts: per pair, the (existing pod, incoming required anti-affinity term) matches. */
  readonly antiAffinityCounts: ReadonlyMap<string, number>;
  readonly requiredAffinityTerms: readonly AffinityTerm[];
  readonly requiredAntiAffinityTerms: readonly AffinityTerm[];
  /** podMatchesAllAffinityTerms(own required affinity terms, own pod): the first pod of a group may go where its topology keys are. */
  readonly podMatchesOwnAffinityTerms: boolean;
  /** Per pair of existingAntiAffinityCounts, the first existing pod found holding such a term. */
  readonly existingAntiAffinityWitnesses: ReadonlyMap<string, TopologyWitness>;
  /** Per pair of antiAffinityCounts, the first existing pod found matching one of the incoming pod's anti-affinity terms. */
  readonly antiAffinityWitnesses: ReadonlyMap<string, TopologyWitness>;
}

/** topologyPair as a map key: a label key has no `=`, so the first `=` splits it. */
export const topologyPairKey = (key: string, value: string): string => `${key}=${value}`;

const hasLabel = (node: Node, key: string): boolean => Object.prototype.hasOwnProperty.call(node.metadata.labels ?? {}, key);

/**
 * Each node's pairs made so far, by topology key (null: the node lacks the label). Nodes handed to
 * the domain are never changed, so a pair made once stays right; the same string each time is
 * hashed once by the maps it keys, question after question.
 */
const pairsOfNode = new WeakMap<Node, Map<string, string | null>>();

/** The pair of a node for a topology key, or undefined when the node lacks the label (topologyToMatchedTermCount.update). */
export function nodeTopologyPair(node: Node, topologyKey: string): string | undefined {
  let pairs = pairsOfNode.get(node);
  if (!pairs) pairsOfNode.set(node, (pairs = new Map<string, string | null>()));
  let pair = pairs.get(topologyKey);
  if (pair === undefined) {
    pair = hasLabel(node, topologyKey) ? topologyPairKey(topologyKey, node.metadata.labels?.[topologyKey] ?? '') : null;
    pairs.set(topologyKey, pair);
  }
  return pair ?? undefined;
}

/** More terms than a pod could hold in a list: a member's rank is its ordinal times this, plus the term's index. */
const termsPerPod = 1 << 16;

const podRef = (pod: Pod): PodRef => ({ namespace: podNamespace(pod), name: pod.metadata.name });

/**
 * A witness whose pod is named only when a detail reads it (an own getter: it compares, spreads and
 * prints as the plain object): a count replaces its witness many times over (each pair's lowest rank
 * wins), and most are never shown.
 */
const witnessOf = (pod: Pod, field: string): TopologyWitness => ({
  get pod() {
    return podRef(pod);
  },
  field,
});

class TopologyCounts {
  readonly counts = new Map<string, number>();
  readonly witnesses = new Map<string, TopologyWitness>();
  /** Where each witness was found, when pods are counted out of the snapshot's order (by group). */
  private readonly witnessRanks = new Map<string, number>();

  /** Counted in the snapshot's order: the first pod counted in a pair is its witness. */
  add(node: Node, term: AffinityTerm, pod: Pod): void {
    const pair = nodeTopologyPair(node, term.topologyKey);
    if (pair === undefined) return;
    this.counts.set(pair, (this.counts.get(pair) ?? 0) + 1);
    if (!this.witnesses.has(pair)) this.witnesses.set(pair, witnessOf(pod, term.field));
  }

  /** Counted in any order: the witness is the pod of the lowest rank, the one a pass in the snapshot's order finds first. */
  addRanked(node: Node, term: AffinityTerm, pod: Pod, rank: number): void {
    const pair = nodeTopologyPair(node, term.topologyKey);
    if (pair === undefined) return;
    this.counts.set(pair, (this.counts.get(pair) ?? 0) + 1);
    const kept = this.witnessRanks.get(pair);
    if (kept !== undefined && kept <= rank) return;
    this.witnessRanks.set(pair, rank);
    this.witnesses.set(pair, witnessOf(pod, term.field));
  }
}

/**
 * PreFilter. `index` (optional) gives the pods with required anti-affinity per node, so that a pod
 * with no required terms of its own looks only at those (HavePodsWithRequiredAntiAffinityList);
 * with `labels` too, a pod with required terms tests them once per set of pods alike in namespace
 * and labels, and counts the members of the sets they match. Without both, a pod with required
 * terms looks at every pod once, counting both at the same time.
 *
 * - `reject` (UnschedulableAndUnresolvable, `parsing pod: ...`) when a term of the pod does not parse;
 * - `skip` when no existing pod's anti-affinity matches the pod and it has no required terms;
 * - `run` with the counts otherwise.
 */
export function interPodAffinityPreFilter(
  pod: Pod,
  snapshot: SchedulingSnapshot,
  index?: AffinityPodIndex,
  labels?: PodLabelIndex,
): PreFilterOutcome<InterPodAffinityState> {
  const terms = podAffinityTermsOf(pod);
  if (terms.parseErrors) {
    const parseErrors = terms.parseErrors;
    return {
      kind: 'reject',
      status: {
        code: 'UnschedulableAndUnresolvable',
        plugin: interPodAffinityPluginName,
        reasons: [`parsing pod: ${podAffinityParseMessage(parseErrors)}`],
        details: parseErrors.map((e) => ({
          code: e.list.includes('Anti') ? PlacementReasonCodes.podAntiAffinityMismatch : PlacementReasonCodes.podAffinityMismatch,
          message: `${e.field} does not parse: ${e.message}`,
          field: e.field,
        })),
      },
    };
  }
  const namespaceOf = memoizedNamespaces((name) => snapshot.namespace(name));
  // GetNamespaceLabelsSnapshot: the existing pods' namespaceSelectors read the incoming pod's namespace labels.
  const ownNamespaceLabels = namespaceLabelsOf(namespaceOf(podNamespace(pod)));
  const affinityTerms = terms.requiredAffinity;
  const antiAffinityTerms = terms.requiredAntiAffinity;

  const existing = new TopologyCounts();
  const affinity = new TopologyCounts();
  const antiAffinity = new TopologyCounts();

  // getExistingAntiAffinityCounts, for one existing pod with required anti-affinity.
  const countExisting = (existingPod: Pod, node: Node): void => {
    for (const term of podAffinityTermsOf(existingPod).requiredAntiAffinity) {
      if (affinityTermMatches(term, pod, ownNamespaceLabels)) existing.add(node, term, existingPod);
    }
  };
  // getIncomingAffinityAntiAffinityCounts, for one existing pod: affinity counts only when it matches
  // all the terms (then once per term), anti-affinity once per matching term.
  const countIncoming = (existingPod: Pod, node: Node): void => {
    if (podMatchesAllIncomingTerms(affinityTerms, existingPod, namespaceOf)) {
      for (const term of affinityTerms) affinity.add(node, term, existingPod);
    }
    for (const term of antiAffinityTerms) {
      if (incomingAffinityTermMatches(term, existingPod, namespaceOf)) antiAffinity.add(node, term, existingPod);
    }
  };

  // Existing pods' anti-affinity, once per group of pods alike in their terms; a member's rank orders it by pod, then by term.
  const countExistingByGroup = (groups: AffinityPodIndex): void => {
    for (const group of groups.requiredAntiAffinityGroups) {
      group.terms.requiredAntiAffinity.forEach((term, t) => {
        if (!affinityTermMatches(term, pod, ownNamespaceLabels)) return;
        for (const member of group.members) existing.addRanked(member.node, term, member.pod, member.ordinal * termsPerPod + t);
      });
    }
  };

  if ((affinityTerms.length > 0 || antiAffinityTerms.length > 0) && index && labels) {
    // The incoming terms once per set of pods alike (they read namespace and labels only), then its members, ranked as a pass finds them.
    // Only the sets a term's selector may match (by its In requirement) are tested: a set matching all the affinity terms matches the first.
    const candidates = new Set<PodLabelSet>();
    for (const term of [...affinityTerms.slice(0, 1), ...antiAffinityTerms]) for (const set of labelSetsTermMayMatch(labels, term)) candidates.add(set);
    for (const set of candidates) {
      const all = podMatchesAllIncomingTerms(affinityTerms, set.pod, namespaceOf);
      const anti = antiAffinityTerms.map((term) => incomingAffinityTermMatches(term, set.pod, namespaceOf));
      if (!all && !anti.includes(true)) continue;
      for (const member of set.members) {
        const rank = member.ordinal * termsPerPod;
        if (all) affinityTerms.forEach((term, t) => affinity.addRanked(member.node, term, member.pod, rank + t));
        anti.forEach((matches, t) => {
          if (matches) antiAffinity.addRanked(member.node, antiAffinityTerms[t] as AffinityTerm, member.pod, rank + t);
        });
      }
    }
    countExistingByGroup(index);
  } else if (affinityTerms.length > 0 || antiAffinityTerms.length > 0) {
    for (const node of snapshot.nodes) {
      for (const existingPod of snapshot.podsOn(node.metadata.name)) {
        countIncoming(existingPod, node);
        if (podHasRequiredAntiAffinity(existingPod)) countExisting(existingPod, node);
      }
    }
  } else if (index) {
    countExistingByGroup(index);
  } else {
    for (const node of snapshot.nodes) {
      for (const existingPod of snapshot.podsOn(node.metadata.name)) {
        if (podHasRequiredAntiAffinity(existingPod)) countExisting(existingPod, node);
      }
    }
  }

  if (existing.counts.size === 0 && affinityTerms.length === 0 && antiAffinityTerms.length === 0) return { kind: 'skip' };
  return {
    kind: 'run',
    state: {
      existingAntiAffinityCounts: existing.counts,
      affinityCounts: affinity.counts,
      antiAffinityCounts: antiAffinity.counts,
      requiredAffinityTerms: affinityTerms,
      requiredAntiAffinityTerms: antiAffinityTerms,
      podMatchesOwnAffinityTerms: podMatchesAllIncomingTerms(affinityTerms, pod, namespaceOf),
      existingAntiAffinityWitnesses: existing.witnesses,
      antiAffinityWitnesses: antiAffinity.witnesses,
    },
  };
}

/**
 * The state with pods of one node taken off (RemovePod, preFilterState.updateWithPod with -1, for
 * each): their part of every count, found by the same counting over that node and those pods alone,
 * taken away; a pair brought to 0 leaves its map, as topologyToMatchedTermCount.update deletes it.
 * The witnesses stay (they only name a pod in the explanations, which preemption does not give).
 */
export function interPodAffinityWithout(
  state: InterPodAffinityState,
  pod: Pod,
  node: Node,
  takenOff: readonly Pod[],
  snapshot: SchedulingSnapshot,
): InterPodAffinityState {
  const nodeName = node.metadata.name;
  const theirs = interPodAffinityPreFilter(pod, { ...snapshot, nodes: [node], podsOn: (name) => (name === nodeName ? takenOff : []) });
  if (theirs.kind !== 'run') return state;
  return {
    ...state,
    existingAntiAffinityCounts: lowerCounts(state.existingAntiAffinityCounts, theirs.state.existingAntiAffinityCounts, true),
    affinityCounts: lowerCounts(state.affinityCounts, theirs.state.affinityCounts, true),
    antiAffinityCounts: lowerCounts(state.antiAffinityCounts, theirs.state.antiAffinityCounts, true),
  };
}
