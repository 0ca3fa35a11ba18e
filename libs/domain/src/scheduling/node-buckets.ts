import type { Node, Pod } from '../types';
import { type ClassPlacement, type GroupVerdict, namesNodesInAffinity, placementByClass, scoresOf } from './grouped-placement';
import { placementNamingNodes } from './naming-nodes-placement';
import { type NodeClasses, type NodeGroup, groupsInOrder, labelValueSets, nodesInOrder } from './node-classes';
import type { RoomTable } from './node-rooms';
import type { PlacementOptions } from './placement';
import type { PlacementCapacity, PlacementReason } from './placement-reasons';
import { type SchedulerRejection, allocatableUnknownReason, statusRejection } from './node-filters';
import { type NodeFilterPlugin, type PodPlugins, noPodPlugins } from './framework/pod-plugins';
import { FIRST_RESOURCE_BIT, type RoomCheck, type Shortage, UNKNOWN, roomCheck } from './node-room-masks';

/**
 * Nodes in buckets for one pod: alike to its filters (the group of its view of the classes), short
 * of the same resources, and of known size or not. What placement answers is the same for every
 * node of a bucket but the name (and a shortage's amounts), so the summary and the nodes view are
 * made per bucket: one pass over the nodes compares numbers (node-rooms.ts), the rest is per bucket.
 */

/** Shared by every placement that asks the same (bucketMemo): never changed once counted. */
export interface Bucket {
  /** Its group, as an index into the view's groups in order (groupsInOrder). */
  readonly group: number;
  /** UNKNOWN, or the bits of the resources its nodes are short of. */
  readonly mask: number;
  /** What the plugins that read labels say of its nodes, as an index into the placement's outcomes: 0 when they pass (or there are none). */
  readonly outcome: number;
  readonly count: number;
  /** The first `top` names, in name order. */
  readonly names: readonly string[];
}

/** A bucket while it is counted and named. */
type Counting = { -readonly [K in keyof Bucket]: K extends 'names' ? string[] : Bucket[K] };

/** Buckets counted in an array while groups x masks stay under this many keys; in a map past it. */
const MAX_TABLE = 1 << 20;

/** What buckets are counted for: the classes' names, the view's group of each, the room check, the plugins' outcome of each, and what the answer names. */
interface CountAsked {
  names: readonly string[];
  groupIndex: Int32Array;
  groupCount: number;
  check: RoomCheck | undefined;
  outcomes?: PluginOutcomes;
  top: number;
  withPositions: boolean;
}

/**
 * What the Filters that read only labels of a node (PodTopologySpread, InterPodAffinity, with their
 * PreFilter's state) say of it, as runFilters lists it after NodeResourcesFit: their details in the
 * profile's order, and the first one's status. Index 0 is "all pass".
 */
export interface PluginOutcome {
  readonly details: readonly PlacementReason[];
  readonly rejection: SchedulerRejection | undefined;
}

interface PluginOutcomes {
  readonly outcomes: readonly PluginOutcome[];
  /** By position in the classes' names. */
  readonly outcomeAt: Int32Array;
}

/** Every plugin passes the node: the one outcome of every such node. */
export const passing: PluginOutcome = Object.freeze({ details: Object.freeze([]), rejection: undefined });

/**
 * Each node's outcome of the plugins, run once per set of values of the label keys they read (one
 * node per value of kubernetes.io/hostname, a third of the nodes per zone): nodes alike in those
 * labels get the same statuses, so they share the outcome. A plugin that says where it may reject
 * (rejectsOnlyAt) is asked only about the sets there; when every plugin says so, only those sets
 * are looked at, and every other node passes.
 */
