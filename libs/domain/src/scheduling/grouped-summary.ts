import { canonicalInt64 } from '../numbers/int64';
import { podResourceRequest } from '../resources/pod-requests';
import type { Node, Pod } from '../types';
import { type ClassPlacement, type GroupVerdict, placePodGrouped, placementByClass, scoresOf } from './grouped-placement';
import { type NodeClasses, type NodeGroup, groupsInOrder, heldNode } from './node-classes';
import { allocatableUnknownReason } from './node-filters';
import { fitsRequest, nodeCapacity } from './node-resources-fit';
import { roomsInOrder } from './node-rooms';
import { emptyNodeUsage } from './node-usage';
import { type NodePlacement, type PlacementOptions, defaultPlacementOptions, podRef, summarizeCounts } from './placement';
import { type PlacementCapacity, type PlacementReason, PlacementReasonCodes } from './placement-reasons';
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
 * known), counted in one pass over 10,000 nodes that compares numbers (node-rooms.ts); reasons,
 * scores and names are made once per bucket, and names only for the first `top` of each. The
 * property test (grouped-summary.property.test.ts) holds it equal to the summary of the full answer.
 */

/** A node whose size is unknown (no allocatable): taken as unlimited, with a soft reason. */
const UNKNOWN = 1;
/** Then one bit per resource a node can be short of, in fitsRequest's order: pods, cpu, memory, ephemeral-storage, scalars. */
const FIRST_RESOURCE_BIT = 1;

/** A resource the pod may be short of, in fitsRequest's order, and its reason as a group shares it. */
interface Shortage {
  name: string;
  reason: string;
  group: GroupReason;
}

/** How the nodes are checked for room: the shortages by bit, and each node's bits by its position in `classes.names`. */
interface RoomCheck {
  shortages: readonly Shortage[];
  maskAt: (position: number) => number;
}

interface Bucket {
  group: number;
  mask: number;
  count: number;
  /** The first `top` names, in name order. */
  names: string[];
}

/** The most scalar resources a pod may request for its shortages to fit in a bucket's bits; more are checked node by node. */
const MAX_SCALARS = 20;

function shortage(name: string, requested: bigint): Shortage {
  const pods = name === 'pods';
  const reason = pods ? 'Too many pods' : `Insufficient ${name}`;
  const code = pods ? PlacementReasonCodes.tooManyPods : PlacementReasonCodes.insufficientResource;
  return { name, reason, group: { code, message: reason, resource: { name, requested: canonicalInt64(requested) } } };
}

/**
 * NodeResourcesFit as bits per node: from the rooms kept beside the classes when there are some and
 * the pod requests no scalar resource (the common case), else by fitsRequest on each node.
 */
function roomCheck(pod: Pod, classes: NodeClasses, capacity: PlacementCapacity): RoomCheck | undefined {
  const request = podResourceRequest(pod);
  const scalars = [...request.scalar].filter(([, q]) => q !== 0n);
  if (scalars.length > MAX_SCALARS) return undefined;
  const shortages = [
    shortage('pods', 1n),
    shortage('cpu', request.milliCPU),
    shortage('memory', request.memory),
    shortage('ephemeral-storage', request.ephemeralStorage),
    ...scalars.map(([name, q]) => shortage(name, q)),
  ];
  const bitOf = new Map(shortages.map((s, i) => [s.name, 1 << (FIRST_RESOURCE_BIT + i)]));
  const { names } = classes;
  const slowMask = (position: number): number => {
    const name = names[position] as string;
    const capacityOfNode = nodeCapacity(heldNode(classes, name) as Node);
    if (!capacityOfNode.limited) return UNKNOWN;
    let mask = 0;
    for (const short of fitsRequest(request, capacityOfNode.allocatable, capacity.usageOf(name) ?? emptyNodeUsage))
      mask |= bitOf.get(short.resourceName) as number;
    return mask;
  };
  const rooms = scalars.length === 0 && capacity.rooms ? roomsInOrder(capacity.rooms, classes) : undefined;
  const amounts = [request.milliCPU, request.memory, request.ephemeralStorage].map(Number);
  if (!rooms || !amounts.every(Number.isSafeInteger)) return { shortages, maskAt: slowMask };
  const [cpu, memory, storage] = amounts as [number, number, number];
  const asksAny = cpu > 0 || memory > 0 || storage > 0 || request.scalar.size > 0;
  const [PODS, CPU, MEMORY, STORAGE] = [2, 4, 8, 16];
  const maskAt = (position: number): number => {
    const room = rooms[position] as (typeof rooms)[number];
    if (!room.limited) return UNKNOWN;
    if (!room.exact) return slowMask(position);
    let mask = room.pods < 1 ? PODS : 0;
    if (!asksAny) return mask;
    if (cpu > 0 && cpu > room.cpu) mask |= CPU;
    if (memory > 0 && memory > room.memory) mask |= MEMORY;
    if (storage > 0 && storage > room.ephemeralStorage) mask |= STORAGE;
    return mask;
  };
  return { shortages, maskAt };
}

