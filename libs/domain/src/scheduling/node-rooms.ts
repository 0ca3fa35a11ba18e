import type { Node } from '../types';
import { type NodeClasses, namePosition } from './node-classes';
import { nodeCapacity } from './node-resources-fit';
import type { NodeUsage } from './node-usage';

/**
 * Each node's free room (allocatable less what its pods request) as plain numbers, kept by the
 * holder of a cluster as nodes and pods change, so that NodeResourcesFit over 10,000 nodes is a
 * few comparisons a node rather than bigint arithmetic on maps (node-buckets.ts reads it); and
 * what the resource scores read beside it (allocatable and non-zero requests of cpu and memory).
 * Scalar resources (GPUs, hugepages, any vendor's) are rooms too, by name: a pod that asks for a
 * GPU is checked over the columns like one that asks for cpu.
 * The bigint path (fitsRequest) stays the definition; a room whose amounts a double cannot hold
 * exactly says so, and is checked that way.
 */

interface NodeRoom {
  /**
   * unlimited: the node has no allocatable nor capacity (nodeCapacity); exact: every amount below
   * is (each within Number.MAX_SAFE_INTEGER / 2, so differences are too); inexact: checked with bigints.
   */
  state: RoomState;
  /** Millicores. */
  cpu: number;
  memory: number;
  ephemeralStorage: number;
  /** How many more pods the node takes (allocatable `pods` less the pods counted). */
  pods: number;
  /** Each scalar resource's room (allocatable less requested, in units) the node lists or its pods request; absent ones 0. */
  scalar: ReadonlyMap<string, number>;
  /** For the resource scores (resource-columns.ts): allocatable cpu (millicores) and memory, 0 for an unlimited node, as the scores read it. */
  allocatableCpu: number;
  allocatableMemory: number;
  /** NodeInfo.NonZeroRequested: the pods' cpu and memory with the defaults for containers that request none. */
  nonZeroCpu: number;
  nonZeroMemory: number;
}

export interface NodeRooms {
  /** By node name: one object per node held, changed in place as its node or usage changes. */
  readonly byName: Map<string, NodeRoom>;
  /** Counts every change of a room, for roomsInOrder's memo. */
  version: number;
  /** roomsInOrder's memo, for one version of the rooms and of the classes' names and labels (layoutVersion). */
  inOrder?: { classes: NodeClasses; layoutVersion: number; version: number; table: RoomTable };
}

/** How a node's room is checked: not at all (unlimited), with the numbers, or with bigints (amounts a double does not hold). */
export const RoomState = { unlimited: 0, exact: 1, inexact: 2 } as const;
export type RoomState = (typeof RoomState)[keyof typeof RoomState];

/**
 * The rooms in the order of a NodeClasses' names, as columns: a pass over 10,000 nodes reads typed
 * arrays. Its rows change with the usage (setRoomUsage): what is worked out from it is good for
 * one `NodeRooms.version` only.
 */
export interface RoomTable {
  readonly state: Uint8Array;
  readonly cpu: Float64Array;
  readonly memory: Float64Array;
  readonly ephemeralStorage: Float64Array;
  readonly pods: Float64Array;
  readonly allocatableCpu: Float64Array;
  readonly allocatableMemory: Float64Array;
  readonly nonZeroCpu: Float64Array;
  readonly nonZeroMemory: Float64Array;
  /** Each scalar resource's room by row, made when a pod first asks for the resource (scalarColumn), then kept with the rows. */
  readonly scalars: Map<string, Float64Array>;
  /** The room of each row, for the scalar columns made later. */
  readonly rows: readonly NodeRoom[];
}

const noScalars: ReadonlyMap<string, number> = new Map();

const safe = Number.MAX_SAFE_INTEGER / 2;
const isSafe = (n: number) => n <= safe && n >= -safe;

function fill(rooms: NodeRooms, room: NodeRoom, node: Node, usage: NodeUsage | undefined): void {
  rooms.version++;
  const capacity = nodeCapacity(node);
  if (!capacity.limited) {
    room.state = RoomState.unlimited;
    room.cpu = room.memory = room.ephemeralStorage = room.pods = Infinity;
    room.allocatableCpu = room.allocatableMemory = room.nonZeroCpu = room.nonZeroMemory = 0;
    room.scalar = noScalars;
    return;
  }
  const { allocatable } = capacity;
  const requested = usage?.requested;
  const nonZero = usage?.nonZeroRequested;
  room.allocatableCpu = Number(allocatable.milliCPU);
  room.allocatableMemory = Number(allocatable.memory);
  room.nonZeroCpu = Number(nonZero?.milliCPU ?? 0n);
  room.nonZeroMemory = Number(nonZero?.memory ?? 0n);
  room.cpu = Number(allocatable.milliCPU - (requested?.milliCPU ?? 0n));
  room.memory = Number(allocatable.memory - (requested?.memory ?? 0n));
  room.ephemeralStorage = Number(allocatable.ephemeralStorage - (requested?.ephemeralStorage ?? 0n));
  room.pods = Number(allocatable.pods - BigInt(usage?.pods ?? 0));
  const { scalar, scalarsExact } = scalarRooms(allocatable.scalar, requested?.scalar);
  room.scalar = scalar;
  const exact =
    scalarsExact &&
    [allocatable.milliCPU, allocatable.memory, allocatable.ephemeralStorage, allocatable.pods].every((q) => isSafe(Number(q))) &&
    [requested?.milliCPU ?? 0n, requested?.memory ?? 0n, requested?.ephemeralStorage ?? 0n, nonZero?.milliCPU ?? 0n, nonZero?.memory ?? 0n].every((q) =>
      isSafe(Number(q)),
    );
  room.state = exact ? RoomState.exact : RoomState.inexact;
}

