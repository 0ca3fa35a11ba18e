import { type Pod, decisionPodOf } from '@taintgate/domain';
import type pg from 'pg';
import type { Connection } from '../platform/database/prisma.service';
import { JsonTexts } from './json-texts';
import { type DecisionPodRow, type StoredPodRow, decisionPodOfColumns, podKey, podOfRow, podTextOfRow } from './pod-record';

/**
 * How a cluster's pods are read whole or as decisions read them, past Prisma: a snapshot's loads
 * (a cursor in its repeatable-read transaction), and the pages of whole pods that lists and watches
 * answer with.
 */

/** How many rows a snapshot's load fetches at a time: each page is made into pods, and its rows let go, before the next. */
const ROWS_PER_FETCH = 5000;

/**
 * The columns a whole pod is made of (podOfRow), as PodRow names them: not the ones only queries
 * read (requests, owner_kind), nor the row's bookkeeping, which pg would otherwise parse 300,000
 * times for nothing.
 */
const WHOLE_POD_COLUMNS = `namespace, name, uid::text AS uid, labels, tolerations, node_name AS "nodeName", node_selector AS "nodeSelector", affinity,
  qos_class::text AS "qosClass", phase, extra, revision::text AS revision, created_at AS "createdAt", deletion_timestamp AS "deletionTimestamp",
  deletion_grace_period_seconds::text AS "deletionGracePeriodSeconds"`;

/** A timestamptz as Kubernetes writes a time (k8sTime: RFC 3339 in UTC, whole seconds), by Postgres: no Date made and formatted again per row. */
const kubernetesTime = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/**
 * A JSON column as text, and whether the row before (IN_NAME_ORDER) has the same value: then the
 * text is null, not sent. jsonb is compared as values (equal values print alike), json (which has
 * no equality) as its text. A null value is never the same as the one before.
 */
function unlessAsBefore(column: string, as: string, type: 'json' | 'jsonb'): string {
  const compared = type === 'json' ? `${column}::text` : column;
  const same = `${compared} = lag(${compared}) OVER in_name_order`;
  return `CASE WHEN ${same} THEN NULL ELSE ${column}::text END AS "${as}", coalesce(${same}, false) AS "${as}AsBefore"`;
}

/**
 * The columns a pod as decisions read it is made of (decisionPodOfRow), its JSON as text: pods of
 * one template have the same text, parsed once and shared (JsonTexts). `extra` only for a row
 * written before the decision columns were kept.
 *
 * Read in the order of their names, a ReplicaSet's pods come one after the other, and over nine in
 * ten rows of a realistic cluster have the row before's spec, labels and tolerations: such a text
 * is not sent (`<column>AsBefore` says so, and the row before's value is taken). Sent, a load's
 * 300,000 texts were 380 MB of strings made and let go, so many at a time that V8 copied them
 * into its old generation first, where they left the heap half empty (bench/RESULTS.md).
 */
const DECISION_POD_COLUMNS = `namespace, name, uid::text AS uid, ${unlessAsBefore('labels', 'labels', 'jsonb')}, ${unlessAsBefore('tolerations', 'tolerations', 'jsonb')},
  node_name AS "nodeName", ${unlessAsBefore('node_selector', 'nodeSelector', 'jsonb')}, ${unlessAsBefore('affinity', 'affinity', 'jsonb')},
  qos_class::text AS "qosClass", phase, revision::text AS revision,
  ${kubernetesTime('created_at')} AS "creationTimestamp", ${kubernetesTime('deletion_timestamp')} AS "deletionTimestamp",
  deletion_grace_period_seconds::text AS "deletionGracePeriodSeconds", ${unlessAsBefore('decision_spec', 'decisionSpec', 'json')},
  decision_status::text AS "decisionStatus",
  CASE WHEN decision_spec IS NULL THEN extra END AS extra, CASE WHEN decision_spec IS NULL THEN created_at END AS "createdAt",
  CASE WHEN decision_spec IS NULL THEN deletion_timestamp END AS "deletionTime"`;

