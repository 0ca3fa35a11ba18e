import { isExtendedResourceName } from '../resources/extended';
import type { ResourceRequest } from '../resources/pod-requests';
import { parseQuantity, quantityMilliValue, quantityValue } from '../resources/quantity';
import { isScalarResourceName } from '../resources/resource-names';
import type { Node, ResourceList } from '../types';
import type { NodeUsage } from './node-usage';

/**
 * kube-scheduler's NodeResourcesFit filter (pkg/scheduler/framework/plugins/noderesources/fit.go):
 * does the node have room, beside what its pods request already, for what this pod requests?
 */

/** What a node offers pods, in the scheduler's units (NodeInfo.Allocatable, framework.NewResource). */
export interface NodeAllocatable extends ResourceRequest {
  /** The `pods` resource: how many pods the node takes (AllowedPodNumber). */
  readonly pods: bigint;
}

/**
 * A node's allocatable, or why there is none to check against. Kubernetes stores no node without
 * one: SetDefaults_NodeStatus copies status.capacity into a missing status.allocatable, and this
 * does the same. A node with neither (as a client may send it here) is taken as unlimited, on
 * purpose: nothing is known of its size, and placement says so rather than rejecting it.
 */
export type NodeCapacity =
  { readonly limited: true; readonly from: 'allocatable' | 'capacity'; readonly allocatable: NodeAllocatable } | { readonly limited: false };

/**
 * framework.Resource.Add over a resource list: cpu in millicores, `pods`, memory, ephemeral-storage
 * and the scalar resources in units; a resource the list does not name is 0 (and a `pods` missing
 * lets no pod in). A quantity that does not parse is left out, as if not named.
 */
function allocatableOf(list: ResourceList): NodeAllocatable {
  let milliCPU = 0n;
  let memory = 0n;
  let ephemeralStorage = 0n;
  let pods = 0n;
  const scalar = new Map<string, bigint>();
  for (const [name, raw] of Object.entries(list).sort(([a], [b]) => (a < b ? -1 : 1))) {
    const nanos = parseQuantity(raw);
    if (nanos === undefined) continue;
    if (name === 'cpu') milliCPU += quantityMilliValue(nanos);
    else if (name === 'memory') memory += quantityValue(nanos);
    else if (name === 'pods') pods += quantityValue(nanos);
    else if (name === 'ephemeral-storage') ephemeralStorage += quantityValue(nanos);
    else if (isScalarResourceName(name)) scalar.set(name, quantityValue(nanos));
  }
  return { milliCPU, memory, ephemeralStorage, pods, scalar };
}

/**
 * Parsed lists by the list object: a node is filtered again and again (a placement per pending pod,
 * a search per evicted one), and a node with a taint added (withTaint) shares its status. Objects
 * handed to the domain are never changed, so a list parsed once stays parsed right.
 */
const parsed = new WeakMap<ResourceList, NodeAllocatable>();

function allocatableOfList(list: ResourceList): NodeAllocatable {
  let allocatable = parsed.get(list);
  if (!allocatable) {
    allocatable = allocatableOf(list);
    parsed.set(list, allocatable);
  }
  return allocatable;
}

export function nodeCapacity(node: Node): NodeCapacity {
  const { allocatable, capacity } = node.status ?? {};
  // An empty list is no list: Go's omitempty drops it on the way through the API server, so a
  // stored node never has one, and an inline node must read the same.
  if (allocatable && Object.keys(allocatable).length > 0) return { limited: true, from: 'allocatable', allocatable: allocatableOfList(allocatable) };
  if (capacity && Object.keys(capacity).length > 0) return { limited: true, from: 'capacity', allocatable: allocatableOfList(capacity) };
  return { limited: false };
}

