import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Pod, Taint } from '@taintgate/domain';
import { Prisma, type TaintEffect } from '../generated/prisma/client';
import { PrismaService } from '../platform/database/prisma.service';
import { fail } from '../platform/failures/failure.exception';
import type { FirstRead, WriteContext } from './write-context';
import { taintOfRow } from './node-record';
import { oversized } from './object-size';
import { namedStatement } from '../platform/database/named-statement';
import { type WholePodText, readPageTexts, readWholePodTexts, readWholePods } from './pod-reads';
import { type ImportedPodRow, type PodRow, podColumnsOf, podKey, podOfRow } from './pod-record';

/** The node a written pod is bound to, as its write read it: its taints (none when it is not stored), and whether an eviction waits for the pod there. */
export interface PodsNode {
  name: string;
  taints: Taint[] | undefined;
  evicting: boolean;
}

type Nullable<T> = { [K in keyof T]: T[K] | null };

/** A taint as a statement answers it in JSON. */
interface RawTaint {
  key: string;
  value: string;
  effect: TaintEffect;
  timeAdded: string;
}

/** A pod's name within its namespace. */
export interface PodName {
  namespace: string;
  name: string;
}

/** A pod bound to a node that is not there. */
export interface OrphanedPod extends PodName {
  nodeName: string;
  boundAt: Date;
  nodeDeletedAt: Date | null;
}

/** A pod (`p`) whose graceful deletion an eviction of taintgate's began: the executed eviction of its uid, its pod not yet gone. */
const endedByTaintgate = Prisma.sql`(p.deletion_by_taintgate OR EXISTS (SELECT 1 FROM evictions e
  WHERE e.cluster_id = p.cluster_id AND e.pod_uid = p.uid AND e.status = 'Executed' AND e.pod_removed_at IS NULL))`;

/**
 * A pod (`p`) of a managed cluster: the reaper and the pod garbage collector work there only, as a
 * mirror's kubelets and garbage collector are its cluster's, and its imports tell what they did.
 */
const inManagedCluster = Prisma.sql`p.cluster_id IN (SELECT id FROM clusters WHERE mode = 'managed')`;

/** How many pods one import statement writes: its parameters stay a few megabytes. */
const IMPORT_BATCH = 2000;

/**
 * A pod as PodStore.importMany stores it, encoded once as the import reads it (importedPodText):
 * under the lock, the write only joins what it sends.
 */
export interface ImportedPodText {
  /** Its columns that are not JSON, as one JSON object (a row of json_to_recordset). */
  readonly plain: string;
  /** Its JSON columns in IMPORTED_JSON_COLUMNS' order, each as JSON text; '' for SQL NULL (a pod without affinity). */
  readonly json: readonly string[];
}

/** The pod's JSON columns as importMany's statement reads them (jsonb but for extra, json: stored as it is written). */
const IMPORTED_JSON_COLUMNS = [
  ['labels', 'jsonb'],
  ['tolerations', 'jsonb'],
  ['node_selector', 'jsonb'],
  ['affinity', 'jsonb'],
  ['requests', 'jsonb'],
  ['extra', 'json'],
  ['decision_spec', 'json'],
  ['decision_status', 'json'],
] as const;

/**
 * What separates the values of one JSON column in the text importMany sends: the ASCII record
 * separator, which JSON text never holds as it is (JSON.stringify writes every control character
 * as an escape, `\u001e`), so that Postgres splits the text without reading an escape.
 */
const VALUE_SEPARATOR = '\x1e';

/** The pod's imported row encoded as importMany's statement reads it, as the import reads the pod. */
export function importedPodText(r: ImportedPodRow): ImportedPodText {
  const plain = JSON.stringify({
    namespace: r.namespace,
    name: r.name,
    uid: r.uid,
    node_name: r.nodeName,
    owner_kind: r.ownerKind,
    qos_class: r.qosClass,
    phase: r.phase,
    created_at: r.createdAt.toISOString(),
    deletion_timestamp: r.deletionTimestamp?.toISOString() ?? null,
    grace: r.deletionGracePeriodSeconds,
    import_digest: r.importDigest,
  });
  const values: Record<(typeof IMPORTED_JSON_COLUMNS)[number][0], unknown> = {
    labels: r.labels,
    tolerations: r.tolerations,
    node_selector: r.nodeSelector,
    affinity: r.affinity,
    requests: r.requests,
    extra: r.extra,
    decision_spec: r.decisionSpec,
    decision_status: r.decisionStatus,
  };
  return { plain, json: IMPORTED_JSON_COLUMNS.map(([column]) => jsonTextOrEmpty(values[column])) };
}

