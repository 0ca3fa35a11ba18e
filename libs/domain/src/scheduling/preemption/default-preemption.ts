import type { PodDisruptionBudget } from '../../policy/pod-disruption-budget';
import type { Node, Pod } from '../../types';
import { type PreparedFilters, preFilterVerdict, prepareFilters } from '../framework/default-filters';
import { aggregateMessage } from '../inter-pod-affinity/label-selector-as-selector';
import { type SchedulerRejection, resourceFitOf, runFilters, wordRejection } from '../node-filters';
import { type PlacementContext, type PlacementOptions, summarizeCounts } from '../placement';
import type { PlacementCapacity } from '../placement-reasons';
import { type Candidate, calculateNumCandidates, dryRunPreemption, rankCandidates } from './candidates';
import { podEligibleToPreemptOthers } from './eligibility';
import { podPriority } from './pod-importance';
import { victimSearch } from './victims';

/**
 * kube-scheduler's DefaultPreemption PostFilter (pkg/scheduler/framework/plugins/defaultpreemption,
 * pkg/scheduler/framework/preemption): for a pod that fits no node, which pods of lower priority it
 * would evict, and on which node, or the words it adds to the FailedScheduling message when it finds
 * none. Nothing is evicted: this is the dry run and the choice, not prepareCandidate.
 */

export interface PreemptionQuestion {
  /** The pod that fits no node; a pod the scheduler places (no spec.nodeName). */
  pod: Pod;
  /** The nodes placement filtered, in its order (the order candidates are searched in). */
  nodes: readonly Node[];
  /** The cluster without the pod itself (contextWithout, for a stored pod), as placement takes it. */
  context: PlacementContext;
  /** As placement takes it: without it NodeResourcesFit does not run, and preemption only helps other filters. */
  capacity?: PlacementCapacity;
  options: PlacementOptions;
  podDisruptionBudgets: readonly PodDisruptionBudget[];
}

export interface PreemptionVictim {
  namespace: string;
  name: string;
  priority: number;
  /** Evicting it breaks a PodDisruptionBudget (it is one of the node's budget violations). */
  violatesBudget: boolean;
}

export interface PreemptionCandidate {
  node: string;
  /** Most important first (MoreImportantPod). */
  victims: PreemptionVictim[];
  /** How many of the victims break a PodDisruptionBudget (Victims.NumPDBViolations). */
  budgetViolations: number;
}

export interface PreemptionAnswer {
  /**
   * What DefaultPreemption's status adds after the filters' line when preemption finds no candidate,
   * or when the pod may not preempt: `preemption: 0/3 nodes are available: 3 No preemption victims
   * found for incoming pod.`, `preemption: not eligible due to preemptionPolicy=Never.` (no leading
   * space; the line joins them with one). Undefined when a node is nominated, and when preemption
   * does not run (no nodes, or the pod fits a node). A kube-scheduler whose profile has the
   * DynamicResources plugin (1.34 on, by default) runs that PostFilter first, and for a pod without
   * resource claims the message reads `no new claims to deallocate, preemption: ...`.
   */
  postFilterMessage?: string;
  /** The node preemption would nominate (status.nominatedNodeName), and its victims. */
  nominated?: PreemptionCandidate;
  /** Every candidate found, best first (nominated is the first). */
  candidates: PreemptionCandidate[];
}

/** The statuses of nodes DefaultPreemption did not try (SetAbsentNodesStatus before FitError.Error). */
const notHelpful = 'Preemption is not helpful for scheduling';

/**
 * The nodes whose status may change by evicting pods: Unschedulable ones (NodesForStatusCode). A
 * node without a status (absent from the scheduler's map, whose absent status is
 * UnschedulableAndUnresolvable) or with an UnschedulableAndUnresolvable one is left out.
 */
export function nodesWherePreemptionMightHelp(nodes: readonly Node[], statusOf: (nodeName: string) => SchedulerRejection | undefined): Node[] {
  return nodes.filter((node) => {
    const status = statusOf(node.metadata.name);
    return status !== undefined && !status.unresolvable;
  });
}

/**
 * FitError.Error() of the FitError Preempt returns when it finds no candidate: every node tried
 * counted by its status's reasons, every other node as not helped by preemption.
 */