/** InsufficientResource: what the node lacks for the pod, worded as fit.go words it and kept as numbers too. */
export interface InsufficientResource {
  /** `pods`, `cpu`, `memory`, `ephemeral-storage` or a scalar resource's name. */
  readonly resourceName: string;
  /** `Too many pods`, `Insufficient cpu`, `Insufficient nvidia.com/gpu`: what kube-scheduler counts in its summary. */
  readonly reason: string;
  /** In the scheduler's units: millicores for cpu, a count of 1 for pods, units for the rest. */
  readonly requested: bigint;
  /** What the node's pods request already (for pods: how many there are). */
  readonly used: bigint;
  /** The node's allocatable. */
  readonly capacity: bigint;
  /**
   * The request alone exceeds the allocatable, so no preemption could make room (fit.go's
   * Unresolvable, which makes the status UnschedulableAndUnresolvable). Never set for pods.
   */
  readonly unresolvable: boolean;
}

function shortOf(resourceName: string, requested: bigint, used: bigint, capacity: bigint): InsufficientResource {
  return { resourceName, reason: `Insufficient ${resourceName}`, requested, used, capacity, unresolvable: requested > capacity };
}

/**
 * fitsRequest (fit.go): "Too many pods" when one more pod would pass the node's `pods`; then,
 * unless the pod requests nothing at all, each of cpu, memory and ephemeral-storage it requests
 * (a zero request is never short) and each scalar resource with a non-zero request, against what
 * is left of the allocatable. Every shortage is listed, not only the first. Go ranges over the
 * scalar resources' map, in no fixed order; they come here in name order.
 */
export function fitsRequest(request: ResourceRequest, allocatable: NodeAllocatable, usage: NodeUsage): InsufficientResource[] {
  const insufficient: InsufficientResource[] = [];
  const podCount = BigInt(usage.pods);
  if (podCount + 1n > allocatable.pods) {
    insufficient.push({ resourceName: 'pods', reason: 'Too many pods', requested: 1n, used: podCount, capacity: allocatable.pods, unresolvable: false });
  }
  if (request.milliCPU === 0n && request.memory === 0n && request.ephemeralStorage === 0n && request.scalar.size === 0) return insufficient;

  const { requested } = usage;
  if (request.milliCPU > 0n && request.milliCPU > allocatable.milliCPU - requested.milliCPU) {
    insufficient.push(shortOf('cpu', request.milliCPU, requested.milliCPU, allocatable.milliCPU));
  }
  if (request.memory > 0n && request.memory > allocatable.memory - requested.memory) {
    insufficient.push(shortOf('memory', request.memory, requested.memory, allocatable.memory));
  }
  if (request.ephemeralStorage > 0n && request.ephemeralStorage > allocatable.ephemeralStorage - requested.ephemeralStorage) {
    insufficient.push(shortOf('ephemeral-storage', request.ephemeralStorage, requested.ephemeralStorage, allocatable.ephemeralStorage));
  }
  for (const [name, q] of request.scalar) {
    if (q === 0n) continue;
    const capacity = allocatable.scalar.get(name) ?? 0n;
    const used = requested.scalar.get(name) ?? 0n;
    if (q > capacity - used) insufficient.push(shortOf(name, q, used, capacity));
  }
  return insufficient;
}

/**
 * removeMissingExtendedResources (pkg/kubelet/lifecycle/predicate.go): the kubelet admitting a pod
 * drops the extended resources its node does not list at all (cluster-level resources, unknown to
 * nodes) before it runs the same fit. Done here on the aggregate, which is the same: requests add
 * up name by name, and extended resources are never pod-level (an overhead naming one aside).
 */
export function withoutMissingExtendedResources(request: ResourceRequest, allocatable: NodeAllocatable): ResourceRequest {
  let dropped = false;
  const scalar = new Map<string, bigint>();
  for (const [name, q] of request.scalar) {
    if (isExtendedResourceName(name) && !allocatable.scalar.has(name)) dropped = true;
    else scalar.set(name, q);
  }
  return dropped ? { ...request, scalar } : request;
}
