import type { Node, Pod } from '../../types';
import { type ControllerRef, controllerRefOf } from '../topology-spread/spread-selector';
import type { SchedulingSnapshot } from './scheduling-snapshot';

/**
 * The snapshot's pods grouped by what a selector can read of them: their namespace, their labels
 * and their controller (the default spread constraints select by controller). A selector matches
 * every pod of a set or none, so a PreFilter, PreScore or spread count that would test 300,000 pods
 * tests a few thousand sets (the replicas of a workload share their labels) and then counts the
 * members of the sets it matches where they run. kube-scheduler tests every pod of every node each
 * cycle; the answer is the same, only the work is done once per revision of the cluster.
 */
export interface PodLabelIndex {
  readonly sets: readonly PodLabelSet[];
  /** The set of a pod of the snapshot, by the key of what selectors read (labelSetKey). */
  readonly byKey: ReadonlyMap<string, PodLabelSet>;
  /** The snapshot's node names by position, as the ordinals were made (podOrdinal): whether a member's position can be read from its ordinal. */
  readonly names?: readonly string[];
}

export interface PodLabelSet {
  /** The first member's pod: what selectors are tested against for the whole set. */
  readonly pod: Pod;
  /** In the snapshot's order: nodes in name order, each node's pods in its order. */
  readonly members: readonly PodLabelMember[];
}

interface PodLabelMember {
  readonly node: Node;
  readonly pod: Pod;
  /** The pod's place in the snapshot's order (podOrdinal): what makes "the first pod found" the same as a pass node by node. */
  readonly ordinal: number;
  /**
   * The node's name and whether the pod is terminating, read once when the pod is added: a count
   * that reads them from the pod and the node for each member (300,000 objects spread over the heap)
   * spent most of its time waiting on memory.
   */
  readonly nodeName: string;
  readonly terminating: boolean;
}

/** Pods a node holds that podOrdinal tells apart: those past it share the last place (a node holds a few hundred at most in practice). */
const ORDINALS_PER_NODE = 1 << 16;

/**
 * A pod's place in the snapshot's order (nodes in name order, each node's pods in its order) as a
 * number, from its node's position and its own on the node: a pod bound later (a simulation binds
 * pods one after another) takes its place without renumbering the pods after it. Below 2^37, so a
 * rank made of it and a term's index (2^16 of them) stays an exact double.
 */
export function podOrdinal(nodePosition: number, podPosition: number): number {
  return nodePosition * ORDINALS_PER_NODE + Math.min(podPosition, ORDINALS_PER_NODE - 1);
}

/** The position of the node a pod's ordinal was made with (podOrdinal's first argument). */
function ordinalPosition(ordinal: number): number {
  return Math.floor(ordinal / ORDINALS_PER_NODE);
}

/** What a selector reads of a pod, as one string: pods with the same key match every selector alike. */
export function labelSetKey(pod: Pod): string {
  // All it reads is the pod's namespace, labels and owners. Pods read from one snapshot share their
  // labels' and owners' objects (one per distinct text): the key is made once per such pair and
  // namespace, and is one string for all of them, not one per pod (300,000 of a few hundred bytes).
  const { namespace, labels, ownerReferences } = pod.metadata;
  let byOwners = setKeys.get(labels ?? NONE);
  if (byOwners === undefined) setKeys.set(labels ?? NONE, (byOwners = new WeakMap()));
  let byNamespace = byOwners.get(ownerReferences ?? NONE);
  if (byNamespace === undefined) byOwners.set(ownerReferences ?? NONE, (byNamespace = new Map<string | undefined, string>()));
  let key = byNamespace.get(namespace);
  if (key === undefined) {
    const controller = ownerReferences?.find((ref) => ref.controller === true);
    const owner = controller ? [controller.apiVersion, controller.kind, controller.name, controller.uid ?? null] : null;
    byNamespace.set(namespace, (key = JSON.stringify([namespace ?? null, labels ?? null, owner])));
  }
  return key;
}

/** Stands for no labels, or no owners, in setKeys. */
const NONE = {};

/** labelSetKey's keys, by the labels' object, then the owners' object, then the namespace. */
const setKeys = new WeakMap<object, WeakMap<object, Map<string | undefined, string>>>();

