import type { Pod } from '../types';
import { type GroupVerdict, type GroupedContext, groupedContext, namesNodesInAffinity, placePodGrouped, withNotes } from './grouped-placement';
import { preFilterVerdict } from './framework/default-filters';
import { type PodPlugins, noPodPlugins, readsOnlyLabels } from './framework/pod-plugins';
import { bestByTotal, scoreColumns } from './framework/default-scores';
import { heldFeasibleNodes } from './held-feasible-nodes';
import { type Bucket, type BucketedPlacement, type PluginOutcome, bucketedPlacement } from './node-buckets';
import { type Shortage, UNKNOWN } from './node-room-masks';
import type { NodeClasses } from './node-classes';
import { allocatableUnknownReason } from './node-filters';
import { type NodePlacement, type PlacementContext, type PlacementOptions, defaultPlacementOptions, podRef, summarizeCounts } from './placement';
import type { PlacementCapacity } from './placement-reasons';
import {
  DEFAULT_PLACEMENT_TOP,
  type GroupReason,
  type InfeasibleGroup,
  type PlacementSummary,
  type ReasonCount,
  byFirstName,
  distinctCodes,
  groupReason,
  groupReasonContent,
  placementSummary,
} from './placement-views';

/**
 * placementSummary(placePodGrouped(...)) without an entry per node: the nodes fall into buckets of
 * (group of nodes alike to the pod, which resources they are short of, whether their size is
 * known, what the plugins reading only topology labels say of them), counted in one pass over
 * 10,000 nodes that compares numbers (node-rooms.ts); reasons, scores and names are made once per
 * bucket, and names only for the first `top` of each. A pod naming nodes has them each in a group
 * of their own (placementNamingNodes). The property tests (grouped-summary.property.test.ts,
 * grouped-summary.inter-pod.property.test.ts, naming-nodes-placement.property.test.ts) hold it
 * equal to the summary of the every-node answer.
 */

function addCount(counts: Map<string, number>, reasons: readonly string[], n: number): void {
  for (const reason of reasons) counts.set(reason, (counts.get(reason) ?? 0) + n);
}

/** The summary of placePodGrouped(pod, classes, options, capacity, context), by buckets of nodes (see above). */
export function placementSummaryGrouped(
  pod: Pod,
  classes: NodeClasses,
  options: PlacementOptions = defaultPlacementOptions,
  capacity?: PlacementCapacity,
  top: number = DEFAULT_PLACEMENT_TOP,
  context?: PlacementContext,
): PlacementSummary {
  const grouped = groupedContext(pod, classes, context);
  const placed = bucketsFor(pod, classes, grouped, options, capacity, top, true);
  if (!placed) return placementSummary(placePodGrouped(pod, classes, options, capacity, grouped), top);
  const { buckets, verdictOf, shortagesOf, outcomeOf, feasible, feasibleCount } = placed;
  const best = bestNodes(pod, classes, placed, options, capacity, grouped, top);
  // Each bucket's reasons once: the counts by code and the groups read them both.
  const reasonsOf = new Map<Bucket, GroupReason[]>();
  const reasonsOfBucket = (b: Bucket): GroupReason[] => {
    let reasons = reasonsOf.get(b);
    if (!reasons) reasonsOf.set(b, (reasons = bucketReasons(verdictOf(b), shortagesOf(b.mask), b.mask, outcomeOf(b))));
    return reasons;
  };
  const answer: PlacementSummary = {
    pod: podRef(pod),
    ...summaryLines(placed, classes.names.length),
    nodeCount: classes.names.length,
    feasibleCount,
    reasonCounts: reasonCounts(buckets, reasonsOfBucket),
    feasibleNodes: best.nodes,
    infeasibleGroups: infeasibleGroups(
      buckets.filter((b) => !feasible(b)),
      reasonsOfBucket,
      top,
    ),
  };
  if (capacity) answer.capacityConsidered = true;
  if (best.tied > 1) answer.bestTied = best.tied;
  return withNotes(answer, grouped);
}

/** What a simulation's turn reads of a placement: the node kube-scheduler would choose (null when none fits), its line, and the ties for the best total. */
export interface PlacementChoice {
  readonly node: string | null;
  readonly summary: string;
  readonly bestTied?: number;
}

/**
 * placementSummaryGrouped's first feasible node, summary and ties, without the rest of the answer
 * (the groups of infeasible nodes, the counts by code): what a simulation's turn keeps of it.
 */
