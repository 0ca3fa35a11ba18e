import { type ResourceRequest, podNonZeroScoringRequest, podResourceRequest } from '../resources/pod-requests';
import { isScalarResourceName } from '../resources/resource-names';
import type { Node, Pod } from '../types';
import { type NodeAllocatable, nodeCapacity } from './node-resources-fit';
import { type NodeUsage, emptyNodeUsage } from './node-usage';
import { maxNodeScore } from './taint-toleration-score';

/**
 * kube-scheduler's resource scores (pkg/scheduler/framework/plugins/noderesources): NodeResourcesFit's
 * Score with its default LeastAllocated strategy (least_allocated.go), and
 * NodeResourcesBalancedAllocation (balanced_allocation.go), both over resourceAllocationScorer
 * (resource_allocation.go). Neither normalizes (ScoreExtensions nil): the raw score, 0..100, is final.
 */

/** config.ResourceSpec: a resource the score looks at, and its weight (1..100) in LeastAllocated's average. */
export interface ResourceSpec {
  readonly name: string;
  readonly weight: number;
}

/** The default profile's resources for both scores (NodeResourcesFitArgs, NodeResourcesBalancedAllocationArgs): cpu and memory, weight 1. */
export const defaultScoringResources: readonly ResourceSpec[] = Object.freeze([
  { name: 'cpu', weight: 1 },
  { name: 'memory', weight: 1 },
]);

/** NodeResourcesFit's weight in the default profile (default_plugins.go). */
export const nodeResourcesFitWeight = 1;

/** NodeResourcesBalancedAllocation's weight in the default profile (default_plugins.go). */
export const balancedAllocationWeight = 1;

/** What the pods bound to a node request of it (see PlacementCapacity.usageOf); undefined for a node without such pods. */
export type UsageOf = (nodeName: string) => NodeUsage | undefined;

const noAllocatable: NodeAllocatable = Object.freeze({ milliCPU: 0n, memory: 0n, ephemeralStorage: 0n, pods: 0n, scalar: new Map<string, bigint>() });

/**
 * NodeInfo.Allocatable. A node that states neither allocatable nor capacity (which the API server
 * never stores) offers nothing to score against, as a NodeInfo built from it would: every resource
 * is then left out, and the score is 0.
 */
function allocatableOf(node: Node): NodeAllocatable {
  const capacity = nodeCapacity(node);
  return capacity.limited ? capacity.allocatable : noAllocatable;
}

/** The pod's request of one resource, in the scheduler's units (calculatePodResourceRequest's MilliValue or Value). */
export function requestOf(request: ResourceRequest, name: string): bigint {
  if (name === 'cpu') return request.milliCPU;
  if (name === 'memory') return request.memory;
  if (name === 'ephemeral-storage') return request.ephemeralStorage;
  return request.scalar.get(name) ?? 0n;
}

/**
 * calculateResourceAllocatableRequest: the node's allocatable of a resource, and what its pods and
 * this pod request of it. cpu and memory count the pods' non-zero requests (NonZeroRequested)
 * unless `useRequested`; ephemeral-storage and scalar resources always their requests. A scalar
 * resource the pod does not request, or one the node does not offer, is left out: (0, 0).
 */
function allocatableAndRequested(allocatable: NodeAllocatable, usage: NodeUsage, name: string, podRequest: bigint, useRequested: boolean): [bigint, bigint] {
  if (podRequest === 0n && isScalarResourceName(name)) return [0n, 0n];
  const requested = useRequested ? usage.requested : usage.nonZeroRequested;
  switch (name) {
    case 'cpu':
      return [allocatable.milliCPU, requested.milliCPU + podRequest];
    case 'memory':
      return [allocatable.memory, requested.memory + podRequest];
    case 'ephemeral-storage':
      return [allocatable.ephemeralStorage, usage.requested.ephemeralStorage + podRequest];
    default: {
      const offered = allocatable.scalar.get(name);
      return offered === undefined ? [0n, 0n] : [offered, (usage.requested.scalar.get(name) ?? 0n) + podRequest];
    }
  }
}

