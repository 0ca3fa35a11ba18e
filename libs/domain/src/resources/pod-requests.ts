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

/** The requests of each container and init container, parsed once for every way of adding them up. */
interface ContainerAmounts {
  readonly containers: readonly Amounts[];
  readonly initContainers: readonly { readonly own: Amounts; readonly sidecar: boolean }[];
}

function containerAmountsOf(pod: Pod): ContainerAmounts {
  return {
    containers: (pod.spec?.containers ?? []).map(containerRequests),
    initContainers: (pod.spec?.initContainers ?? []).map((c) => ({ own: containerRequests(c), sidecar: isSidecar(c) })),
  };
}

/**
 * applyNonMissing (component-helpers resource): a container that does not name one of these
 * resources among its requests is taken to request the given amount of it; one that names it, at
 * zero too, keeps its own.
 */
function withNonMissing(own: Amounts, nonMissing: Amounts | undefined): Amounts {
  if (!nonMissing) return own;
  let filled: Amounts | undefined;
  for (const [name, q] of nonMissing) {
    if (own.has(name)) continue;
    filled ??= new Map(own);
    filled.set(name, q);
  }
  return filled ?? own;
}

/**
 * AggregateContainerRequests (aggregateContainerResourcesByFn, KEP-753): the containers run
 * together, so they are summed; a sidecar runs from its start to the end, so it is added to that
 * sum; any other init container runs alone beside the sidecars started before it, so the pod
 * needs, per resource, the larger of the sum and the largest such moment. With `nonMissing`
 * (PodResourcesOptions.NonMissingContainerRequests), each container's missing requests filled first.
 */
function aggregateContainerRequests(parsed: ContainerAmounts, nonMissing?: Amounts): Amounts {
  const total: Amounts = new Map();
  for (const own of parsed.containers) add(total, withNonMissing(own, nonMissing));
  const sidecars: Amounts = new Map();
  const initPeak: Amounts = new Map();
  for (const init of parsed.initContainers) {
    const own = withNonMissing(init.own, nonMissing);
    if (init.sidecar) {
      add(total, own);
      add(sidecars, own);
      max(initPeak, sidecars);
    } else {
      const running = new Map(own);
      add(running, sidecars);
      max(initPeak, running);
    }
  }
  max(total, initPeak);
  return total;
}

