import { lowerBound } from '../foundation/lower-bound';
import type { Node } from '../types';

/**
 * Nodes grouped into classes by what the scheduler's filters read of them apart from their name and
 * size: the taint list (key, value, effect, in order; not timeAdded, which no filter reads),
 * spec.unschedulable and the labels. Every filter but NodeName and NodeResourcesFit answers alike
 * for the nodes of a class, so a pod needs deciding once per class, not once per node.
 *
 * Labels often tell nodes apart in keys no pod reads (kubernetes.io/hostname), so a pod sees coarser
 * groups: the classes alike in taints, cordon and the labels it reads (viewFor). Those views are
 * memoized per set of label keys, since most pods read the same few keys (zone, node pool).
 *
 * Built once for a cluster's nodes and kept by its holder: putNode and removeNode change it in
 * place, node by node, the views with it, so a snapshot updates it as nodes change without
 * grouping every node again. The nodes held are never changed here.
 */
export interface NodeClasses {
  /** By class key (nodeClassKey). */
  readonly byKey: Map<string, NodeClass>;
  /** The class of each node, by node name. */
  readonly classOf: Map<string, NodeClass>;
  /** Every node name, in byte order (as placement lists nodes), kept sorted as nodes come and go. */
  readonly names: string[];
  /** Views by the label keys read (viewKey), the most recently asked last. */
  readonly views: Map<string, ClassView>;
  /** Counts every putNode and removeNode: what is remembered by position in `names` holds while it stays. */
  version: number;
  /**
   * Counts the changes of the names or of a node's labels (a node added, removed, or replaced with
   * other labels): what is remembered of the nodes' labels by position holds while it stays, through
   * a node replaced with its labels as they were (a cordon, a taint).
   */
  layoutVersion: number;
}

interface NodeClass {
  readonly key: string;
  /** The taints and spec.unschedulable part of the key, which every pod reads. */
  readonly shapeKey: string;
  /** The labels every member has. */
  readonly labels: Readonly<Record<string, string>>;
  /** The nodes of the class, by name. */
  readonly members: Map<string, Node>;
}

/** The classes as a pod that reads these label keys sees them: grouped by taints, cordon and those labels. */
export interface ClassView {
  readonly readKeys: readonly string[];
  readonly groups: Map<string, NodeGroup>;
  readonly groupOf: Map<NodeClass, NodeGroup>;
  /** groupsInOrder's memo, for one version of the classes. */
  inOrder?: { version: number; groups: readonly NodeGroup[]; groupIndex: Int32Array };
}

export interface NodeGroup {
  readonly key: string;
  readonly classes: Set<NodeClass>;
  /** How many nodes its classes hold together. */
  size: number;
}

/** Views kept at most: one per kind of pod in practice; an unusual pod evicts the least recently used. */
const maxViews = 32;

const hasLabel = (labels: Readonly<Record<string, string>>, key: string) => Object.prototype.hasOwnProperty.call(labels, key);

const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The taints (in their order: reasons list them so) and the cordon, as the filters read them. */
function shapeKeyOf(node: Node): string {
  const taints = (node.spec?.taints ?? []).map((t) => [t.key, t.value ?? '', t.effect]);
  return JSON.stringify([taints, Boolean(node.spec?.unschedulable)]);
}

/** Nodes with equal keys are alike to every filter but NodeName and NodeResourcesFit. */
export function nodeClassKey(node: Node): string {
  const labels = Object.entries(node.metadata.labels ?? {}).sort(([a], [b]) => byteOrder(a, b));
  return `${shapeKeyOf(node)}${JSON.stringify(labels)}`;
}

export function nodeClassesOf(nodes: Iterable<Node>): NodeClasses {
  const classes: NodeClasses = { byKey: new Map(), classOf: new Map(), names: [], views: new Map(), version: 0, layoutVersion: 0 };
  for (const node of nodes) putNode(classes, node);
  return classes;
}

const inOrder = new WeakMap<NodeClasses, { version: number; nodes: readonly Node[] }>();

/** Do two nodes carry the same labels (in any order)? */
function sameLabels(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => hasLabel(b, key) && a[key] === b[key]);
}

/** Where `name` is in the sorted names, or where it would go. */
export function namePosition(names: readonly string[], name: string): number {
  return lowerBound(names, name);
}