/** The order DECISION_POD_COLUMNS compare rows in, and the rows are read in (the primary key's). */
const IN_NAME_ORDER = 'WINDOW in_name_order AS (ORDER BY namespace, name) ORDER BY namespace, name';

type Raw<T> = Omit<T, 'revision' | 'deletionGracePeriodSeconds'> & { revision: string; deletionGracePeriodSeconds: string | null };

/** A row's int8 columns as bigints (as Prisma reads them). */
function withBigInts<T>(row: Raw<T>): T {
  const deletionGracePeriodSeconds = row.deletionGracePeriodSeconds === null ? null : BigInt(row.deletionGracePeriodSeconds);
  return { ...row, revision: BigInt(row.revision), deletionGracePeriodSeconds } as T;
}

/**
 * Rows of a cursor over `select` (the pods of the cluster written after revision `since`), a page
 * at a time, each made into what `made` makes of it, on a connection of the caller's: a
 * snapshot's repeatable-read transaction (PrismaService.connectionOf).
 *
 * A replica loads 300,000 of them at its first read of a large cluster. Prisma's own mapping of
 * the rows took about two thirds of that load, pg's (JSON.parse of each json column) far less; and
 * a page's rows die young once made, where all of them at once lived long enough to be copied
 * into the old generation first. The next page is asked for before this one is made into pods,
 * so that Postgres reads and sends it meanwhile, on the machine's other core.
 */
async function readSince<T>(
  connection: Connection,
  columns: string,
  clusterId: number,
  since: bigint,
  made: (row: Record<string, unknown>) => T,
  rowsPerFetch: number,
  order = '',
): Promise<T[]> {
  const out: T[] = [];
  for await (const rows of pagesSince(connection, columns, clusterId, since, rowsPerFetch, order)) for (const row of rows) out.push(made(row));
  return out;
}

/** The rows readSince makes, a fetch at a time as Postgres sends them (the next asked for before this one is yielded). */
async function* pagesSince(
  connection: Connection,
  columns: string,
  clusterId: number,
  since: bigint,
  rowsPerFetch: number,
  order = '',
): AsyncGenerator<Record<string, unknown>[]> {
  await connection.query(`DECLARE snapshot_pods NO SCROLL CURSOR FOR SELECT ${columns} FROM pods WHERE cluster_id = $1 AND revision > $2::bigint ${order}`, [
    clusterId,
    String(since),
  ]);
  const fetchPage = () => connection.query<Record<string, unknown>>(`FETCH FORWARD ${rowsPerFetch} FROM snapshot_pods`);
  let next: ReturnType<typeof fetchPage> | undefined = fetchPage();
  while (next) {
    const { rows }: { rows: Record<string, unknown>[] } = await next;
    next = rows.length < rowsPerFetch ? undefined : fetchPage();
    yield rows;
  }
  await connection.query('CLOSE snapshot_pods');
}

/** The cluster's pods written after revision `since`, whole (StoredPodRow: the columns a pod is made of), each made into what `made` makes of it. */
export function readPodsSince<T>(
  connection: Connection,
  clusterId: number,
  since: bigint,
  made: (row: StoredPodRow) => T,
  rowsPerFetch = ROWS_PER_FETCH,
): Promise<T[]> {
  return readSince(connection, WHOLE_POD_COLUMNS, clusterId, since, (row) => made(withBigInts(row as Raw<StoredPodRow>)), rowsPerFetch);
}

/** A pod read as decisions read it, with its key and the revision of its last write. */
export interface DecisionPodRead {
  key: string;
  pod: Pod;
  revision: bigint;
}

type RawDecisionRow = Raw<Omit<StoredPodRow, 'labels' | 'tolerations' | 'nodeSelector' | 'affinity' | 'deletionTimestamp' | 'createdAt'>> & {
  creationTimestamp: string;
  deletionTimestamp: string | null;
  /** Only for a row written before its decision columns were kept (made whole from `extra`). */
  createdAt: Date | null;
  deletionTime: Date | null;
  /** Null where the row before has the same (`<column>AsBefore`, DECISION_POD_COLUMNS). */
  labels: string | null;
  tolerations: string | null;
  nodeSelector: string | null;
  affinity: string | null;
  decisionSpec: string | null;
  decisionStatus: string | null;
  labelsAsBefore: boolean;
  tolerationsAsBefore: boolean;
  nodeSelectorAsBefore: boolean;
  affinityAsBefore: boolean;
  decisionSpecAsBefore: boolean;
};