const jsonTextOrEmpty = (value: unknown): string => (value === null || value === undefined ? '' : JSON.stringify(value));

/**
 * The statement that stores IMPORT_BATCH imported pods: `$3` their plain columns as a JSON
 * document, `$4`... each JSON column's values joined by VALUE_SEPARATOR, zipped row by row (ROWS
 * FROM). Postgres reads each JSON value once, as it casts it. A document of whole rows
 * (json_to_recordset) was read twice over: the document, then each JSON column's text again as
 * it was cast; that reading was 60 % of the statement (bench/RESULTS.md). A text array per column
 * was costlier still, each value escaped as an array element, by pg in this process too.
 */
const IMPORT_PODS = `INSERT INTO pods (cluster_id, namespace, name, uid, labels, tolerations, node_name, node_selector, affinity, requests, owner_kind,
                   qos_class, phase, extra, decision_spec, decision_status, revision, created_at, updated_at, deletion_timestamp,
                   deletion_grace_period_seconds, import_digest)
  SELECT $1::int, v.namespace, v.name, v.uid, v.labels, v.tolerations, v.node_name, v.node_selector, v.affinity, v.requests,
         v.owner_kind, v.qos_class::"QOSClass", v.phase, v.extra, v.decision_spec, v.decision_status, $2::bigint, v.created_at, now(),
         v.deletion_timestamp, v.grace, v.import_digest
  FROM ROWS FROM (
    json_to_recordset($3::json) AS (namespace text, name text, uid uuid, node_name text, owner_kind text, qos_class text, phase text,
                                    created_at timestamptz, deletion_timestamp timestamptz, grace bigint, import_digest text),
    ${IMPORTED_JSON_COLUMNS.map(([, type], i) => `unnest(string_to_array($${i + 4}::text, chr(30), '')::${type}[])`).join(',\n    ')}
  ) AS v(namespace, name, uid, node_name, owner_kind, qos_class, phase, created_at, deletion_timestamp, grace, import_digest,
         ${IMPORTED_JSON_COLUMNS.map(([column]) => column).join(', ')})
  ON CONFLICT (cluster_id, namespace, name) DO UPDATE SET
    uid = EXCLUDED.uid, labels = EXCLUDED.labels, tolerations = EXCLUDED.tolerations, node_name = EXCLUDED.node_name,
    node_selector = EXCLUDED.node_selector, affinity = EXCLUDED.affinity, requests = EXCLUDED.requests, owner_kind = EXCLUDED.owner_kind,
    qos_class = EXCLUDED.qos_class, phase = EXCLUDED.phase, extra = EXCLUDED.extra, decision_spec = EXCLUDED.decision_spec,
    decision_status = EXCLUDED.decision_status, revision = EXCLUDED.revision,
    created_at = EXCLUDED.created_at, updated_at = now(), deletion_timestamp = EXCLUDED.deletion_timestamp,
    deletion_grace_period_seconds = EXCLUDED.deletion_grace_period_seconds, import_digest = EXCLUDED.import_digest`;

/** importMany's values for these pods: after the cluster and the revision, the plain columns' document, then each JSON column's text. */
function importValues(pods: readonly ImportedPodText[]): string[] {
  return [`[${pods.map((p) => p.plain).join(',')}]`, ...IMPORTED_JSON_COLUMNS.map((_, i) => pods.map((p) => p.json[i]).join(VALUE_SEPARATOR))];
}

/** The pod table, read and written inside a ClusterWriter transaction, and read outside one by the loops that look before they write. */
@Injectable()
export class PodStore {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * The pods named, whole, as stored now, by `namespace/name` (a pod not stored is not in the
   * answer): a snapshot holds pods as decisions read them, and reads that answer a pod whole read it here.
   */
  whole(clusterId: number, names: readonly PodName[]): Promise<Map<string, Pod>> {
    return readWholePods((text, values) => this.prisma.rows(text, values), clusterId, names);
  }