export function placementChoice(
  pod: Pod,
  classes: NodeClasses,
  options: PlacementOptions,
  capacity: PlacementCapacity | undefined,
  context: PlacementContext | undefined,
): PlacementChoice {
  const grouped = groupedContext(pod, classes, context);
  const placed = bucketsFor(pod, classes, grouped, options, capacity, 1, true);
  if (!placed) {
    const summary = placementSummary(placePodGrouped(pod, classes, options, capacity, grouped), 1);
    const node = summary.feasibleNodes[0]?.name ?? null;
    return { node, summary: summary.summary, ...(node && summary.bestTied ? { bestTied: summary.bestTied } : {}) };
  }
  const { summary } = summaryLines(placed, classes.names.length);
  if (placed.feasibleCount === 0) return { node: null, summary };
  const best = bestNodes(pod, classes, placed, options, capacity, grouped, 1);
  return { node: best.nodes[0]?.name ?? null, summary, ...(best.tied > 1 ? { bestTied: best.tied } : {}) };
}

/**
 * The pod's placement in buckets, with the plugins and named nodes the buckets take in; undefined
 * when the pod is placed node by node (see bucketablePlugins and bucketedPlacement). A pod naming
 * nodes has NodeAffinity's PreFilter say which nodes it leaves out; when that rejects the pod
 * outright (its terms in conflict), node by node.
 */
export function bucketsFor(
  pod: Pod,
  classes: NodeClasses,
  grouped: GroupedContext,
  options: PlacementOptions,
  capacity: PlacementCapacity | undefined,
  top: number,
  withPositions: boolean,
): BucketedPlacement | undefined {
  const plugins = bucketablePlugins(grouped);
  const naming = namesNodesInAffinity(pod) ? preFilterVerdict(pod, grouped.prepared) : undefined;
  if (!plugins || naming?.message !== undefined) return undefined;
  return bucketedPlacement(pod, classes, options, capacity, top, withPositions, plugins, naming?.statusOf);
}

/**
 * The plugins of a pod placed by class, which the buckets take in: none for a pod no plugin beyond
 * the filters by class looks at, those that read only labels of a node (PodTopologySpread,
 * InterPodAffinity); undefined when the pod is placed node by node (a PreFilter rejected it or named
 * nodes, or a plugin reads a node's pods or volumes: NodePorts, the volume filters).
 */
function bucketablePlugins(grouped: GroupedContext): PodPlugins | undefined {
  if (grouped.byClass) return noPodPlugins;
  const { prepared } = grouped;
  return !prepared.rejection && !prepared.narrowed && readsOnlyLabels(prepared.plugins) ? prepared.plugins : undefined;
}

/** kube-scheduler's line in both wordings: the groups' rejections (placementByClass counted them), each short node's resources, the plugins' rejections. */
export function summaryLines(
  { decided, buckets, verdictOf, shortagesOf, outcomeOf, leftOutOf, feasibleCount }: BucketedPlacement,
  nodeCount: number,
): { summary: string; detail: string } {
  const counts = new Map(decided.counts);
  const legacyCounts = new Map(decided.legacyCounts);
  for (const bucket of buckets) {
    // A node the group rejects, or the PreFilter left out, is counted already; the scheduler stops at its first filter.
    if (verdictOf(bucket).shared.rejection !== undefined || leftOutOf(bucket) !== undefined) continue;
    const short = shortagesOf(bucket.mask);
    // Then NodeResourcesFit's, then the first plugin's after it (whose words have no legacy form).
    const reasons = short.length > 0 ? short.map((s) => s.group.message) : (outcomeOf(bucket).rejection?.reasons ?? []);
    addCount(counts, reasons, bucket.count);
    addCount(legacyCounts, reasons, bucket.count);
  }
  return { summary: summarizeCounts(nodeCount, feasibleCount, counts), detail: summarizeCounts(nodeCount, feasibleCount, legacyCounts) };
}

/**
 * summaryLines' summary from how many nodes its groups do not reject are in each state: short of
 * the resources a mask's bits name, else rejected by the plugins for `reasons` (none: feasible). What
 * a simulation that keeps each node's state rather than its buckets makes the line from; `moved`
 * says how the groups' rejections changed since they were counted (nodes replaced).
 */
