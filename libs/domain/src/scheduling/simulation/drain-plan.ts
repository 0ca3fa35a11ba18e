import { type DrainFlags, type PodDeleteStatus, drainErrors, drainWarnings, podDeleteStatus } from '../../kubectl/drain-filters';
import { isTerminal } from '../../eviction/impact-search';
import { controllerOf } from '../topology-spread/spread-selector';
import { budgetsOfPod, checkEvictionBudgets } from '../../policy/eviction-budget';
import type { PodDisruptionBudget } from '../../policy/pod-disruption-budget';
import type { Node, Pod, PodRef } from '../../types';
import { podResourceRequest } from '../../resources/pod-requests';
import { type NodeUsage, holdsNodeResources, removePodUsage } from '../node-usage';
import { budgetsByNamespace } from '../framework/scheduling-snapshot';
import { type PlacementOptions, defaultPlacementOptions, podRef } from '../placement';
import { type QueuedPod, type Simulation, type SimulationMode, simulatePlacement } from './place-together';
import type { SimulatedCluster } from './simulated-cluster-state';
import { queuedReplacement } from './evicted-placement';

/**
 * What `kubectl drain --ignore-daemonsets --delete-emptydir-data [--force]` over some nodes would
 * do, and where the pods it evicts come back: kubectl cordons every node first (RunDrain), then
 * takes the nodes one after another, deciding each node's pods with its filters (drain-filters.ts).
 * A node where a pod cannot be deleted (one that declares no controller, without --force) is not
 * drained at all: kubectl prints `cannot delete ...` and goes on. On the others, every pod the
 * filters let go is evicted; the Eviction API refuses one whose PodDisruptionBudget allows no
 * disruption now (429, which kubectl retries until the budget allows it: the drain waits there), or
 * that more than one budget selects (500). A pod whose budget allows some disruptions is evicted:
 * kubectl's retries get it through as its replacements become ready (the plan does not follow how
 * long that takes). Each evicted pod that has a controller (ReplicaSet, StatefulSet, Job, any
 * controller but a DaemonSet) is recreated and placed, together or alone (simulatePlacement), on
 * the cluster as the drain leaves it: its nodes cordoned, the evicted pods gone; a pod without one,
 * evicted with --force, is gone. Terminal pods are deleted and hold no room: they are listed as
 * skipped. Pods pending before the drain are not placed with it.
 */

export interface DrainRequest {
  /** The nodes drained, in the order kubectl takes them (as listed: by name). */
  readonly nodes: readonly string[];
  readonly force: boolean;
  readonly mode: SimulationMode;
  /** When the evictions are asked (ms since the epoch): the budgets' conditions, and the queue's time of every replacement. */
  readonly now: number;
}

type DrainVerdict = 'AllFit' | 'SomeStranded' | 'Blocked';

interface EvictedPod {
  readonly pod: PodRef;
  readonly from: string;
  /** The node its replacement goes to; null when it fits nowhere (stranded) or nothing recreates it (`replaced` false). */
  readonly to: string | null;
  /** Whether its controller recreates it; a pod without one, evicted with --force, is gone. */
  readonly replaced: boolean;
  /** kube-scheduler's line for the replacement at its turn; absent when it is not replaced. */
  readonly summary?: string;
  /** How many nodes shared the best total, when more than one (the node named is the first by name). */
  readonly bestTied?: number;
}

type BlockReason = 'DisruptionBudget' | 'NoController' | 'LocalStorage' | 'DaemonSet';

interface BlockedPod {
  readonly pod: PodRef;
  readonly from: string;
  readonly reason: BlockReason;
  /** kubectl's or kube-apiserver's words for it. */
  readonly message: string;
  /** The budget that refuses the eviction (the first, when more than one selects the pod). */
  readonly disruptionBudget?: string;
}

type SkipReason = 'DaemonSet' | 'Mirror' | 'Terminal' | 'NodeNotDrained';

interface SkippedPod {
  readonly pod: PodRef;
  readonly from: string;
  readonly reason: SkipReason;
  readonly message: string;
}

export interface DrainPlan {
  readonly mode: SimulationMode;
  readonly verdict: DrainVerdict;
  /** The nodes drained, in kubectl's order. */
  readonly nodes: readonly string[];
  readonly counts: {
    readonly evicted: number;
    readonly placed: number;
    readonly stranded: number;
    /** Evicted and not recreated (no controller, with --force). */
    readonly deleted: number;
    readonly blocked: number;
    readonly skipped: number;
  };
  /** In the order the replacements were placed (the scheduling queue's, in `together`), then those not recreated. */
  readonly evicted: readonly EvictedPod[];
  /** The evicted pods whose replacement fits nowhere (a subset of `evicted`). */
  readonly stranded: readonly EvictedPod[];
  readonly blocked: readonly BlockedPod[];
  readonly skipped: readonly SkippedPod[];
  /** The nodes kubectl does not drain, with its error (`cannot delete Pods that declare no controller ...: ns/p`). */
  readonly undrained: readonly { readonly node: string; readonly message: string }[];
  /** kubectl's warnings, a line per node drained (`ignoring DaemonSet-managed Pods: ns/a, ns/b`), without its `Warning: `. */
  readonly warnings: readonly string[];
}

