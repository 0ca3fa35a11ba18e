import type { SummaryWording } from '../settings';
import { type MatchOptions, defaultMatchOptions } from '../tolerations/match';
import type { Node, Pod } from '../types';
import { type ClassView, type NodeClasses, type NodeGroup, groupsInOrder, heldNode, nodesInOrder, representativeOf, viewFor } from './node-classes';
import {
  type NodeFilterResult,
  type SchedulerRejection,
  type SharedVerdict,
  nodeNameMismatch,
  resourceFitOf,
  runFilters,
  sharedFilters,
  withResourceFit,
  wordRejection,
} from './node-filters';
import {
  type NodePlacement,
  type Placement,
  type PlacementContext,
  type PlacementOptions,
  defaultPlacementOptions,
  feasibilityOf,
  placePrepared,
  podRef,
  summarizeCounts,
} from './placement';
import { type PreparedFilters, prepareFilters } from './framework/default-filters';
import { scoreColumns } from './framework/default-scores';
import { heldFeasibleNodes } from './held-feasible-nodes';
import { hasPodPlugins } from './framework/pod-plugins';
import { snapshotOf } from './framework/scheduling-snapshot';
import type { PlacementCapacity, PlacementReason } from './placement-reasons';
import { countIntolerablePreferNoSchedule, defaultNormalizeScore } from './taint-toleration-score';

/**
 * placePod's answer over NodeClasses, decided once per group of nodes alike to the pod (same
 * taints, cordon and values of the labels it reads) instead of once per node: only NodeName and
 * NodeResourcesFit, which read a node's name and size, run node by node. The answer is placePod's,
 * to the reason and the order; the property test (grouped-placement.property.test.ts) holds it to that.
 */

/** The label keys the pod's nodeSelector and required node affinity read: all that NodeAffinity reads of labels. */
export function labelKeysReadBy(pod: Pod): string[] {
  const keys = Object.keys(pod.spec?.nodeSelector ?? {});
  // Inline pods come from raw JSON: terms and expressions may be missing, as node-affinity.ts reads them.
  const terms = pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms ?? [];
  for (const term of terms) for (const req of term.matchExpressions ?? []) keys.push(req.key);
  return keys;
}

/**
 * Does the pod's required node affinity read node names (matchFields on metadata.name, and with In
 * NodeAffinity's PreFilter)? Such a pod is answered node by node: every name is a class of its own.
 */
export function namesNodesInAffinity(pod: Pod): boolean {
  const terms = pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms ?? [];
  return terms.some((term) => (term.matchFields ?? []).some((req) => req.key === 'metadata.name'));
}

export interface GroupVerdict {
  readonly shared: SharedVerdict;
  /** The shared reasons of a node when resources are not looked at, in the order placePod lists them. */
  readonly reasons: readonly PlacementReason[];
  /** TaintToleration's raw score: the untolerated PreferNoSchedule taints. */
  readonly softTaints: number;
}

/** The decision for a pod that neither is bound to a node nor names nodes, per group of the view; counts and summary without capacity. */
export interface ClassPlacement {
  readonly view: ClassView;
  readonly verdicts: ReadonlyMap<NodeGroup, GroupVerdict>;
  /** Without capacity: the nodes feasible, and the summary's reasons counted, in the chosen wording and the legacy one. */
  readonly feasibleCount: number;
  readonly counts: ReadonlyMap<string, number>;
  readonly legacyCounts: ReadonlyMap<string, number>;
  readonly summary: string;
  readonly detail: string;
  /**
   * For a pod that names nodes (placementNamingNodes): the groups in order, each node's group by its
   * position, and per group the status NodeAffinity's PreFilter gives its nodes when it leaves them
   * out (what kube-scheduler counts for them). Absent otherwise: the view's groups in order.
   */
  readonly layout?: ClassLayout;
}

interface ClassLayout {
  readonly groups: readonly NodeGroup[];
  readonly groupIndex: Int32Array;
  readonly leftOut: readonly (SchedulerRejection | undefined)[];
}

export function addCount(counts: Map<string, number>, reasons: readonly string[], n: number): void {
  // No node, no reason: the summary counts only reasons some node has.
  if (n === 0) return;
  for (const reason of reasons) counts.set(reason, (counts.get(reason) ?? 0) + n);
}