  /** `whole`, each pod as its JSON text (what a list page of JSON is written from), with its resourceVersion. */
  wholeTexts(clusterId: number, names: readonly PodName[]): Promise<Map<string, WholePodText>> {
    return readWholePodTexts((text, values) => this.prisma.rows(text, values), clusterId, names);
  }

  /**
   * A list page's pods as JSON texts, in batches as Postgres sends them, all read at the revisions
   * given (readPageTexts): undefined when one of them was written since.
   */
  async pageTexts(clusterId: number, pods: readonly (PodName & { resourceVersion: string })[]): Promise<AsyncGenerator<string[]> | undefined> {
    return readPageTexts(await this.prisma.connect(), clusterId, pods);
  }

  /**
   * The digest of each pod as an import last sent it (import_digest), of the pods written at or
   * before `revision` (a snapshot's: each as the snapshot holds it): what the next import compares
   * what it reads with. One text, one `namespace/name digest` a line (podDigestsOf reads it), so
   * that a thread reading the import is sent it at the cost of a copy.
   */
  async importDigests(clusterId: number, revision: bigint): Promise<string> {
    const [row] = await this.prisma.rows<{ digests: string | null }>(
      `SELECT string_agg(namespace || '/' || name || ' ' || import_digest, E'\\n') AS digests
       FROM pods WHERE cluster_id = $1 AND revision <= $2 AND import_digest IS NOT NULL`,
      [clusterId, revision],
    );
    return row?.digests ?? '';
  }

  /**
   * The stored pod, on the write's own connection: a single pod's write reads and writes its row
   * while it holds the cluster's lock, where Prisma's work per query cost more than the query.
   */
  async find(w: WriteContext, namespace: string, name: string): Promise<PodRow | null> {
    const [row] = await w.rows<RawPodRow>(`SELECT ${POD_ROW_COLUMNS} FROM pods WHERE cluster_id = $1 AND namespace = $2 AND name = $3`, [
      w.cluster.id,
      namespace,
      name,
    ]);
    return row ? podRowOfRaw(row) : null;
  }

  /**
   * `find`, and in the same statement what the taint eviction controller needs of the node the
   * pod is sent bound to (its taints, none when it is not stored) and whether an eviction waits for
   * the pod there: a single pod's write reads them under the lock in one round trip, not three.
   */
  async findForWrite(
    w: WriteContext,
    namespace: string,
    name: string,
    nodeName: string | undefined,
  ): Promise<{ row: PodRow | null; node: PodsNode | undefined }> {
    // No pod stored: its columns come back null (the left join's), uid with them.
    const read = podReadForWrite(namespace, name, nodeName);
    const [found] = await w.rows<Nullable<RawPodRow> & { nodeStored: boolean; nodeTaints: RawTaint[]; evicting: boolean }>(read.text, [
      w.cluster.id,
      ...read.values,
    ]);
    if (!found) return { row: null, node: undefined };
    const { nodeStored, nodeTaints, evicting, ...pod } = found;
    const node =
      nodeName === undefined
        ? undefined
        : { name: nodeName, taints: nodeStored ? nodeTaints.map((t) => taintOfRow({ ...t, timeAdded: new Date(t.timeAdded) })) : undefined, evicting };
    return { row: pod.uid === null ? null : podRowOfRaw(pod as RawPodRow), node };
  }

  /** The named pods that exist, by `namespace/name`, in one query. */
  async findMany(w: WriteContext, names: readonly PodName[]): Promise<Map<string, PodRow>> {
    if (names.length === 0) return new Map();
    const rows = await w.tx.pod.findMany({ where: { clusterId: w.cluster.id, OR: names.map(({ namespace, name }) => ({ namespace, name })) } });
    return new Map(rows.map((row) => [podKey(row.namespace, row.name), row]));
  }

  /** Every pod bound to one of these nodes. */
  async boundTo(w: WriteContext, nodeNames: readonly string[]): Promise<Pod[]> {
    if (nodeNames.length === 0) return [];
    return (await w.tx.pod.findMany({ where: { clusterId: w.cluster.id, nodeName: { in: [...nodeNames] } } })).map(podOfRow);
  }

