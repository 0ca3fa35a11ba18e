import type { Node, Pod, PodRef } from '../../types';
import { type NodeUsage, addPodUsage, emptyNodeUsage, usageByNode } from '../node-usage';
import { type PlacementOptions, defaultPlacementOptions, placePod, podRef } from '../placement';
import { snapshotOf } from '../framework/scheduling-snapshot';
import { podResourceRequest } from '../../resources/pod-requests';

/**
 * Many pods placed the way kube-scheduler would place them, one after another: the answer to "where
 * do these pods go?" for a drain, a taint, a removal or a headroom question. Two modes, never
 * mixed, and every answer says which:
 * - `together`: in the scheduling queue's order (PrioritySort), each pod on the node kube-scheduler
 *   would choose (every filter, the default scores, the best total, ties broken by node name), then
 *   bound there, taking its room, host ports and part in spread and pod affinity for the pods after;
 * - `alone`: each pod against the cluster as it is, as descheduler's NodeFit judges a pod, none
 *   taking room from another.
 */

export type SimulationMode = 'together' | 'alone';

/** A pod waiting to be placed, and when it entered the queue (an evicted pod: its eviction's time), in ms since the epoch. */
export interface QueuedPod {
  readonly pod: Pod;
  readonly queuedAt: number;
}

/** Where a pod went: a node, or none and kube-scheduler's line for it. */
interface SimulatedPlacement {
  readonly pod: PodRef;
  /** The node chosen, or null when no node fits the pod (it is stranded). */
  readonly node: string | null;
  /** kube-scheduler's line for the pod at its turn: why it fits nowhere, or how many nodes took it. */
  readonly summary: string;
  /** How many nodes shared the best total when more than one: kube-scheduler picks among them at random, this answer by name. */
  readonly bestTied?: number;
}

export interface Simulation {
  readonly mode: SimulationMode;
  /** In the order the pods were placed (the queue's, in `together`; the order given, in `alone`). */
  readonly placements: readonly SimulatedPlacement[];
  readonly placed: number;
  readonly stranded: number;
}

/** The cluster the pods are placed in: its nodes and the pods bound to them (terminal ones are left out as the scheduler leaves them). */
export interface SimulatedCluster {
  readonly nodes: readonly Node[];
  readonly pods: readonly Pod[];
}

/** corev1helpers.PodPriority. */
const priorityOf = (pod: Pod): number => pod.spec?.priority ?? 0;

/**
 * PrioritySort's Less: the higher priority first, then the earlier in the queue; pods alike keep
 * the order given (a stable sort).
 */
export function queueOrder(pods: readonly QueuedPod[]): QueuedPod[] {
  return [...pods].sort((a, b) => priorityOf(b.pod) - priorityOf(a.pod) || a.queuedAt - b.queuedAt);
}

/** The pod as bound to the node (what the next pods see of it). */
const boundTo = (pod: Pod, node: string): Pod => ({ ...pod, spec: { ...pod.spec, nodeName: node } });

/** One pod's turn over the cluster as it stands: kube-scheduler's choice, or none. */
function placeOne(
  pod: Pod,
  nodes: readonly Node[],
  bound: readonly Pod[],
  usage: ReadonlyMap<string, NodeUsage>,
  options: PlacementOptions,
): SimulatedPlacement {
  const placement = placePod(pod, nodes, options, { usageOf: (name) => usage.get(name) }, { snapshot: snapshotOf(nodes, bound) });
  const best = placement.nodes[0];
  const chosen = best?.feasible ? best.name : null;
  return { pod: podRef(pod), node: chosen, summary: placement.summary, ...(chosen && placement.bestTied ? { bestTied: placement.bestTied } : {}) };
}

/** The pods placed in the mode asked (see above); a pod to place must not be bound (its spec.nodeName is cleared first by the caller). */
export function simulatePlacement(
  cluster: SimulatedCluster,
  pending: readonly QueuedPod[],
  mode: SimulationMode = 'together',
  options: PlacementOptions = defaultPlacementOptions,
): Simulation {
  const bound = [...cluster.pods];
  const usage = usageByNode(bound);
  const placements: SimulatedPlacement[] = [];
  const turns = mode === 'together' ? queueOrder(pending) : pending;
  for (const { pod } of turns) {
    const placed = placeOne(pod, cluster.nodes, bound, usage, options);
    placements.push(placed);
    if (mode === 'alone' || placed.node === null) continue;
    // Bound: its room, ports and labels count for the pods after it.
    bound.push(boundTo(pod, placed.node));
    usage.set(placed.node, addPodUsage(usage.get(placed.node) ?? emptyNodeUsage, podResourceRequest(pod)));
  }
  const placed = placements.filter((p) => p.node !== null).length;
  return { mode, placements, placed, stranded: placements.length - placed };
}
