import { type Int64, canonicalInt64 } from '../numbers/int64';
import { type ResourceRequest, podResourceRequest } from '../resources/pod-requests';
import { isDoNotScheduleTaint, isNoExecuteTaint, isPreferNoScheduleTaint, taintForReason, taintIdentity, taintToString } from '../taints/taint';
import { type SummaryWording, defaultSettings } from '../settings';
import { type MatchOptions, defaultMatchOptions, tolerationsTolerateTaint } from '../tolerations/match';
import type { Node, Pod, PodRef, Taint, Toleration } from '../types';
import { TaintKeys } from '../well-known';
import { type NodeAffinityPreFilter, evaluateNodeAffinity, nodeAffinityMatches, nodeAffinityPreFilter } from './node-affinity';
import { type InsufficientResource, fitsRequest, nodeCapacity, withoutMissingExtendedResources } from './node-resources-fit';
import { type NodeUsage, emptyNodeUsage } from './node-usage';
import { taintTolerationScores } from './taint-toleration-score';

export const PlacementReasonCodes = {
  untoleratedTaint: 'UntoleratedTaint',
  unschedulable: 'Unschedulable',
  nodeSelectorMismatch: 'NodeSelectorMismatch',
  nodeAffinityMismatch: 'NodeAffinityMismatch',
  nodeNameMismatch: 'NodeNameMismatch',
  /** NodeResourcesFit, with capacity: the node's allocatable, less what its pods request, is short of the pod's request. */
  insufficientResource: 'InsufficientResource',
  /** NodeResourcesFit, with capacity: the node holds as many pods as its allocatable `pods` allows. */
  tooManyPods: 'TooManyPods',
  /** Soft: lowers the score, never blocks. */
  untoleratedPreferNoSchedule: 'UntoleratedPreferNoSchedule',
  /** Soft, with capacity: the node has no status.allocatable (nor capacity), so it is taken as unlimited and resources are not checked. */
  allocatableUnknown: 'AllocatableUnknown',
} as const;
export type PlacementReasonCode = (typeof PlacementReasonCodes)[keyof typeof PlacementReasonCodes];

export interface PlacementReason {
  code: PlacementReasonCode;
  message: string;
  /** The taint concerned, for taint reasons. */
  taint?: Taint;
  /** The pod field that is not met, for selector reasons. */
  field?: string;
  /** For NodeResourcesFit's reasons: the amounts, in the scheduler's units (millicores for cpu, a count for pods, units for the rest). */
  resource?: ResourceShortage;
}

/** fit.go's InsufficientResource as a placement reason carries it: int64s, a number while safe. */
export interface ResourceShortage {
  name: string;
  requested: Int64;
  /** What the node's pods request already (for pods: how many there are). */
  used: Int64;
  allocatable: Int64;
}

export interface NodePlacement {
  name: string;
  feasible: boolean;
  /** kube-scheduler's normalized TaintToleration score (0-100) among feasible nodes; null if infeasible. */
  score: number | null;
  /** 1 for the best feasible node; null if infeasible. */
  rank: number | null;
  /** Every reason, blocking ones first, in the order the scheduler's filters run. */
  reasons: PlacementReason[];
}

export interface Placement {
  pod: PodRef;
  /** Feasible nodes by score (desc) then name, then infeasible ones by name. */
  nodes: NodePlacement[];
  feasibleCount: number;
  /** The line kube-scheduler prints, in the wording the settings choose: `1/3 nodes are available: 2 node(s) had untolerated taint(s).` */
  summary: string;
  /** The same line in the legacy wording, which names each node's first untolerated taint: `... 2 node(s) had untolerated taint {k: v}.` */
  detail: string;
  /** Present, true, when the pod was placed with capacity (NodeResourcesFit ran); absent when resources were not looked at. */
  capacityConsidered?: true;
}

/**
 * What NodeResourcesFit needs beside the nodes: what the pods bound to each node request already.
 * The usage must not count the pod being placed (see excludingPod for a stored, bound one).
 */
export interface PlacementCapacity {
  /** The usage of the node (usageByNode); undefined when no pod holds resources on it. */
  readonly usageOf: (nodeName: string) => NodeUsage | undefined;
}