const byLabel = new WeakMap<PodLabelIndex, Map<string, Map<string, PodLabelSet[]>>>();

/**
 * The sets whose pods carry `key` with one of `values` (each set once: a set has one value per key),
 * from an inverted index made on first asking: a selector with an `In` requirement need only be tested
 * on these. In the index's order.
 */
export function labelSetsWith(index: PodLabelIndex, key: string, values: readonly string[]): PodLabelSet[] {
  let inverted = byLabel.get(index);
  if (!inverted) {
    inverted = new Map();
    for (const set of index.sets) addInverted(inverted, set);
    byLabel.set(index, inverted);
  }
  const byValue = inverted.get(key);
  if (!byValue) return [];
  if (values.length === 1) return byValue.get(values[0] as string) ?? [];
  return [...new Set(values)].flatMap((value) => byValue.get(value) ?? []);
}

/**
 * The inverted index's entry for a set's controller, beside its labels: under a key no label can
 * have (a label key holds no space), the controller's group, kind and name, which is what the
 * default spread constraints' `controller` selector compares (the uid only when both know it).
 */
const CONTROLLER_KEY = ' controller';
const controllerValue = ({ group, kind, name }: ControllerRef) => `${group}/${kind}/${name}`;

/** What a set is found by in the inverted index: its labels, and its controller. */
function invertedEntries(set: PodLabelSet): [string, string][] {
  const entries = Object.entries(set.pod.metadata.labels ?? {});
  const controller = controllerRefOf(set.pod);
  return controller ? [...entries, [CONTROLLER_KEY, controllerValue(controller)]] : entries;
}

/** The sets whose pods the controller (by group, kind and name) controls: the only ones a `controller` selector may match. In the index's order. */
export function labelSetsControlledBy(index: PodLabelIndex, controller: ControllerRef): PodLabelSet[] {
  return labelSetsWith(index, CONTROLLER_KEY, [controllerValue(controller)]);
}

/** The index made in one pass over the snapshot's pods. */
export function podLabelIndexOf(snapshot: SchedulingSnapshot): PodLabelIndex {
  const index: PodLabelIndex = { sets: [], byKey: new Map(), names: snapshot.nodes.map((node) => node.metadata.name) };
  snapshot.nodes.forEach((node, position) => {
    snapshot.podsOn(node.metadata.name).forEach((pod, k) => addToPodLabelIndex(index, node, pod, podOrdinal(position, k)));
  });
  // Each set's column of positions made now, while its members are fresh: once per revision, not at each request's first count.
  for (const set of index.sets) memberPositions(set);
  return index;
}

/**
 * The index of a holder's next revision, made from this one's (podLabelIndexOf's for the revision
 * before): the members on the nodes at `touched` (positions in `next.nodes`: a pod came, went or changed
 * there, or the node itself did) dropped, and those nodes' pods in `next` added at their places now;
 * the other sets shared (forkPodLabelIndex). The members and their ordinals are podLabelIndexOf(next)'s;
 * only their order in a set and the sets' order differ, which nothing reads (ordinals say the order).
 * The caller holds that `next` has the same nodes in the same order: a node that came or went moves
 * every position after it, and the index is then made afresh. Milliseconds where podLabelIndexOf
 * takes a second over 300,000 pods.
 */
