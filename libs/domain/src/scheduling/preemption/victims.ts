import type { PodDisruptionBudget } from '../../policy/pod-disruption-budget';
import { type PodResourceRequest, podResourceRequest } from '../../resources/pod-requests';
import type { MatchOptions } from '../../tolerations/match';
import type { Node, Pod } from '../../types';
import { type PreparedFilters, prepareFilters } from '../framework/default-filters';
import { hasPodPlugins } from '../framework/pod-plugins';
import { type SchedulerRejection, runFilters } from '../node-filters';
import { type NodeUsage, addPodUsage, emptyNodeUsage, removePodUsage } from '../node-usage';
import type { PlacementContext } from '../placement';
import type { PlacementCapacity } from '../placement-reasons';
import { filterPodsWithPDBViolation } from './disruption-budgets';
import { preemptionAllowed } from './eligibility';
import { snapshotWithPodsOn } from './node-pods-view';
import { byImportance } from './pod-importance';

/** What the search on every node shares: the preemptor, its cluster, and what is computed once for it. */
export interface VictimSearch {
  readonly pod: Pod;
  /** The cluster without the preemptor (contextWithout, for a stored pod). */
  readonly context: PlacementContext;
  readonly options: MatchOptions;
  /** Without it NodeResourcesFit does not run, as in placement. */
  readonly capacity?: PlacementCapacity;
  readonly budgets: readonly PodDisruptionBudget[];
  /** The PreFilters run on the whole cluster. */
  readonly prepared: PreparedFilters;
  /** The preemptor's request, when capacity is given. */
  readonly request?: PodResourceRequest;
}

export function victimSearch(
  pod: Pod,
  context: PlacementContext,
  options: MatchOptions,
  capacity: PlacementCapacity | undefined,
  budgets: readonly PodDisruptionBudget[],
  prepared: PreparedFilters = prepareFilters(pod, context.snapshot, context.indexes),
): VictimSearch {
  return capacity ? { pod, context, options, capacity, budgets, prepared, request: podResourceRequest(pod) } : { pod, context, options, budgets, prepared };
}

/**
 * podResourceRequest by pod object: a dry run weighs the lower-priority pods of up to every node, and
 * the next question about the same cluster weighs them again. Objects handed to the domain are never
 * changed, so a request computed once stays right.
 */
const requests = new WeakMap<Pod, PodResourceRequest>();

function requestOf(pod: Pod): PodResourceRequest {
  let request = requests.get(pod);
  if (!request) {
    request = podResourceRequest(pod);
    requests.set(pod, request);
  }
  return request;
}

/** The usage less all these requests at once (NodeInfo.RemovePod for each, without a usage made per pod). */
function usageWithout(usage: NodeUsage, removed: readonly PodResourceRequest[]): NodeUsage {
  let { milliCPU, memory, ephemeralStorage } = usage.requested;
  let nonZeroCPU = usage.nonZeroRequested.milliCPU;
  let nonZeroMemory = usage.nonZeroRequested.memory;
  let scalar: Map<string, bigint> | undefined;
  for (const request of removed) {
    milliCPU -= request.milliCPU;
    memory -= request.memory;
    ephemeralStorage -= request.ephemeralStorage;
    nonZeroCPU -= request.nonZero.milliCPU;
    nonZeroMemory -= request.nonZero.memory;
    for (const [name, q] of request.scalar) {
      scalar ??= new Map(usage.requested.scalar);
      scalar.set(name, (scalar.get(name) ?? 0n) - q);
    }
  }
  const sortedScalar = scalar && scalar.size !== usage.requested.scalar.size ? new Map([...scalar].sort(([x], [y]) => (x < y ? -1 : 1))) : scalar;
  return {
    requested: { milliCPU, memory, ephemeralStorage, scalar: sortedScalar ?? usage.requested.scalar },
    nonZeroRequested: { milliCPU: nonZeroCPU, memory: nonZeroMemory },
    pods: usage.pods - removed.length,
  };
}

