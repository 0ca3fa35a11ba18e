import type pg from 'pg';
import type { ClusterMode } from '@taintgate/domain';
import type { Connection } from '../platform/database/prisma.service';
import type { Prisma } from '../generated/prisma/client';
import { type NamedStatement, queryOf } from '../platform/database/named-statement';
import { type AuditRow, recordAudit } from './audit-store';
import type { Literal } from './prepared-statements';
import type { TwinKind } from './twin-kinds';

type Tx = Prisma.TransactionClient;

/** Which kind of object a tombstone is about: a node, a pod, or one of the other kinds the twin keeps. */
type ObjectKind = 'Node' | 'Pod' | TwinKind;

export interface AuditEntry {
  action: string;
  /** A node or pod, or the cluster itself (an import). */
  kind: 'Node' | 'Pod' | 'Cluster';
  namespace?: string;
  name: string;
  details?: Prisma.InputJsonValue;
  /** The object before the write (none for a create) and after it (none for a delete), as the API answers them. */
  before?: unknown;
  after?: unknown;
}

/** A stored cluster: its row's id (every table's `cluster_id`) and its name. */
export interface ClusterRef {
  readonly id: number;
  readonly name: string;
}

/**
 * What a write works with: its cluster, its transaction, the cluster revision it takes, the time
 * it decides by, and the records every write may leave. Stores take it and own their tables.
 */
export interface WriteContext {
  readonly cluster: ClusterRef;
  /** Whether this write created its cluster (it named one not yet held): ClusterWriter audits cluster.create then. */
  readonly createdCluster: boolean;
  /** Prisma, in the write's transaction: a client bound to its connection (PrismaService.boundTo), for the stores' model queries. */
  readonly tx: Tx;
  readonly revision: bigint;
  /** The cluster's mode as the write found it under the lock: a mirror's decisions are predictions, recorded, never carried out. */
  readonly mode: ClusterMode;
  /**
   * Epoch milliseconds, read once per write when it has taken the revision (its turn, after any
   * writer before it): every decision in it uses the same now, and what it records as done (an
   * eviction's `firedAt`) is when it was done, not when the write began to wait.
   */
  readonly now: number;
  /** Records changes in the audit trail, in the write's transaction. */
  audit(...entries: AuditEntry[]): Promise<void>;
  /** Leaves tombstones so replicas drop the objects from memory (keys: name, or namespace/name). */
  tombstone(kind: ObjectKind, ...keys: string[]): Promise<void>;
  /**
   * Work to run once the write has committed (queueing a wake-up in Redis). Committed is
   * committed: a task that fails is made good by its own reconciler, never by failing the request,
   * and the write answers after at most AFTER_COMMIT_WAIT_MS whatever the task does.
   */
  afterCommit(task: () => Promise<unknown>): void;
  /**
   * Runs one statement in the write's transaction on its own connection, past Prisma, whose raw
   * queries encode each parameter as JSON twice and parse it once more: nothing for ordinary
   * writes, seconds for the megabytes of rows an import sends as one JSON parameter. Values go as
   * pg sends them (strings as they are); answers the rows affected.
   */
  sql(text: string | NamedStatement, values: readonly unknown[]): Promise<number>;
  /** As `sql`, answering the rows the statement returns (as pg reads them). */
  rows<T>(text: string | NamedStatement, values: readonly unknown[]): Promise<T[]>;
  /**
   * Says that the write is about to read the cluster's snapshot while it holds the lock (a node
   * write that taints or cordons: its impact warnings). The snapshot holds only what is committed,
   * so the write must be first in its transaction: when it is not, the write stops here (this
   * throws, to leave the caller's code), its step's outcome is to lead (group-commit.ts), and it
   * is undone to its savepoint and runs again first in the next transaction (its neighbours after
   * it wait for that one too). Known only under the lock, where the stored object is read: a
   * write that does not read the snapshot shares its transaction freely.
   */
  readingSnapshot(): void;
}