export function podLabelIndexAfter(index: PodLabelIndex, next: SchedulingSnapshot, touched: readonly number[]): PodLabelIndex {
  const fork = forkPodLabelIndex(index);
  const leaving = new Uint8Array(next.nodes.length);
  for (const at of touched) leaving[at] = 1;
  let emptied = false;
  // The keys whose sets this changes, and the sets it makes: what the inverted index is kept by.
  const changed = new Set<string>();
  const created: PodLabelSet[] = [];
  for (const [key, held] of index.byKey) {
    const positions = memberPositions(held);
    let meets = false;
    for (let k = 0; k < positions.length && !meets; k++) {
      const at = positions[k] as number;
      meets = leaving[at < 0 ? ~at : at] === 1;
    }
    if (!meets) continue;
    changed.add(key);
    const members = (ownedSet(fork, key) as PodLabelSet).members as PodLabelMember[];
    const kept = new Int32Array(members.length);
    let n = 0;
    for (let k = 0; k < members.length; k++) {
      const at = positions[k] as number;
      if (leaving[at < 0 ? ~at : at] === 1) continue;
      members[n] = members[k] as PodLabelMember;
      kept[n++] = at;
    }
    members.length = n;
    packed.set(members, kept.slice(0, n));
    emptied ||= n === 0;
  }
  if (emptied) dropEmptySets(fork);
  for (const at of touched) {
    const node = next.nodes[at] as Node;
    next.podsOn(node.metadata.name).forEach((pod, k) => {
      const key = labelSetKey(pod);
      const before = fork.byKey.get(key);
      addToPodLabelIndex(fork, node, pod, podOrdinal(at, k));
      if (!before) created.push(fork.byKey.get(key) as PodLabelSet);
      else if (before !== fork.byKey.get(key)) changed.add(key);
    });
  }
  const inverted = byLabel.get(index);
  if (inverted) byLabel.set(fork, invertedAfter(inverted, index, fork, changed, created));
  return fork;
}

/**
 * The inverted index of podLabelIndexAfter's fork from its parent's: the lists that held a changed
 * set copied with its copy in its place (or without it, when the fork has none, or made a new one
 * for its key), the sets made added at the end; every other list shared. The lists are those
 * labelSetsWith would make from the fork's sets, in the same order.
 */
function invertedAfter(
  inverted: Map<string, Map<string, PodLabelSet[]>>,
  index: PodLabelIndex,
  fork: PodLabelIndex,
  changed: ReadonlySet<string>,
  created: readonly PodLabelSet[],
): Map<string, Map<string, PodLabelSet[]>> {
  const out = new Map(inverted);
  const owned = new Set<object>();
  const listOf = (k: string, v: string): PodLabelSet[] => {
    let byValue = out.get(k);
    if (!byValue || !owned.has(byValue)) out.set(k, (byValue = new Map(byValue)));
    owned.add(byValue);
    let list = byValue.get(v);
    if (!list || !owned.has(list)) byValue.set(v, (list = [...(list ?? [])]));
    owned.add(list);
    return list;
  };
  const made = new Set(created);
  for (const key of changed) {
    const before = index.byKey.get(key) as PodLabelSet;
    const after = fork.byKey.get(key);
    for (const [k, v] of invertedEntries(before)) {
      const list = listOf(k, v);
      const at = list.indexOf(before);
      if (at < 0) continue;
      if (after && !made.has(after)) list[at] = after;
      else list.splice(at, 1);
    }
  }
  for (const set of created) for (const [k, v] of invertedEntries(set)) listOf(k, v).push(set);
  return out;
}

/** Sets left with no member taken out of a fork (podLabelIndexAfter): podLabelIndexOf makes none, and a workload gone for good would keep its set. */
function dropEmptySets(index: PodLabelIndex): void {
  const sets = index.sets as PodLabelSet[];
  let n = 0;
  for (const set of sets) if (set.members.length > 0) sets[n++] = set;
  sets.length = n;
  for (const [key, set] of index.byKey) if (set.members.length === 0) (index.byKey as Map<string, PodLabelSet>).delete(key);
  const fork = forks.get(index);
  if (fork?.at) fork.at = new Map(sets.map((set, i) => [set, i]));
}

/**
 * The sets an index shares with the one it was forked from (forkPodLabelIndex), and each set's place
 * in `sets`: a shared set is copied the first time the fork changes it.
 */
const forks = new WeakMap<PodLabelIndex, { shared: Set<PodLabelSet>; at?: Map<PodLabelSet, number> }>();

/**
 * An index that starts as `index` (a holder's, made once per revision) and may then be changed
 * (addToPodLabelIndex, removeFromPodLabelIndex) without changing it: the sets are shared until the
 * fork changes one, which is then copied. A simulation starts from the holder's index in a pass over
 * its sets, not over 300,000 pods.
 */