/** The command the plan answers for: the daemon sets ignored and emptyDir data deleted, --force as asked. */
const flagsOf = (force: boolean): DrainFlags => ({ ignoreDaemonSets: true, deleteEmptyDirData: true, force });

/** A node's pods by namespace, then name, as kubectl lists them: each pod's names read once, not at each comparison. */
function byNamespaceName(pods: Iterable<Pod>): Pod[] {
  const keyed = [...pods].map((pod) => ({ pod, namespace: pod.metadata.namespace ?? 'default', name: pod.metadata.name }));
  keyed.sort((a, b) => (a.namespace < b.namespace ? -1 : a.namespace > b.namespace ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return keyed.map(({ pod }) => pod);
}

/** utilerrors.NewAggregate's message: the one error's, or all of them in brackets. */
const aggregate = (messages: readonly string[]) => (messages.length === 1 ? (messages[0] as string) : `[${messages.join(', ')}]`);

const blockReasons: Record<NonNullable<PodDeleteStatus['filter']>, BlockReason> = {
  daemonSet: 'DaemonSet',
  mirrorPod: 'DaemonSet',
  localStorage: 'LocalStorage',
  unreplicated: 'NoController',
};

/** A node's pods that kubectl keeps (delete false, not an error): their reason. */
const skipReason = (status: PodDeleteStatus): SkipReason => (status.filter === 'mirrorPod' ? 'Mirror' : 'DaemonSet');

/** A drain's cluster: its pods as a list, and optionally every pod bound to a node (any phase) as its holder keeps them, not to walk 300,000 pods for a few nodes. */
type DrainCluster = SimulatedCluster & { readonly pods: readonly Pod[]; readonly podsBoundTo?: (nodeName: string) => Iterable<Pod> };

export function drainPlan(cluster: DrainCluster, request: DrainRequest, options: PlacementOptions = defaultPlacementOptions): DrainPlan {
  const drained = new Set(request.nodes);
  const podsOf = new Map<string, Pod[]>();
  if (cluster.podsBoundTo) for (const node of drained) podsOf.set(node, [...cluster.podsBoundTo(node)]);
  else {
    for (const pod of cluster.pods) {
      const nodeName = pod.spec?.nodeName;
      if (!nodeName || !drained.has(nodeName)) continue;
      const list = podsOf.get(nodeName);
      if (list) list.push(pod);
      else podsOf.set(nodeName, [pod]);
    }
  }
  const decisions = drainDecisions((node) => podsOf.get(node) ?? [], cluster.podDisruptionBudgets ?? [], request);
  const { leaving } = decisions;
  const gone = new Set(leaving.map(({ pod }) => pod));
  const nodes: Node[] = cluster.nodes.map((node) => (drained.has(node.metadata.name) ? { ...node, spec: { ...node.spec, unschedulable: true } } : node));
  // The holder's cluster with the evicted pods taken off (the simulation forks its indexes), or the pods given less them.
  const usageOf = !cluster.held && cluster.usageOf ? usageWithout(cluster.usageOf, leaving) : cluster.usageOf;
  const placedOn = cluster.held
    ? { ...cluster, nodes, removed: leaving.map(({ pod }) => pod) }
    : { ...cluster, nodes, pods: cluster.pods.filter((pod) => !gone.has(pod)), ...(usageOf ? { usageOf } : {}) };
  const simulation = simulatePlacement(placedOn, replacementsOf(decisions, request.now), request.mode, options);
  return planOf(request, decisions, simulation);
}

/** What kubectl's filters and the Eviction API decide of the drained nodes' pods, before any is placed. */
export interface DrainDecisions {
  readonly blocked: readonly BlockedPod[];
  readonly skipped: readonly SkippedPod[];
  readonly undrained: readonly { readonly node: string; readonly message: string }[];
  readonly warnings: readonly string[];
  /** The pods evicted, in kubectl's order, each from its node, and whether a controller recreates it. */
  readonly leaving: readonly { readonly pod: Pod; readonly from: string; readonly replaced: boolean }[];
}

/**
 * Each drained node's pods decided as kubectl's filters decide them (drain-filters.ts), node after
 * node, and each pod they let go asked of the Eviction API (its budgets as they stand at `now`).
 * `podsOf` gives every pod bound to a node, whatever its phase.
 */
export function drainDecisions(
  podsOf: (node: string) => readonly Pod[],
  podDisruptionBudgets: readonly PodDisruptionBudget[],
  request: DrainRequest,
): DrainDecisions {
  const flags = flagsOf(request.force);
  const budgets = budgetsByNamespace(podDisruptionBudgets);
  const blocked: BlockedPod[] = [];
  const skipped: SkippedPod[] = [];
  const undrained: { node: string; message: string }[] = [];
  const warnings: string[] = [];
  const leaving: { pod: Pod; from: string; replaced: boolean }[] = [];
  for (const node of request.nodes) {
    const pods = byNamespaceName(podsOf(node));
    const statuses = pods.map((pod) => ({ pod, status: podDeleteStatus(pod, flags) }));
    const errors = drainErrors(statuses);
    if (errors.length > 0) {
      const message = aggregate(errors);
      undrained.push({ node, message });
      for (const { pod, status } of statuses) {
        if (status.reason === 'Error')
          blocked.push({ pod: podRef(pod), from: node, reason: blockReasons[status.filter ?? 'unreplicated'], message: status.message ?? '' });
        else
          skipped.push({
            pod: podRef(pod),
            from: node,
            reason: status.delete ? 'NodeNotDrained' : skipReason(status),
            message: status.delete ? message : (status.message ?? ''),
          });
      }
      continue;
    }
    const warning = drainWarnings(statuses);
    if (warning) warnings.push(warning);
    for (const { pod, status } of statuses) {
      if (!status.delete) {
        skipped.push({
          pod: podRef(pod),
          from: node,
          reason: skipReason(status),
          message: status.message ?? 'a mirror pod: the kubelet runs it from a file, the API server cannot delete it',
        });
        continue;
      }
      if (isTerminal(pod)) {
        skipped.push({ pod: podRef(pod), from: node, reason: 'Terminal', message: 'finished: deleted, holding no room and recreated by nothing' });
        continue;
      }
      const refusal = budgetRefusal(pod, budgets.get(pod.metadata.namespace || 'default') ?? [], request.now);
      if (refusal) blocked.push({ pod: podRef(pod), from: node, reason: 'DisruptionBudget', ...refusal });
      else leaving.push({ pod, from: node, replaced: controllerOf(pod) !== undefined });
    }
  }
  return { blocked, skipped, undrained, warnings, leaving };
}

/** The replacements of the evicted pods a controller recreates, each entering the queue when its pod is evicted. */
export function replacementsOf({ leaving }: DrainDecisions, now: number): QueuedPod[] {
  return leaving.filter(({ replaced }) => replaced).map(({ pod }) => queuedReplacement(pod, now));
}

/** The plan from the decisions and where the replacements went. */
export function planOf(request: DrainRequest, { blocked, skipped, undrained, warnings, leaving }: DrainDecisions, simulation: Simulation): DrainPlan {
  // The simulation placed replacementsOf's list: each placement's node left, by its place in it.
  const fromOf = leaving.filter(({ replaced }) => replaced).map(({ from }) => from);
  const placed: EvictedPod[] = simulation.placements.map((p) => ({
    pod: p.pod,
    from: fromOf[p.queued] as string,
    to: p.node,
    replaced: true,
    summary: p.summary,
    ...(p.bestTied ? { bestTied: p.bestTied } : {}),
  }));
  const deleted: EvictedPod[] = leaving.filter(({ replaced }) => !replaced).map(({ pod, from }) => ({ pod: podRef(pod), from, to: null, replaced: false }));
  const evicted = [...placed, ...deleted];
  const stranded = placed.filter((p) => p.to === null);
  const verdict: DrainVerdict = blocked.length > 0 || undrained.length > 0 ? 'Blocked' : stranded.length > 0 ? 'SomeStranded' : 'AllFit';
  return {
    mode: simulation.mode,
    verdict,
    nodes: [...request.nodes],
    counts: {
      evicted: evicted.length,
      placed: placed.length - stranded.length,
      stranded: stranded.length,
      deleted: deleted.length,
      blocked: blocked.length,
      skipped: skipped.length,
    },
    evicted,
    stranded,
    blocked,
    skipped,
    undrained,
    warnings,
  };
}

/** The holder's usage without the pods evicted: their nodes' usage less their requests, the others' as held. */
function usageWithout(
  usageOf: (nodeName: string) => NodeUsage | undefined,
  leaving: readonly { pod: Pod; from: string }[],
): (nodeName: string) => NodeUsage | undefined {
  const changed = new Map<string, NodeUsage | undefined>();
  for (const { pod, from } of leaving) {
    const before = changed.has(from) ? changed.get(from) : usageOf(from);
    // A pod that holds no room (terminal ones are skipped already) took none from its node.
    changed.set(from, before && holdsNodeResources(pod) ? removePodUsage(before, podResourceRequest(pod)) : before);
  }
  return (nodeName) => (changed.has(nodeName) ? changed.get(nodeName) : usageOf(nodeName));
}

/** The Eviction API's refusal of the pod by its budgets as they stand, in kube-apiserver's words; undefined when it lets the pod go. */
function budgetRefusal(pod: Pod, budgets: readonly PodDisruptionBudget[], now: number): { message: string; disruptionBudget?: string } | undefined {
  const check = checkEvictionBudgets(pod, budgets, now);
  if (check.kind !== 'refused') return undefined;
  const [budget] = budgetsOfPod(pod, budgets);
  const cause = check.failure.otherCauses?.[0]?.message;
  return { message: cause ? `${check.failure.message} ${cause}` : check.failure.message, ...(budget ? { disruptionBudget: budget.metadata.name } : {}) };
}
