import type { PodDisruptionBudget } from '../../policy/pod-disruption-budget';
import { type PodResourceRequest, podResourceRequest } from '../../resources/pod-requests';
import type { Namespace, Node, Pod } from '../../types';
import { type SchedulingSnapshot, type StorageLister, budgetsByNamespace, emptyStorageLister } from '../framework/scheduling-snapshot';
import {
  type PodLabelIndex,
  addToPodLabelIndex,
  forkPodLabelIndex,
  labelSetKey,
  podLabelIndexOf,
  podOrdinal,
  removeFromPodLabelIndex,
  removePodsFromPodLabelIndex,
} from '../framework/pod-label-index';
import {
  type AffinityPodIndex,
  addToAffinityPodIndex,
  affinityPodIndexOf,
  forkAffinityPodIndex,
  removeFromAffinityPodIndex,
} from '../inter-pod-affinity/affinity-pod-index';
import { podHasPodAffinity } from '../inter-pod-affinity/affinity-term';
import { type NodeClasses, namePosition, nodeClassesOf, putNode } from '../node-classes';
import { type NodeRooms, nodeRoomsOf, setRoomUsage } from '../node-rooms';
import { type NodeUsage, addPodUsage, addPodsUsage, emptyNodeUsage, holdsNodeResources, removePodUsage } from '../node-usage';
import type { PlacementCapacity } from '../placement-reasons';
import type { PlacementContext } from '../placement';
import { keptPodCounter } from '../topology-spread/spread-counting';
import { lazilyIndexed } from '../indexed-context';
import { RequestScores } from './request-scores';
import { affinityKeyOf } from './kind-anti-affinity';

/**
 * A cluster that pods are bound to one after another, as kube-scheduler's cache takes each pod it
 * assumes: its nodes in classes and their rooms (what placement by buckets reads), each node's
 * pods, and the indexes of pods by labels and by pod affinity and the spread counts, each made on
 * first asking and then kept as pods are bound rather than made again. A bind changes one node's
 * room and adds one pod to each index: a turn of a simulation costs a placement, not a pass over
 * every pod of the cluster.
 */
export interface SimulatedClusterState {
  readonly classes: NodeClasses;
  readonly capacity: PlacementCapacity;
  readonly context: PlacementContext;
  /** Binds a pod (given with spec.nodeName set to `nodeName`, a node of the cluster): its room, ports and labels count from now on. */
  readonly bind: (pod: Pod, nodeName: string) => void;
  /**
   * The room of `count` pods of this request taken on the node, the pods themselves not held: what
   * the filters of a pod that reads nothing of a node but its room and pod count see after they were
   * bound (headroom's filled nodes). Their labels and ports count nowhere: only for such a pod.
   */
  readonly occupy: (nodeName: string, request: PodResourceRequest, count: number) => void;
  /**
   * Takes a pod off the node it is bound to (`nodeName`): its room, ports and labels count no more.
   * Answers its place in the indexes (podOrdinal), for rebind to put it back where it was.
   */
  readonly unbind: (pod: Pod, nodeName: string) => number | undefined;
  /** Binds a pod back at the place unbind answered (its ordinal), as if it had never left. */
  readonly rebind: (pod: Pod, nodeName: string, ordinal: number | undefined) => void;
  /** Replaces a node of the cluster (a cordon, an uncordon): its class, as the filters see it, changes; its room does not. */
  readonly setNode: (node: Node) => void;
  /** The position (in the classes' names) of each node a pod was bound to or taken off, or room taken on, or replaced, in order: what changed since a turn. */
  readonly boundPositions: readonly number[];
  /** The position of each node replaced (setNode), in order: whose class changed since a turn. */
  readonly replacedPositions: readonly number[];
  /**
   * Every pod bound or taken off so far, in order, and its node's position (~position when taken
   * off): until one whose terms match a pod moves, what InterPodAffinity says of it stays.
   */
  readonly podMoves: PodMoves;
}

/**
 * The simulation's log of pods moved: each pod, the position of its node (~position when taken off),
 * and what selectors and terms read of it as small numbers (pods alike share them): its set of labels
 * (labelSetKey) and its pod affinity terms (affinityKeyOf; -1 for a pod without any).
 */
export interface PodMoves {
  readonly pods: readonly Pod[];
  readonly at: readonly number[];
  readonly labelSet: readonly number[];
  readonly terms: readonly number[];
}

/** What a simulation's cluster holds: its nodes and the pods bound to them, and what some plugins look up. */
export interface SimulatedCluster {
  readonly nodes: readonly Node[];
  /** Pods not bound, or terminal, are left out (the scheduler's cache holds neither). */
  readonly pods: Iterable<Pod>;
  /** A namespace by name, for namespaceSelector (the holder's lookup); none held when absent. */
  readonly namespace?: (name: string) => Namespace | undefined;
  readonly storage?: StorageLister;
  readonly podDisruptionBudgets?: readonly PodDisruptionBudget[];
  /**
   * What `pods` request of each node, as the cluster's holder keeps it (usageByNode of those very
   * pods): given, it is read rather than summed again over every pod (a second of bigint sums at
   * 300,000 pods). Never changed: the simulation keeps its own for the nodes pods are bound to.
   */
  readonly usageOf?: (nodeName: string) => NodeUsage | undefined;
  /**
   * The cluster as its holder keeps it for a revision: each node's pods as its scheduling view lists
   * them, and its indexes (made once per revision), which the simulation forks rather than makes again
   * over every pod (forkPodLabelIndex). Given, `pods` is not read, and `usageOf` must be given too.
   */
  readonly held?: HeldCluster;
  /** Pods of the held cluster taken off before the simulation starts (a drain's evicted pods), each from its spec.nodeName. */
  readonly removed?: readonly Pod[];
}