/** Adds the node, or replaces the node of that name. */
export function putNode(classes: NodeClasses, node: Node): void {
  const name = node.metadata.name;
  const previous = classes.classOf.get(name);
  // The nodes in order stay remembered through a node replaced: its place holds the new object.
  const ordered = inOrder.get(classes);
  const orderedCurrent = previous !== undefined && ordered !== undefined && ordered.version === classes.version;
  classes.version++;
  if (!previous || !sameLabels(previous.labels, node.metadata.labels ?? {})) classes.layoutVersion++;
  if (previous) leaveClass(classes, previous, name);
  else classes.names.splice(namePosition(classes.names, name), 0, name);
  if (orderedCurrent) {
    (ordered.nodes as Node[])[namePosition(classes.names, name)] = node;
    ordered.version = classes.version;
  }

  const key = nodeClassKey(node);
  let nodeClass = classes.byKey.get(key);
  if (!nodeClass) {
    nodeClass = { key, shapeKey: shapeKeyOf(node), labels: node.metadata.labels ?? {}, members: new Map() };
    classes.byKey.set(key, nodeClass);
    for (const view of classes.views.values()) joinGroup(view, nodeClass);
  }
  nodeClass.members.set(name, node);
  classes.classOf.set(name, nodeClass);
  for (const view of classes.views.values()) (view.groupOf.get(nodeClass) as NodeGroup).size++;
}

/** Removes the node of that name; false if there was none. */
export function removeNode(classes: NodeClasses, name: string): boolean {
  const nodeClass = classes.classOf.get(name);
  if (!nodeClass) return false;
  classes.version++;
  classes.layoutVersion++;
  leaveClass(classes, nodeClass, name);
  classes.classOf.delete(name);
  classes.names.splice(namePosition(classes.names, name), 1);
  return true;
}

function leaveClass(classes: NodeClasses, nodeClass: NodeClass, name: string): void {
  nodeClass.members.delete(name);
  for (const view of classes.views.values()) {
    const group = view.groupOf.get(nodeClass) as NodeGroup;
    group.size--;
    if (nodeClass.members.size > 0) continue;
    group.classes.delete(nodeClass);
    view.groupOf.delete(nodeClass);
    if (group.classes.size === 0) view.groups.delete(group.key);
  }
  if (nodeClass.members.size === 0) classes.byKey.delete(nodeClass.key);
}

function joinGroup(view: ClassView, nodeClass: NodeClass): void {
  const projected = view.readKeys.map((key) => (hasLabel(nodeClass.labels, key) ? nodeClass.labels[key] : null));
  const key = `${nodeClass.shapeKey}${JSON.stringify(projected)}`;
  let group = view.groups.get(key);
  if (!group) {
    group = { key, classes: new Set(), size: 0 };
    view.groups.set(key, group);
  }
  group.classes.add(nodeClass);
  view.groupOf.set(nodeClass, group);
}

/** The view for pods that read these label keys (in any order, repeated or not), built on first use. */
export function viewFor(classes: NodeClasses, labelKeys: Iterable<string>): ClassView {
  const readKeys = [...new Set(labelKeys)].sort(byteOrder);
  const key = JSON.stringify(readKeys);
  const kept = classes.views.get(key);
  if (kept) {
    // Most recently used last, so that the first is the one to drop.
    classes.views.delete(key);
    classes.views.set(key, kept);
    return kept;
  }
  const view: ClassView = { readKeys, groups: new Map(), groupOf: new Map() };
  for (const nodeClass of classes.byKey.values()) {
    joinGroup(view, nodeClass);
    (view.groupOf.get(nodeClass) as NodeGroup).size += nodeClass.members.size;
  }
  if (classes.views.size >= maxViews) classes.views.delete(classes.views.keys().next().value as string);
  classes.views.set(key, view);
  return view;
}

/** A node of the group, which stands for all of them before every filter that reads no name or size. */
export function representativeOf(group: NodeGroup): Node {
  for (const nodeClass of group.classes) for (const node of nodeClass.members.values()) return node;
  throw new Error('a node group without nodes'); // leaveClass drops empty groups
}

/** The node of that name, if held. */
export function heldNode(classes: NodeClasses, name: string): Node | undefined {
  return classes.classOf.get(name)?.members.get(name);
}

/** The nodes held, in the order of `classes.names`: remembered until the classes change. */
export function nodesInOrder(classes: NodeClasses): readonly Node[] {
  const memo = inOrder.get(classes);
  if (memo && memo.version === classes.version) return memo.nodes;
  const nodes = classes.names.map((name) => heldNode(classes, name) as Node);
  inOrder.set(classes, { version: classes.version, nodes });
  return nodes;
}