/**
 * The filters that read taints, cordon and labels, run once per group of nodes alike to the pod;
 * undefined for a pod they cannot be decided that way for (bound by spec.nodeName, or naming nodes
 * in its affinity). This is the whole decision when resources are not looked at.
 */
export function placementByClass(pod: Pod, classes: NodeClasses, options: PlacementOptions = defaultPlacementOptions): ClassPlacement | undefined {
  if (pod.spec?.nodeName || namesNodesInAffinity(pod)) return undefined;
  const view = viewFor(classes, labelKeysReadBy(pod));
  const verdicts = new Map<NodeGroup, GroupVerdict>();
  const counts = new Map<string, number>();
  const legacyCounts = new Map<string, number>();
  let feasibleCount = 0;
  for (const group of view.groups.values()) {
    const node = representativeOf(group);
    const shared = sharedFilters(pod, node, options, true);
    const softTaints = countIntolerablePreferNoSchedule(node.spec?.taints, pod.spec?.tolerations, options);
    verdicts.set(group, { shared, reasons: [...shared.leading, ...shared.trailing], softTaints });
    if (shared.rejection === undefined) feasibleCount += group.size;
    else {
      addCount(counts, wordRejection(shared.rejection, options.summaryWording), group.size);
      addCount(legacyCounts, wordRejection(shared.rejection, 'legacy'), group.size);
    }
  }
  return classPlacement({ view, verdicts, feasibleCount, counts, legacyCounts }, classes.names.length);
}

/** The decision with kube-scheduler's line over `total` nodes, in the chosen wording and the legacy one. */
export function classPlacement(decided: Omit<ClassPlacement, 'summary' | 'detail' | 'layout'>, total: number, layout?: ClassLayout): ClassPlacement {
  const { feasibleCount, counts, legacyCounts } = decided;
  return {
    ...decided,
    summary: summarizeCounts(total, feasibleCount, counts),
    detail: summarizeCounts(total, feasibleCount, legacyCounts),
    ...(layout ? { layout } : {}),
  };
}

/** The nodes held, in name order. */
function heldNodes(classes: NodeClasses): readonly Node[] {
  return nodesInOrder(classes);
}

/**
 * What placement by class needs beyond the classes: the cluster (for the PreFilters and the
 * scores) and what the PreFilters decided; `byClass` is false when a plugin beyond the filters by
 * class runs or rejects for the pod (its host ports, volumes, spread or pod affinity, or existing
 * pods' anti-affinity it meets), and the pod is then placed node by node.
 */
export interface GroupedContext extends PlacementContext {
  readonly prepared: PreparedFilters;
  readonly byClass: boolean;
}

/** The context of a placement over these classes: the one given (the PreFilters run once here), or their nodes holding no pods. */
export function groupedContext(pod: Pod, classes: NodeClasses, context?: PlacementContext | GroupedContext): GroupedContext {
  if (context && 'prepared' in context) return context;
  const cluster = context ?? { snapshot: snapshotOf(heldNodes(classes), []) };
  const prepared = prepareFilters(pod, cluster.snapshot, cluster.indexes);
  const byClass = !hasPodPlugins(prepared.plugins) && !prepared.rejection && !prepared.narrowed;
  return { ...cluster, prepared, byClass };
}

/** Marks what the PreFilters left unevaluated on an answer made by class. */
export function withNotes<T extends { notEvaluated?: Placement['notEvaluated'] }>(answer: T, context: GroupedContext): T {
  if (context.prepared.unevaluated.length) answer.notEvaluated = [...context.prepared.unevaluated];
  return answer;
}

/**
 * placePod(pod, nodes, options, capacity, context) for the nodes held in `classes`, deciding the
 * filters that read taints, cordon and labels once per group of nodes alike to the pod. A pod that
 * names nodes in its affinity, or that a plugin beyond those filters looks at, is placed node by
 * node (placePod itself); one bound by spec.nodeName is filtered on its node alone, every other
 * node failing NodeName.
 */
export function placePodGrouped(
  pod: Pod,
  classes: NodeClasses,
  options: PlacementOptions = defaultPlacementOptions,
  capacity?: PlacementCapacity,
  context?: PlacementContext,
): Placement {
  const grouped = groupedContext(pod, classes, context);
  const boundTo = pod.spec?.nodeName;
  if (boundTo && grouped.byClass) return placeBoundPod(pod, boundTo, classes, options, capacity, grouped);
  const decided = grouped.byClass ? placementByClass(pod, classes, options) : undefined;
  if (!decided) return placePrepared(pod, heldNodes(classes), options, capacity, grouped, grouped.prepared);
  const placement = capacity ? listWithCapacity(pod, classes, decided, options, capacity, grouped) : listByClass(pod, classes, decided, options, grouped);
  return withNotes(placement, grouped);
}