/** Would `nonMissing` fill in anything? When no container misses any of its resources, the aggregate is the same without it. */
function fillsSomething(parsed: ContainerAmounts, nonMissing: Amounts): boolean {
  const misses = (own: Amounts): boolean => [...nonMissing.keys()].some((name) => !own.has(name));
  return parsed.containers.some(misses) || parsed.initContainers.some((init) => misses(init.own));
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
 * then spec.overhead added. Done in place, on an aggregate made for it.
 */
function withPodLevelAndOverhead(pod: Pod, aggregate: Amounts, podLevel: Amounts | undefined): Amounts {
  if (podLevel) for (const [name, q] of podLevel) aggregate.set(name, q);
  if (pod.spec?.overhead) add(aggregate, amountsOf(pod.spec.overhead));
  return aggregate;
}

/**
 * The pod's requests as PodRequests gives them, and with `nonMissing` filled in the containers
 * (NonMissingContainerRequests). The pod-level requests are defaulted (defaultPodRequests) from the
 * containers' own requests, as the API server did when it stored the pod, never from the filled ones.
 */
function podRequestAmounts(pod: Pod, nonMissing?: Amounts): Amounts {
  const parsed = containerAmountsOf(pod);
  const aggregate = aggregateContainerRequests(parsed);
  const podLevel = podLevelRequests(pod, aggregate);
  const filled = nonMissing && fillsSomething(parsed, nonMissing) ? aggregateContainerRequests(parsed, nonMissing) : aggregate;
  return withPodLevelAndOverhead(pod, filled, podLevel);
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
 * schedutil.DefaultMilliCPURequest (100m) and DefaultMemoryRequest (200Mi), in nano-units: what
 * the scheduler's scoring counts for a container that does not request cpu or memory, so that a
 * node full of BestEffort pods does not look empty.
 */
const defaultNonZeroRequests: Amounts = new Map([
  ['cpu', 100_000_000n],
  ['memory', 200n * 1024n * 1024n * 1_000_000_000n],
]);

/** cpu in millicores and memory in bytes, as NodeInfo's NonZeroRequested and the pods' Non0CPU / Non0Mem hold them. */
export interface NonZeroRequest {
  readonly milliCPU: bigint;
  readonly memory: bigint;
}

/** A pod's request as NodeInfo.AddPod counts it: its requests, and their non-zero cpu and memory. */
export interface PodResourceRequest extends ResourceRequest {
  /** PodInfo.CalculateResource's Non0CPU and Non0Mem, which NodeInfo sums into NonZeroRequested. */
  readonly nonZero: NonZeroRequest;
}

/**
 * getNonMissingContainerRequests (pkg/scheduler/framework/types.go): without pod-level requests,
 * 100m of cpu and 200Mi of memory for every container missing them; with pod-level requests, only
 * for a resource that neither the pod level nor any container (nor the overhead) names.
 */
function nodeNonMissingRequests(requests: Amounts, podLevelSet: boolean): Amounts {
  if (!podLevelSet) return defaultNonZeroRequests;
  return new Map([...defaultNonZeroRequests].filter(([name]) => !requests.has(name)));
}

/**
 * The pod's request as NodeResourcesFit sees it (computePodResourceRequest: PodRequests, then
 * SetMaxResource) and as NodeInfo.AddPod counts it on the node it is bound to, with the non-zero
 * cpu and memory PodInfo.CalculateResource adds for the scoring (NonZeroRequested).
 */
export function podResourceRequest(pod: Pod): PodResourceRequest {
  // A pod's copies (its replacement, the replacement bound) share its containers: parsed once for them all.
  const containers = plainContainers(pod);
  const kept = containers && requestsByContainers.get(containers);
  if (kept) return kept;
  const request = computePodResourceRequest(pod);
  if (containers) requestsByContainers.set(containers, request);
  return request;
}

/**
 * The containers of a pod whose requests they alone decide (no init containers, overhead nor
 * pod-level resources): the requests of such pods are kept by their containers (never changed: the
 * domain's objects are not).
 */
function plainContainers(pod: Pod): readonly Container[] | undefined {
  const spec = pod.spec;
  return spec && !spec.initContainers?.length && !spec.overhead && !spec.resources ? spec.containers : undefined;
}

const requestsByContainers = new WeakMap<readonly Container[], PodResourceRequest>();

function computePodResourceRequest(pod: Pod): PodResourceRequest {
  const parsed = containerAmountsOf(pod);
  const aggregate = aggregateContainerRequests(parsed);
  const podLevel = podLevelRequests(pod, aggregate);
  const requests = withPodLevelAndOverhead(pod, aggregate, podLevel);
  const nonMissing = nodeNonMissingRequests(requests, podLevel !== undefined);
  const nonZeroAmounts =
    nonMissing.size > 0 && fillsSomething(parsed, nonMissing)
      ? withPodLevelAndOverhead(pod, aggregateContainerRequests(parsed, nonMissing), podLevel)
      : requests;
  return {
    ...inSchedulerUnits(requests),
    nonZero: { milliCPU: quantityMilliValue(nonZeroAmounts.get('cpu') ?? 0n), memory: quantityValue(nonZeroAmounts.get('memory') ?? 0n) },
  };
}

/**
 * The pod's request as the least-allocated scoring takes it (resourceAllocationScorer's
 * calculatePodResourceRequest with useRequested false): PodRequests with 100m of cpu and 200Mi of
 * memory for every container missing them, whether or not pod-level requests are set (which then
 * replace the containers' sum where they name a resource). Not NodeInfo's rule (podResourceRequest's
 * nonZero), which fills only what the pod level leaves unnamed.
 */
export function podNonZeroScoringRequest(pod: Pod): ResourceRequest {
  const containers = plainContainers(pod);
  const kept = containers && scoringRequestsByContainers.get(containers);
  if (kept) return kept;
  const request = inSchedulerUnits(podRequestAmounts(pod, defaultNonZeroRequests));
  if (containers) scoringRequestsByContainers.set(containers, request);
  return request;
}

const scoringRequestsByContainers = new WeakMap<readonly Container[], ResourceRequest>();