export function forkPodLabelIndex(index: PodLabelIndex): PodLabelIndex {
  const fork: PodLabelIndex = { sets: [...index.sets], byKey: new Map(index.byKey), ...(index.names ? { names: index.names } : {}) };
  forks.set(fork, { shared: new Set(index.sets) });
  return fork;
}

/** The index's set of `key`, its own: a set it shares with the index it was forked from is copied first, in every place the fork holds it. */
function ownedSet(index: PodLabelIndex, key: string): PodLabelSet | undefined {
  const set = index.byKey.get(key);
  const fork = forks.get(index);
  if (!set || !fork?.shared.has(set)) return set;
  fork.shared.delete(set);
  const copy: PodLabelSet = { pod: set.pod, members: [...set.members] };
  const positions = packed.get(set.members);
  if (positions) packed.set(copy.members, positions);
  (index.byKey as Map<string, PodLabelSet>).set(key, copy);
  fork.at ??= new Map(index.sets.map((s, i) => [s, i]));
  (index.sets as PodLabelSet[])[fork.at.get(set) as number] = copy;
  fork.at.set(copy, fork.at.get(set) as number);
  const inverted = byLabel.get(index);
  if (inverted) {
    for (const [k, v] of invertedEntries(set)) {
      const list = inverted.get(k)?.get(v);
      const at = list?.indexOf(set) ?? -1;
      if (list && at >= 0) list[at] = copy;
    }
  }
  return copy;
}

/**
 * A pod bound to `node` added to an index its caller made and holds alone, or forked (a simulation
 * binding pods one after another): into its set, or a new set at the end, and into the inverted
 * index by label value if that was made. A set's members are then no longer in the snapshot's
 * order, which only their ordinals are read for.
 */
export function addToPodLabelIndex(index: PodLabelIndex, node: Node, pod: Pod, ordinal: number): void {
  const key = labelSetKey(pod);
  const member: PodLabelMember = { node, pod, ordinal, nodeName: node.metadata.name, terminating: pod.metadata.deletionTimestamp != null };
  const set = ownedSet(index, key);
  if (set) {
    packed.delete(set.members);
    (set.members as PodLabelMember[]).push(member);
    return;
  }
  const added: PodLabelSet = { pod, members: [member] };
  (index.byKey as Map<string, PodLabelSet>).set(key, added);
  (index.sets as PodLabelSet[]).push(added);
  const fork = forks.get(index);
  if (fork?.at) fork.at.set(added, index.sets.length - 1);
  const inverted = byLabel.get(index);
  if (inverted) addInverted(inverted, added);
}

/**
 * A pod taken off an index its caller made or forked (the pods a drain evicts): out of its set, its
 * ordinal answered (undefined when the index does not hold it). A set left with no member stays,
 * matching what it did and counting nothing.
 */
export function removeFromPodLabelIndex(index: PodLabelIndex, pod: Pod): number | undefined {
  const set = ownedSet(index, labelSetKey(pod));
  if (!set) return undefined;
  const members = set.members as PodLabelMember[];
  const at = members.findIndex((m) => m.pod === pod);
  if (at < 0) return undefined;
  packed.delete(members);
  const [removed] = members.splice(at, 1);
  return removed?.ordinal;
}

/**
 * Pods taken off at once (a drain's evicted pods, before its simulation starts): as
 * removeFromPodLabelIndex of each, each set they leave filtered in one pass rather than searched and
 * spliced once per pod (30,000 pods out of sets of 300).
 */
export function removePodsFromPodLabelIndex(index: PodLabelIndex, pods: Iterable<Pod>): void {
  if (index.names) {
    removeByPositions(index, index.names, pods);
    return;
  }
  const leavingBySet = new Map<string, Set<Pod>>();
  for (const pod of pods) {
    const key = labelSetKey(pod);
    const leaving = leavingBySet.get(key);
    if (leaving) leaving.add(pod);
    else leavingBySet.set(key, new Set([pod]));
  }
  for (const [key, leaving] of leavingBySet) {
    const set = ownedSet(index, key);
    if (!set) continue;
    const members = set.members as PodLabelMember[];
    let kept = 0;
    for (const member of members) if (!leaving.has(member.pod)) members[kept++] = member;
    members.length = kept;
  }
}

