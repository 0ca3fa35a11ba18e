import { canonicalInt64 } from '../numbers/int64';
import { podResourceRequest } from '../resources/pod-requests';
import type { Node, Pod } from '../types';
import type { GroupReason } from './placement-views';
import { type NodeClasses, heldNode } from './node-classes';
import { fitsRequest, nodeCapacity } from './node-resources-fit';
import { RoomState, type RoomTable, roomsInOrder, scalarColumn } from './node-rooms';
import { emptyNodeUsage } from './node-usage';
import { type PlacementCapacity, PlacementReasonCodes } from './placement-reasons';

/**
 * A node's room for one pod as bits: each resource the node is short of (fitsRequest's), and
 * whether its size is unknown. Worked out from the rooms' table (node-rooms.ts) over typed arrays
 * for the whole cluster at once, or node by node; the buckets of node-buckets.ts count nodes by them.
 */

/** A node whose size is unknown (no allocatable): taken as unlimited, with a soft reason. */
export const UNKNOWN = 1;
/** Then one bit per resource a node can be short of, in fitsRequest's order: pods, cpu, memory, ephemeral-storage, scalars. */
export const FIRST_RESOURCE_BIT = 1;

/** A resource the pod may be short of, in fitsRequest's order, and its reason as a group shares it. */
export interface Shortage {
  name: string;
  /** Its reason as a group shares it: `message` is what kube-scheduler counts (`Insufficient cpu`, `Too many pods`). */
  group: GroupReason;
}

/**
 * How the nodes are checked for room: the shortages by bit, and each node's bits by its position
 * in `classes.names`, worked out when asked. When the bits come from the rooms' table alone (and
 * the capacity, for the few nodes checked one by one), `from` says so and with which request: what
 * the buckets may be remembered by.
 */
export interface RoomCheck {
  shortages: readonly Shortage[];
  /** Every node's bits, written into `into` (as long as the names). */
  masks: (into: Int32Array) => Int32Array;
  /** One node's bits, as `masks` holds them. */
  maskAt: (position: number) => number;
  from?: { table: RoomTable; version: number; usageOf: PlacementCapacity['usageOf']; request: string };
}

/** The most scalar resources a pod may request for its shortages to fit in a bucket's bits; more are checked node by node. */
const MAX_SCALARS = 20;

function shortage(name: string, requested: bigint): Shortage {
  const pods = name === 'pods';
  const reason = pods ? 'Too many pods' : `Insufficient ${name}`;
  const code = pods ? PlacementReasonCodes.tooManyPods : PlacementReasonCodes.insufficientResource;
  return { name, group: { code, message: reason, resource: { name, requested: canonicalInt64(requested) } } };
}

/**
 * NodeResourcesFit as bits per node: from the rooms kept beside the classes when there are some (a
 * column per scalar resource the pod asks for, as for cpu), else by fitsRequest on each node.
 */
export function roomCheck(pod: Pod, classes: NodeClasses, capacity: PlacementCapacity): RoomCheck | undefined {
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
  const table = capacity.rooms ? roomsInOrder(capacity.rooms, classes) : undefined;
  const amounts = [request.milliCPU, request.memory, request.ephemeralStorage].map(Number) as [number, number, number];
  const scalarAmounts = scalars.map(([, q]) => Number(q));
  if (!table || !amounts.every(Number.isSafeInteger) || !scalarAmounts.every(Number.isSafeInteger)) {
    const masks = (into: Int32Array) => {
      for (let i = 0; i < names.length; i++) into[i] = slowMask(i);
      return into;
    };
    return { shortages, masks, maskAt: slowMask };
  }
  const asked: ScalarsAsked = { columns: scalars.map(([name]) => scalarColumn(table, name)), amounts: scalarAmounts };
  const masks = (into: Int32Array) => masksFromTable(table, amounts, asked, slowMask, into);
  const maskAt = (position: number) => tableMask(table, amounts, asked, position, slowMask);
  const requestKey = [...amounts, ...scalars.map(([name, q]) => `${name}=${q}`)].join('/');
  return { shortages, masks, maskAt, from: { table, version: capacity.rooms?.version ?? 0, usageOf: capacity.usageOf, request: requestKey } };
}

/** The scalar resources a pod asks for (those not 0), as the table's columns of their room and the amounts asked, in the shortages' order. */
interface ScalarsAsked {
  readonly columns: readonly Float64Array[];
  readonly amounts: readonly number[];
}

/** fitsRequest on numbers, column by column: the hot loop of a placement over 10,000 nodes. */
function masksFromTable(
  table: RoomTable,
  amounts: [number, number, number],
  asked: ScalarsAsked,
  slowMask: (position: number) => number,
  into: Int32Array,
): Int32Array {
  for (let i = 0; i < table.state.length; i++) into[i] = tableMask(table, amounts, asked, i, slowMask);
  return into;
}

/** The bit of the first scalar resource a pod asks for: after pods, cpu, memory and ephemeral-storage's. */
const FIRST_SCALAR = 1 << (FIRST_RESOURCE_BIT + 4);

/** One node's bits from the rooms' table (its row `i`): UNKNOWN for a node of unknown size, the slow check for one the table holds inexactly. */
function tableMask(
  table: RoomTable,
  amounts: readonly [number, number, number],
  asked: ScalarsAsked,
  i: number,
  slowMask: (position: number) => number,
): number {
  const at = table.state[i];
  if (at === RoomState.unlimited) return UNKNOWN;
  if (at === RoomState.inexact) return slowMask(i);
  const PODS = 2;
  const CPU = 4;
  const MEMORY = 8;
  const STORAGE = 16;
  const cpu = amounts[0];
  const memory = amounts[1];
  const storage = amounts[2];
  let mask = (table.pods[i] as number) < 1 ? PODS : 0;
  if (cpu > 0 && cpu > (table.cpu[i] as number)) mask |= CPU;
  if (memory > 0 && memory > (table.memory[i] as number)) mask |= MEMORY;
  if (storage > 0 && storage > (table.ephemeralStorage[i] as number)) mask |= STORAGE;
  const { columns } = asked;
  for (let k = 0; k < columns.length; k++) if ((asked.amounts[k] as number) > ((columns[k] as Float64Array)[i] as number)) mask |= FIRST_SCALAR << k;
  return mask;
}

/**
 * One node's bits at a time (by its position in `classes.names`), as the buckets count them: for a
 * simulation that works out again only the nodes pods were bound to. Undefined where the buckets
 * would be undefined (too many scalar resources asked). The rooms' table is asked for again when the
 * names change: a table in another order is no longer written to.
 */
export function roomMaskAt(pod: Pod, classes: NodeClasses, capacity: PlacementCapacity): ((position: number) => number) | undefined {
  let check = roomCheck(pod, classes, capacity);
  if (!check) return undefined;
  let version = classes.layoutVersion;
  return (position) => {
    if (classes.layoutVersion !== version) {
      version = classes.layoutVersion;
      check = roomCheck(pod, classes, capacity) ?? check;
    }
    return (check as RoomCheck).maskAt(position);
  };
}

/** Whether a node of these bits fits the pod's request (a node of unknown size does, with a soft reason). */
export const maskFits = (mask: number): boolean => (mask & ~UNKNOWN) === 0;
