import { canonicalInt64 } from '../numbers/int64';
import { podResourceRequest } from '../resources/pod-requests';
import type { Node, Pod } from '../types';
import { type GroupReason } from './placement-views';
import { type ClassPlacement, type GroupVerdict, placementByClass, scoresOf } from './grouped-placement';
import { type NodeClasses, type NodeGroup, groupsInOrder, heldNode } from './node-classes';
import { fitsRequest, nodeCapacity } from './node-resources-fit';
import { roomsInOrder } from './node-rooms';
import { emptyNodeUsage } from './node-usage';
import type { PlacementOptions } from './placement';
import { type PlacementCapacity, PlacementReasonCodes } from './placement-reasons';

/**
 * Nodes in buckets for one pod: alike to its filters (the group of its view of the classes), short
 * of the same resources, and of known size or not. What placement answers is the same for every
 * node of a bucket but the name (and a shortage's amounts), so the summary and the nodes view are
 * made per bucket: one pass over the nodes compares numbers (node-rooms.ts), the rest is per bucket.
 */

/** A node whose size is unknown (no allocatable): taken as unlimited, with a soft reason. */
export const UNKNOWN = 1;
/** Then one bit per resource a node can be short of, in fitsRequest's order: pods, cpu, memory, ephemeral-storage, scalars. */
const FIRST_RESOURCE_BIT = 1;

/** A resource the pod may be short of, in fitsRequest's order, and its reason as a group shares it. */
export interface Shortage {
  name: string;
  reason: string;
  group: GroupReason;
}

/** How the nodes are checked for room: the shortages by bit, and each node's bits by its position in `classes.names`. */
interface RoomCheck {
  shortages: readonly Shortage[];
  maskAt: (position: number) => number;
}

export interface Bucket {
  /** Its group, as an index into the view's groups in order (groupsInOrder). */
  group: number;
  /** UNKNOWN, or the bits of the resources its nodes are short of. */
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

/** One pass over the nodes in name order: each into its bucket (keyed groupIndex + groups * mask), and each node's bucket by position. */
function countBuckets(
  names: readonly string[],
  groupIndex: Int32Array,
  groupCount: number,
  maskAt: ((position: number) => number) | undefined,
  top: number,
): { buckets: Bucket[]; bucketAt: Int32Array } {
  const byKey = new Map<number, number>();
  const buckets: Bucket[] = [];
  const bucketAt = new Int32Array(names.length);
  for (let i = 0; i < names.length; i++) {
    const group = groupIndex[i] as number;
    const mask = maskAt ? maskAt(i) : 0;
    const key = group + groupCount * mask;
    let index = byKey.get(key);
    if (index === undefined) {
      index = buckets.length;
      buckets.push({ group, mask, count: 0, names: [] });
      byKey.set(key, index);
    }
    const bucket = buckets[index] as Bucket;
    bucket.count++;
    if (bucket.names.length < top) bucket.names.push(names[i] as string);
    bucketAt[i] = index;
  }
  return { buckets, bucketAt };
}

/** A pod's placement over the classes' nodes, in buckets: what the summary and the nodes view are made from. */
export interface BucketedPlacement {
  readonly decided: ClassPlacement;
  readonly buckets: readonly Bucket[];
  /** The bucket of each node, by its position in `classes.names`. */
  readonly bucketAt: Int32Array;
  readonly verdictOf: (bucket: Bucket) => GroupVerdict;
  readonly shortagesOf: (mask: number) => readonly Shortage[];
  readonly feasible: (bucket: Bucket) => boolean;
  /** TaintToleration's normalized score of a feasible bucket's nodes. */
  readonly scoreOf: (bucket: Bucket) => number;
  readonly feasibleCount: number;
}

/**
 * Undefined for a pod decided node by node anyway: bound by spec.nodeName, naming nodes in its
 * affinity, or requesting more scalar resources than a bucket's bits hold.
 */
export function bucketedPlacement(
  pod: Pod,
  classes: NodeClasses,
  options: PlacementOptions,
  capacity: PlacementCapacity | undefined,
  top: number,
): BucketedPlacement | undefined {
  const decided = pod.spec?.nodeName ? undefined : placementByClass(pod, classes, options);
  const check = decided && capacity ? roomCheck(pod, classes, capacity) : undefined;
  if (!decided || (capacity && !check)) return undefined;
  const { groups, groupIndex } = groupsInOrder(classes, decided.view);
  const { buckets, bucketAt } = countBuckets(classes.names, groupIndex, groups.length, check?.maskAt, top);
  const groupOf = (bucket: Bucket) => groups[bucket.group] as NodeGroup;
  const verdictOf = (bucket: Bucket) => decided.verdicts.get(groupOf(bucket)) as GroupVerdict;
  const shortages = check?.shortages ?? [];
  const shortagesOf = (mask: number) => shortages.filter((_, i) => mask & (1 << (FIRST_RESOURCE_BIT + i)));
  const feasible = (bucket: Bucket) => verdictOf(bucket).shared.rejection === undefined && (bucket.mask & ~UNKNOWN) === 0;
  const feasibleBuckets = buckets.filter(feasible);
  const scores = scoresOf([...new Set(feasibleBuckets.map(groupOf))], decided.verdicts);
  return {
    decided,
    buckets,
    bucketAt,
    verdictOf,
    shortagesOf,
    feasible,
    scoreOf: (bucket) => scores.get(groupOf(bucket)) as number,
    feasibleCount: feasibleBuckets.reduce((sum, b) => sum + b.count, 0),
  };
}