  /** How many pods are bound to these nodes: one count on the write's own connection, whatever their number. */
  async countBoundTo(w: WriteContext, nodeNames: readonly string[]): Promise<number> {
    const [bound] = await w.rows<{ pods: number }>(`SELECT count(*)::int AS pods FROM pods WHERE cluster_id = $1::int AND node_name = ANY($2::text[])`, [
      w.cluster.id,
      nodeNames,
    ]);
    return bound?.pods ?? 0;
  }

  /**
   * Pods bound to a node that is not stored, with when they were last written and when their
   * node was deleted (its newest tombstone), for the pod garbage collector.
   */
  async boundToMissingNodes(w: WriteContext): Promise<OrphanedPod[]> {
    return w.tx.$queryRaw<OrphanedPod[]>`
      SELECT p.namespace, p.name, p.node_name AS "nodeName", p.updated_at AS "boundAt",
             (SELECT max(t.deleted_at) FROM tombstones t WHERE t.cluster_id = p.cluster_id AND t.kind = 'Node' AND t.key = p.node_name) AS "nodeDeletedAt"
      FROM pods p
      WHERE p.cluster_id = ${w.cluster.id} AND p.node_name IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM nodes n WHERE n.cluster_id = p.cluster_id AND n.name = p.node_name)`;
  }

  /** Creates or replaces the pod at the write's revision; one whose JSON is larger than etcd stores is refused (413), nothing written. */
  async save(w: WriteContext, pod: Pod, existing: PodRow | null): Promise<Pod> {
    const namespace = pod.metadata.namespace as string;
    const name = pod.metadata.name;
    const tooLarge = oversized('Pod', name, pod);
    if (tooLarge) fail(tooLarge);
    const c = podColumnsOf(pod);
    // JSON as text (pg would send an array as a Postgres array); the times are the statement's, as Prisma's were the client's.
    const values = [
      w.cluster.id,
      namespace,
      name,
      JSON.stringify(c.labels),
      JSON.stringify(c.tolerations),
      c.nodeName,
      JSON.stringify(c.nodeSelector),
      c.affinity === undefined ? null : JSON.stringify(c.affinity),
      JSON.stringify(c.requests),
      c.ownerKind,
      c.qosClass,
      c.phase,
      JSON.stringify(c.extra),
      String(w.revision),
      JSON.stringify(c.decisionSpec),
      JSON.stringify(c.decisionStatus),
    ];
    const [row] = existing ? await w.rows<RawPodRow>(UPDATE_POD, values) : await w.rows<RawPodRow>(INSERT_POD, [...values, randomUUID()]);
    return podOfRow(podRowOfRaw(row as RawPodRow));
  }

  /**
   * Creates or replaces many pods as an import stores them, in one statement per two thousand
   * (IMPORT_PODS): each row as `importedPodRow` lays it out (uid, creation and deletion times kept
   * as they came), encoded by `importedPodText` as the import reads it (outside the write, while
   * the write before holds the lock). It goes on the write's own connection (WriteContext.sql):
   * through Prisma each parameter would be encoded twice more and parsed once more.
   */
  async importMany(w: WriteContext, pods: readonly ImportedPodText[]): Promise<void> {
    // Made at once: the write's connection takes them in order (WriteContext.sql), each as soon as the one before is done.
    const statements: Promise<number>[] = [];
    for (let i = 0; i < pods.length; i += IMPORT_BATCH) {
      statements.push(w.sql(IMPORT_PODS, [w.cluster.id, String(w.revision), ...importValues(pods.slice(i, i + IMPORT_BATCH))]));
    }
    await Promise.all(statements);
  }

  /**
   * Begins the graceful deletion of bound, running pods: each keeps running, terminating, until
   * `removeAt`, when TerminatingPodReaper removes it. A pod already terminating keeps its time.
   */
  async markTerminating(w: WriteContext, pods: readonly (PodName & { removeAt: Date; graceSeconds: number })[]): Promise<void> {
    if (pods.length === 0) return;
    // One statement over arrays, on the write's own connection: a NoExecute taint on a busy
    // cluster starts hundreds of thousands of deletions.
    await w.sql(
      `UPDATE pods AS p
       SET deletion_timestamp = v.remove_at, deletion_grace_period_seconds = v.grace, deletion_by_taintgate = true, revision = $1::bigint, updated_at = now(),
           import_digest = NULL
       FROM unnest($2::text[], $3::text[], $4::timestamptz[], $5::bigint[]) AS v(namespace, name, remove_at, grace)
       WHERE p.cluster_id = $6::int AND p.namespace = v.namespace AND p.name = v.name AND p.deletion_timestamp IS NULL`,
      [
        String(w.revision),
        pods.map((p) => p.namespace),
        pods.map((p) => p.name),
        pods.map((p) => p.removeAt.toISOString()),
        pods.map((p) => String(p.graceSeconds)),
        w.cluster.id,
      ],
    );
  }

