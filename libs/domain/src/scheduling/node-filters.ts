import { canonicalInt64 } from '../numbers/int64';
import { type ResourceRequest, podResourceRequest } from '../resources/pod-requests';
import { type SummaryWording } from '../settings';
import { isDoNotScheduleTaint, isNoExecuteTaint, isPreferNoScheduleTaint, taintIdentity, taintToString } from '../taints/taint';
import { type MatchOptions, tolerationsTolerateTaint } from '../tolerations/match';
import type { Node, Pod, Taint, Toleration } from '../types';
import { TaintKeys } from '../well-known';
import { evaluateNodeAffinity, nodeAffinityMatches } from './node-affinity';
import { type InsufficientResource, fitsRequest, nodeCapacity, withoutMissingExtendedResources } from './node-resources-fit';
import { type NodeUsage, emptyNodeUsage } from './node-usage';
import { type PlacementCapacity, type PlacementReason, type ResourceShortage, PlacementReasonCodes, SchedulerReasons } from './placement-reasons';
import type { FilterStatus } from './framework/plugin-status';
import { type NodeFilterPlugin, type PodPlugins, noPodPlugins } from './framework/pod-plugins';

/**
 * kube-scheduler's filters for one pod on one node, in two parts: what a node's taints,
 * spec.unschedulable and labels decide (sharedFilters, the same for every node alike in those),
 * and what its name and size decide (NodeName, NodeResourcesFit). runFilters puts them together;
 * placement by class of nodes (grouped-placement.ts) runs the first part once per class.
 */

/**
 * A node kube-scheduler rejects, as its summary counts it: the status of the first filter that
 * rejects it (RunFilterPlugins stops there), with every reason of that status (NodeResourcesFit
 * gives one for each resource short), and the untolerated taint when TaintToleration rejected it.
 */
export interface SchedulerRejection {
  reasons: readonly string[];
  /** For the legacy wording, which names it. */
  taint?: Taint;
  /**
   * The status is UnschedulableAndUnresolvable: no pod taken off the node would let the pod in, so
   * DefaultPreemption does not try the node. Absent when the status is Unschedulable. Set where each
   * filter decides it: NodeUnschedulable, NodeName, TaintToleration and NodeAffinity always; the
   * plugins by their FilterStatus code; NodeResourcesFit when a request exceeds the node's whole
   * allocatable (fit.go's Unresolvable).
   */
  unresolvable?: true;
}

export interface NodeFilterResult {
  reasons: PlacementReason[];
  /** The first filter that rejects the node, as kube-scheduler counts it; undefined if feasible. */
  rejection: SchedulerRejection | undefined;
}

/**
 * What NodeUnschedulable, TaintToleration and NodeAffinity decide, which reads a node's taints,
 * spec.unschedulable and labels only. Its reasons fall on either side of NodeResourcesFit's in a
 * node's list: the blocking ones before, the PreferNoSchedule ones after.
 */
export interface SharedVerdict {
  readonly leading: readonly PlacementReason[];
  readonly trailing: readonly PlacementReason[];
  readonly rejection: SchedulerRejection | undefined;
}

/** What the resource check takes: the pod's request, computed once for every node, and the nodes' usage. */
export interface ResourceFit {
  request: ResourceRequest;
  usageOf: (nodeName: string) => NodeUsage | undefined;
}

export const resourceFitOf = (pod: Pod, capacity: PlacementCapacity | undefined): ResourceFit | undefined =>
  capacity && { request: podResourceRequest(pod), usageOf: capacity.usageOf };

const unschedulableTaint: Taint = { key: TaintKeys.unschedulable, effect: 'NoSchedule' };

function taintReason(taint: Taint, soft: boolean): PlacementReason {
  return {
    code: soft ? PlacementReasonCodes.untoleratedPreferNoSchedule : PlacementReasonCodes.untoleratedTaint,
    taint: taintIdentity(taint),
    message: soft ? `untolerated taint ${taintToString(taint)} lowers the node's score` : `untolerated taint ${taintToString(taint)}`,
  };
}

function shortageReason(short: InsufficientResource): PlacementReason {
  const unit = (q: bigint) => (short.resourceName === 'cpu' ? `${q}m` : String(q));
  const resource: ResourceShortage = {
    name: short.resourceName,
    requested: canonicalInt64(short.requested),
    used: canonicalInt64(short.used),
    allocatable: canonicalInt64(short.capacity),
  };
  if (short.resourceName === 'pods') {
    return { code: PlacementReasonCodes.tooManyPods, resource, message: `${short.reason}: ${short.used} pods on the node, ${short.capacity} allowed` };
  }
  return {
    code: PlacementReasonCodes.insufficientResource,
    resource,
    // What is free: the allocatable less what the node's pods request (none when they request more).
    message: `${short.reason}: needs ${unit(short.requested)}, ${unit(short.capacity > short.used ? short.capacity - short.used : 0n)} of ${unit(short.capacity)} free`,
  };
}

