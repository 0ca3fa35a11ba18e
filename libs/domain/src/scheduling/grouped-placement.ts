import type { SummaryWording } from '../settings';
import { type MatchOptions, defaultMatchOptions } from '../tolerations/match';
import type { Node, Pod } from '../types';
import { type ClassView, type NodeClasses, type NodeGroup, heldNode, representativeOf, viewFor } from './node-classes';
import {
  type NodeFilterResult,
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
  type PlacementOptions,
  defaultPlacementOptions,
  feasibilityOf,
  placePod,
  podRef,
  summarizeCounts,
} from './placement';
import type { PlacementCapacity, PlacementReason } from './placement-reasons';
import { countIntolerablePreferNoSchedule, defaultNormalizeScore, maxNodeScore, taintTolerationScores } from './taint-toleration-score';

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
}

function addCount(counts: Map<string, number>, reasons: readonly string[], n: number): void {
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
  const total = classes.names.length;
  return {
    view,
    verdicts,
    feasibleCount,
    counts,
    legacyCounts,
    summary: summarizeCounts(total, feasibleCount, counts),
    detail: summarizeCounts(total, feasibleCount, legacyCounts),
  };
}

/** The nodes held, in name order. */
function heldNodes(classes: NodeClasses): Node[] {
  return classes.names.map((name) => heldNode(classes, name) as Node);
}

/**
 * placePod(pod, nodes, options, capacity) for the nodes held in `classes`, deciding the filters
 * that read taints, cordon and labels once per group of nodes alike to the pod. A pod that names
 * nodes in its affinity is placed node by node (placePod itself); one bound by spec.nodeName is
 * filtered on its node alone, every other node failing NodeName.
 */
export function placePodGrouped(pod: Pod, classes: NodeClasses, options: PlacementOptions = defaultPlacementOptions, capacity?: PlacementCapacity): Placement {
  const boundTo = pod.spec?.nodeName;
  if (boundTo) return placeBoundPod(pod, boundTo, classes, options, capacity);
  const decided = placementByClass(pod, classes, options);
  if (!decided) return placePod(pod, heldNodes(classes), options, capacity);
  return capacity ? listWithCapacity(pod, classes, decided, options, capacity) : listByClass(pod, classes, decided);
}

/** Feasible nodes by score (desc) then name, ranked, then the infeasible ones: `listed` comes in name order, so buckets by score keep it. */
function ranking(listed: readonly NodePlacement[]): { nodes: NodePlacement[]; feasibleCount: number } {
  const byScore: NodePlacement[][] = Array.from({ length: maxNodeScore + 1 }, () => []);
  const infeasible: NodePlacement[] = [];
  for (const n of listed) {
    if (n.score === null) infeasible.push(n);
    else byScore[n.score]?.push(n);
  }
  const ranked = byScore.reverse().flat();
  ranked.forEach((n, i) => {
    n.rank = i + 1;
  });
  return { nodes: [...ranked, ...infeasible], feasibleCount: ranked.length };
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

/** Without capacity every node of a group has the group's answer: only the list is node by node. */
function listByClass(pod: Pod, classes: NodeClasses, decided: ClassPlacement): Placement {
  const feasibleGroups = [...decided.verdicts].filter(([, verdict]) => verdict.shared.rejection === undefined).map(([group]) => group);
  const scores = scoresOf(feasibleGroups, decided.verdicts);
  const listed = classes.names.map((name): NodePlacement => {
    const group = groupOfNode(classes, decided.view, name) as NodeGroup;
    const score = scores.get(group);
    const reasons = [...(decided.verdicts.get(group) as GroupVerdict).reasons];
    return { name, feasible: score !== undefined, score: score ?? null, rank: null, reasons };
  });
  const { nodes } = ranking(listed);
  return { pod: podRef(pod), nodes, feasibleCount: decided.feasibleCount, summary: decided.summary, detail: decided.detail };
}

/** With capacity, NodeResourcesFit runs node by node on top of each group's verdict. */
function listWithCapacity(pod: Pod, classes: NodeClasses, decided: ClassPlacement, options: PlacementOptions, capacity: PlacementCapacity): Placement {
  const fit = resourceFitOf(pod, capacity);
  const counts = new Map(decided.counts);
  const legacyCounts = new Map(decided.legacyCounts);
  const results: { name: string; group: NodeGroup; result: NodeFilterResult }[] = [];
  const feasibleGroups = new Set<NodeGroup>();
  for (const name of classes.names) {
    const group = groupOfNode(classes, decided.view, name) as NodeGroup;
    const verdict = decided.verdicts.get(group) as GroupVerdict;
    const result = withResourceFit(verdict.shared, heldNode(classes, name) as Node, fit, false, true);
    results.push({ name, group, result });
    if (result.rejection === undefined) feasibleGroups.add(group);
    else if (verdict.shared.rejection === undefined) {
      // The group's rejections are counted already; this one is the node's own.
      addCount(counts, wordRejection(result.rejection, options.summaryWording), 1);
      addCount(legacyCounts, wordRejection(result.rejection, 'legacy'), 1);
    }
  }
  const scores = scoresOf([...feasibleGroups], decided.verdicts);
  const listed = results.map(({ name, group, result }): NodePlacement => {
    const score = result.rejection === undefined ? (scores.get(group) as number) : null;
    return { name, feasible: score !== null, score, rank: null, reasons: result.reasons };
  });
  const { nodes, feasibleCount } = ranking(listed);
  const line = (c: ReadonlyMap<string, number>) => summarizeCounts(classes.names.length, feasibleCount, c);
  return { pod: podRef(pod), nodes, feasibleCount, summary: line(counts), detail: line(legacyCounts), capacityConsidered: true };
}

/** A pod bound by spec.nodeName: the kubelet's filters on its node, NodeName's rejection on every other. */
function placeBoundPod(pod: Pod, boundTo: string, classes: NodeClasses, options: PlacementOptions, capacity: PlacementCapacity | undefined): Placement {
  const node = heldNode(classes, boundTo);
  const own = node && runFilters(pod, node, options, true, resourceFitOf(pod, capacity));
  const other = nodeNameMismatch(boundTo, true);
  const listed = classes.names.map((name): NodePlacement => {
    if (name !== boundTo || !own) return { name, feasible: false, score: null, rank: null, reasons: [...other.reasons] };
    const feasible = own.rejection === undefined;
    const score = feasible ? (taintTolerationScores([node.spec?.taints], pod.spec?.tolerations, options)[0] as number) : null;
    return { name, feasible, score, rank: null, reasons: own.reasons };
  });
  const { nodes, feasibleCount } = ranking(listed);
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
