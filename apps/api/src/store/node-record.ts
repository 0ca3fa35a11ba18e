import { type Node, type Taint, k8sTime } from '@taintgate/domain';
import type { Prisma, TaintEffect } from '../generated/prisma/client';
import { type ColumnFields, extraOf, objectOfRow, storableJson } from './object-parts';

/** A node row with its taints, as read from Postgres. */
export type NodeRow = Prisma.NodeGetPayload<{ include: { taints: true } }>;

const nodeColumns: ColumnFields = {
  metadata: ['name', 'uid', 'labels', 'creationTimestamp', 'resourceVersion'],
  spec: ['taints', 'unschedulable'],
  status: ['conditions', 'allocatable'],
};

/** The columns of a node row (taints are rows of their own). */
export function nodeColumnsOf(node: Node) {
  return {
    labels: node.metadata.labels ?? {},
    unschedulable: node.spec?.unschedulable === true,
    conditions: storableJson(node.status?.conditions ?? []) as Prisma.InputJsonValue,
    allocatable: storableJson(node.status?.allocatable ?? {}) as Prisma.InputJsonValue,
    extra: storableJson(extraOf(node as unknown as Record<string, unknown>, nodeColumns)) as Prisma.InputJsonValue,
  };
}

export function taintOfRow(row: Pick<NodeRow['taints'][number], 'key' | 'value' | 'effect' | 'timeAdded'>): Taint {
  const taint: Taint = { key: row.key, effect: row.effect, timeAdded: k8sTime(row.timeAdded) };
  if (row.value) taint.value = row.value;
  return taint;
}

/** The Kubernetes Node a row stands for, shaped as the API server prints it. */
export function nodeOfRow(row: NodeRow): Node {
  const taints = [...row.taints].sort((a, b) => a.position - b.position).map(taintOfRow);
  return objectOfRow('Node', row, {
    spec: { taints, unschedulable: row.unschedulable || undefined },
    status: { conditions: row.conditions, allocatable: row.allocatable },
  }) as unknown as Node;
}

/** A taint as a row stores it: its value '' for none, the time it was added. */
export interface StoredTaint {
  key: string;
  value: string;
  effect: string;
  timeAdded: Date;
}

/**
 * The node's taints as they will be stored: each keeps the time it was added, the one it carries,
 * else that of the same taint (key, value and effect) it had before, else now (as NodeStore.save).
 */
export function storedTaintsOf(after: readonly Taint[], before: readonly Taint[], now: number): StoredTaint[] {
  return after.map((taint) => ({
    key: taint.key,
    value: taint.value ?? '',
    effect: taint.effect,
    timeAdded: new Date(
      taint.timeAdded ??
        before.find((old) => old.key === taint.key && old.effect === taint.effect && (old.value ?? '') === (taint.value ?? ''))?.timeAdded ??
        now,
    ),
  }));
}

/**
 * The node once its taints are these rows, at `revision`, as it reads back (nodeOfRow): only
 * `resourceVersion` and `spec.taints` differ from the node read before (a node with no taints
 * shows none).
 */
export function nodeWithTaints(node: Node, taints: readonly StoredTaint[], revision: bigint): Node {
  const shown = taints.map((t) => taintOfRow({ ...t, effect: t.effect as TaintEffect }));
  const spec: Record<string, unknown> = { ...node.spec };
  if (shown.length) spec.taints = shown;
  else delete spec.taints;
  return { ...node, metadata: { ...node.metadata, resourceVersion: String(revision) }, spec };
}

/** A node row as an import writes it, with its taints in order: every column but the cluster and the revision, which the write gives. */
export interface ImportedNodeRow extends Omit<NodeRow, 'clusterId' | 'revision' | 'updatedAt' | 'taints'> {
  taints: StoredTaint[];
}

/**
 * The row an imported node is stored as, with what the source cluster gave it (uid, creation
 * time). A taint keeps the time it was added: the one sent, else that of the same taint stored
 * before (key, value and effect), else now, as on a PUT (NodeStore).
 */
export function importedNodeRow(node: Node, identity: { uid: string; createdAt: Date }, before: readonly Taint[], now: number): ImportedNodeRow {
  const columns = nodeColumnsOf(node) as Omit<ReturnType<typeof nodeColumnsOf>, 'labels'> & { labels: NodeRow['labels'] };
  const taints = storedTaintsOf(node.spec?.taints ?? [], before, now);
  return { name: node.metadata.name, ...identity, ...(columns as Omit<ImportedNodeRow, 'name' | 'uid' | 'createdAt' | 'taints'>), taints };
}

/** The Node an imported row will read back as (at `revision`), to tell an unchanged object from a changed one. */
export function nodeOfImportedRow(row: ImportedNodeRow, revision: bigint): Node {
  return nodeOfRow({
    ...row,
    clusterId: 0,
    revision,
    updatedAt: row.createdAt,
    taints: row.taints.map((t, position) => ({ ...t, id: 0n, clusterId: 0, nodeName: row.name, position, effect: t.effect as TaintEffect })),
  });
}
