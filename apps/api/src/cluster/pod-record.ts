import { type Pod, type Toleration, podRequests } from '@taintgate/domain';
import type { Prisma, QOSClass } from '../generated/prisma/client';
import { k8sTime } from './node-record';
import { type ColumnFields, extraOf, omitEmpty, sectionOf } from './object-parts';

export type PodRow = Prisma.PodGetPayload<object>;

const podColumns: ColumnFields = {
  metadata: ['name', 'namespace', 'uid', 'labels', 'creationTimestamp', 'resourceVersion'],
  spec: ['tolerations', 'nodeName', 'nodeSelector', 'affinity'],
  status: ['phase', 'qosClass'],
};

/** The kind of the pod's managing controller, if it has one. */
function controllerKindOf(pod: Pod): string | null {
  return pod.metadata.ownerReferences?.find((o) => o.controller === true)?.kind ?? null;
}

/**
 * The columns of a pod row. `requests` and `ownerKind` are derived from what stays in `extra`
 * (containers, ownerReferences), for queries; they are written here and nowhere else.
 */
export function podColumnsOf(pod: Pod) {
  return {
    labels: pod.metadata.labels ?? {},
    tolerations: (pod.spec?.tolerations ?? []) as unknown as Prisma.InputJsonValue,
    nodeName: pod.spec?.nodeName || null,
    nodeSelector: pod.spec?.nodeSelector ?? {},
    affinity: (pod.spec?.affinity ?? undefined) as Prisma.InputJsonValue | undefined,
    requests: podRequests(pod),
    ownerKind: controllerKindOf(pod),
    qosClass: (pod.status?.qosClass ?? 'BestEffort') as QOSClass,
    phase: pod.status?.phase || 'Pending',
    extra: extraOf(pod as unknown as Record<string, unknown>, podColumns) as Prisma.InputJsonValue,
  };
}

/** The Kubernetes Pod a row stands for. */
export function podOfRow(row: PodRow): Pod {
  const metadata = sectionOf(row.extra, 'metadata');
  const spec = sectionOf(row.extra, 'spec');
  const status = sectionOf(row.extra, 'status');
  return {
    ...(row.extra as Record<string, unknown>),
    apiVersion: 'v1',
    kind: 'Pod',
    // As in nodeOfRow: only the column values are left out when empty; extra comes back as sent.
    metadata: {
      ...metadata,
      ...omitEmpty({
        name: row.name,
        namespace: row.namespace,
        uid: row.uid,
        resourceVersion: String(row.revision),
        creationTimestamp: k8sTime(row.createdAt),
        labels: row.labels as Record<string, string>,
      }),
    },
    spec: {
      ...spec,
      ...omitEmpty({
        tolerations: row.tolerations as unknown as Toleration[],
        nodeName: row.nodeName ?? undefined,
        nodeSelector: row.nodeSelector as Record<string, string>,
        affinity: row.affinity ?? undefined,
      }),
    },
    status: { ...status, ...omitEmpty({ phase: row.phase, qosClass: row.qosClass }) },
  } as Pod;
}

export const podKey = (namespace: string, name: string): string => `${namespace}/${name}`;