/** The victims SelectVictimsOnNode settles on, most important first, or the status that ends the node's search. */
export type NodeVictims =
  | { readonly found: true; readonly victims: readonly Pod[]; readonly numViolatingVictim: number; readonly violating: ReadonlySet<Pod> }
  | { readonly found: false; readonly status: SchedulerRejection };

/** The status of a node without a pod of lower priority than the preemptor's. */
export const noVictimsFound: SchedulerRejection = Object.freeze({ reasons: ['No preemption victims found for incoming pod'], unresolvable: true });

/**
 * SelectVictimsOnNode (default_preemption.go). Every pod of lower priority than the preemptor's is
 * taken off the node (its usage and the cluster both without them, contextWithPodsOn); if the
 * preemptor still does not fit, the node's status is the filters' (its first failing filter's) and
 * there are no victims. Otherwise the pods taken off are put back one by one, most important first
 * (MoreImportantPod), those whose eviction would break a PodDisruptionBudget before the others; a
 * pod that leaves the preemptor no room is taken off again and becomes a victim.
 *
 * "Fits" is the node's filters run again over the changed node: NodeResourcesFit (with capacity)
 * on the usage less the pods taken off, and the plugins beyond the node's own filters as the
 * PreFilter extensions' RemovePod and AddPod leave them (PreparedFilters.withoutPods: the spread's
 * and pod affinity's counts, the ReadWriteOncePod claims in use, less what the pods taken off
 * count; the node's host ports, disks and volumes without theirs). The PreFilters are not run
 * again, and nothing beyond the pods taken off is counted. Nominated pods of other preemptors
 * (RunFilterPluginsWithNominatedPods) are not modelled.
 */
export function selectVictimsOnNode(search: VictimSearch, node: Node): NodeVictims {
  const { pod } = search;
  const nodeName = node.metadata.name;
  const onNode = search.context.snapshot.podsOn(nodeName);
  const potential = onNode.filter((other) => preemptionAllowed(other, pod));
  if (potential.length === 0) return { found: false, status: noVictimsFound };

  const requests = new Map(search.capacity ? potential.map((p) => [p, requestOf(p)] as const) : []);
  const takenOff = new Set<Pod>(potential);
  let usage: NodeUsage | undefined = search.capacity && usageWithout(search.capacity.usageOf(nodeName) ?? emptyNodeUsage, [...requests.values()]);
  // Plugins beyond the node's own filters, seeing the node without the pods taken off.
  const withPlugins = hasPodPlugins(search.prepared.plugins);
  const statusNow = (): SchedulerRejection | undefined => {
    let plugins = search.prepared.plugins;
    if (withPlugins) {
      const view = snapshotWithPodsOn(
        search.context.snapshot,
        nodeName,
        onNode.filter((p) => !takenOff.has(p)),
      );
      plugins = search.prepared.withoutPods(node, [...takenOff], view);
    }
    const current = usage;
    const fit = search.request && current ? { request: search.request, usageOf: () => current } : undefined;
    return runFilters(pod, node, search.options, false, fit, plugins).rejection;
  };

  const withoutAll = statusNow();
  if (withoutAll) return { found: false, status: withoutAll };

  const { violating, nonViolating } = filterPodsWithPDBViolation([...potential].sort(byImportance), search.budgets);
  const victims: Pod[] = [];
  const reprieve = (p: Pod): boolean => {
    const request = requests.get(p);
    takenOff.delete(p);
    if (usage && request) usage = addPodUsage(usage, request);
    if (statusNow() === undefined) return true;
    takenOff.add(p);
    if (usage && request) usage = removePodUsage(usage, request);
    victims.push(p);
    return false;
  };
  let numViolatingVictim = 0;
  for (const p of violating) if (!reprieve(p)) numViolatingVictim++;
  for (const p of nonViolating) reprieve(p);
  // The victims of both groups, in importance order again.
  if (violating.length > 0 && nonViolating.length > 0) victims.sort(byImportance);
  return { found: true, victims, numViolatingVictim, violating: new Set(violating) };
}