function addCount(counts: Map<string, number>, reasons: readonly string[], n: number): void {
  for (const reason of reasons) counts.set(reason, (counts.get(reason) ?? 0) + n);
}

/** The summary of placePodGrouped(pod, classes, options, capacity), by buckets of nodes (see above). */
export function placementSummaryGrouped(
  pod: Pod,
  classes: NodeClasses,
  options: PlacementOptions = defaultPlacementOptions,
  capacity?: PlacementCapacity,
  top: number = DEFAULT_PLACEMENT_TOP,
): PlacementSummary {
  const decided = pod.spec?.nodeName ? undefined : placementByClass(pod, classes, options);
  const check = decided && capacity ? roomCheck(pod, classes, capacity) : undefined;
  // Pods bound or naming nodes are decided node by node anyway; so are pods of very many scalar resources.
  if (!decided || (capacity && !check)) return placementSummary(placePodGrouped(pod, classes, options, capacity), top);

  const { groups, groupIndex } = groupsInOrder(classes, decided.view);
  const buckets = countBuckets(classes.names, groupIndex, groups.length, check?.maskAt, top);
  const verdictOf = (bucket: Bucket) => decided.verdicts.get(groups[bucket.group] as NodeGroup) as GroupVerdict;
  const shortagesOf = (mask: number) => (check?.shortages ?? []).filter((_, i) => mask & (1 << (FIRST_RESOURCE_BIT + i)));
  const feasible = (bucket: Bucket) => verdictOf(bucket).shared.rejection === undefined && (bucket.mask & ~UNKNOWN) === 0;

  const feasibleBuckets = buckets.filter(feasible);
  const scores = scoresOf([...new Set(feasibleBuckets.map((b) => groups[b.group] as NodeGroup))], decided.verdicts);
  const feasibleCount = feasibleBuckets.reduce((sum, b) => sum + b.count, 0);
  const { counts, legacyCounts } = summaryCounts(decided, buckets, verdictOf, shortagesOf);
  const line = (c: ReadonlyMap<string, number>) => summarizeCounts(classes.names.length, feasibleCount, c);

  const answer: PlacementSummary = {
    pod: podRef(pod),
    summary: line(counts),
    detail: line(legacyCounts),
    nodeCount: classes.names.length,
    feasibleCount,
    reasonCounts: reasonCounts(buckets, verdictOf, shortagesOf),
    feasibleNodes: bestNodes(feasibleBuckets, (b) => scores.get(groups[b.group] as NodeGroup) as number, verdictOf, top),
    infeasibleGroups: infeasibleGroups(
      buckets.filter((b) => !feasible(b)),
      (b) => bucketReasons(verdictOf(b), shortagesOf(b.mask), b.mask),
      top,
    ),
  };
  if (capacity) answer.capacityConsidered = true;
  return answer;
}