/** resourceAllocationScorer.score: requested and allocatable per resource, a resource the node has none of left at (0, 0). */
function scoreNodes(
  request: ResourceRequest,
  nodes: readonly Node[],
  usageOf: UsageOf,
  resources: readonly ResourceSpec[],
  useRequested: boolean,
  scorer: (requested: readonly bigint[], allocatable: readonly bigint[]) => number,
): number[] {
  // Kubernetes answers a profile without resources with an error status ("resources not found"); validation refuses one.
  if (resources.length === 0) throw new Error('resources not found');
  const podRequests = resources.map((r) => requestOf(request, r.name));
  return nodes.map((node) => {
    const allocatable = allocatableOf(node);
    const usage = usageOf(node.metadata.name) ?? emptyNodeUsage;
    const requested: bigint[] = [];
    const offered: bigint[] = [];
    resources.forEach((r, i) => {
      const [alloc, req] = allocatableAndRequested(allocatable, usage, r.name, podRequests[i] ?? 0n, useRequested);
      requested.push(alloc === 0n ? 0n : req);
      offered.push(alloc);
    });
    return scorer(requested, offered);
  });
}

/** leastRequestedScore: the unused share of a resource on a 0..100 scale, 0 when the requests exceed it or it is 0. */
function leastRequestedScore(requested: bigint, capacity: bigint): bigint {
  if (capacity === 0n || requested > capacity) return 0n;
  return ((capacity - requested) * BigInt(maxNodeScore)) / capacity;
}

/** leastResourceScorer: the weighted average of leastRequestedScore over the resources the node has, in Go's integer division. */
function leastResourceScorer(resources: readonly ResourceSpec[]) {
  return (requested: readonly bigint[], allocatable: readonly bigint[]): number => {
    let nodeScore = 0n;
    let weightSum = 0n;
    resources.forEach((r, i) => {
      const capacity = allocatable[i] ?? 0n;
      if (capacity === 0n) return;
      const weight = BigInt(r.weight);
      nodeScore += leastRequestedScore(requested[i] ?? 0n, capacity) * weight;
      weightSum += weight;
    });
    return weightSum === 0n ? 0 : Number(nodeScore / weightSum);
  };
}

/**
 * NodeResourcesFit's PreScore + Score with the LeastAllocated strategy: for each feasible node, in
 * the order given, how much of its allocatable stays free once the pod is placed, 0..100. The pod
 * counts 100m of cpu and 200Mi of memory for each container that requests none
 * (podNonZeroScoringRequest), and the node's pods theirs (NodeUsage.nonZeroRequested).
 */
export function nodeResourcesFitScores(
  pod: Pod,
  feasibleNodes: readonly Node[],
  usageOf: UsageOf,
  resources: readonly ResourceSpec[] = defaultScoringResources,
): number[] {
  return scoreNodes(podNonZeroScoringRequest(pod), feasibleNodes, usageOf, resources, false, leastResourceScorer(resources));
}

/**
 * balancedResourceScorer: 100 times one less the standard deviation of the requested shares
 * (each capped at 1) of the resources the node has; with two resources the deviation is half their
 * difference, with one or none it is 0. Float arithmetic as Go's float64, truncated.
 */
function balancedResourceScorer(requested: readonly bigint[], allocatable: readonly bigint[]): number {
  const fractions: number[] = [];
  allocatable.forEach((capacity, i) => {
    if (capacity === 0n) return;
    fractions.push(Math.min(Number(requested[i] ?? 0n) / Number(capacity), 1));
  });
  let std = 0;
  if (fractions.length === 2) {
    std = Math.abs(((fractions[0] ?? 0) - (fractions[1] ?? 0)) / 2);
  } else if (fractions.length > 2) {
    const mean = fractions.reduce((sum, f) => sum + f, 0) / fractions.length;
    std = Math.sqrt(fractions.reduce((sum, f) => sum + (f - mean) * (f - mean), 0) / fractions.length);
  }
  return Math.trunc((1 - std) * maxNodeScore);
}

/**
 * NodeResourcesBalancedAllocation's PreScore + Score: for each feasible node, in the order given,
 * how evenly its resources are requested once the pod is placed, 0..100. Requests as they are
 * (useRequested), not the non-zero ones. A pod that requests none of the resources (isBestEffortPod)
 * is not scored (PreScore's Skip, kubernetes#129138): every node gets 0, which adds nothing, as a
 * skipped plugin adds nothing.
 */
export function balancedAllocationScores(
  pod: Pod,
  feasibleNodes: readonly Node[],
  usageOf: UsageOf,
  resources: readonly ResourceSpec[] = defaultScoringResources,
): number[] {
  const request = podResourceRequest(pod);
  if (resources.every((r) => requestOf(request, r.name) === 0n)) return feasibleNodes.map(() => 0);
  return scoreNodes(request, feasibleNodes, usageOf, resources, true, balancedResourceScorer);
}
