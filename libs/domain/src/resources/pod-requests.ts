import type { Container, Pod, ResourceList } from '../types';
import { parseQuantity, quantityMilliValue, quantityValue } from './quantity';
import { effectiveRequests } from './qos';
import { isOvercommitAllowed, isScalarResourceName, isSupportedPodLevelResource } from './resource-names';

/**
 * What a pod asks of a node, as resourcehelper.PodRequests (component-helpers/resource/helpers.go)
 * computes it for kube-scheduler and the kubelet, over the pod as the API server stores it: a
 * container's missing requests are its limits (SetDefaults_Pod), and so are the pod-level ones
 * (defaultPodRequests). Status resources of resized pods (UseStatusResources) are not read: the
 * spec is what this service holds.
 */

/** Exact amounts per resource name, in nano-units (see parseQuantity). */
type Amounts = Map<string, bigint>;

/** A quantity of nano-units written back the short way: `2`, `1500m`, `250n`. */
export function formatNanos(nanos: bigint): string {
  if (nanos % 1_000_000_000n === 0n) return String(nanos / 1_000_000_000n);
  if (nanos % 1_000_000n === 0n) return `${nanos / 1_000_000n}m`;
  return `${nanos}n`;
}

/** The quantities of a list that parse; validation refuses the others before they are stored. */
function amountsOf(list: ResourceList | undefined): Amounts {
  const amounts: Amounts = new Map();
  if (!list) return amounts;
  for (const [name, raw] of Object.entries(list)) {
    const q = parseQuantity(raw);
    if (q !== undefined) amounts.set(name, q);
  }
  return amounts;
}

/** addResourceList: every name of `from` is added, at zero too (its presence counts, see defaultPodRequests). */
function add(into: Amounts, from: Amounts): void {
  for (const [name, q] of from) into.set(name, (into.get(name) ?? 0n) + q);
}

/** maxResourceList: the larger of the two for every name of `from`. */
function max(into: Amounts, from: Amounts): void {
  for (const [name, q] of from) {
    const current = into.get(name);
    if (current === undefined || q > current) into.set(name, q);
  }
}

const containerRequests = (c: Container): Amounts => amountsOf(effectiveRequests(c.resources?.requests, c.resources?.limits));

/** isRestartableInitContainer: a sidecar, started in order with the init containers and running to the end. */
const isSidecar = (c: Container): boolean => c.restartPolicy === 'Always';

/**
 * AggregateContainerRequests (aggregateContainerResourcesByFn, KEP-753): the containers run
 * together, so they are summed; a sidecar runs from its start to the end, so it is added to that
 * sum; any other init container runs alone beside the sidecars started before it, so the pod
 * needs, per resource, the larger of the sum and the largest such moment.
 */
function aggregateContainerRequests(pod: Pod): Amounts {
  const total: Amounts = new Map();
  for (const c of pod.spec?.containers ?? []) add(total, containerRequests(c));
  const sidecars: Amounts = new Map();
  const initPeak: Amounts = new Map();
  for (const init of pod.spec?.initContainers ?? []) {
    const own = containerRequests(init);
    if (isSidecar(init)) {
      add(total, own);
      add(sidecars, own);
      max(initPeak, sidecars);
    } else {
      add(own, sidecars);
      max(initPeak, own);
    }
  }
  max(total, initPeak);
  return total;
}

/**
 * The pod-level requests as stored, or undefined when none is set (IsPodLevelRequestsSet). The API
 * server's defaultPodRequests first fills them in when pod-level limits are set: from the
 * containers' aggregate for cpu and memory they request, else from the pod-level limit.
 */
function podLevelRequests(pod: Pod, aggregate: Amounts): Amounts | undefined {
  const resources = pod.spec?.resources;
  if (!resources) return undefined;
  const requests = amountsOf(resources.requests);
  const limits = amountsOf(resources.limits);
  if (Object.keys(resources.limits ?? {}).length > 0) {
    for (const [name, q] of aggregate) {
      if (!requests.has(name) && isSupportedPodLevelResource(name) && isOvercommitAllowed(name)) requests.set(name, q);
    }
    for (const [name, q] of limits) if (!requests.has(name) && isSupportedPodLevelResource(name)) requests.set(name, q);
  }
  const supported = new Map([...requests].filter(([name]) => isSupportedPodLevelResource(name)));
  return supported.size > 0 ? supported : undefined;
}

/**
 * PodRequests with the scheduler's options (PodLevelResources on): the containers' aggregate,
 * replaced resource by resource by the pod-level requests where set (applyPodLevelResources),
 * then spec.overhead added.
 */
function podRequestAmounts(pod: Pod): Amounts {
  const requests = aggregateContainerRequests(pod);
  const podLevel = podLevelRequests(pod, requests);
  if (podLevel) for (const [name, q] of podLevel) requests.set(name, q);
  add(requests, amountsOf(pod.spec?.overhead));
  return requests;
}

/** What the pod asks of a node, by resource name in name order, as quantities: `{ cpu: '1500m', memory: '67108864' }`. */
export function podRequests(pod: Pod): Record<string, string> {
  const requests = podRequestAmounts(pod);
  return Object.fromEntries([...requests].sort(([a], [b]) => (a < b ? -1 : 1)).map(([name, q]) => [name, formatNanos(q)]));
}

/**
 * A request in kube-scheduler's units (framework.Resource): cpu in millicores, everything else in
 * units, each rounded up (Quantity.MilliValue, Quantity.Value). Exact bigints, where Go's int64
 * would wrap past 2^63.
 */
export interface ResourceRequest {
  readonly milliCPU: bigint;
  readonly memory: bigint;
  readonly ephemeralStorage: bigint;
  /** The scalar resources (extended, hugepages, `*kubernetes.io/`, attachable volumes) in name order, zeros kept. */
  readonly scalar: ReadonlyMap<string, bigint>;
}

/**
 * framework.Resource's Add (SetMaxResource on an empty one is the same) without `pods`, which a
 * request never holds: the names it knows, each in its unit; the others are dropped.
 */
function inSchedulerUnits(amounts: Amounts): ResourceRequest {
  let milliCPU = 0n;
  let memory = 0n;
  let ephemeralStorage = 0n;
  const scalar: [string, bigint][] = [];
  for (const [name, q] of amounts) {
    if (name === 'cpu') milliCPU = quantityMilliValue(q);
    else if (name === 'memory') memory = quantityValue(q);
    else if (name === 'ephemeral-storage') ephemeralStorage = quantityValue(q);
    else if (isScalarResourceName(name)) scalar.push([name, quantityValue(q)]);
  }
  return { milliCPU, memory, ephemeralStorage, scalar: new Map(scalar.sort(([a], [b]) => (a < b ? -1 : 1))) };
}

/**
 * The pod's request as NodeResourcesFit sees it (computePodResourceRequest: PodRequests, then
 * SetMaxResource) and as NodeInfo.AddPod counts it on the node it is bound to.
 */
export function podResourceRequest(pod: Pod): ResourceRequest {
  return inSchedulerUnits(podRequestAmounts(pod));
}