/**
 * Feasible nodes by their scores' total (desc) then name, ranked, then the infeasible ones in name
 * order (`listed` comes in name order: an entry's index is its node's position in the classes'
 * names). The scores are the default Score plugins' over the feasible nodes (scoreColumns), with
 * TaintToleration's count per group when the caller knows it (`softTaintsAt`, by position).
 */
function ranking(
  pod: Pod,
  listed: readonly NodePlacement[],
  classes: NodeClasses,
  options: PlacementOptions,
  capacity: PlacementCapacity | undefined,
  context: PlacementContext,
  softTaintsAt?: (position: number) => number,
): { nodes: NodePlacement[]; feasibleCount: number; bestTied?: number } {
  const positions: number[] = [];
  listed.forEach((n, i) => {
    if (n.feasible) positions.push(i);
  });
  const feasible = heldFeasibleNodes(pod, classes, positions, capacity, softTaintsAt);
  const scores = scoreColumns(pod, feasible, context.snapshot, options, capacity, context.indexes);
  const ranked = positions.map((position, k) => {
    const entry = listed[position] as NodePlacement;
    entry.score = scores.totals[k] as number;
    entry.scores = scores.pluginsAt(k);
    return entry;
  });
  // A stable sort: entries of equal totals stay in name order.
  ranked.sort((a, b) => (b.score as number) - (a.score as number));
  ranked.forEach((n, i) => {
    n.rank = i + 1;
  });
  const tied = ranked.filter((n) => n.score === ranked[0]?.score).length;
  return { nodes: [...ranked, ...listed.filter((n) => !n.feasible)], feasibleCount: ranked.length, ...(tied > 1 ? { bestTied: tied } : {}) };
}

/** TaintToleration's count of the node at each position: its group's, from the decision by class. */
function softTaintsByPosition(classes: NodeClasses, decided: ClassPlacement): (position: number) => number {
  const { groups, groupIndex } = groupsInOrder(classes, decided.view);
  return (position) => (decided.verdicts.get(groups[groupIndex[position] as number] as NodeGroup) as GroupVerdict).softTaints;
}

/** The group of a node held; undefined only for a view dropped (viewFor keeps a few) and not updated since. */
function groupOfNode(classes: NodeClasses, view: ClassView, name: string): NodeGroup | undefined {
  const nodeClass = classes.classOf.get(name);
  return nodeClass && view.groupOf.get(nodeClass);
}

/** TaintToleration's normalized scores of the groups with a feasible node: the largest raw score among them scales them all. */
export function scoresOf(feasibleGroups: readonly NodeGroup[], verdicts: ReadonlyMap<NodeGroup, GroupVerdict>): Map<NodeGroup, number> {
  const scores = defaultNormalizeScore(
    feasibleGroups.map((group) => (verdicts.get(group) as GroupVerdict).softTaints),
    true,
  );
  return new Map(feasibleGroups.map((group, i) => [group, scores[i] as number]));
}

/** Without capacity every node of a group has the group's answer: only the list and the scores are node by node. */
function listByClass(pod: Pod, classes: NodeClasses, decided: ClassPlacement, options: PlacementOptions, context: PlacementContext): Placement {
  const listed = classes.names.map((name): NodePlacement => {
    const verdict = decided.verdicts.get(groupOfNode(classes, decided.view, name) as NodeGroup) as GroupVerdict;
    return { name, feasible: verdict.shared.rejection === undefined, score: null, rank: null, reasons: [...verdict.reasons] };
  });
  const { nodes, bestTied } = ranking(pod, listed, classes, options, undefined, context, softTaintsByPosition(classes, decided));
  const placement: Placement = { pod: podRef(pod), nodes, feasibleCount: decided.feasibleCount, summary: decided.summary, detail: decided.detail };
  if (bestTied) placement.bestTied = bestTied;
  return placement;
}