export const allocatableUnknownReason: PlacementReason = {
  code: PlacementReasonCodes.allocatableUnknown,
  message: 'node has no status.allocatable: taken as unlimited, resources not checked',
};

/**
 * NodeResourcesFit for the pod on this node: what is short, or that nothing is known of the node's
 * size. A pod bound by spec.nodeName meets the kubelet's admission instead (predicateAdmitHandler),
 * which runs the same fit once the extended resources its node does not list are dropped.
 */
function checkResources(node: Node, fit: ResourceFit, bound: boolean): { insufficient: InsufficientResource[]; unknown: boolean } {
  const capacity = nodeCapacity(node);
  if (!capacity.limited) return { insufficient: [], unknown: true };
  const request = bound ? withoutMissingExtendedResources(fit.request, capacity.allocatable) : fit.request;
  return { insufficient: fitsRequest(request, capacity.allocatable, fit.usageOf(node.metadata.name) ?? emptyNodeUsage), unknown: false };
}

/** NodeName's verdict on every node but the one the pod is bound to. */
export function nodeNameMismatch(boundTo: string, explain: boolean): NodeFilterResult {
  const reasons: PlacementReason[] = explain
    ? [{ code: PlacementReasonCodes.nodeNameMismatch, message: `pod is bound to node ${boundTo} by spec.nodeName` }]
    : [];
  return { reasons, rejection: { reasons: [SchedulerReasons.nodeName], unresolvable: true } };
}

/**
 * Filters one node for the pod, collecting every reason (not only the first) and the one status
 * kube-scheduler would count: the first failing filter in its default order (NodeUnschedulable,
 * NodeName, TaintToleration, NodeAffinity, NodePorts, then, with capacity, NodeResourcesFit, then
 * the plugins after it: the volume filters, PodTopologySpread, InterPodAffinity; `plugins` holds
 * those beyond NodeResourcesFit, their PreFilters run for the pod). A pod with spec.nodeName is not scheduled but
 * admitted by the kubelet on that node (generalFilter), which ignores NoSchedule taints and
 * spec.unschedulable but not NoExecute taints, node selectors or resources. The kubelet checks
 * resources first and reports one reason only; the scheduler's order is kept here for both.
 * Without `explain`, it stops at the first rejection and gives no reasons.
 */
export function runFilters(
  pod: Pod,
  node: Node,
  options: MatchOptions,
  explain: boolean,
  fit: ResourceFit | undefined,
  plugins: PodPlugins = noPodPlugins,
): NodeFilterResult {
  const boundTo = pod.spec?.nodeName;
  if (boundTo && boundTo !== node.metadata.name) return nodeNameMismatch(boundTo, explain);
  return withResourceFit(sharedFilters(pod, node, options, explain), node, fit, Boolean(boundTo), explain, plugins);
}

/**
 * The filters that read a node's taints, spec.unschedulable and labels, and nothing else of it (not
 * its name: NodeName is left to the caller, and so are matchFields on metadata.name, which only
 * pods that name nodes have). `node` may stand for every node alike in those.
 */