function pluginOutcomes(plugins: readonly NodeFilterPlugin[], classes: NodeClasses): PluginOutcomes {
  const keys = [...new Set(plugins.flatMap((plugin) => plugin.labelKeys ?? []))];
  const sets = labelValueSets(classes, keys);
  const { setAt, count, firstAt } = sets;
  const nodes = nodesInOrder(classes);
  // Per plugin, the sets it may reject (1), or undefined for any.
  const mayReject = plugins.map((plugin) => {
    const where = plugin.rejectsOnlyAt?.();
    if (!where) return undefined;
    const marked = new Uint8Array(count);
    for (const [key, values] of where) {
      const k = keys.indexOf(key);
      if (k < 0) continue;
      for (const value of values) for (const set of sets.setsWith(k, value)) marked[set] = 1;
    }
    return marked;
  });
  const outcomes: PluginOutcome[] = [passing];
  // The outcome of each set of values.
  const ofSet = new Int32Array(count);
  const decide = (set: number): void => {
    const outcome = outcomeOfNode(plugins, nodes[firstAt[set] as number] as Node, (p) => mayReject[p]?.[set] === 0);
    ofSet[set] = outcome === passing ? 0 : outcomes.push(outcome) - 1;
  };
  if (mayReject.every((marked) => marked !== undefined)) {
    const any = new Uint8Array(count);
    for (const marked of mayReject as Uint8Array[]) for (let set = 0; set < count; set++) if (marked[set]) any[set] = 1;
    for (let set = 0; set < count; set++) if (any[set]) decide(set);
  } else {
    for (let set = 0; set < count; set++) decide(set);
  }
  const outcomeAt = new Int32Array(nodes.length);
  for (let i = 0; i < nodes.length; i++) outcomeAt[i] = ofSet[setAt[i] as number] as number;
  return { outcomes, outcomeAt };
}

/** The plugins' outcome on one node, as runFilters lists it; `skips(p)`: plugin p is known to pass there (rejectsOnlyAt). Passing is `passing` itself. */
function outcomeOfNode(plugins: readonly NodeFilterPlugin[], node: Node, skips: (p: number) => boolean): PluginOutcome {
  const details: PlacementReason[] = [];
  let rejection: SchedulerRejection | undefined;
  plugins.forEach((plugin, p) => {
    if (skips(p)) return;
    const status = plugin.filter(node);
    if (!status) return;
    details.push(...status.details);
    rejection ??= statusRejection(status);
  });
  return rejection === undefined ? passing : { details, rejection };
}

/**
 * The plugins' outcome node by node, as pluginOutcomes gives each node's set: for a simulation that
 * works out again only the nodes pods were bound to (plugins whose status a node's own labels decide).
 */
export function nodeOutcomes(plugins: readonly NodeFilterPlugin[]): (node: Node) => PluginOutcome {
  const where = plugins.map((plugin) => plugin.rejectsOnlyAt?.());
  return (node) => {
    const labels = node.metadata.labels ?? {};
    const listed = (p: number) => {
      const pairs = where[p];
      if (!pairs) return true;
      for (const [key, values] of pairs) if (Object.prototype.hasOwnProperty.call(labels, key) && values.has(labels[key] as string)) return true;
      return false;
    };
    return outcomeOfNode(plugins, node, (p) => !listed(p));
  };
}

/**
 * The per-node columns a count works in, kept from count to count: a drain's simulation counts the
 * buckets of a thousand kinds of pod over 10,000 nodes, and two 10,000-long typed arrays made and
 * dropped at each count cost more than the count's pass. A count never starts another.
 */
let scratch = { masks: new Int32Array(0), keyAt: new Float64Array(0) };

/** Nodes counted in buckets, and (when asked for) each node's bucket by position. */
interface Counted {
  buckets: readonly Bucket[];
  bucketAt: Int32Array | undefined;
}

/**
 * The nodes in buckets (keyed groupIndex + groups * mask): first counted, one pass of typed arrays,
 * then named in name order, a pass that stops once every bucket has its first `top` names; and,
 * when asked (the nodes view), each node's bucket by position.
 */
