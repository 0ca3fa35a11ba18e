import { type Pod, type Toleration, assembleDecisionPod, canonicalInt64, decisionPodOf, k8sTime, podRequests } from '@taintgate/domain';
import type { Prisma, QOSClass } from '../generated/prisma/client';
import { stringifyExactly } from '../http/edge/exact-json';
import { type ColumnFields, extraOf, objectOfRow, objectTextOfRow, storableJson } from './object-parts';

export type PodRow = Prisma.PodGetPayload<object>;

/** What a Pod is made of (podOfRow): a row but for the columns only queries read, those a snapshot reads instead of `extra`, and the row's bookkeeping. */
export type StoredPodRow = Omit<
  PodRow,
  'requests' | 'ownerKind' | 'updatedAt' | 'clusterId' | 'deletionByTaintgate' | 'decisionSpec' | 'decisionStatus' | 'importDigest'
>;

/**
 * What a snapshot's pod is made of (decisionPodOfRow): the columns, and what decisions read of the
 * rest (`decisionSpec`, `decisionStatus`, as podColumnsOf wrote them) instead of `extra`.
 */
export type DecisionPodRow = Omit<StoredPodRow, 'extra'> & { decisionSpec: unknown; decisionStatus: unknown };

const podColumns: ColumnFields = {
  // A graceful deletion's fields are the service's to set (by an eviction), never a client's.
  metadata: ['name', 'namespace', 'uid', 'labels', 'creationTimestamp', 'resourceVersion', 'deletionTimestamp', 'deletionGracePeriodSeconds'],
  spec: ['tolerations', 'nodeName', 'nodeSelector', 'affinity'],
  status: ['phase', 'qosClass'],
};

/**
 * Tolerations as stored. A tolerationSeconds beyond 2^53 would not survive Prisma's JSON column
 * (storableJson), so it is stored as its decimal string; validation admits only integers there,
 * so a string read back can only be one of these.
 */
function storedTolerations(tolerations: readonly Toleration[]): unknown[] {
  return tolerations.map((t) => {
    const stored = storableJson(t) as Record<string, unknown>;
    if (typeof t.tolerationSeconds === 'bigint') stored.tolerationSeconds = String(t.tolerationSeconds);
    return stored;
  });
}

export function tolerationsOfStored(stored: unknown): Toleration[] {
  return (stored as Toleration[]).map((t) => {
    const seconds: unknown = t.tolerationSeconds;
    return typeof seconds === 'string' ? { ...t, tolerationSeconds: canonicalInt64(BigInt(seconds)) } : t;
  });
}

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
    tolerations: storedTolerations(pod.spec?.tolerations ?? []) as Prisma.InputJsonValue,
    nodeName: pod.spec?.nodeName || null,
    nodeSelector: pod.spec?.nodeSelector ?? {},
    affinity: storableJson(pod.spec?.affinity ?? undefined) as Prisma.InputJsonValue | undefined,
    requests: podRequests(pod),
    ownerKind: controllerKindOf(pod),
    qosClass: (pod.status?.qosClass ?? 'BestEffort') as QOSClass,
    phase: pod.status?.phase || 'Pending',
    extra: storableJson(extraOf(pod as unknown as Record<string, unknown>, podColumns)) as Prisma.InputJsonValue,
    ...decisionPartsOf(pod),
  };
}

/**
 * What decisions read of the pod that its columns do not hold (decisionPodOf, less the columns):
 * its metadata and spec fields, and apart its status fields, which are each pod's own (its start
 * time, IP and Ready condition) where the rest is its template's.
 */
function decisionPartsOf(pod: Pod) {
  const { status, ...spec } = extraOf(decisionPodOf(pod) as unknown as Record<string, unknown>, podColumns);
  return {
    decisionSpec: storableJson(spec) as Prisma.InputJsonValue,
    decisionStatus: storableJson(status ?? {}) as Prisma.InputJsonValue,
  };
}

/** The Kubernetes Pod a row stands for. */
export const podOfRow = (row: StoredPodRow): Pod => objectOfRow('Pod', row, podColumnSections(row)) as unknown as Pod;

/**
 * The pod as decisions read it (decisionPodOf) from its row: the columns, and the parts podColumnsOf
 * kept of the rest. Equal to decisionPodOf(podOfRow(row)) for a row written since they are kept.
 */
export function decisionPodOfRow(row: DecisionPodRow): Pod {
  const status = { ...(row.decisionStatus as Record<string, unknown>), phase: row.phase, qosClass: row.qosClass };
  return decisionPodOfColumns(row, k8sTime(row.createdAt), row.deletionTimestamp && k8sTime(row.deletionTimestamp), status);
}

/**
 * decisionPodOfRow, its times as Kubernetes writes them (a snapshot's load has Postgres write
 * them) and its status fields (`status`: decision_status with the phase and QoS class, the
 * caller's own object) given.
 */
