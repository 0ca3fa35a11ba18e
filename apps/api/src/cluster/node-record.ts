import type { Node, NodeCondition, ResourceList, Taint } from '@taintgate/domain';
import type { Prisma } from '../generated/prisma/client';
import { type ColumnFields, extraOf, omitEmpty, sectionOf } from './object-parts';

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
    conditions: (node.status?.conditions ?? []) as unknown as Prisma.InputJsonValue,
    allocatable: (node.status?.allocatable ?? {}) as Prisma.InputJsonValue,
    extra: extraOf(node as unknown as Record<string, unknown>, nodeColumns) as Prisma.InputJsonValue,
  };
}

/** Kubernetes' metav1.Time: RFC 3339, whole seconds. */
export const k8sTime = (date: Date): string => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

export function taintOfRow(row: NodeRow['taints'][number]): Taint {
  const taint: Taint = { key: row.key, effect: row.effect, timeAdded: k8sTime(row.timeAdded) };
  if (row.value) taint.value = row.value;
  return taint;
}

/** The Kubernetes Node a row stands for, shaped as the API server prints it. */
export function nodeOfRow(row: NodeRow): Node {
  const metadata = sectionOf(row.extra, 'metadata');
  const spec = sectionOf(row.extra, 'spec');
  const status = sectionOf(row.extra, 'status');
  const taints = [...row.taints].sort((a, b) => a.position - b.position).map(taintOfRow);
  return {
    ...(row.extra as Record<string, unknown>),
    apiVersion: 'v1',
    kind: 'Node',
    // Empty column values are left out as the API server leaves them out; what the client sent
    // (extra) comes back as it was, empty objects such as `securityContext: {}` included.
    metadata: {
      ...metadata,
      ...omitEmpty({
        name: row.name,
        uid: row.uid,
        resourceVersion: String(row.revision),
        creationTimestamp: k8sTime(row.createdAt),
        labels: row.labels as Record<string, string>,
      }),
    },
    spec: { ...spec, ...omitEmpty({ taints, unschedulable: row.unschedulable || undefined }) },
    status: {
      ...status,
      ...omitEmpty({
        conditions: row.conditions as unknown as NodeCondition[],
        allocatable: row.allocatable as ResourceList,
      }),
    },
  };
}