export function summaryOfStates(
  placed: BucketedPlacement,
  states: Iterable<{ readonly mask: number; readonly reasons: readonly string[]; readonly count: number }>,
  nodeCount: number,
  feasibleCount: number,
  moved: ReadonlyMap<string, number> = new Map(),
): string {
  const counts = new Map(placed.decided.counts);
  // The groups' counts as nodes of theirs changed class since (`moved`: by how many, per reason).
  for (const [reason, by] of moved) {
    const count = (counts.get(reason) ?? 0) + by;
    if (count > 0) counts.set(reason, count);
    else counts.delete(reason);
  }
  for (const { mask, reasons, count } of states) {
    const short = placed.shortagesOf(mask);
    addCount(counts, short.length > 0 ? short.map((s) => s.group.message) : reasons, count);
  }
  return summarizeCounts(nodeCount, feasibleCount, counts);
}

/** A node's reasons in placePod's order: the blocking ones, its shortages, the plugins' after NodeResourcesFit, the soft ones, and that its size is unknown. */
function bucketReasons(verdict: GroupVerdict, short: readonly Shortage[], mask: number, outcome: PluginOutcome): GroupReason[] {
  const reasons = [
    ...verdict.shared.leading.map(groupReason),
    ...short.map((s) => s.group),
    ...outcome.details.map(groupReason),
    ...verdict.shared.trailing.map(groupReason),
  ];
  if (mask & UNKNOWN) reasons.push(groupReason(allocatableUnknownReason));
  return reasons;
}

function reasonCounts(buckets: readonly Bucket[], reasonsOf: (b: Bucket) => GroupReason[]): ReasonCount[] {
  const codes = new Map<ReasonCount['code'], number>();
  for (const bucket of buckets) {
    for (const code of distinctCodes(reasonsOf(bucket))) {
      codes.set(code, (codes.get(code) ?? 0) + bucket.count);
    }
  }
  return [...codes].map(([code, nodes]) => ({ code, nodes })).sort((a, b) => b.nodes - a.nodes || (a.code < b.code ? -1 : 1));
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The best `top` feasible nodes by the default Score plugins' total, highest first, then by name, as
 * placePod ranks them; and how many share the best total. Every feasible node is scored, by columns
 * (the resource and image scores are each node's own; the others are the group's or the class's).
 */
function bestNodes(
  pod: Pod,
  classes: NodeClasses,
  placed: BucketedPlacement,
  options: PlacementOptions,
  capacity: PlacementCapacity | undefined,
  context: PlacementContext,
  top: number,
): { nodes: NodePlacement[]; tied: number } {
  const bucketAt = placed.bucketAt as Int32Array;
  const feasibleBuckets = placed.buckets.map(placed.feasible);
  // The feasible nodes' positions, in a typed array of their number (counted by the buckets).
  const positions = new Int32Array(placed.feasibleCount);
  let at = 0;
  for (let i = 0; i < bucketAt.length; i++) if (feasibleBuckets[bucketAt[i] as number]) positions[at++] = i;
  const bucketOf = (position: number) => placed.buckets[bucketAt[position] as number] as Bucket;
  const softTaints = placed.buckets.map((bucket) => placed.verdictOf(bucket).softTaints);
  const feasible = heldFeasibleNodes(pod, classes, positions, capacity, (position) => softTaints[bucketAt[position] as number] as number);
  const scores = scoreColumns(pod, feasible, context.snapshot, options, capacity, context.indexes);
  const { order, tied } = bestByTotal(scores.totals, top);
  const best = order.map((k, rank): NodePlacement => {
    const position = positions[k] as number;
    return {
      name: classes.names[position] as string,
      feasible: true,
      score: scores.totals[k] as number,
      scores: scores.pluginsAt(k),
      rank: rank + 1,
      reasons: placed.unshortReasons(bucketOf(position)),
    };
  });
  return { nodes: best, tied };
}

/** Buckets whose reasons read the same (two groups may differ only in what no reason says) are one group of the answer. */
function infeasibleGroups(infeasible: readonly Bucket[], reasonsOf: (b: Bucket) => GroupReason[], top: number): InfeasibleGroup[] {
  const merged = new Map<string, InfeasibleGroup>();
  for (const bucket of infeasible) {
    const reasons = reasonsOf(bucket);
    const key = reasons.map(groupReasonContent).join('\n');
    const group = merged.get(key);
    if (!group) merged.set(key, { count: bucket.count, reasons, nodes: [...bucket.names] });
    else {
      group.count += bucket.count;
      group.nodes = [...group.nodes, ...bucket.names].sort(byName).slice(0, top);
    }
  }
  return [...merged.values()].sort(byFirstName);
}