/**
 * The cluster's pods written after revision `since`, as decisions read them (decisionPodOf), read
 * from the columns and the decision columns, not from `extra`: a tenth of a realistic pod's row.
 * The parts of one text are one object, shared by every pod of the read that has it (labels of
 * one ReplicaSet, tolerations, selectors, a template's containers): callers must not change them.
 */
export function readDecisionPodsSince(connection: Connection, clusterId: number, since: bigint, rowsPerFetch = ROWS_PER_FETCH): Promise<DecisionPodRead[]> {
  const texts = new JsonTexts();
  return readSince(
    connection,
    DECISION_POD_COLUMNS,
    clusterId,
    since,
    (row) => decisionReadOfParts(decisionPartsOfRow(row, texts), texts),
    rowsPerFetch,
    IN_NAME_ORDER,
  );
}

/**
 * The rows readDecisionPodsSince reads, a fetch at a time, each made into its parts
 * (decisionPartsOfRow): what a thread that loads a snapshot's pods sends (snapshot-load-batches.ts).
 */
export async function* decisionPartsSince(connection: Connection, clusterId: number, since: bigint, texts: JsonTexts): AsyncGenerator<DecisionParts[]> {
  for await (const rows of pagesSince(connection, DECISION_POD_COLUMNS, clusterId, since, ROWS_PER_FETCH, IN_NAME_ORDER)) {
    yield rows.map((row) => decisionPartsOfRow(row, texts));
  }
}

/** The columns a decision pod is laid from (decisionPodOfColumns). */
type DecisionColumns = Omit<DecisionPodRow, 'createdAt' | 'deletionTimestamp' | 'decisionStatus'>;

/**
 * A row of DECISION_POD_COLUMNS, its texts parsed and its repeated values held (JsonTexts): the
 * columns and status a decision pod is laid from, or, for a row written before its decision
 * columns were kept, the pod already made (whole, then cut down).
 */
export type DecisionParts =
  | {
      readonly kind: 'columns';
      readonly row: DecisionColumns;
      readonly creationTimestamp: string;
      readonly deletionTimestamp: string | null;
      readonly status: Record<string, unknown>;
    }
  | { readonly kind: 'made'; readonly row: Pick<DecisionColumns, 'namespace' | 'name' | 'revision'>; readonly pod: Pod };

function decisionPartsOfRow(row: Record<string, unknown>, texts: JsonTexts): DecisionParts {
  const raw = row as RawDecisionRow;
  // pg makes a string of every value of every row: those that repeat (a namespace, a node's name) are held once.
  const columns = {
    namespace: texts.strings.of(raw.namespace),
    name: raw.name,
    uid: raw.uid,
    revision: texts.revision(raw.revision),
    deletionGracePeriodSeconds: raw.deletionGracePeriodSeconds === null ? null : BigInt(raw.deletionGracePeriodSeconds),
    nodeName: raw.nodeName === null ? null : texts.strings.of(raw.nodeName),
    phase: texts.strings.of(raw.phase),
    qosClass: texts.strings.of(raw.qosClass) as StoredPodRow['qosClass'],
    labels: raw.labelsAsBefore ? texts.asBefore('labels') : texts.of(raw.labels as string, 'labels'),
    tolerations: raw.tolerationsAsBefore ? texts.asBefore('tolerations') : texts.tolerations(raw.tolerations as string),
    nodeSelector: raw.nodeSelectorAsBefore ? texts.asBefore('nodeSelector') : texts.of(raw.nodeSelector as string, 'nodeSelector'),
    affinity: raw.affinityAsBefore ? texts.asBefore('affinity') : raw.affinity === null ? null : texts.of(raw.affinity, 'affinity'),
  };
  if (raw.decisionSpec === null && !raw.decisionSpecAsBefore) {
    // A row written before its decision columns were kept: made whole, then cut down.
    const pod = decisionPodOf(podOfRow({ ...columns, createdAt: raw.createdAt as Date, deletionTimestamp: raw.deletionTime, extra: raw.extra }));
    return { kind: 'made', row: columns, pod };
  }
  const status = texts.status(raw.decisionStatus ?? '{}');
  status.phase = columns.phase;
  status.qosClass = columns.qosClass;
  const decisionSpec = raw.decisionSpecAsBefore ? texts.asBefore('decisionSpec') : texts.of(raw.decisionSpec as string, 'decisionSpec');
  return { kind: 'columns', row: { ...columns, decisionSpec }, creationTimestamp: raw.creationTimestamp, deletionTimestamp: raw.deletionTimestamp, status };
}

