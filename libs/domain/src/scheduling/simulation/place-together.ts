import type { Pod, PodRef } from '../../types';
import { placementChoice } from '../grouped-summary';
import { type PlacementOptions, defaultPlacementOptions, podRef } from '../placement';
import { schedulingInputKey } from '../scheduling-input-key';
import { KeptScores } from './kept-scores';
import { type SimulatedCluster, type SimulatedClusterState, simulatedClusterState } from './simulated-cluster-state';

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
  /** The pod's schedulingInputKey, when the caller has it already (a replacement's, kept with the pod it replaces). */
  readonly key?: string;
}

/** Where a pod went: a node, or none and kube-scheduler's line for it. */
interface SimulatedPlacement {
  readonly pod: PodRef;
  /** The pod's place in the list given to place: what the caller joins the answer to its pods by. */
  readonly queued: number;
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

/** corev1helpers.PodPriority. */
const priorityOf = (pod: Pod): number => pod.spec?.priority ?? 0;

/**
 * PrioritySort's Less: the higher priority first, then the earlier in the queue; pods alike keep
 * the order given (a stable sort).
 */
export function queueOrder(pods: readonly QueuedPod[]): QueuedPod[] {
  return queueTurns(pods).map((at) => pods[at] as QueuedPod);
}

/** The places (in `pods`) in the queue's order (see queueOrder). */
function queueTurns(pods: readonly QueuedPod[]): number[] {
  const priorities = pods.map(({ pod }) => priorityOf(pod));
  return pods
    .map((_, at) => at)
    .sort((a, b) => (priorities[b] as number) - (priorities[a] as number) || (pods[a] as QueuedPod).queuedAt - (pods[b] as QueuedPod).queuedAt || a - b);
}

/** The pod as bound to the node (what the next pods see of it). */
const boundTo = (pod: Pod, node: string): Pod => ({ ...pod, spec: { ...pod.spec, nodeName: node } });

/**
 * One pod's turn over the cluster as it stands: kube-scheduler's choice, or none. The summary by
 * buckets of nodes alike names the best node (its first feasible node) as placePod ranks them; the
 * property tests hold the two equal.
 */
function placeOne(pod: Pod, queued: number, state: SimulatedClusterState, options: PlacementOptions): SimulatedPlacement {
  return { pod: podRef(pod), queued, ...placementChoice(pod, state.classes, options, state.capacity, state.context) };
}

/** The pods placed in the mode asked (see above); a pod to place must not be bound (its spec.nodeName is cleared first by the caller). */
export function simulatePlacement(
  cluster: SimulatedCluster,
  pending: readonly QueuedPod[],
  mode: SimulationMode = 'together',
  options: PlacementOptions = defaultPlacementOptions,
): Simulation {
  const state = simulatedClusterState(cluster);
  if (mode === 'together') return new TogetherPlacer(state, options).place(pending, false).simulation;
  // Alone, the cluster never changes: pods alike in all that placement reads (a workload's replicas)
  // get one answer, and workloads alike but in their matching pods share one ranking of the nodes
  // (kept-scores.ts), each reading its own counts: a thousand workloads, one pass over the nodes.
  const kept = new KeptScores(state, options);
  const alike = new Map<string, SimulatedPlacement>();
  const placements = pending.map(({ pod, key: given }, queued) => {
    const key = given ?? schedulingInputKey(pod);
    const known = alike.get(key);
    if (known) return { ...known, pod: podRef(pod), queued };
    const turn = kept.turn(pod, key, true);
    const placed: SimulatedPlacement = turn ? { pod: podRef(pod), queued, ...turn } : placeOne(pod, queued, state, options);
    alike.set(key, placed);
    return placed;
  });
  return simulationOf('alone', placements);
}

function simulationOf(mode: SimulationMode, placements: SimulatedPlacement[]): Simulation {
  const placed = placements.filter((p) => p.node !== null).length;
  return { mode, placements, placed, stranded: placements.length - placed };
}

/**
 * Pods placed together on a simulation's cluster, which keeps what it bound: each kind of pod keeps
 * its ranking across turns (kept-scores.ts) where it is placed by class, and across calls, so that
 * one cluster can be asked many questions in turn (a removal sweep: a node's pods placed, then taken
 * off again, node after node).
 */
export class TogetherPlacer {
  private readonly kept: KeptScores;
  /** Each kind's last answer that fit nowhere, and how many changes the state had logged then (boundPositions' length). */
  private readonly stranded = new Map<string, { changes: number; placement: SimulatedPlacement }>();

  constructor(
    private readonly state: SimulatedClusterState,
    private readonly options: PlacementOptions,
  ) {
    this.kept = new KeptScores(state, options);
  }

  /**
   * The pods in the queue's order, each bound where it goes; `bound` lists them as bound (to take off
   * again). `rankEveryKind`: rank a kind of pod even at its only turn in this call (later calls will
   * meet it again).
   */
  place(pending: readonly QueuedPod[], rankEveryKind: boolean): { simulation: Simulation; bound: { pod: Pod; node: string }[] } {
    const { state, options, kept } = this;
    const turns = queueTurns(pending);
    const keys = turns.map((at) => {
      const { pod, key } = pending[at] as QueuedPod;
      return key ?? schedulingInputKey(pod);
    });
    // How many turns each kind has left: a kind's ranking pays for itself only over more than one.
    const left = new Map<string, number>();
    for (const key of keys) left.set(key, (left.get(key) ?? 0) + 1);
    const bound: { pod: Pod; node: string }[] = [];
    const placements = turns.map((queued, at) => {
      const { pod } = pending[queued] as QueuedPod;
      const key = keys[at] as string;
      const more = (left.get(key) as number) - 1;
      left.set(key, more);
      // A kind that fit nowhere at its last turn fits nowhere now if nothing changed since (the state's
      // log of changes is as long): a taint on every node strands thousands of pods of a few kinds.
      const stranded = this.stranded.get(key);
      if (stranded && stranded.changes === state.boundPositions.length) return { ...stranded.placement, pod: podRef(pod), queued };
      const turn = kept.turn(pod, key, rankEveryKind || more > 0);
      const placed: SimulatedPlacement = turn ? { pod: podRef(pod), queued, ...turn } : placeOne(pod, queued, state, options);
      if (placed.node === null) this.stranded.set(key, { changes: state.boundPositions.length, placement: placed });
      // Bound: its room, ports and labels count for the pods after it.
      if (placed.node !== null) {
        const held = boundTo(pod, placed.node);
        state.bind(held, placed.node);
        bound.push({ pod: held, node: placed.node });
      }
      return placed;
    });
    return { simulation: simulationOf('together', placements), bound };
  }
}
