import type { Container, Pod, PodQOSClass, ResourceList } from '../types';
import { parseQuantity } from './quantity';

/** Only CPU and memory decide the QoS class (isSupportedQoSComputeResource). */
const qosResources = new Set(['cpu', 'memory']);

function containersOf(pod: Pod): Container[] {
  return [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? [])];
}

/** Adds the positive CPU/memory quantities of `list` into `sums`; returns the names found. */
function addPositive(list: ResourceList | undefined, sums: Map<string, bigint>): Set<string> {
  const found = new Set<string>();
  for (const [name, raw] of Object.entries(list ?? {})) {
    if (!qosResources.has(name)) continue;
    const quantity = parseQuantity(raw);
    if (quantity === undefined || quantity <= 0n) continue;
    found.add(name);
    sums.set(name, (sums.get(name) ?? 0n) + quantity);
  }
  return found;
}

/**
 * The pod's QoS class as Kubernetes computes it (ComputePodQOS), over containers and init
 * containers, with requests defaulted from limits (see `defaultRequestsFromLimits`):
 * BestEffort when no CPU/memory request or limit is set; Guaranteed when every container
 * limits both and the summed requests equal the summed limits; Burstable otherwise.
 */
export function computePodQOS(pod: Pod): PodQOSClass {
  const requests = new Map<string, bigint>();
  const limits = new Map<string, bigint>();
  let guaranteed = true;
  for (const container of containersOf(pod)) {
    const resources = container.resources ?? {};
    addPositive(effectiveRequests(resources.requests, resources.limits), requests);
    const limited = addPositive(resources.limits, limits);
    if (!limited.has('cpu') || !limited.has('memory')) guaranteed = false;
  }
  if (requests.size === 0 && limits.size === 0) return 'BestEffort';
  if (guaranteed) {
    for (const [name, request] of requests) {
      if (limits.get(name) !== request) {
        guaranteed = false;
        break;
      }
    }
  }
  return guaranteed && requests.size === limits.size ? 'Guaranteed' : 'Burstable';
}

/** Requests with every limit that has no request copied in (the API server's pod defaulting). */
export function effectiveRequests(requests: ResourceList | undefined, limits: ResourceList | undefined): ResourceList | undefined {
  if (!limits) return requests;
  const merged: ResourceList = { ...(requests ?? {}) };
  for (const [name, value] of Object.entries(limits)) if (!(name in merged)) merged[name] = value;
  return merged;
}

/** The pod with requests defaulted from limits in every container, as SetDefaults_Pod does. */
export function defaultRequestsFromLimits(pod: Pod): Pod {
  const fix = (containers: Container[] | undefined): Container[] | undefined =>
    containers?.map((c) => {
      if (!c.resources?.limits) return c;
      return { ...c, resources: { ...c.resources, requests: effectiveRequests(c.resources.requests, c.resources.limits) } };
    });
  if (!pod.spec) return pod;
  const spec = { ...pod.spec };
  if (spec.containers) spec.containers = fix(spec.containers);
  if (spec.initContainers) spec.initContainers = fix(spec.initContainers);
  return { ...pod, spec };
}