function countBuckets({ names, groupIndex, groupCount, check, outcomes, top, withPositions }: CountAsked): Counted {
  const n = names.length;
  if (scratch.keyAt.length < n) scratch = { masks: new Int32Array(n), keyAt: new Float64Array(n) };
  const masks = check?.masks(scratch.masks);
  const maskCount = 2 ** (FIRST_RESOURCE_BIT + (check?.shortages.length ?? 0));
  const keyCount = groupCount * maskCount * (outcomes?.outcomes.length ?? 1);
  // Doubles: groups x masks x outcomes may pass what 32 bits hold, never what a double holds exactly.
  const keyAt = scratch.keyAt;
  const outcomeAt = outcomes?.outcomeAt;
  for (let i = 0; i < n; i++) {
    const mask = masks ? (masks[i] as number) : 0;
    keyAt[i] = (groupIndex[i] as number) + groupCount * (mask + (outcomeAt ? maskCount * (outcomeAt[i] as number) : 0));
  }
  // Bucket number + 1 by key (0: none yet), in an array when the keys are few, as they are but for pods of many scalar resources.
  const table = keyCount <= MAX_TABLE ? new Int32Array(keyCount) : undefined;
  const byKey = new Map<number, number>();
  const slotOf = table ? (key: number) => table[key] as number : (key: number) => byKey.get(key) ?? 0;
  // The buckets' counts, numbered in the order their first node comes; the buckets made after.
  const counts: number[] = [];
  const keys: number[] = [];
  for (let i = 0; i < n; i++) {
    const key = keyAt[i] as number;
    const slot = slotOf(key);
    if (slot > 0) counts[slot - 1] = (counts[slot - 1] as number) + 1;
    else {
      keys.push(key);
      counts.push(1);
      if (table) table[key] = keys.length;
      else byKey.set(key, keys.length);
    }
  }
  const buckets: Counting[] = keys.map((key, i) => {
    const rest = Math.floor(key / groupCount);
    return { group: key % groupCount, mask: rest % maskCount, outcome: Math.floor(rest / maskCount), count: counts[i] as number, names: [] };
  });
  const indexOf = (key: number) => slotOf(key) - 1;
  // Names in name order, until every bucket has its first `top` (or all it has).
  let unnamed = top > 0 ? buckets.length : 0;
  for (let i = 0; i < n && unnamed > 0; i++) {
    const bucket = buckets[indexOf(keyAt[i] as number)] as Counting;
    if (bucket.names.length === top) continue;
    bucket.names.push(names[i] as string);
    if (bucket.names.length === Math.min(top, bucket.count)) unnamed--;
  }
  if (!withPositions) return { buckets, bucketAt: undefined };
  const bucketAt = new Int32Array(n);
  for (let i = 0; i < n; i++) bucketAt[i] = indexOf(keyAt[i] as number);
  return { buckets, bucketAt };
}

/**
 * Buckets already counted, by the rooms' table they were counted from and its version (a write
 * changes a row of the table, or makes a new one, and its memo goes with the old one), then by the
 * view's groups, then by the request and what was asked. Pods alike in what placement reads of
 * them ask the same (a Deployment's replicas, a portal asking again), as kube-scheduler's
 * equivalence cache once remembered predicates per class of pods; here no entry can go stale.
 */
interface BucketMemo {
  /** The rooms' version the table held (NodeRooms.version). */
  version: number;
  /** The usage the table's nodes of inexact room were checked against one by one (a holder's capacity is a new object per view, its usage is not). */
  usageOf: PlacementCapacity['usageOf'];
  byGroups: WeakMap<Int32Array, Map<string, Counted>>;
}

const bucketMemos = new WeakMap<RoomTable, BucketMemo>();

/** Requests remembered per view of one table, past which the oldest are forgotten: a bound on a memo a client fills. */
const MEMO_REQUESTS = 64;

/** countBuckets, remembered when the check comes from the rooms' table alone. */
function countedBuckets(asked: CountAsked): Counted {
  const { groupIndex, check, top, withPositions } = asked;
  const from = check?.from;
  // Outcomes of plugins are the pod's own (its PreFilter's state): not remembered.
  if (!from || asked.outcomes) return countBuckets(asked);
  let memo = bucketMemos.get(from.table);
  if (memo?.usageOf !== from.usageOf || memo.version !== from.version) {
    memo = { version: from.version, usageOf: from.usageOf, byGroups: new WeakMap() };
    bucketMemos.set(from.table, memo);
  }
  let byRequest = memo.byGroups.get(groupIndex);
  if (!byRequest) memo.byGroups.set(groupIndex, (byRequest = new Map<string, Counted>()));
  const key = `${from.request}/${top}/${withPositions ? 'positions' : ''}`;
  let counted = byRequest.get(key);
  if (!counted) {
    counted = countBuckets(asked);
    if (byRequest.size === MEMO_REQUESTS) byRequest.delete(byRequest.keys().next().value as string);
    byRequest.set(key, counted);
  }
  return counted;
}

