import { type NonZeroRequest, type PodResourceRequest, type ResourceRequest, podResourceRequest } from '../resources/pod-requests';
import type { Pod } from '../types';

/**
 * What the pods bound to a node already request of it, as kube-scheduler's NodeInfo keeps it
 * (Requested, NonZeroRequested, and len(Pods)): built pod by pod, a pod added or removed without
 * going over the others again. Values, never mutated: adding returns a new usage.
 */
export interface NodeUsage {
  readonly requested: ResourceRequest;
  /**
   * NodeInfo.NonZeroRequested: the pods' cpu and memory with 100m and 200Mi counted for each
   * container that requests none (PodResourceRequest's nonZero), which the least-allocated score reads.
   */
  readonly nonZeroRequested: NonZeroRequest;
  readonly pods: number;
}

export const emptyNodeUsage: NodeUsage = Object.freeze({
  requested: Object.freeze({ milliCPU: 0n, memory: 0n, ephemeralStorage: 0n, scalar: new Map<string, bigint>() }),
  nonZeroRequested: Object.freeze({ milliCPU: 0n, memory: 0n }),
  pods: 0,
});

/** The scalar amounts of both, name by name (in name order, so that answers do not depend on the order pods came in). */
function combineScalar(a: ReadonlyMap<string, bigint>, b: ReadonlyMap<string, bigint>, sign: bigint): ReadonlyMap<string, bigint> {
  if (b.size === 0) return a;
  const sum = new Map(a);
  for (const [name, q] of b) sum.set(name, (sum.get(name) ?? 0n) + sign * q);
  return sum.size === a.size ? sum : new Map([...sum].sort(([x], [y]) => (x < y ? -1 : 1)));
}

/** NodeInfo.update: the request of one pod added (sign 1) or taken away (sign -1), and the pod counted; `sign` pods of it at once. */
function update(usage: NodeUsage, request: PodResourceRequest, sign: bigint): NodeUsage {
  const { requested, nonZeroRequested } = usage;
  return {
    requested: {
      milliCPU: requested.milliCPU + sign * request.milliCPU,
      memory: requested.memory + sign * request.memory,
      ephemeralStorage: requested.ephemeralStorage + sign * request.ephemeralStorage,
      scalar: combineScalar(requested.scalar, request.scalar, sign),
    },
    nonZeroRequested: {
      milliCPU: nonZeroRequested.milliCPU + sign * request.nonZero.milliCPU,
      memory: nonZeroRequested.memory + sign * request.nonZero.memory,
    },
    pods: usage.pods + Number(sign),
  };
}

/** NodeInfo.AddPod: the usage with one more pod, of this request (see podResourceRequest). */
export const addPodUsage = (usage: NodeUsage, request: PodResourceRequest): NodeUsage => update(usage, request, 1n);

/** The usage with `count` more pods of this request (addPodUsage `count` times, at once). */
export const addPodsUsage = (usage: NodeUsage, request: PodResourceRequest, count: number): NodeUsage => update(usage, request, BigInt(count));

/** NodeInfo.RemovePod: the usage without a pod that was added with this request. Nothing checks that it was. */
export const removePodUsage = (usage: NodeUsage, request: PodResourceRequest): NodeUsage => update(usage, request, -1n);

/**
 * Does the pod hold resources on a node? Bound to one and not finished: kube-scheduler's pod
 * informer leaves Succeeded and Failed pods out (field selector `status.phase!=Succeeded,
 * status.phase!=Failed`, scheduler.go newPodInformer), and a terminating pod still counts until it
 * is gone. The usage is the caller's to build; this is the rule the scheduler builds it by.
 */
export function holdsNodeResources(pod: Pod): boolean {
  const phase = pod.status?.phase;
  return Boolean(pod.spec?.nodeName) && phase !== 'Succeeded' && phase !== 'Failed';
}

/** The usage of every node that has pods holding resources on it (holdsNodeResources), by node name. */
export function usageByNode(pods: Iterable<Pod>): Map<string, NodeUsage> {
  const usage = new Map<string, NodeUsage>();
  for (const pod of pods) {
    const nodeName = pod.spec?.nodeName;
    if (!nodeName || !holdsNodeResources(pod)) continue;
    usage.set(nodeName, addPodUsage(usage.get(nodeName) ?? emptyNodeUsage, podResourceRequest(pod)));
  }
  return usage;
}

/** usageByNode as the lookup placement and taint impact take (`usageOf`). */
export function usageLookup(pods: Iterable<Pod>): (nodeName: string) => NodeUsage | undefined {
  const usage = usageByNode(pods);
  return (nodeName) => usage.get(nodeName);
}