/** One pass over the nodes in name order: each into its bucket, numbered groupIndex + groups * mask. */
function countBuckets(
  names: readonly string[],
  groupIndex: Int32Array,
  groupCount: number,
  maskAt: ((position: number) => number) | undefined,
  top: number,
): Bucket[] {
  const byKey = new Map<number, Bucket>();
  for (let i = 0; i < names.length; i++) {
    const group = groupIndex[i] as number;
    const mask = maskAt ? maskAt(i) : 0;
    const key = group + groupCount * mask;
    let bucket = byKey.get(key);
    if (!bucket) {
      bucket = { group, mask, count: 0, names: [] };
      byKey.set(key, bucket);
    }
    bucket.count++;
    if (bucket.names.length < top) bucket.names.push(names[i] as string);
  }
  return [...byKey.values()];
}

/** kube-scheduler's counts: the groups' rejections (placementByClass counted them), and each short node's resources. */
function summaryCounts(
  decided: ClassPlacement,
  buckets: readonly Bucket[],
  verdictOf: (b: Bucket) => GroupVerdict,
  shortagesOf: (mask: number) => Shortage[],
): { counts: Map<string, number>; legacyCounts: Map<string, number> } {
  const counts = new Map(decided.counts);
  const legacyCounts = new Map(decided.legacyCounts);
  for (const bucket of buckets) {
    const short = shortagesOf(bucket.mask);
    // A node the group rejects is counted by the group's status; the scheduler stops at its first filter.
    if (verdictOf(bucket).shared.rejection !== undefined || short.length === 0) continue;
    const reasons = short.map((s) => s.reason);
    addCount(counts, reasons, bucket.count);
    addCount(legacyCounts, reasons, bucket.count);
  }
  return { counts, legacyCounts };
}

/** A node's reasons in placePod's order: the blocking ones, its shortages, the soft ones, and that its size is unknown. */
function bucketReasons(verdict: GroupVerdict, short: readonly Shortage[], mask: number): GroupReason[] {
  const reasons = [...verdict.shared.leading.map(groupReason), ...short.map((s) => s.group), ...verdict.shared.trailing.map(groupReason)];
  if (mask & UNKNOWN) reasons.push(groupReason(allocatableUnknownReason));
  return reasons;
}

function reasonCounts(buckets: readonly Bucket[], verdictOf: (b: Bucket) => GroupVerdict, shortagesOf: (mask: number) => Shortage[]): ReasonCount[] {
  const codes = new Map<ReasonCount['code'], number>();
  for (const bucket of buckets) {
    for (const code of distinctCodes(bucketReasons(verdictOf(bucket), shortagesOf(bucket.mask), bucket.mask))) {
      codes.set(code, (codes.get(code) ?? 0) + bucket.count);
    }
  }
  return [...codes].map(([code, nodes]) => ({ code, nodes })).sort((a, b) => b.nodes - a.nodes || (a.code < b.code ? -1 : 1));
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The best `top` feasible nodes: by score, highest first, then by name, as placePod ranks them. */
function bestNodes(feasible: readonly Bucket[], scoreOf: (b: Bucket) => number, verdictOf: (b: Bucket) => GroupVerdict, top: number): NodePlacement[] {
  const scores = [...new Set(feasible.map(scoreOf))].sort((a, b) => b - a);
  const best: NodePlacement[] = [];
  for (const score of scores) {
    if (best.length >= top) break;
    const named: { name: string; bucket: Bucket }[] = [];
    for (const bucket of feasible) if (scoreOf(bucket) === score) for (const name of bucket.names) named.push({ name, bucket });
    named.sort((a, b) => byName(a.name, b.name));
    for (const { name, bucket } of named.slice(0, top - best.length)) {
      const { leading, trailing } = verdictOf(bucket).shared;
      const reasons: PlacementReason[] = [...leading, ...trailing];
      if (bucket.mask & UNKNOWN) reasons.push(allocatableUnknownReason);
      best.push({ name, feasible: true, score, rank: best.length + 1, reasons });
    }
  }
  return best;
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