  /**
   * One pod's graceful deletion begun, or brought forward, by a DELETE or an eviction
   * (podDeletion's `terminate`): terminating until `deletionTimestamp`, then removed by
   * TerminatingPodReaper, as a deletion taintgate began (an imported terminating pod included,
   * once asked here to go sooner). Answers the pod as stored.
   */
  async terminate(w: WriteContext, { namespace, name }: PodName, deletionTimestamp: Date, graceSeconds: number): Promise<Pod> {
    const [row] = await w.rows<RawPodRow>(
      `UPDATE pods SET deletion_timestamp = $4::timestamptz, deletion_grace_period_seconds = $5::bigint, deletion_by_taintgate = true,
         revision = $6::bigint, updated_at = clock_timestamp(), import_digest = NULL
       WHERE cluster_id = $1 AND namespace = $2 AND name = $3
       RETURNING ${POD_ROW_COLUMNS}`,
      [w.cluster.id, namespace, name, deletionTimestamp.toISOString(), String(graceSeconds), String(w.revision)],
    );
    return podOfRow(podRowOfRaw(row as RawPodRow));
  }

  /**
   * The clusters where some graceful deletion taintgate began (an eviction's) is over, read
   * outside any write: a pass that finds nothing takes no revision (every write moves its
   * cluster's revision and every replica reloads).
   */
  async clustersWithPodsDueForRemoval(now: number): Promise<number[]> {
    const rows = await this.prisma.$queryRaw<{ id: number }[]>`
      SELECT DISTINCT p.cluster_id AS id FROM pods p WHERE p.deletion_timestamp <= ${new Date(now)} AND ${endedByTaintgate} AND ${inManagedCluster}`;
    return rows.map((row) => row.id);
  }

  /** The clusters where some pod is bound to a node that is not stored, read outside any write (as above). */
  async clustersWithPodsOnMissingNodes(): Promise<number[]> {
    const rows = await this.prisma.$queryRaw<{ id: number }[]>`
      SELECT DISTINCT p.cluster_id AS id FROM pods p
      WHERE p.node_name IS NOT NULL AND NOT EXISTS (SELECT 1 FROM nodes n WHERE n.cluster_id = p.cluster_id AND n.name = p.node_name) AND ${inManagedCluster}`;
    return rows.map((row) => row.id);
  }

  /**
   * The terminating pods whose grace period is over and whose deletion taintgate began (at most
   * `limit`, the earliest first), with their
   * uid (the evictions that began it name it). A pod imported as terminating is left as its
   * cluster shows it: there a kubelet, not taintgate, ends its deletion, and the next import tells.
   */
  async dueForRemoval(w: WriteContext, limit: number): Promise<(PodName & { uid: string })[]> {
    return w.tx.$queryRaw<(PodName & { uid: string })[]>`
      SELECT p.namespace, p.name, p.uid::text AS uid FROM pods p
      WHERE p.cluster_id = ${w.cluster.id} AND p.deletion_timestamp <= ${new Date(w.now)} AND ${endedByTaintgate}
      ORDER BY p.deletion_timestamp LIMIT ${limit}`;
  }

  /** Deletes the pods and leaves their tombstones, so every replica drops them. */
  async delete(w: WriteContext, ...names: PodName[]): Promise<void> {
    if (names.length === 0) return;
    // One statement over arrays (the reaper and an eviction of a whole cluster remove hundreds of thousands).
    await w.sql(
      `DELETE FROM pods AS p USING unnest($1::text[], $2::text[]) AS v(namespace, name)
       WHERE p.cluster_id = $3::int AND p.namespace = v.namespace AND p.name = v.name`,
      [names.map((n) => n.namespace), names.map((n) => n.name), w.cluster.id],
    );
    await w.tombstone('Pod', ...names.map(({ namespace, name }) => podKey(namespace, name)));
  }
}