export function sharedFilters(pod: Pod, node: Node, options: MatchOptions, explain: boolean): SharedVerdict {
  const tolerations: Toleration[] = pod.spec?.tolerations ?? [];
  const taints = node.spec?.taints ?? [];
  const bound = Boolean(pod.spec?.nodeName);
  const leading: PlacementReason[] = [];
  let rejection: SchedulerRejection | undefined;
  const rejected = (reason: string, taint?: Taint): boolean => {
    // NodeUnschedulable, TaintToleration and NodeAffinity all answer UnschedulableAndUnresolvable.
    rejection ??= taint ? { reasons: [reason], taint, unresolvable: true } : { reasons: [reason], unresolvable: true };
    return !explain;
  };
  const stopped = (): SharedVerdict => ({ leading, trailing: [], rejection });

  if (!bound && node.spec?.unschedulable && !tolerationsTolerateTaint(tolerations, unschedulableTaint, options)) {
    if (explain) leading.push({ code: PlacementReasonCodes.unschedulable, message: 'node is cordoned (spec.unschedulable is true)' });
    if (rejected(SchedulerReasons.unschedulable)) return stopped();
  }

  const blocks = bound ? isNoExecuteTaint : isDoNotScheduleTaint;
  for (const taint of taints) {
    if (!blocks(taint) || tolerationsTolerateTaint(tolerations, taint, options)) continue;
    if (explain) leading.push(taintReason(taint, false));
    if (rejected(SchedulerReasons.untoleratedTaint, taint)) return stopped();
  }

  if (!explain) {
    if (!nodeAffinityMatches(pod, node)) rejected(SchedulerReasons.nodeAffinity);
    return stopped();
  }
  const affinity = evaluateNodeAffinity(pod, node);
  for (const miss of affinity.nodeSelectorMisses) {
    leading.push({ code: PlacementReasonCodes.nodeSelectorMismatch, field: miss.field, message: miss.message });
  }
  for (const miss of affinity.affinityMisses) {
    leading.push({ code: PlacementReasonCodes.nodeAffinityMismatch, field: miss.field, message: miss.message });
  }
  if (!affinity.matches) rejected(SchedulerReasons.nodeAffinity);

  const trailing: PlacementReason[] = [];
  for (const taint of taints) {
    if (isPreferNoScheduleTaint(taint) && !tolerationsTolerateTaint(tolerations, taint, options)) trailing.push(taintReason(taint, true));
  }
  return { leading, trailing, rejection };
}

/**
 * A node's whole result: the shared verdict with the plugins that read the node's pods and domain,
 * and NodeResourcesFit on this node (with capacity), in the profile's order. Explaining, every
 * filter runs even on a node rejected already, to list every reason; the rejection is the first.
 */
export function withResourceFit(
  shared: SharedVerdict,
  node: Node,
  fit: ResourceFit | undefined,
  bound: boolean,
  explain: boolean,
  plugins: PodPlugins = noPodPlugins,
): NodeFilterResult {
  if (!explain) {
    if (shared.rejection) return { reasons: [], rejection: shared.rejection };
    const before = firstRejection(plugins.beforeResources, node);
    if (before) return { reasons: [], rejection: before };
    if (fit) {
      const { insufficient } = checkResources(node, fit, bound);
      if (insufficient.length > 0) return { reasons: [], rejection: resourcesRejection(insufficient) };
    }
    return { reasons: [], rejection: firstRejection(plugins.afterResources, node) };
  }
  const reasons = [...shared.leading];
  let rejection = shared.rejection;
  const runPlugins = (list: readonly NodeFilterPlugin[]) => {
    for (const plugin of list) {
      const status = plugin.filter(node);
      if (!status) continue;
      reasons.push(...status.details);
      rejection ??= statusRejection(status);
    }
  };
  runPlugins(plugins.beforeResources);
  const resources = fit && checkResources(node, fit, bound);
  if (resources && resources.insufficient.length > 0) {
    reasons.push(...resources.insufficient.map(shortageReason));
    rejection ??= resourcesRejection(resources.insufficient);
  }
  runPlugins(plugins.afterResources);
  reasons.push(...shared.trailing);
  if (resources?.unknown) reasons.push(allocatableUnknownReason);
  return { reasons, rejection };
}

/** The first of the plugins to reject the node, as RunFilterPlugins stops there. */
function firstRejection(list: readonly NodeFilterPlugin[], node: Node): SchedulerRejection | undefined {
  for (const plugin of list) {
    const status = plugin.filter(node);
    if (status) return statusRejection(status);
  }
  return undefined;
}

/** A plugin's status as the node's rejection, with its code. */
export const statusRejection = (status: FilterStatus): SchedulerRejection =>
  status.code === 'UnschedulableAndUnresolvable' ? { reasons: status.reasons, unresolvable: true } : { reasons: status.reasons };

/** NodeResourcesFit's status: every resource short, UnschedulableAndUnresolvable when one request exceeds the whole allocatable. */
function resourcesRejection(insufficient: readonly InsufficientResource[]): SchedulerRejection {
  const reasons = insufficient.map((r) => r.reason);
  return insufficient.some((r) => r.unresolvable) ? { reasons, unresolvable: true } : { reasons };
}

/** A rejection's reasons in the chosen words: the legacy ones name the untolerated taint. */
export function wordRejection(rejection: SchedulerRejection, wording: SummaryWording): readonly string[] {
  return wording === 'legacy' && rejection.taint ? [SchedulerReasons.untoleratedTaintNamed(rejection.taint)] : rejection.reasons;
}