function noCandidateMessage(total: number, statuses: ReadonlyMap<string, SchedulerRejection>, options: PlacementOptions): string {
  const counts = new Map<string, number>();
  for (const status of statuses.values()) {
    for (const reason of wordRejection(status, options.summaryWording)) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  }
  if (total > statuses.size) counts.set(notHelpful, (counts.get(notHelpful) ?? 0) + total - statuses.size);
  return summarizeCounts(total, 0, counts);
}

const publicCandidate = (c: Candidate): PreemptionCandidate => ({
  node: c.node,
  victims: c.victims.map((v) => ({
    namespace: v.metadata.namespace || 'default',
    name: v.metadata.name,
    priority: podPriority(v),
    violatesBudget: c.violating.has(v),
  })),
  budgetViolations: c.numPDBViolations,
});

/**
 * DefaultPreemption.PostFilter over the nodes' statuses as the filters left them (`statusOf`: a
 * node's first rejecting status; undefined for a node absent from the scheduler's map, which counts
 * as UnschedulableAndUnresolvable). Preempt: the pod's eligibility (its nominated node's status
 * decides part of it); the candidates among the Unschedulable nodes, tried from the first (offset 0
 * where kube-scheduler draws a random one, so that the answer is the same every time) until
 * max(10% of them, 100) are found; the best of them by pickOneNodeForPreemption. `prepared`: the
 * PreFilters already run over the whole cluster, else run here.
 */
export function postFilter(
  question: PreemptionQuestion,
  statusOf: (nodeName: string) => SchedulerRejection | undefined,
  prepared?: PreparedFilters,
): PreemptionAnswer {
  const { pod, nodes, context, capacity, options } = question;
  const nominated = pod.status?.nominatedNodeName;
  const nominatedStatus = typeof nominated === 'string' && nominated !== '' ? statusOf(nominated) : undefined;
  const eligibility = podEligibleToPreemptOthers(pod, context.snapshot, nominatedStatus === undefined || nominatedStatus.unresolvable === true);
  if (!eligibility.eligible) return { postFilterMessage: `preemption: ${eligibility.message}`, candidates: [] };

  // findCandidates' error without nodes (the scheduler itself stops before, at "no nodes available to schedule pods").
  if (nodes.length === 0) return { postFilterMessage: 'preemption: no nodes available', candidates: [] };
  const potential = nodesWherePreemptionMightHelp(nodes, statusOf);
  if (potential.length === 0) return { postFilterMessage: `preemption: ${noCandidateMessage(nodes.length, new Map(), options)}`, candidates: [] };
  const search = victimSearch(pod, context, options, capacity, question.podDisruptionBudgets, prepared);
  const dryRun = dryRunPreemption(search, potential, 0, calculateNumCandidates(potential.length));
  if (dryRun.candidates.length === 0) {
    // findCandidates' error, when a node needed no victim, stands in for the FitError.
    const message = dryRun.errors.length > 0 ? aggregateMessage(dryRun.errors) : noCandidateMessage(nodes.length, dryRun.statuses, options);
    return { postFilterMessage: `preemption: ${message}`, candidates: [] };
  }
  const candidates = rankCandidates(dryRun.candidates).map(publicCandidate);
  return { nominated: candidates[0], candidates };
}

/**
 * DefaultPreemption for a pod placement found no node for. The nodes' statuses are computed here as
 * findNodesThatFitPod records them (the PreFilters' verdict, then each node's first rejecting filter,
 * runFilters without explaining), then postFilter runs on them. Preemption does not run, and the
 * answer is empty, when there are no nodes (the scheduler stops at "no nodes available"), when the
 * pod is bound by spec.nodeName (the scheduler does not place it), or when a node fits the pod.
 */
export function defaultPreemption(question: PreemptionQuestion): PreemptionAnswer {
  const { pod, nodes, context, capacity, options } = question;
  if (nodes.length === 0 || pod.spec?.nodeName) return { candidates: [] };
  const prepared = prepareFilters(pod, context.snapshot, context.indexes);
  const preFilter = preFilterVerdict(pod, prepared);
  const fit = resourceFitOf(pod, capacity);
  const statuses = new Map<string, SchedulerRejection>();
  for (const node of nodes) {
    const status = preFilter.statusOf(node.metadata.name) ?? runFilters(pod, node, options, false, fit, prepared.plugins).rejection;
    if (status === undefined) return { candidates: [] };
    statuses.set(node.metadata.name, status);
  }
  return postFilter(question, (name) => statuses.get(name), prepared);
}