/** The pod laid from its parts, with its key and revision; `texts` holds the last resourceVersion read. */
export function decisionReadOfParts(parts: DecisionParts, texts: JsonTexts): DecisionPodRead {
  const { row } = parts;
  const key = podKey(row.namespace, row.name);
  if (parts.kind === 'made') return { key, pod: parts.pod, revision: row.revision };
  const pod = decisionPodOfColumns(parts.row, parts.creationTimestamp, parts.deletionTimestamp, parts.status);
  // The resourceVersion the row before has, when it is the same: an import writes its pods at one
  // revision, and 300,000 equal strings held 7 MB. The metadata is this pod's own.
  pod.metadata.resourceVersion = texts.asLast('revision', pod.metadata.resourceVersion as string);
  return { key, pod, revision: row.revision };
}

type Rows = <T extends Record<string, unknown>>(text: string, values: readonly unknown[]) => Promise<T[]>;

/** The rows of the pods named (their `columns`), each made into what `made` makes of it, by key (`namespace/name`); a pod not stored is not in the answer. */
async function readNamed<T>(
  rows: Rows,
  columns: string,
  clusterId: number,
  names: readonly { namespace: string; name: string }[],
  made: (row: never) => T,
): Promise<Map<string, T>> {
  const out = new Map<string, T>();
  if (names.length === 0) return out;
  const found = await rows<{ namespace: string; name: string }>(
    `SELECT ${columns} FROM pods p JOIN unnest($2::text[], $3::text[]) AS v(namespace, name) USING (namespace, name) WHERE p.cluster_id = $1`,
    [clusterId, names.map((n) => n.namespace), names.map((n) => n.name)],
  );
  for (const row of found) out.set(podKey(row.namespace, row.name), made(row as never));
  return out;
}

/**
 * The pods named, whole, as stored now, by key (`namespace/name`); a pod not stored is not in the
 * answer. What gets and watches answer with: a snapshot holds pods as decisions read them.
 */
export const readWholePods = (rows: Rows, clusterId: number, names: readonly { namespace: string; name: string }[]): Promise<Map<string, Pod>> =>
  readNamed(rows, WHOLE_POD_COLUMNS, clusterId, names, (row: Raw<StoredPodRow>) => podOfRow(withBigInts(row)));

/** The columns of a pod's JSON text (podTextOfRow): a whole pod's, its `extra` as text, which pg leaves as it is. */
const WHOLE_POD_TEXT_COLUMNS = `namespace, name, uid::text AS uid, labels, tolerations, node_name AS "nodeName", node_selector AS "nodeSelector",
  affinity, qos_class::text AS "qosClass", phase, extra::text AS extra, revision::text AS revision, created_at AS "createdAt",
  deletion_timestamp AS "deletionTimestamp", deletion_grace_period_seconds::text AS "deletionGracePeriodSeconds"`;

/** A row of WHOLE_POD_TEXT_COLUMNS, as pg reads it. */
type RawPodTextRow = Raw<Omit<StoredPodRow, 'extra'>> & { extra: string };

/** The pod's JSON text, written from its row (podTextOfRow). */
const textOfRow = (raw: RawPodTextRow): string => podTextOfRow(withBigInts(raw), raw.extra);