interface HeldCluster {
  readonly podsOn: (nodeName: string) => readonly Pod[];
  /** The holder's indexes, asked for only when the simulation needs them (a holder makes each on first asking). */
  readonly podLabels?: () => PodLabelIndex | undefined;
  readonly affinityPods?: () => AffinityPodIndex | undefined;
}

/** Spread selectors whose counts a simulation keeps: one per workload moved, for a drain of a thousand workloads and more. */
const SELECTORS_KEPT = 8192;

const byName = (a: Node, b: Node) => (a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0);

export function simulatedClusterState(cluster: SimulatedCluster): SimulatedClusterState {
  const nodes = [...cluster.nodes].sort(byName);
  const nodeOf = new Map(nodes.map((node) => [node.metadata.name, node]));
  // Each node's pods the simulation changed (every node's, when no holder's lists are given).
  const podsByNode = new Map<string, Pod[]>();
  // The simulation's own usage of the nodes it changed (all of them when the holder gives none), over the holder's.
  const usage = new Map<string, NodeUsage>();
  const heldUsage = cluster.usageOf;
  const held = cluster.held;
  if (!held) {
    for (const pod of cluster.pods) {
      const nodeName = pod.spec?.nodeName;
      // Bound to a node the cluster does not hold: it takes room nowhere, as in the scheduler's cache.
      if (!nodeName || !holdsNodeResources(pod) || !nodeOf.has(nodeName)) continue;
      const list = podsByNode.get(nodeName);
      if (list) list.push(pod);
      else podsByNode.set(nodeName, [pod]);
      if (!heldUsage) usage.set(nodeName, addPodUsage(usage.get(nodeName) ?? emptyNodeUsage, podResourceRequest(pod)));
    }
  }
  const podsOn = (nodeName: string): readonly Pod[] => podsByNode.get(nodeName) ?? held?.podsOn(nodeName) ?? [];
  /** A node's pods as the simulation's own list, to be changed. */
  const ownList = (nodeName: string): Pod[] => {
    let list = podsByNode.get(nodeName);
    if (!list) podsByNode.set(nodeName, (list = [...(held?.podsOn(nodeName) ?? [])]));
    return list;
  };
  const budgets = budgetsByNamespace(cluster.podDisruptionBudgets ?? []);
  const snapshot: SchedulingSnapshot = {
    nodes,
    podsOn,
    namespace: cluster.namespace ?? (() => undefined),
    storage: cluster.storage ?? emptyStorageLister,
    podDisruptionBudgets: (namespace) => budgets.get(namespace) ?? [],
  };
  const classes = nodeClassesOf(nodes);
  const usageOf = (nodeName: string) => usage.get(nodeName) ?? heldUsage?.(nodeName);

  // The pods taken off first: out of their node's list and usage (the indexes drop them when made).
  const removed = cluster.removed ?? [];
  for (const pod of removed) {
    const nodeName = pod.spec?.nodeName;
    if (!nodeName || !nodeOf.has(nodeName)) continue;
    const list = ownList(nodeName);
    const at = list.indexOf(pod);
    if (at < 0) continue;
    list.splice(at, 1);
    const before = usageOf(nodeName);
    if (before && holdsNodeResources(pod)) usage.set(nodeName, removePodUsage(before, podResourceRequest(pod)));
  }
  const rooms: NodeRooms = nodeRoomsOf(nodes, usageOf);

  // The indexes, each made on first asking (as indexedContext makes them) or forked from the holder's
  // without the pods taken off (at once: a bind before would be missing from the holder's), then kept
  // by bind and unbind.
  let podLabels: PodLabelIndex | undefined;
  let affinityPods: AffinityPodIndex | undefined;
  const labelsOf = () => {
    if (podLabels) return podLabels;
    const holders = held?.podLabels?.();
    if (!holders) return (podLabels = podLabelIndexOf(snapshot));
    podLabels = forkPodLabelIndex(holders);
    removePodsFromPodLabelIndex(podLabels, removed);
    return podLabels;
  };
  const affinityOf = () => {
    if (affinityPods) return affinityPods;
    const holders = held?.affinityPods?.();
    if (!holders) return (affinityPods = affinityPodIndexOf(snapshot));
    affinityPods = forkAffinityPodIndex(holders);
    for (const pod of removed) removeFromAffinityPodIndex(affinityPods, pod);
    return affinityPods;
  };
  if (held?.podLabels) labelsOf();
  if (held?.affinityPods) affinityOf();
  const spread = keptPodCounter(snapshot, labelsOf, SELECTORS_KEPT);
  const context = lazilyIndexed(snapshot, labelsOf, affinityOf, spread.counter);

  // A pod's place on its node (podOrdinal): its place in the list, as the index was made; with the
  // holder's index, after every place the holder's list numbered (pods taken off leave their places).
  const lastPlace = new Map<string, number>();
  const nextPlace = (nodeName: string, listLength: number): number => {
    if (!held) return listLength - 1;
    const place = (lastPlace.get(nodeName) ?? held.podsOn(nodeName).length - 1) + 1;
    lastPlace.set(nodeName, place);
    return place;
  };

  const boundPositions: number[] = [];
  const replacedPositions: number[] = [];
  const podMoves = { pods: [] as Pod[], at: [] as number[], labelSet: [] as number[], terms: [] as number[] };
  const labelSets = new Map<string, number>();
  const termSets = new Map<string, number>();
  const interned = (ids: Map<string, number>, key: string): number => {
    let id = ids.get(key);
    if (id === undefined) ids.set(key, (id = ids.size));
    return id;
  };
  const moved = (pod: Pod, at: number): void => {
    podMoves.pods.push(pod);
    podMoves.at.push(at);
    podMoves.labelSet.push(interned(labelSets, labelSetKey(pod)));
    podMoves.terms.push(podHasPodAffinity(pod) ? interned(termSets, affinityKeyOf(pod)) : -1);
  };
  const heldNodeOf = (nodeName: string, what: string): Node => {
    const node = nodeOf.get(nodeName);
    if (!node) throw new Error(`${what}: the cluster holds no node ${nodeName}`);
    return node;
  };
  const bindAt = (pod: Pod, nodeName: string, ordinalOf: (position: number, listLength: number) => number): void => {
    const node = heldNodeOf(nodeName, 'bind');
    const list = ownList(nodeName);
    list.push(pod);
    const nodeUsage = addPodUsage(usageOf(nodeName) ?? emptyNodeUsage, podResourceRequest(pod));
    usage.set(nodeName, nodeUsage);
    setRoomUsage(rooms, node, nodeUsage);
    const position = namePosition(classes.names, nodeName);
    boundPositions.push(position);
    const ordinal = ordinalOf(position, list.length);
    if (podLabels) addToPodLabelIndex(podLabels, node, pod, ordinal);
    if (affinityPods) addToAffinityPodIndex(affinityPods, node, pod, ordinal);
    spread.bound(pod, node);
    moved(pod, position);
  };
  const bind = (pod: Pod, nodeName: string): void => bindAt(pod, nodeName, (position, length) => podOrdinal(position, nextPlace(nodeName, length)));
  const rebind = (pod: Pod, nodeName: string, ordinal: number | undefined): void =>
    bindAt(pod, nodeName, (position, length) => ordinal ?? podOrdinal(position, nextPlace(nodeName, length)));

  const unbind = (pod: Pod, nodeName: string): number | undefined => {
    const node = heldNodeOf(nodeName, 'unbind');
    const list = ownList(nodeName);
    const at = list.indexOf(pod);
    if (at < 0) throw new Error(`unbind: ${pod.metadata.namespace ?? 'default'}/${pod.metadata.name} is not on ${nodeName}`);
    list.splice(at, 1);
    const before = usageOf(nodeName);
    if (before && holdsNodeResources(pod)) {
      const nodeUsage = removePodUsage(before, podResourceRequest(pod));
      usage.set(nodeName, nodeUsage);
      setRoomUsage(rooms, node, nodeUsage);
    }
    const position = namePosition(classes.names, nodeName);
    boundPositions.push(position);
    const ordinal = podLabels ? removeFromPodLabelIndex(podLabels, pod) : undefined;
    if (affinityPods) removeFromAffinityPodIndex(affinityPods, pod);
    spread.unbound(pod, node);
    moved(pod, ~position);
    return ordinal;
  };

  const setNode = (node: Node): void => {
    const name = node.metadata.name;
    heldNodeOf(name, 'setNode');
    nodeOf.set(name, node);
    const position = namePosition(classes.names, name);
    nodes[position] = node;
    putNode(classes, node);
    replacedPositions.push(position);
    boundPositions.push(position);
  };

  const occupy = (nodeName: string, request: PodResourceRequest, count: number): void => {
    const node = nodeOf.get(nodeName);
    if (!node) throw new Error(`occupy: the cluster holds no node ${nodeName}`);
    const nodeUsage = addPodsUsage(usageOf(nodeName) ?? emptyNodeUsage, request, count);
    usage.set(nodeName, nodeUsage);
    setRoomUsage(rooms, node, nodeUsage);
    boundPositions.push(namePosition(classes.names, nodeName));
  };

  const requestScores = new RequestScores(classes, { usageOf, rooms }, nodes, boundPositions);
  return {
    classes,
    capacity: { usageOf, rooms, resourceScores: (pod, positions) => requestScores.of(pod, positions) },
    context,
    bind,
    occupy,
    unbind,
    rebind,
    setNode,
    boundPositions,
    replacedPositions,
    podMoves,
  };
}
