import type { Node, Pod } from '../../types';
import type { SchedulingSnapshot } from '../framework/scheduling-snapshot';
import { type PodAffinityTerms, podAffinityTermsOf, podHasPodAffinity } from './affinity-term';

/**
 * The snapshot's pods with pod affinity, which kube-scheduler keeps in its cache so that a pod
 * without affinity of its own need not look at every pod (NodeInfo.PodsWithAffinity and
 * PodsWithRequiredAntiAffinity, the snapshot's HavePodsWithAffinityList and
 * HavePodsWithRequiredAntiAffinityList), here grouped by what their terms are: pods of the same
 * namespace with the same podAffinity and podAntiAffinity (a term naming no namespace means the
 * pod's own), as the replicas of one workload are. Their terms match an incoming pod alike, so
 * PreFilter and PreScore match them once per group, then count each member where it runs: 15,000
 * pods with anti-affinity in a cluster of 300,000 are a few dozen groups. A cluster's holder makes it
 * once per revision and hands it in; without it, PreFilter and PreScore find those pods themselves
 * in one pass over every pod.
 */
export interface AffinityPodIndex {
  /** The pods with pod affinity or anti-affinity of any kind (podHasPodAffinity), grouped. */
  readonly affinityGroups: readonly AffinityPodGroup[];
  /** Of those, the groups whose terms include required anti-affinity (podHasRequiredAntiAffinity). */
  readonly requiredAntiAffinityGroups: readonly AffinityPodGroup[];
}

interface AffinityPodGroup {
  /** The terms of every member (podAffinityTermsOf of the first). */
  readonly terms: PodAffinityTerms;
  /** In the snapshot's order: nodes in name order, each node's pods in its order. */
  readonly members: readonly AffinityPodMember[];
}

interface AffinityPodMember {
  readonly node: Node;
  readonly pod: Pod;
  /**
   * The member's place among the pods with affinity in the snapshot's order: the details name the
   * first pod found holding a term, as a pass node by node finds it, whichever group it is in.
   */
  readonly ordinal: number;
}

/** What a pod's terms are made of: its namespace and its pod affinity and anti-affinity as written. */
function affinityGroupKey(pod: Pod): string {
  const affinity = pod.spec?.affinity;
  return JSON.stringify([pod.metadata.namespace ?? '', affinity?.podAffinity ?? null, affinity?.podAntiAffinity ?? null]);
}

/** The index built from a snapshot in one pass over its pods. */
export function affinityPodIndexOf(snapshot: SchedulingSnapshot): AffinityPodIndex {
  const groups = new Map<string, { terms: PodAffinityTerms; members: AffinityPodMember[] }>();
  let ordinal = 0;
  for (const node of snapshot.nodes) {
    for (const pod of snapshot.podsOn(node.metadata.name)) {
      if (!podHasPodAffinity(pod)) continue;
      const key = affinityGroupKey(pod);
      let group = groups.get(key);
      if (!group) groups.set(key, (group = { terms: podAffinityTermsOf(pod), members: [] }));
      group.members.push({ node, pod, ordinal: ordinal++ });
    }
  }
  const affinityGroups = [...groups.values()];
  return { affinityGroups, requiredAntiAffinityGroups: affinityGroups.filter((group) => group.terms.requiredAntiAffinity.length > 0) };
}

/** The index without one pod of it (a stored pod asked about): the groups holding it copied without it, the others shared. */
export function affinityPodIndexWithout(index: AffinityPodIndex, held: Pod): AffinityPodIndex {
  if (!podHasPodAffinity(held)) return index;
  const without = (group: AffinityPodGroup): AffinityPodGroup =>
    group.members.some((m) => m.pod === held) ? { terms: group.terms, members: group.members.filter((m) => m.pod !== held) } : group;
  const affinityGroups = index.affinityGroups.map(without);
  return { affinityGroups, requiredAntiAffinityGroups: affinityGroups.filter((group) => group.terms.requiredAntiAffinity.length > 0) };
}