/** Each scalar resource's room (allocatable less requested) and whether every amount is exact as a number. */
function scalarRooms(
  allocatable: ReadonlyMap<string, bigint>,
  requested: ReadonlyMap<string, bigint> | undefined,
): { scalar: ReadonlyMap<string, number>; scalarsExact: boolean } {
  if (allocatable.size === 0 && (requested?.size ?? 0) === 0) return { scalar: noScalars, scalarsExact: true };
  const scalar = new Map<string, number>();
  let scalarsExact = true;
  for (const name of new Set([...allocatable.keys(), ...(requested?.keys() ?? [])])) {
    const total = allocatable.get(name) ?? 0n;
    const used = requested?.get(name) ?? 0n;
    scalarsExact &&= isSafe(Number(total)) && isSafe(Number(used));
    scalar.set(name, Number(total - used));
  }
  return { scalar, scalarsExact };
}

export function emptyNodeRooms(): NodeRooms {
  return { byName: new Map(), version: 0 };
}

/** The rooms of these nodes, their pods' usage by `usageOf` (the capacity placement is given). */
export function nodeRoomsOf(nodes: Iterable<Node>, usageOf: (nodeName: string) => NodeUsage | undefined): NodeRooms {
  const rooms = emptyNodeRooms();
  for (const node of nodes) putRoom(rooms, node, usageOf(node.metadata.name));
  return rooms;
}

/** A node added or replaced, with its pods' usage now. */
export function putRoom(rooms: NodeRooms, node: Node, usage: NodeUsage | undefined): void {
  const name = node.metadata.name;
  let room = rooms.byName.get(name);
  if (!room) {
    room = {
      state: RoomState.unlimited,
      cpu: 0,
      memory: 0,
      ephemeralStorage: 0,
      pods: 0,
      allocatableCpu: 0,
      allocatableMemory: 0,
      nonZeroCpu: 0,
      nonZeroMemory: 0,
      scalar: noScalars,
    };
    rooms.byName.set(name, room);
  }
  fill(rooms, room, node, usage);
}

/**
 * A held node's pods' usage changed (a pod came, went or moved). A node not held has no room to
 * change. The table of roomsInOrder, if it was current, is changed in its row and stays current:
 * a placement after a pod's write then reads it as it was, without a pass over every room.
 */
export function setRoomUsage(rooms: NodeRooms, node: Node | undefined, usage: NodeUsage | undefined): void {
  const room = node && rooms.byName.get(node.metadata.name);
  if (!room) return;
  const memo = rooms.inOrder;
  const current = memo !== undefined && memo.version === rooms.version && memo.layoutVersion === memo.classes.layoutVersion;
  fill(rooms, room, node, usage);
  if (!current) return;
  const { names } = memo.classes;
  const at = namePosition(names, node.metadata.name);
  if (names[at] !== node.metadata.name) return;
  writeRow(memo.table, at, room);
  memo.version = rooms.version;
}

/** A room as the table's row `at`. */
function writeRow(table: RoomTable, at: number, room: NodeRoom): void {
  table.state[at] = room.state;
  table.cpu[at] = room.cpu;
  table.memory[at] = room.memory;
  table.ephemeralStorage[at] = room.ephemeralStorage;
  table.pods[at] = room.pods;
  table.allocatableCpu[at] = room.allocatableCpu;
  table.allocatableMemory[at] = room.allocatableMemory;
  table.nonZeroCpu[at] = room.nonZeroCpu;
  table.nonZeroMemory[at] = room.nonZeroMemory;
  (table.rows as NodeRoom[])[at] = room;
  for (const [name, column] of table.scalars) column[at] = room.scalar.get(name) ?? 0;
}

/**
 * The rows' room of a scalar resource (a node that neither lists it nor runs pods asking for it: 0),
 * made on first asking and kept with the rows as they change (writeRow).
 */
export function scalarColumn(table: RoomTable, name: string): Float64Array {
  let column = table.scalars.get(name);
  if (!column) {
    const { rows } = table;
    column = new Float64Array(rows.length);
    for (let i = 0; i < rows.length; i++) column[i] = (rows[i] as NodeRoom).scalar.get(name) ?? 0;
    table.scalars.set(name, column);
  }
  return column;
}

export function removeRoom(rooms: NodeRooms, name: string): void {
  if (rooms.byName.delete(name)) rooms.version++;
}

/**
 * The rooms in the order of `classes.names`, as columns, remembered until a node or the classes
 * change (a pod written changes its node's row in place: setRoomUsage). Undefined if some node held has no room (the rooms are not kept alongside
 * these classes), in which case the caller checks node by node.
 */
export function roomsInOrder(rooms: NodeRooms, classes: NodeClasses): RoomTable | undefined {
  const memo = rooms.inOrder;
  if (memo && memo.classes === classes && memo.layoutVersion === classes.layoutVersion && memo.version === rooms.version) return memo.table;
  const n = classes.names.length;
  const table: RoomTable = {
    state: new Uint8Array(n),
    cpu: new Float64Array(n),
    memory: new Float64Array(n),
    ephemeralStorage: new Float64Array(n),
    pods: new Float64Array(n),
    allocatableCpu: new Float64Array(n),
    allocatableMemory: new Float64Array(n),
    nonZeroCpu: new Float64Array(n),
    nonZeroMemory: new Float64Array(n),
    scalars: new Map(),
    rows: new Array<NodeRoom>(n),
  };
  for (let i = 0; i < n; i++) {
    const room = rooms.byName.get(classes.names[i] as string);
    if (!room) return undefined;
    writeRow(table, i, room);
  }
  rooms.inOrder = { classes, layoutVersion: classes.layoutVersion, version: rooms.version, table };
  return table;
}