/** With capacity, NodeResourcesFit runs node by node on top of each group's verdict. */
function listWithCapacity(
  pod: Pod,
  classes: NodeClasses,
  decided: ClassPlacement,
  options: PlacementOptions,
  capacity: PlacementCapacity,
  context: PlacementContext,
): Placement {
  const fit = resourceFitOf(pod, capacity);
  const counts = new Map(decided.counts);
  const legacyCounts = new Map(decided.legacyCounts);
  const listed: NodePlacement[] = [];
  for (const name of classes.names) {
    const group = groupOfNode(classes, decided.view, name) as NodeGroup;
    const verdict = decided.verdicts.get(group) as GroupVerdict;
    const result = withResourceFit(verdict.shared, heldNode(classes, name) as Node, fit, false, true);
    listed.push({ name, feasible: result.rejection === undefined, score: null, rank: null, reasons: result.reasons });
    if (result.rejection !== undefined && verdict.shared.rejection === undefined) {
      // The group's rejections are counted already; this one is the node's own.
      addCount(counts, wordRejection(result.rejection, options.summaryWording), 1);
      addCount(legacyCounts, wordRejection(result.rejection, 'legacy'), 1);
    }
  }
  const { nodes, feasibleCount, bestTied } = ranking(pod, listed, classes, options, capacity, context, softTaintsByPosition(classes, decided));
  const line = (c: ReadonlyMap<string, number>) => summarizeCounts(classes.names.length, feasibleCount, c);
  const placement: Placement = { pod: podRef(pod), nodes, feasibleCount, summary: line(counts), detail: line(legacyCounts), capacityConsidered: true };
  if (bestTied) placement.bestTied = bestTied;
  return placement;
}

/** A pod bound by spec.nodeName: the kubelet's filters on its node, NodeName's rejection on every other. */
function placeBoundPod(
  pod: Pod,
  boundTo: string,
  classes: NodeClasses,
  options: PlacementOptions,
  capacity: PlacementCapacity | undefined,
  context: PlacementContext,
): Placement {
  const node = heldNode(classes, boundTo);
  const own = node && runFilters(pod, node, options, true, resourceFitOf(pod, capacity));
  const other = nodeNameMismatch(boundTo, true);
  const listed = classes.names.map((name): NodePlacement => {
    if (name !== boundTo || !own) return { name, feasible: false, score: null, rank: null, reasons: [...other.reasons] };
    return { name, feasible: own.rejection === undefined, score: null, rank: null, reasons: own.reasons };
  });
  const { nodes, feasibleCount } = ranking(pod, listed, classes, options, capacity, context);
  const line = (wording: SummaryWording) => {
    const counts = new Map<string, number>();
    addCount(counts, wordRejection(other.rejection as NonNullable<NodeFilterResult['rejection']>, wording), classes.names.length - (own ? 1 : 0));
    if (own?.rejection) addCount(counts, wordRejection(own.rejection, wording), 1);
    return summarizeCounts(classes.names.length, feasibleCount, counts);
  };
  const placement: Placement = { pod: podRef(pod), nodes, feasibleCount, summary: line(options.summaryWording), detail: line('legacy') };
  if (capacity) placement.capacityConsidered = true;
  return placement;
}

/**
 * feasibilityOf over nodes held in `classes`: the filters that read taints, cordon and labels run
 * once per group (on first asking), NodeResourcesFit node by node. A node not held as given (absent,
 * or a different object of that name) is filtered on its own, as feasibilityOf would.
 */
export function groupedFeasibility(
  pod: Pod,
  classes: NodeClasses,
  options: MatchOptions = defaultMatchOptions,
  capacity?: PlacementCapacity,
): (node: Node) => boolean {
  if (pod.spec?.nodeName || namesNodesInAffinity(pod)) return feasibilityOf(pod, options, capacity);
  const fit = resourceFitOf(pod, capacity);
  const view = viewFor(classes, labelKeysReadBy(pod));
  const decided = new Map<NodeGroup, SharedVerdict>();
  return (node) => {
    const name = node.metadata.name;
    if (heldNode(classes, name) !== node) return runFilters(pod, node, options, false, fit).rejection === undefined;
    const group = groupOfNode(classes, view, name);
    if (!group) return runFilters(pod, node, options, false, fit).rejection === undefined;
    let shared = decided.get(group);
    if (!shared) {
      shared = sharedFilters(pod, representativeOf(group), options, false);
      decided.set(group, shared);
    }
    return withResourceFit(shared, node, fit, false, false).rejection === undefined;
  };
}