/** Nodes alike in some labels: each node's set of values by position (an index), and how many sets there are. */
export interface LabelValueSets {
  readonly setAt: Int32Array;
  readonly count: number;
  /** The position of each set's first node. */
  readonly firstAt: Int32Array;
  /** The sets whose value of the key at `keyIndex` (of the keys asked) is `value`. */
  readonly setsWith: (keyIndex: number, value: string) => readonly number[];
  /** A set's values, in the order of the keys asked: null for a label its nodes lack. */
  readonly valuesOf: (set: number) => readonly (string | null)[];
}

const valueSets = new WeakMap<NodeClasses, { version: number; byKeys: Map<string, LabelValueSets> }>();
const presences = new WeakMap<NodeClasses, { version: number; byKey: Map<string, Uint8Array> }>();

/** Which nodes held carry the label `key` (1), by position: remembered per key until the classes change. */
export function labelPresence(classes: NodeClasses, key: string): Uint8Array {
  let memo = presences.get(classes);
  if (!memo || memo.version !== classes.layoutVersion) presences.set(classes, (memo = { version: classes.layoutVersion, byKey: new Map() }));
  let present = memo.byKey.get(key);
  if (!present) {
    const nodes = nodesInOrder(classes);
    present = new Uint8Array(nodes.length);
    for (let i = 0; i < nodes.length; i++) if (hasLabel((nodes[i] as Node).metadata.labels ?? {}, key)) present[i] = 1;
    memo.byKey.set(key, present);
  }
  return present;
}

/**
 * The nodes held, by the values they have of these label keys (a label missing is a value of its
 * own): a pass over 10,000 nodes then reads an array rather than making a key per node. Remembered
 * per set of keys until the classes change.
 */
export function labelValueSets(classes: NodeClasses, keys: readonly string[]): LabelValueSets {
  let memo = valueSets.get(classes);
  if (!memo || memo.version !== classes.layoutVersion) valueSets.set(classes, (memo = { version: classes.layoutVersion, byKeys: new Map() }));
  const memoKey = JSON.stringify(keys);
  let sets = memo.byKeys.get(memoKey);
  if (!sets) {
    const ids = new Map<string, number>();
    const nodes = nodesInOrder(classes);
    const setAt = new Int32Array(nodes.length);
    const first: number[] = [];
    const valuesOf: (string | null)[][] = [];
    nodes.forEach((node, i) => {
      const labels = node.metadata.labels ?? {};
      const values = keys.map((key) => (hasLabel(labels, key) ? (labels[key] ?? '') : null));
      const text = JSON.stringify(values);
      let id = ids.get(text);
      if (id === undefined) {
        ids.set(text, (id = ids.size));
        first.push(i);
        valuesOf.push(values);
      }
      setAt[i] = id;
    });
    // Per key, the sets by value: made on first asking.
    const byValue: (Map<string, number[]> | undefined)[] = keys.map(() => undefined);
    const setsWith = (keyIndex: number, value: string): readonly number[] => {
      let index = byValue[keyIndex];
      if (!index) {
        index = new Map();
        valuesOf.forEach((values, set) => {
          const v = values[keyIndex];
          if (v === null || v === undefined) return;
          const list = (index as Map<string, number[]>).get(v);
          if (list) list.push(set);
          else (index as Map<string, number[]>).set(v, [set]);
        });
        byValue[keyIndex] = index;
      }
      return index.get(value) ?? [];
    };
    sets = { setAt, count: ids.size, firstAt: Int32Array.from(first), setsWith, valuesOf: (set) => valuesOf[set] ?? [] };
    memo.byKeys.set(memoKey, sets);
  }
  return sets;
}

/**
 * The view's groups, and the group of each node in the order of `classes.names` (an index into
 * `groups`): a pass over 10,000 nodes then reads an array, not two maps a node. Remembered in the
 * view until the classes change.
 */
export function groupsInOrder(classes: NodeClasses, view: ClassView): { groups: readonly NodeGroup[]; groupIndex: Int32Array } {
  const memo = view.inOrder;
  if (memo && memo.version === classes.version) return memo;
  const groups = [...view.groups.values()];
  const indexOf = new Map(groups.map((group, i) => [group, i]));
  const groupIndex = new Int32Array(classes.names.length);
  classes.names.forEach((name, i) => {
    groupIndex[i] = indexOf.get(view.groupOf.get(classes.classOf.get(name) as NodeClass) as NodeGroup) as number;
  });
  view.inOrder = { version: classes.version, groups, groupIndex };
  return view.inOrder;
}