export function decisionPodOfColumns(
  row: Omit<DecisionPodRow, 'createdAt' | 'deletionTimestamp' | 'decisionStatus'>,
  creationTimestamp: string,
  deletionTimestamp: string | null,
  status: Record<string, unknown>,
): Pod {
  // As objectOfRow lays the columns over the rest: an empty column value is left out.
  return assembleDecisionPod(
    {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        name: row.name,
        namespace: row.namespace,
        uid: row.uid,
        resourceVersion: String(row.revision),
        creationTimestamp,
        labels: nonEmpty(row.labels) as Record<string, string> | undefined,
        deletionTimestamp: deletionTimestamp ?? undefined,
        deletionGracePeriodSeconds: row.deletionGracePeriodSeconds === null ? undefined : Number(row.deletionGracePeriodSeconds),
      },
      spec: {
        tolerations: nonEmpty(row.tolerations) as Toleration[] | undefined,
        nodeName: row.nodeName ?? undefined,
        nodeSelector: nonEmpty(row.nodeSelector) as Record<string, string> | undefined,
        affinity: nonEmpty(row.affinity) as NonNullable<Pod['spec']>['affinity'],
      },
      status,
    },
    (row.decisionSpec ?? {}) as Pick<Pod, 'metadata' | 'spec'>,
  );
}

/** A column's value, or undefined for none: null, an empty array or an empty object (omitEmpty's). */
function nonEmpty(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value)) return value.length === 0 ? undefined : value;
  if (typeof value === 'object') {
    for (const _ in value) return value;
    return undefined;
  }
  return value;
}

/**
 * A pod as podOfRow makes it, as JSON text, written from its row's `extra` as Postgres keeps its
 * text (a list page parses and serializes none of it again; objectTextOfRow).
 */
export const podTextOfRow = (row: Omit<StoredPodRow, 'extra'>, extra: string): string =>
  objectTextOfRow('Pod', row, podColumnSections(row), extra) ?? stringifyExactly(podOfRow({ ...row, extra: JSON.parse(extra) as StoredPodRow['extra'] }));

/** The pod's columns, section by section, as objectOfRow lays them over `extra`. */
function podColumnSections(row: Omit<StoredPodRow, 'extra'>) {
  return {
    metadata: {
      deletionTimestamp: row.deletionTimestamp ? k8sTime(row.deletionTimestamp) : undefined,
      deletionGracePeriodSeconds: row.deletionGracePeriodSeconds === null ? undefined : Number(row.deletionGracePeriodSeconds),
    },
    spec: {
      tolerations: tolerationsOfStored(row.tolerations),
      nodeName: row.nodeName ?? undefined,
      nodeSelector: row.nodeSelector,
      affinity: row.affinity ?? undefined,
    },
    status: { phase: row.phase, qosClass: row.qosClass },
  };
}

/**
 * Each namespace's `namespace/`, made once: a key is then that string and the pod's name joined
 * (V8 keeps a long joined string as its two parts), where a snapshot's 300,000 keys each held a
 * copy of their namespace's (7 MB of a realistic cluster). Namespaces past the first 10,000 are
 * not held.
 */
const namespacePrefixes = new Map<string, string>();
const MAX_NAMESPACE_PREFIXES = 10_000;

export function podKey(namespace: string, name: string): string {
  let prefix = namespacePrefixes.get(namespace);
  if (prefix === undefined) {
    prefix = `${namespace}/`;
    if (namespacePrefixes.size < MAX_NAMESPACE_PREFIXES) namespacePrefixes.set(namespace, prefix);
  }
  return prefix + name;
}

/** A pod row as an import writes it: every column but the cluster and the revision, which the write gives. */
export type ImportedPodRow = Omit<PodRow, 'clusterId' | 'revision' | 'updatedAt' | 'deletionGracePeriodSeconds'> & {
  deletionGracePeriodSeconds: number | null;
};

/**
 * The row an imported pod is stored as: the columns of any pod, and what the source cluster gave
 * it (uid, creation time, the time a graceful deletion ends) rather than what taintgate would.
 */
export function importedPodRow(
  pod: Pod,
  identity: { uid: string; createdAt: Date; deletionTimestamp: Date | null; deletionGracePeriodSeconds: number | null; importDigest: string | null },
): ImportedPodRow {
  const columns = podColumnsOf(pod);
  return {
    namespace: pod.metadata.namespace || 'default',
    name: pod.metadata.name,
    ...identity,
    ...(columns as Omit<typeof columns, 'affinity'>),
    affinity: (columns.affinity ?? null) as PodRow['affinity'],
  } as ImportedPodRow;
}

/** The Pod an imported row will read back as (at `revision`), to tell an unchanged object from a changed one. */
export function podOfImportedRow(row: ImportedPodRow, revision: bigint): Pod {
  return podOfRow({
    ...row,
    revision,
    deletionGracePeriodSeconds: row.deletionGracePeriodSeconds === null ? null : BigInt(row.deletionGracePeriodSeconds),
  });
}

/** The digests PodStore.importDigests reads (one `namespace/name digest` a line), by `namespace/name`. */
export function podDigestsOf(text: string): Map<string, string> {
  const digests = new Map<string, string>();
  for (let at = 0; at < text.length;) {
    const lineEnd = text.indexOf('\n', at);
    const end = lineEnd < 0 ? text.length : lineEnd;
    const space = text.indexOf(' ', at);
    digests.set(text.slice(at, space), text.slice(space + 1, end));
    at = end + 1;
  }
  return digests;
}