/** What placement takes from the settings: how tolerations match, and the wording of the summary. */
export interface PlacementOptions extends MatchOptions {
  summaryWording: SummaryWording;
}

export const defaultPlacementOptions: PlacementOptions = Object.freeze({ ...defaultMatchOptions, summaryWording: defaultSettings.summaryWording });

/** kube-scheduler's reasons, as they appear in its summary line. */
export const SchedulerReasons = {
  /** NodeUnschedulable's ErrReasonUnschedulable. */
  unschedulable: 'node(s) were unschedulable',
  /** NodeName's ErrReason. */
  nodeName: "node(s) didn't match the requested node name",
  /** TaintToleration's Filter since kubernetes/kubernetes#134740, which logs the taint instead of naming it. */
  untoleratedTaint: 'node(s) had untolerated taint(s)',
  /** TaintToleration's Filter before that: fmt "node(s) had untolerated taint {%s: %s}" of the first untolerated taint. */
  untoleratedTaintNamed: (taint: Taint) => `node(s) had untolerated taint ${taintForReason(taint)}`,
  /** NodeAffinity's ErrReasonPod. */
  nodeAffinity: "node(s) didn't match Pod's node affinity/selector",
  /**
   * findNodesThatFitPod's status for the nodes a PreFilterResult leaves out: fmt "node(s) didn't
   * satisfy plugin(s) %v" of the sorted names of the plugins that narrowed the nodes, NodeAffinity alone here.
   */
  notInPreFilterResult: "node(s) didn't satisfy plugin(s) [NodeAffinity]",
  /** NodeAffinity's PreFilter when the node names of the terms leave no node (errReasonConflict). */
  affinityTermsConflict: 'pod affinity terms conflict',
  // NodeResourcesFit's reasons ("Too many pods", "Insufficient cpu") are fitsRequest's (node-resources-fit.ts).
} as const;

export const noNodesAvailable = 'no nodes available to schedule pods';

/**
 * A node kube-scheduler rejects, as its summary counts it: the status of the first filter that
 * rejects it (RunFilterPlugins stops there), with every reason of that status (NodeResourcesFit
 * gives one for each resource short), and the untolerated taint when TaintToleration rejected it.
 */
interface SchedulerRejection {
  reasons: readonly string[];
  /** For the legacy wording, which names it. */
  taint?: Taint;
}

interface NodeFilterResult {
  reasons: PlacementReason[];
  /** The first filter that rejects the node, as kube-scheduler counts it; undefined if feasible. */
  rejection: SchedulerRejection | undefined;
}

/** What the resource check takes: the pod's request, computed once for every node, and the nodes' usage. */
interface ResourceFit {
  request: ResourceRequest;
  usageOf: (nodeName: string) => NodeUsage | undefined;
}

const resourceFitOf = (pod: Pod, capacity: PlacementCapacity | undefined): ResourceFit | undefined =>
  capacity && { request: podResourceRequest(pod), usageOf: capacity.usageOf };

export function podRef(pod: Pod): PodRef {
  return { namespace: pod.metadata.namespace || 'default', name: pod.metadata.name };
}

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
    message: `${short.reason}: requests ${unit(short.requested)}, ${unit(short.used)} of ${unit(short.capacity)} allocatable requested already`,
  };
}