/** A pod's placement over the classes' nodes, in buckets: what the summary and the nodes view are made from. */
export interface BucketedPlacement {
  readonly decided: ClassPlacement;
  readonly buckets: readonly Bucket[];
  /** The bucket of each node, by its position in `classes.names`: only when asked for (`withPositions`). */
  readonly bucketAt: Int32Array | undefined;
  readonly verdictOf: (bucket: Bucket) => GroupVerdict;
  readonly shortagesOf: (mask: number) => readonly Shortage[];
  /** What the plugins that read labels say of the bucket's nodes (all pass when there are none). */
  readonly outcomeOf: (bucket: Bucket) => PluginOutcome;
  /** The status NodeAffinity's PreFilter gives the bucket's nodes when it leaves them out (a pod naming other nodes): counted instead of their Filters'. */
  readonly leftOutOf: (bucket: Bucket) => SchedulerRejection | undefined;
  readonly feasible: (bucket: Bucket) => boolean;
  /** TaintToleration's normalized score of a feasible bucket's nodes. */
  readonly scoreOf: (bucket: Bucket) => number;
  /**
   * The reasons of each node of a bucket short of nothing (its blocking and soft reasons, and that
   * its size is unknown), as placePod lists them: one array per bucket, shared by its nodes' entries
   * (which the nodes view serializes once); not to be changed.
   */
  readonly unshortReasons: (bucket: Bucket) => PlacementReason[];
  readonly feasibleCount: number;
}

/**
 * Undefined for a pod decided node by node anyway: bound by spec.nodeName, naming nodes in its
 * affinity, or requesting more scalar resources than a bucket's bits hold. `plugins` are the pod's
 * Filters after NodeResourcesFit that read only labels of a node (readsOnlyLabels), their outcome
 * one more thing a bucket's nodes share.
 */
export function bucketedPlacement(
  pod: Pod,
  classes: NodeClasses,
  options: PlacementOptions,
  capacity: PlacementCapacity | undefined,
  top: number,
  withPositions = false,
  plugins: PodPlugins = noPodPlugins,
  namingStatusOf?: (nodeName: string) => SchedulerRejection | undefined,
): BucketedPlacement | undefined {
  const decided = pod.spec?.nodeName
    ? undefined
    : namesNodesInAffinity(pod)
      ? namingStatusOf && placementNamingNodes(pod, classes, options, namingStatusOf)
      : placementByClass(pod, classes, options);
  const check = decided && capacity ? roomCheck(pod, classes, capacity) : undefined;
  if (!decided || (capacity && !check)) return undefined;
  const { groups, groupIndex } = decided.layout ?? groupsInOrder(classes, decided.view);
  const leftOutOf = (bucket: Bucket) => decided.layout?.leftOut[bucket.group];
  const outcomes = plugins.afterResources.length > 0 ? pluginOutcomes(plugins.afterResources, classes) : undefined;
  const { buckets, bucketAt } = countedBuckets({ names: classes.names, groupIndex, groupCount: groups.length, check, outcomes, top, withPositions });
  const groupOf = (bucket: Bucket) => groups[bucket.group] as NodeGroup;
  const verdictOf = (bucket: Bucket) => decided.verdicts.get(groupOf(bucket)) as GroupVerdict;
  const shortages = check?.shortages ?? [];
  const shortagesOf = (mask: number) => shortages.filter((_, i) => mask & (1 << (FIRST_RESOURCE_BIT + i)));
  const feasible = (bucket: Bucket) =>
    verdictOf(bucket).shared.rejection === undefined && (bucket.mask & ~UNKNOWN) === 0 && bucket.outcome === 0 && leftOutOf(bucket) === undefined;
  const outcomeOf = (bucket: Bucket) => outcomes?.outcomes[bucket.outcome] ?? passing;
  const feasibleBuckets = buckets.filter(feasible);
  const scores = scoresOf([...new Set(feasibleBuckets.map(groupOf))], decided.verdicts);
  const unshort = new Map<Bucket, PlacementReason[]>();
  const unshortReasons = (bucket: Bucket): PlacementReason[] => {
    let reasons = unshort.get(bucket);
    if (!reasons) {
      const { leading, trailing } = verdictOf(bucket).shared;
      reasons = bucket.mask & UNKNOWN ? [...leading, ...trailing, allocatableUnknownReason] : [...leading, ...trailing];
      unshort.set(bucket, reasons);
    }
    return reasons;
  };
  return {
    decided,
    buckets,
    bucketAt,
    verdictOf,
    shortagesOf,
    outcomeOf,
    leftOutOf,
    feasible,
    scoreOf: (bucket) => scores.get(groupOf(bucket)) as number,
    unshortReasons,
    feasibleCount: feasibleBuckets.reduce((sum, b) => sum + b.count, 0),
  };
}