/** A pod's JSON as a read answers it, and its resourceVersion. */
export interface WholePodText {
  json: string;
  resourceVersion: string;
}

/** readWholePods, each pod as its JSON text (podTextOfRow): what a list page of JSON is written from. */
export const readWholePodTexts = (rows: Rows, clusterId: number, names: readonly { namespace: string; name: string }[]): Promise<Map<string, WholePodText>> =>
  readNamed(rows, WHOLE_POD_TEXT_COLUMNS, clusterId, names, (raw: RawPodTextRow) => ({ json: textOfRow(raw), resourceVersion: raw.revision }));

/**
 * How many pods of a list page one statement reads: a batch's rows are made into texts and written
 * out while Postgres reads the next, and no more than two batches' rows are held at a time (a page
 * of 500 realistic pods read at once held 2 MB of rows, and 2 MB of texts, until it was written).
 */
const PODS_PER_BATCH = 100;

/** The statement a page's batch is read with, the pods in the order named. */
const PAGE_BATCH = `SELECT ${WHOLE_POD_TEXT_COLUMNS} FROM pods p
  JOIN unnest($2::text[], $3::text[]) WITH ORDINALITY AS v(namespace, name, position) USING (namespace, name)
  WHERE p.cluster_id = $1 ORDER BY v.position`;

/** How many of the pods named are stored at the revisions given: all of them when the page chosen in a snapshot is what Postgres has. */
const PAGE_CHECK = `SELECT count(*)::int AS current FROM pods p
  JOIN unnest($2::text[], $3::text[], $4::bigint[]) AS v(namespace, name, revision) USING (namespace, name)
  WHERE p.cluster_id = $1 AND p.revision = v.revision`;

/**
 * A list page's pods as JSON texts (podTextOfRow), in batches as they are read, from one
 * repeatable-read transaction on `client`: the page is checked first, its pods all stored at the
 * revisions given (`undefined`, and the transaction ended, when one is not), and every batch after
 * reads that same state. The batches come as fast as Postgres gives them, whatever reads them, and
 * the client is released after the last, or when the reader stops early.
 */
export async function readPageTexts(
  client: pg.PoolClient,
  clusterId: number,
  pods: readonly { namespace: string; name: string; resourceVersion: string }[],
): Promise<AsyncGenerator<string[]> | undefined> {
  let current: boolean;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const [row] = (
      await client.query<{ current: number }>(PAGE_CHECK, [
        clusterId,
        pods.map((p) => p.namespace),
        pods.map((p) => p.name),
        pods.map((p) => p.resourceVersion),
      ])
    ).rows;
    current = row?.current === pods.length;
    if (!current) await client.query('ROLLBACK');
  } catch (error) {
    client.release(error as Error);
    throw error;
  }
  if (!current) {
    client.release();
    return undefined;
  }
  return batchesOf(client, clusterId, pods);
}

async function* batchesOf(client: pg.PoolClient, clusterId: number, pods: readonly { namespace: string; name: string }[]): AsyncGenerator<string[]> {
  const read = (from: number) => {
    const batch = pods.slice(from, from + PODS_PER_BATCH);
    return client.query<RawPodTextRow>(PAGE_BATCH, [clusterId, batch.map((p) => p.namespace), batch.map((p) => p.name)]);
  };
  let ended = false;
  // The next batch asked for before this one is made into texts: Postgres reads it meanwhile.
  let next = pods.length > 0 ? read(0) : undefined;
  try {
    for (let from = 0; next; from += PODS_PER_BATCH) {
      const { rows } = await next;
      next = from + PODS_PER_BATCH < pods.length ? read(from + PODS_PER_BATCH) : undefined;
      yield rows.map(textOfRow);
    }
    await client.query('COMMIT');
    ended = true;
  } finally {
    // A reader that stopped early, or a statement that failed: the connection, in its transaction
    // still, is dropped rather than reused, and a batch asked for ahead fails with no one waiting.
    if (!ended) void next?.catch(() => undefined);
    client.release(ended ? undefined : new Error('a list page was not read to its end'));
  }
}
