import type { Node, Pod } from '../../types';
import type { SchedulingSnapshot } from '../framework/scheduling-snapshot';
import { podOrdinal } from '../framework/pod-label-index';
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
   * The member's place in the snapshot's order (podOrdinal): the details name the first pod found
   * holding a term, as a pass node by node finds it, whichever group it is in.
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
  const index: AffinityPodIndex = { affinityGroups: [], requiredAntiAffinityGroups: [] };
  snapshot.nodes.forEach((node, position) => {
    snapshot.podsOn(node.metadata.name).forEach((pod, k) => addToAffinityPodIndex(index, node, pod, podOrdinal(position, k)));
  });
  return index;
}

/**
 * The index of a holder's next revision, made from this one's (see podLabelIndexAfter): the members
 * on the nodes at `touched` (positions in `next.nodes`, which has the previous revision's nodes in
 * the same order) dropped and those nodes' pods in `next` added at their places now; the groups
 * that hold no member on them shared. The members and ordinals of affinityPodIndexOf(next).
 */
export function affinityPodIndexAfter(index: AffinityPodIndex, next: SchedulingSnapshot, touched: readonly number[]): AffinityPodIndex {
  const names = new Set(touched.map((at) => (next.nodes[at] as Node).metadata.name));
  const kept = (group: AffinityPodGroup): AffinityPodGroup | undefined => {
    if (!group.members.some((m) => names.has(m.node.metadata.name))) return group;
    const members = group.members.filter((m) => !names.has(m.node.metadata.name));
    return members.length > 0 ? { terms: group.terms, members } : undefined;
  };
  const affinityGroups = index.affinityGroups.flatMap((group) => kept(group) ?? []);
  const fork: AffinityPodIndex = {
    affinityGroups,
    requiredAntiAffinityGroups: affinityGroups.filter((group) => group.terms.requiredAntiAffinity.length > 0),
  };
  // The groups this made are its own; those it kept are shared with `index`, copied when first changed.
  sharedGroups.set(fork, new Set(index.affinityGroups));
  for (const at of touched) {
    const node = next.nodes[at] as Node;
    next.podsOn(node.metadata.name).forEach((pod, k) => addToAffinityPodIndex(fork, node, pod, podOrdinal(at, k)));
  }
  return fork;
}

/** Each index's groups by affinityGroupKey, while it is being changed; and, for a fork, the groups it still shares. */
const groupsByKey = new WeakMap<AffinityPodIndex, Map<string, AffinityPodGroup>>();
const sharedGroups = new WeakMap<AffinityPodIndex, Set<AffinityPodGroup>>();

/** An index that starts as `index` and may then be changed without changing it (see forkPodLabelIndex): groups copied when first changed. */
export function forkAffinityPodIndex(index: AffinityPodIndex): AffinityPodIndex {
  const fork: AffinityPodIndex = { affinityGroups: [...index.affinityGroups], requiredAntiAffinityGroups: [...index.requiredAntiAffinityGroups] };
  sharedGroups.set(fork, new Set(index.affinityGroups));
  return fork;
}

/** The index's groups by key, made on first asking. */
function groupsOf(index: AffinityPodIndex): Map<string, AffinityPodGroup> {
  let groups = groupsByKey.get(index);
  if (!groups) {
    groups = new Map();
    for (const group of index.affinityGroups) if (group.members[0]) groups.set(affinityGroupKey(group.members[0].pod), group);
    groupsByKey.set(index, groups);
  }
  return groups;
}

/** The index's group of `key`, its own: one it shares with the index it was forked from is copied first, in both lists. */
function ownedGroup(index: AffinityPodIndex, key: string): AffinityPodGroup | undefined {
  const groups = groupsOf(index);
  const group = groups.get(key);
  const shared = sharedGroups.get(index);
  if (!group || !shared?.has(group)) return group;
  shared.delete(group);
  const copy: AffinityPodGroup = { terms: group.terms, members: [...group.members] };
  groups.set(key, copy);
  const replace = (list: readonly AffinityPodGroup[]) => {
    const at = list.indexOf(group);
    if (at >= 0) (list as AffinityPodGroup[])[at] = copy;
  };
  replace(index.affinityGroups);
  replace(index.requiredAntiAffinityGroups);
  return copy;
}

/**
 * A pod bound to `node` added to an index its caller made and holds alone, or forked (see
 * addToPodLabelIndex): into its group, or a new group at the end. A pod without pod affinity is not held.
 */
export function addToAffinityPodIndex(index: AffinityPodIndex, node: Node, pod: Pod, ordinal: number): void {
  if (!podHasPodAffinity(pod)) return;
  const key = affinityGroupKey(pod);
  const member = { node, pod, ordinal };
  const group = ownedGroup(index, key);
  if (group) {
    (group.members as AffinityPodMember[]).push(member);
    return;
  }
  const added: AffinityPodGroup = { terms: podAffinityTermsOf(pod), members: [member] };
  groupsOf(index).set(key, added);
  (index.affinityGroups as AffinityPodGroup[]).push(added);
  if (added.terms.requiredAntiAffinity.length > 0) (index.requiredAntiAffinityGroups as AffinityPodGroup[]).push(added);
}

/** A pod taken off an index its caller made or forked: out of its group (a group left empty stays, holding nothing). */
export function removeFromAffinityPodIndex(index: AffinityPodIndex, pod: Pod): void {
  if (!podHasPodAffinity(pod)) return;
  const group = ownedGroup(index, affinityGroupKey(pod));
  if (!group) return;
  const members = group.members as AffinityPodMember[];
  const at = members.findIndex((m) => m.pod === pod);
  if (at >= 0) members.splice(at, 1);
}

/** The index without one pod of it (a stored pod asked about): the groups holding it copied without it, the others shared. */
export function affinityPodIndexWithout(index: AffinityPodIndex, held: Pod): AffinityPodIndex {
  if (!podHasPodAffinity(held)) return index;
  const without = (group: AffinityPodGroup): AffinityPodGroup =>
    group.members.some((m) => m.pod === held) ? { terms: group.terms, members: group.members.filter((m) => m.pod !== held) } : group;
  const affinityGroups = index.affinityGroups.map(without);
  return { affinityGroups, requiredAntiAffinityGroups: affinityGroups.filter((group) => group.terms.requiredAntiAffinity.length > 0) };
}
