import { type SummaryWording, defaultSettings } from '../settings';
import { type MatchOptions, defaultMatchOptions } from '../tolerations/match';
import type { Node, Pod, PodRef } from '../types';
import { type NodeAffinityPreFilter, nodeAffinityPreFilter } from './node-affinity';
import { type NodeFilterResult, type SchedulerRejection, resourceFitOf, runFilters, wordRejection } from './node-filters';
import { type PlacementCapacity, type PlacementReason, SchedulerReasons } from './placement-reasons';
import { taintTolerationScores } from './taint-toleration-score';

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

/** What placement takes from the settings: how tolerations match, and the wording of the summary. */
export interface PlacementOptions extends MatchOptions {
  summaryWording: SummaryWording;
}

export const defaultPlacementOptions: PlacementOptions = Object.freeze({ ...defaultMatchOptions, summaryWording: defaultSettings.summaryWording });

export function podRef(pod: Pod): PodRef {
  return { namespace: pod.metadata.namespace || 'default', name: pod.metadata.name };
}

/** Filters one node for the pod, with every reason (see runFilters). */
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

const noNodesAvailable = 'no nodes available to schedule pods';

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
  const counts = new Map<string, number>();
  for (const reason of rejections) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return summarizeCounts(total, feasible, counts, preFilterMessage);
}

/** summarize over the reasons counted already (placement by class counts a whole class at once). */
export function summarizeCounts(total: number, feasible: number, counts: ReadonlyMap<string, number>, preFilterMessage?: string): string {
  if (total === 0) return noNodesAvailable;
  const head = `${feasible}/${total} nodes are available`;
  if (preFilterMessage) return `${head}: ${preFilterMessage}.`;
  // Go's sort.Strings: byte-wise order of the whole "N reason" string.
  const histogram = [...counts].map(([reason, n]) => `${n} ${reason}`).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return histogram.length ? `${head}: ${histogram.join(', ')}.` : `${head}.`;
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