/**
 * The positions of a set's members, one for each in its order (a terminating member's as ~position,
 * below 0: it counts for no selector), by their ordinals: a column made once per members list and
 * kept until the list changes. A count of a workload's replicas reads 300 numbers in a row rather
 * than 300 member objects spread over a heap of 300,000 pods (which costs a microsecond each in
 * waits on memory). Positions in the index's `names`.
 */
export function memberPositions(set: PodLabelSet): Int32Array {
  let positions = packed.get(set.members);
  if (!positions) {
    const members = set.members;
    positions = new Int32Array(members.length);
    for (let k = 0; k < members.length; k++) {
      const member = members[k] as PodLabelMember;
      const at = ordinalPosition(member.ordinal);
      positions[k] = member.terminating ? ~at : at;
    }
    packed.set(members, positions);
  }
  return positions;
}

/** Each members list's positions (memberPositions), dropped or made again by whatever changes the list. */
const packed = new WeakMap<readonly PodLabelMember[], Int32Array>();

/**
 * Pods taken off a forked index at once, each from the node it is bound to (its spec.nodeName): as
 * removePodsFromPodLabelIndex, each set they leave filtered by its column of positions (memberPositions),
 * a member's pod read only where it runs on a node pods leave. A drain takes 30,000 pods off a
 * thousand sets of 300: the members on other nodes are copied without being read.
 */
function removeByPositions(index: PodLabelIndex, names: readonly string[], pods: Iterable<Pod>): void {
  const positionOf = new Map(names.map((name, i) => [name, i]));
  const left = new Uint8Array(names.length);
  const leavingBySet = new Map<string, Set<Pod>>();
  // Pods come node by node (a drain's): a node's position is looked up once per run of its pods.
  let lastName: string | undefined;
  let lastAt: number | undefined;
  for (const pod of pods) {
    const nodeName = pod.spec?.nodeName ?? '';
    if (nodeName !== lastName) {
      lastName = nodeName;
      lastAt = positionOf.get(nodeName);
    }
    const at = lastAt;
    if (at === undefined) continue;
    left[at] = 1;
    const key = labelSetKey(pod);
    const leaving = leavingBySet.get(key);
    if (leaving) leaving.add(pod);
    else leavingBySet.set(key, new Set([pod]));
  }
  for (const [key, leaving] of leavingBySet) {
    const held = index.byKey.get(key);
    if (!held) continue;
    const positions = memberPositions(held);
    const set = ownedSet(index, key) as PodLabelSet;
    const members = set.members as PodLabelMember[];
    const keptPositions = new Int32Array(members.length);
    let kept = 0;
    for (let k = 0; k < members.length; k++) {
      const at = positions[k] as number;
      const member = members[k] as PodLabelMember;
      if (left[at < 0 ? ~at : at] === 1 && leaving.has(member.pod)) continue;
      members[kept] = member;
      keptPositions[kept++] = at;
    }
    members.length = kept;
    packed.set(members, keptPositions.slice(0, kept));
  }
}

function addInverted(inverted: Map<string, Map<string, PodLabelSet[]>>, set: PodLabelSet): void {
  for (const [k, v] of invertedEntries(set)) {
    let byValue = inverted.get(k);
    if (!byValue) inverted.set(k, (byValue = new Map<string, PodLabelSet[]>()));
    const list = byValue.get(v);
    if (list) list.push(set);
    else byValue.set(v, [set]);
  }
}

/**
 * The index without one pod of it (a stored pod asked about is taken off its node first): its set
 * copied without it, the other sets shared. `held` is the snapshot's own object for the pod.
 */
export function podLabelIndexWithout(index: PodLabelIndex, held: Pod): PodLabelIndex {
  const key = labelSetKey(held);
  const set = index.byKey.get(key);
  if (!set || !set.members.some((m) => m.pod === held)) return index;
  const members = set.members.filter((m) => m.pod !== held);
  const byKey = new Map(index.byKey);
  if (members.length === 0) byKey.delete(key);
  else byKey.set(key, { pod: (members[0] as PodLabelMember).pod, members });
  return { sets: [...byKey.values()], byKey, ...(index.names ? { names: index.names } : {}) };
}
