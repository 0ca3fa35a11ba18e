import type { PodDisruptionBudget } from '../../policy/pod-disruption-budget';
import { type PodResourceRequest, podResourceRequest } from '../../resources/pod-requests';
import type { Namespace, Node, Pod } from '../../types';
import { type SchedulingSnapshot, type StorageLister, budgetsByNamespace, emptyStorageLister } from '../framework/scheduling-snapshot';
import { type PodLabelIndex, addToPodLabelIndex, podLabelIndexOf, podOrdinal } from '../framework/pod-label-index';
import { type AffinityPodIndex, addToAffinityPodIndex, affinityPodIndexOf } from '../inter-pod-affinity/affinity-pod-index';
import { type NodeClasses, namePosition, nodeClassesOf } from '../node-classes';
import { type NodeRooms, nodeRoomsOf, setRoomUsage } from '../node-rooms';
import { type NodeUsage, addPodUsage, addPodsUsage, emptyNodeUsage, holdsNodeResources } from '../node-usage';
import type { PlacementCapacity } from '../placement-reasons';
import type { PlacementContext } from '../placement';
import { keptPodCounter } from '../topology-spread/spread-counting';

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
  /** The position (in the classes' names) of each node a pod was bound to, or room taken on, in order: what changed since a turn. */
  readonly boundPositions: readonly number[];
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
}

/** Spread selectors whose counts a simulation keeps: one per workload moved, for a drain of a thousand workloads and more. */
const SELECTORS_KEPT = 8192;

const byName = (a: Node, b: Node) => (a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0);

export function simulatedClusterState(cluster: SimulatedCluster): SimulatedClusterState {
  const nodes = [...cluster.nodes].sort(byName);
  const nodeOf = new Map(nodes.map((node) => [node.metadata.name, node]));
  const podsByNode = new Map<string, Pod[]>();
  // The simulation's own usage of the nodes it changed (all of them when the holder gives none), over the holder's.
  const usage = new Map<string, NodeUsage>();
  const held = cluster.usageOf;
  for (const pod of cluster.pods) {
    const nodeName = pod.spec?.nodeName;
    // Bound to a node the cluster does not hold: it takes room nowhere, as in the scheduler's cache.
    if (!nodeName || !holdsNodeResources(pod) || !nodeOf.has(nodeName)) continue;
    const list = podsByNode.get(nodeName);
    if (list) list.push(pod);
    else podsByNode.set(nodeName, [pod]);
    if (!held) usage.set(nodeName, addPodUsage(usage.get(nodeName) ?? emptyNodeUsage, podResourceRequest(pod)));
  }
  const budgets = budgetsByNamespace(cluster.podDisruptionBudgets ?? []);
  const snapshot: SchedulingSnapshot = {
    nodes,
    podsOn: (nodeName) => podsByNode.get(nodeName) ?? [],
    namespace: cluster.namespace ?? (() => undefined),
    storage: cluster.storage ?? emptyStorageLister,
    podDisruptionBudgets: (namespace) => budgets.get(namespace) ?? [],
  };
  const classes = nodeClassesOf(nodes);
  const usageOf = (nodeName: string) => usage.get(nodeName) ?? held?.(nodeName);
  const rooms: NodeRooms = nodeRoomsOf(nodes, usageOf);

  // The indexes, each made on first asking (as indexedContext makes them), then kept by bind.
  let podLabels: PodLabelIndex | undefined;
  let affinityPods: AffinityPodIndex | undefined;
  const labelsOf = () => (podLabels ??= podLabelIndexOf(snapshot));
  const spread = keptPodCounter(snapshot, labelsOf, SELECTORS_KEPT);
  const context: PlacementContext = {
    snapshot,
    indexes: {
      get affinityPods() {
        return (affinityPods ??= affinityPodIndexOf(snapshot));
      },
      get podLabels() {
        return labelsOf();
      },
      spreadCounter: spread.counter,
    },
  };

  const boundPositions: number[] = [];
  const bind = (pod: Pod, nodeName: string): void => {
    const node = nodeOf.get(nodeName);
    if (!node) throw new Error(`bind: the cluster holds no node ${nodeName}`);
    let list = podsByNode.get(nodeName);
    if (!list) podsByNode.set(nodeName, (list = []));
    list.push(pod);
    const nodeUsage = addPodUsage(usageOf(nodeName) ?? emptyNodeUsage, podResourceRequest(pod));
    usage.set(nodeName, nodeUsage);
    setRoomUsage(rooms, node, nodeUsage);
    const position = namePosition(classes.names, nodeName);
    boundPositions.push(position);
    const ordinal = podOrdinal(position, list.length - 1);
    if (podLabels) addToPodLabelIndex(podLabels, node, pod, ordinal);
    if (affinityPods) addToAffinityPodIndex(affinityPods, node, pod, ordinal);
    spread.bound(pod, node);
  };

  const occupy = (nodeName: string, request: PodResourceRequest, count: number): void => {
    const node = nodeOf.get(nodeName);
    if (!node) throw new Error(`occupy: the cluster holds no node ${nodeName}`);
    const nodeUsage = addPodsUsage(usageOf(nodeName) ?? emptyNodeUsage, request, count);
    usage.set(nodeName, nodeUsage);
    setRoomUsage(rooms, node, nodeUsage);
    boundPositions.push(namePosition(classes.names, nodeName));
  };

  return { classes, capacity: { usageOf, rooms }, context, bind, occupy, boundPositions };
}