/** The pods table's columns as PodRow names them (Prisma's names); every column, as `findMany` reads it. */
const POD_ROW_COLUMNS = `namespace, name, uid::text AS uid, labels, tolerations, node_name AS "nodeName", node_selector AS "nodeSelector", affinity,
  requests, owner_kind AS "ownerKind", qos_class::text AS "qosClass", phase, extra, revision::text AS revision, created_at AS "createdAt",
  updated_at AS "updatedAt", deletion_timestamp AS "deletionTimestamp", deletion_grace_period_seconds::text AS "deletionGracePeriodSeconds",
  cluster_id AS "clusterId", deletion_by_taintgate AS "deletionByTaintgate", decision_spec AS "decisionSpec", decision_status AS "decisionStatus",
  import_digest AS "importDigest"`;

/** A pod's write, by name (prepared on each connection): `save`'s values. */
const UPDATE_POD = namedStatement(
  'pod_update',
  `UPDATE pods SET labels = $4::jsonb, tolerations = $5::jsonb, node_name = $6, node_selector = $7::jsonb, affinity = $8::jsonb, requests = $9::jsonb,
     owner_kind = $10, qos_class = $11::"QOSClass", phase = $12, extra = $13::json, revision = $14::bigint, decision_spec = $15::json,
     decision_status = $16::json, import_digest = NULL, updated_at = clock_timestamp()
   WHERE cluster_id = $1 AND namespace = $2 AND name = $3
   RETURNING ${POD_ROW_COLUMNS}`,
);
const INSERT_POD = namedStatement(
  'pod_insert',
  `INSERT INTO pods (cluster_id, namespace, name, labels, tolerations, node_name, node_selector, affinity, requests, owner_kind, qos_class, phase,
                     extra, revision, decision_spec, decision_status, uid, created_at, updated_at)
   VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6, $7::jsonb, $8::jsonb, $9::jsonb, $10, $11::"QOSClass", $12, $13::json, $14::bigint, $15::json,
           $16::json, $17::uuid, clock_timestamp(), clock_timestamp())
   RETURNING ${POD_ROW_COLUMNS}`,
);

/** PodStore.findForWrite's statement (`$1` the cluster, `$4` the node, null for none): a pod's write sends it with its revision (WriteOptions.firstRead). */
const FIND_FOR_WRITE = `SELECT p.*, n.*
  FROM (SELECT 1) AS one
  LEFT JOIN LATERAL (SELECT ${POD_ROW_COLUMNS} FROM pods WHERE cluster_id = $1 AND namespace = $2 AND name = $3) AS p ON true
  LEFT JOIN LATERAL (
    SELECT EXISTS (SELECT 1 FROM nodes WHERE cluster_id = $1 AND name = $4::text) AS "nodeStored",
           (SELECT coalesce(json_agg(json_build_object('key', t.key, 'value', t.value, 'effect', t.effect, 'timeAdded', t.time_added) ORDER BY t.position), '[]')
            FROM taints t WHERE t.cluster_id = $1 AND t.node_name = $4::text) AS "nodeTaints",
           EXISTS (SELECT 1 FROM evictions e WHERE e.cluster_id = $1 AND e.pod_namespace = $2 AND e.pod_name = $3 AND e.status IN ('Scheduled', 'Predicted')
                   AND e.node_name = $4::text) AS evicting
    WHERE $4::text IS NOT NULL) AS n ON true`;

/** The statement PodStore.findForWrite sends for this pod, bound to this node: a pod's write passes it as its first read. */
export const podReadForWrite = (namespace: string, name: string, nodeName: string | undefined): FirstRead => ({
  text: FIND_FOR_WRITE,
  values: [namespace, name, nodeName ?? null],
});

type RawPodRow = Omit<PodRow, 'revision' | 'deletionGracePeriodSeconds'> & { revision: string; deletionGracePeriodSeconds: string | null };

/** A row as POD_ROW_COLUMNS reads it, as Prisma reads it (its int8 columns as bigints). */
function podRowOfRaw(row: RawPodRow): PodRow {
  const deletionGracePeriodSeconds = row.deletionGracePeriodSeconds === null ? null : BigInt(row.deletionGracePeriodSeconds);
  return { ...row, revision: BigInt(row.revision), deletionGracePeriodSeconds };
}
