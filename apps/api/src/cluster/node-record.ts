import type { Node, Taint } from '@taintgate/domain';
import type { Prisma } from '../generated/prisma/client';
import { type ColumnFields, extraOf, k8sTime, objectOfRow, storableJson } from './object-parts';

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

export function taintOfRow(row: NodeRow['taints'][number]): Taint {
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