/**
 * A single-object write's first statement (its object, read under the lock), known before the
 * write's turn: the writer sends it with the write's savepoint and revision, in one round trip, and
 * answers its rows when the write asks for them with `w.rows(text, [w.cluster.id, ...values])`.
 * `$1` in the text is the cluster's id; `$2`... are `values`, written in as literals (strings,
 * finite numbers, booleans, null), since a query of several statements takes no parameters: the
 * arguments of EXECUTE, the text being prepared on each connection (PreparedStatements). A write
 * that asks for anything else sends it as usual.
 */
export interface FirstRead {
  readonly text: string;
  readonly values: readonly Literal[];
}

/** Whether a statement the write sends is its first read, with the same values. */
function isFirstRead(read: FirstRead, clusterId: number, text: string, values: readonly unknown[]): boolean {
  return text === read.text && values.length === read.values.length + 1 && values[0] === clusterId && read.values.every((v, i) => v === values[i + 1]);
}

/** A group's transaction: expired once it has run past its time, when its statements are refused and it is rolled back. */
export interface Transaction {
  expired: boolean;
}

/** What a write's context is made of: its group's connection and transaction, and its own revision and records. */
export interface ContextParts {
  /** The write's first read, answered with its revision: its rows, for the statement that asks for it. */
  firstRead: { read: FirstRead; rows: unknown[] } | undefined;
  readingSnapshot: () => void;
  /** The Prisma client bound to the connection, made when a store first asks for it. */
  tx: () => Tx;
  connection: pg.PoolClient;
  transaction: Transaction;
  cluster: ClusterRef;
  revision: bigint;
  mode: ClusterMode;
  createdCluster: boolean;
  now: number;
  tasks: (() => Promise<unknown>)[];
  /** Where the write's audit rows wait for its group's commit; none: each `audit` sends its own statement. */
  audited: AuditRow[] | undefined;
}

export function contextOf({
  firstRead,
  readingSnapshot,
  tx,
  connection,
  transaction,
  cluster,
  revision,
  mode,
  createdCluster,
  now,
  tasks,
  audited,
}: ContextParts): WriteContext {
  // Statements a caller sends at once (a bulk write's batches) go to the connection one after
  // another, each as soon as the one before is done: pg will no longer queue them itself.
  let last: Promise<unknown> = Promise.resolve();
  const inTurn = <R>(run: (c: Connection) => Promise<R>): Promise<R> => {
    const result = last.then(() => {
      if (transaction.expired) throw new Error("the write's transaction ran past its time and is rolled back");
      return run(connection);
    });
    last = result.catch(() => undefined);
    return result;
  };
  return {
    cluster,
    createdCluster,
    get tx() {
      return tx();
    },
    revision,
    mode,
    now,
    audit(...entries) {
      return recordAudit(entries, cluster, revision, audited, (text, values) => inTurn((c) => c.query(text, values)));
    },
    async tombstone(kind, ...keys) {
      if (keys.length === 0) return;
      await inTurn((c) =>
        c.query(`INSERT INTO tombstones (cluster_id, revision, kind, key) SELECT $1::int, $2::bigint, $3, unnest($4::text[])`, [
          cluster.id,
          String(revision),
          kind,
          keys,
        ]),
      );
    },
    afterCommit(task) {
      tasks.push(task);
    },
    async sql(text, values) {
      const result = await inTurn((c) => c.query(queryOf(text), values as unknown[]));
      return result.rowCount ?? 0;
    },
    async rows<T>(text: string | NamedStatement, values: readonly unknown[]) {
      if (firstRead && typeof text === 'string' && isFirstRead(firstRead.read, cluster.id, text, values)) {
        const { rows } = firstRead;
        firstRead = undefined;
        return rows as T[];
      }
      return (await inTurn((c) => c.query(queryOf(text), values as unknown[]))).rows as T[];
    },
    readingSnapshot,
  };
}