const allocatableUnknownReason: PlacementReason = {
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

/**
 * Filters one node for the pod, collecting every reason (not only the first) and the one status
 * kube-scheduler would count: the first failing filter in its default order (NodeUnschedulable,
 * NodeName, TaintToleration, NodeAffinity, then, with capacity, NodeResourcesFit; NodePorts, which
 * runs between the last two, is not modelled). A pod with spec.nodeName is not scheduled but
 * admitted by the kubelet on that node (generalFilter), which ignores NoSchedule taints and
 * spec.unschedulable but not NoExecute taints, node selectors or resources. The kubelet checks
 * resources first and reports one reason only; the scheduler's order is kept here for both.
 */
export function filterNode(pod: Pod, node: Node, options: MatchOptions = defaultMatchOptions, capacity?: PlacementCapacity): NodeFilterResult {
  return runFilters(pod, node, options, true, resourceFitOf(pod, capacity));
}

/** Is the node feasible for the pod? The same filters, stopping at the first rejection and explaining nothing. */
export function isFeasible(pod: Pod, node: Node, options: MatchOptions = defaultMatchOptions, capacity?: PlacementCapacity): boolean {
  return runFilters(pod, node, options, false, resourceFitOf(pod, capacity)).rejection === undefined;
}

/** isFeasible for one pod over many nodes: its request is computed once, not node by node. */
export function feasibilityOf(pod: Pod, options: MatchOptions = defaultMatchOptions, capacity?: PlacementCapacity): (node: Node) => boolean {
  const fit = resourceFitOf(pod, capacity);
  return (node) => runFilters(pod, node, options, false, fit).rejection === undefined;
}

function runFilters(pod: Pod, node: Node, options: MatchOptions, explain: boolean, fit: ResourceFit | undefined): NodeFilterResult {
  const tolerations: Toleration[] = pod.spec?.tolerations ?? [];
  const taints = node.spec?.taints ?? [];
  const boundTo = pod.spec?.nodeName;
  const reasons: PlacementReason[] = [];
  let rejection: SchedulerRejection | undefined;
  const rejected = (reason: string, taint?: Taint): boolean => {
    rejection ??= taint ? { reasons: [reason], taint } : { reasons: [reason] };
    return !explain;
  };
  const result = (): NodeFilterResult => ({ reasons, rejection });

  if (boundTo && boundTo !== node.metadata.name) {
    if (explain) reasons.push({ code: PlacementReasonCodes.nodeNameMismatch, message: `pod is bound to node ${boundTo} by spec.nodeName` });
    rejected(SchedulerReasons.nodeName);
    return result();
  }

  if (!boundTo && node.spec?.unschedulable && !tolerationsTolerateTaint(tolerations, unschedulableTaint, options)) {
    if (explain) reasons.push({ code: PlacementReasonCodes.unschedulable, message: 'node is cordoned (spec.unschedulable is true)' });
    if (rejected(SchedulerReasons.unschedulable)) return result();
  }

  const blocks = boundTo ? isNoExecuteTaint : isDoNotScheduleTaint;
  for (const taint of taints) {
    if (!blocks(taint) || tolerationsTolerateTaint(tolerations, taint, options)) continue;
    if (explain) reasons.push(taintReason(taint, false));
    if (rejected(SchedulerReasons.untoleratedTaint, taint)) return result();
  }

  if (!explain) {
    if (!nodeAffinityMatches(pod, node)) rejected(SchedulerReasons.nodeAffinity);
    else if (fit) {
      const { insufficient } = checkResources(node, fit, Boolean(boundTo));
      if (insufficient.length > 0) rejection = { reasons: insufficient.map((r) => r.reason) };
    }
    return result();
  }
  const affinity = evaluateNodeAffinity(pod, node);
  for (const miss of affinity.nodeSelectorMisses) {
    reasons.push({ code: PlacementReasonCodes.nodeSelectorMismatch, field: miss.field, message: miss.message });
  }
  for (const miss of affinity.affinityMisses) {
    reasons.push({ code: PlacementReasonCodes.nodeAffinityMismatch, field: miss.field, message: miss.message });
  }
  if (!affinity.matches) rejected(SchedulerReasons.nodeAffinity);

  const resources = fit && checkResources(node, fit, Boolean(boundTo));
  if (resources && resources.insufficient.length > 0) {
    reasons.push(...resources.insufficient.map(shortageReason));
    rejection ??= { reasons: resources.insufficient.map((r) => r.reason) };
  }

  for (const taint of taints) {
    if (isPreferNoScheduleTaint(taint) && !tolerationsTolerateTaint(tolerations, taint, options)) reasons.push(taintReason(taint, true));
  }
  if (resources?.unknown) reasons.push(allocatableUnknownReason);
  return result();
}

/**
 * kube-scheduler's FitError.Error() (framework/types.go) with the available count in front where it
 * says 0: a PreFilter rejection's message alone (every node then has that one status, which the
 * message does not count), else the reasons counted, the "N reason" strings sorted as Go's
 * sort.Strings sorts them and joined by ", "; a period after either. What PostFilter plugins
 * (preemption) add after that is not part of it. Every reason of every node's status is counted
 * (`for _, reason := range status.Reasons() { reasons[reason]++ }`), so a node short of both cpu
 * and memory counts once for each and the counts may add up to more than the nodes rejected.
 */
export function summarize(total: number, feasible: number, rejections: readonly string[], preFilterMessage?: string): string {
  if (total === 0) return noNodesAvailable;
  const head = `${feasible}/${total} nodes are available`;
  if (preFilterMessage) return `${head}: ${preFilterMessage}.`;
  const counts = new Map<string, number>();
  for (const reason of rejections) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  // Go's sort.Strings: byte-wise order of the whole "N reason" string.
  const histogram = [...counts].map(([reason, n]) => `${n} ${reason}`).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return histogram.length ? `${head}: ${histogram.join(', ')}.` : `${head}.`;
}

/** A rejection's reasons in the chosen words: the legacy ones name the untolerated taint. */
function wordRejection(rejection: SchedulerRejection, wording: SummaryWording): readonly string[] {
  return wording === 'legacy' && rejection.taint ? [SchedulerReasons.untoleratedTaintNamed(rejection.taint)] : rejection.reasons;
}

const allNodes: NodeAffinityPreFilter = { outcome: 'allNodes' };

const byName = (a: NodePlacement, b: NodePlacement) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/**
 * Where can this pod go? Every node, feasible or not, with its reasons, score and rank, and the
 * summary line. As findNodesThatFitPod, NodeAffinity's PreFilter comes first: the nodes it leaves
 * out are counted as not satisfying it, and a conflict is the whole summary. Every node is still
 * filtered for its own reasons, which those nodes fail anyway. With capacity, NodeResourcesFit
 * runs too; without it, resources are not looked at.
 */
export function placePod(pod: Pod, nodes: readonly Node[], options: PlacementOptions = defaultPlacementOptions, capacity?: PlacementCapacity): Placement {
  // A pod bound by spec.nodeName never meets the scheduler's PreFilter: the kubelet admits it node by node.
  const preFilter = pod.spec?.nodeName ? allNodes : nodeAffinityPreFilter(pod);
  const feasible: { node: Node; reasons: PlacementReason[] }[] = [];
  const infeasible: NodePlacement[] = [];
  const rejections: SchedulerRejection[] = [];
  const fit = resourceFitOf(pod, capacity);
  for (const node of nodes) {
    const result = runFilters(pod, node, options, true, fit);
    const leftOut = preFilter.outcome === 'nodeNames' && !preFilter.nodeNames.has(node.metadata.name);
    const rejection = leftOut ? { reasons: [SchedulerReasons.notInPreFilterResult] } : result.rejection;
    if (rejection === undefined) {
      feasible.push({ node, reasons: result.reasons });
    } else {
      rejections.push(rejection);
      infeasible.push({ name: node.metadata.name, feasible: false, score: null, rank: null, reasons: result.reasons });
    }
  }

  const scores = taintTolerationScores(
    feasible.map((f) => f.node.spec?.taints),
    pod.spec?.tolerations,
    options,
  );
  const ranked: NodePlacement[] = feasible
    .map((f, i) => ({ name: f.node.metadata.name, feasible: true, score: scores[i] ?? 0, rank: null as number | null, reasons: f.reasons }))
    .sort((a, b) => b.score - a.score || byName(a, b));
  ranked.forEach((n, i) => {
    n.rank = i + 1;
  });
  infeasible.sort(byName);

  const preFilterMessage = preFilter.outcome === 'conflict' ? SchedulerReasons.affinityTermsConflict : undefined;
  const line = (wording: SummaryWording) =>
    summarize(
      nodes.length,
      ranked.length,
      rejections.flatMap((r) => wordRejection(r, wording)),
      preFilterMessage,
    );
  const placement: Placement = {
    pod: podRef(pod),
    nodes: [...ranked, ...infeasible],
    feasibleCount: ranked.length,
    summary: line(options.summaryWording),
    detail: line('legacy'),
  };
  if (capacity) placement.capacityConsidered = true;
  return placement;
}
