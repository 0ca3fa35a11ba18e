import { Injectable, Logger } from '@nestjs/common';
import { currentActor } from '../audit/actor';
import { stringifyExactly } from '../edge/exact-json';
import { type Connection, PrismaService } from '../database/prisma.service';
import { failure } from '@taintgate/domain';
import { fail } from '../failures/failure.exception';
import { reportIfOutage } from '../failures/outages';
import type { Prisma } from '../generated/prisma/client';

export type Tx = Prisma.TransactionClient;

/** Which kind of object a tombstone is about. */
type ObjectKind = 'Node' | 'Pod';

export interface AuditEntry {
  action: string;
  /** A node or pod, or the cluster itself (an import). */
  kind: ObjectKind | 'Cluster';
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

/** The cluster the /v1/... paths (those without /clusters/{name}) and GraphQL without `cluster` serve. */
export const DEFAULT_CLUSTER = 'default';

/**
 * What a write works with: its cluster, its transaction, the cluster revision it takes, the time
 * it decides by, and the records every write may leave. Stores take it and own their tables.
 */
export interface WriteContext {
  readonly cluster: ClusterRef;
  readonly tx: Tx;
  readonly revision: bigint;
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
  sql(text: string, values: readonly unknown[]): Promise<number>;
  /** As `sql`, answering the rows the statement returns (as pg reads them). */
  rows<T>(text: string, values: readonly unknown[]): Promise<T[]>;
}

/**
 * Every write to a cluster goes through `write`: one transaction that first takes the cluster's
 * next revision. Its row is locked until commit, so the cluster's writes commit one at a time in
 * revision order (no lost update between two writers on one node, on any replica), and every
 * replica can fetch exactly what changed since the revision it holds (see ClusterSnapshots).
 * Writes to other clusters take other rows and never wait on this one.
 */
@Injectable()
export class ClusterWriter {
  private readonly logger = new Logger(ClusterWriter.name);
  private readonly holdListeners = new Set<(cluster: string, ms: number, what: string | undefined) => void>();
  /** Per cluster, the last write of this process in line for its lock (see inTurn). */
  private readonly lines = new Map<string, Promise<void>>();
  /** Per cluster, how many writes of this process are in its line, the one under way included. */
  private readonly lineLengths = new Map<string, number>();
  /** Cluster names by id, as writes learn them, so that a controller's write queues in the same line. */
  private readonly names = new Map<number, string>();

  constructor(private readonly prisma: PrismaService) {}

  /** Tells `listener` how long each write held its cluster's lock (the benchmarks time them); answers how to stop. */
  onHold(listener: (cluster: string, ms: number, what: string | undefined) => void): () => void {
    this.holdListeners.add(listener);
    return () => this.holdListeners.delete(listener);
  }

  /** How many writes of this process are in the cluster's line (waiting, or under way). */
  inLine(cluster: string): number {
    return this.lineLengths.get(cluster) ?? 0;
  }

  /** A write asked for through the API: the cluster named is created by it if it does not exist (and goes if the write fails). */
  async write<T>(cluster: string, work: (w: WriteContext) => Promise<T>, options: WriteOptions = {}): Promise<T> {
    const { result, tasks } = await this.inTurn(cluster, () =>
      this.transaction(
        (tx) => tx.$queryRaw<TakenRevision[]>`
        INSERT INTO clusters (name, revision) VALUES (${cluster}, 1)
        ON CONFLICT (name) DO UPDATE SET revision = clusters.revision + 1
        RETURNING id, name, revision`,
        work,
        options,
      ),
    );
    // Out of the line: a task may write to the same cluster (the pacer, the node queue).
    await this.runAfterCommit(tasks);
    return (result as { value: T }).value;
  }

  /**
   * A controller's write to a cluster it found work in: nothing (undefined) if the cluster was
   * deleted meanwhile, which a controller must never bring back.
   */
  async writeExisting<T>(clusterId: number, work: (w: WriteContext) => Promise<T>, options: WriteOptions = {}): Promise<T | undefined> {
    const { result, tasks } = await this.inTurn(this.names.get(clusterId) ?? `#${clusterId}`, () =>
      this.transaction(
        (tx) => tx.$queryRaw<TakenRevision[]>`UPDATE clusters SET revision = revision + 1 WHERE id = ${clusterId} RETURNING id, name, revision`,
        work,
        options,
      ),
    );
    await this.runAfterCommit(tasks);
    return result?.value;
  }

  /**
   * Runs `write` once this process's writes to the cluster before it are done. The row lock
   * orders the writes of every replica; this line keeps the ones of this process waiting in
   * memory rather than each holding a pooled connection while it waits on the lock, which left
   * no connection for reads (and /readyz) while a long write held the cluster. One waits at most
   * WRITE_TIMEOUT_MS for its turn, then answers 503 with Retry-After.
   */
  private async inTurn<T>(cluster: string, write: () => Promise<T>): Promise<T> {
    this.lineLengths.set(cluster, (this.lineLengths.get(cluster) ?? 0) + 1);
    const before = this.lines.get(cluster) ?? Promise.resolve();
    let done!: () => void;
    const mine = new Promise<void>((resolve) => (done = resolve));
    // The next in line waits for this write and, should this one give up waiting, for the one before it.
    const last = Promise.all([before, mine]).then(() => undefined);
    this.lines.set(cluster, last);
    try {
      let timer: NodeJS.Timeout | undefined;
      const turn = await Promise.race([before.then(() => true), new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), WRITE_TIMEOUT_MS)))]);
      clearTimeout(timer);
      if (!turn) fail(failure.unavailable(`cluster ${cluster}'s writes are queued past ${WRITE_TIMEOUT_MS / 1000} s; retry`));
      return await write();
    } finally {
      done();
      if (this.lines.get(cluster) === last) this.lines.delete(cluster);
      const length = (this.lineLengths.get(cluster) ?? 1) - 1;
      if (length > 0) this.lineLengths.set(cluster, length);
      else this.lineLengths.delete(cluster);
    }
  }

  private async transaction<T>(
    takeRevision: (tx: Tx) => Promise<TakenRevision[]>,
    work: (w: WriteContext) => Promise<T>,
    { now, timeoutMs = WRITE_TIMEOUT_MS, dryRun = false, what }: WriteOptions,
  ): Promise<{ result: { value: T } | undefined; tasks: (() => Promise<unknown>)[] }> {
    const tasks: (() => Promise<unknown>)[] = [];
    let locked: { cluster: string; at: number; what: string | undefined } | undefined;
    const result = await this.prisma
      .$transaction(
        async (tx) => {
          const [row] = await takeRevision(tx);
          if (!row) return undefined;
          this.names.set(row.id, row.name);
          locked = { cluster: row.name, at: performance.now(), what };
          const connection = once(() => this.prisma.connectionOf(tx));
          // Read once the row is ours: waiting for the writers before this one is not deciding.
          const value = await work(contextOf(tx, connection, { id: row.id, name: row.name }, row.revision, now ?? Date.now(), tasks));
          if (dryRun) throw new DryRunDone(value);
          return { value };
        },
        // Writers queue on the revision row; give a burst of them time to take their turn.
        { maxWait: 15_000, timeout: timeoutMs },
      )
      .catch((error: unknown) => {
        // The dry run's transaction is rolled back, and what it would have done after commit is dropped.
        if (!(error instanceof DryRunDone)) throw error;
        tasks.length = 0;
        return { value: error.value as T };
      })
      .finally(() => this.tellLongHold(locked));
    // The after-commit tasks are the caller's to run once this write has left the cluster's line.
    return { result, tasks };
  }

  /**
   * Runs the tasks together and waits for them at most AFTER_COMMIT_WAIT_MS: a Redis that hangs
   * (a half-open connection, a server stopped) must not hold an answer for a write that has
   * committed. A task still running goes on alone; one that fails is logged (an outage once per
   * interval), and its reconciler makes it good.
   */
  private async runAfterCommit(tasks: readonly (() => Promise<unknown>)[]): Promise<void> {
    if (tasks.length === 0) return;
    const logged = (error: unknown) => {
      if (!reportIfOutage(error)) this.logger.warn(`after-commit task failed: ${error instanceof Error ? error.message : String(error)}`);
    };
    const all = Promise.all(tasks.map((task) => Promise.resolve().then(task).catch(logged)));
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, AFTER_COMMIT_WAIT_MS)));
    await Promise.race([all, waited]);
    clearTimeout(timer);
  }

  /**
   * Every other write to the cluster waited while this one held its revision row: a hold past a
   * second is logged, as no request should keep the cluster's writers waiting longer (large
   * writes plan outside the lock; see TaintsService.command).
   */
  private tellLongHold(locked: { cluster: string; at: number; what: string | undefined } | undefined): void {
    if (!locked) return;
    const ms = performance.now() - locked.at;
    for (const listener of this.holdListeners) listener(locked.cluster, ms, locked.what);
    if (ms >= LONG_HOLD_MS) this.logger.warn(`held cluster ${locked.cluster}'s write lock for ${Math.round(ms)} ms${locked.what ? ` (${locked.what})` : ''}`);
  }
}

/**
 * How long a write's answer waits for its after-commit tasks: enough for Redis to take a burst of
 * wake-ups when it is there, short enough that a client barely notices when it is not.
 */
const AFTER_COMMIT_WAIT_MS = 1_000;

/** How many audit entries one statement writes. */
const AUDIT_BATCH = 20_000;

/** A write that holds its cluster's lock this long is logged. */
const LONG_HOLD_MS = 1000;

/** How long a write may take; an import of a large cluster asks for more. */
const WRITE_TIMEOUT_MS = 30_000;

export interface WriteOptions {
  /** The time the write decides by (epoch ms); now by default. */
  now?: number;
  timeoutMs?: number;
  /**
   * `dryRun=All`: the write runs whole (the same checks, admission, decisions and answer, in its
   * turn, on the stored cluster) and its transaction is rolled back: nothing is stored, audited
   * or scheduled, and the answer is the object that would have been stored.
   */
  dryRun?: boolean;
  /** What the write is, where a hold of the lock past a second is logged (`import`, `node update queue`). */
  what?: string;
}

/** Thrown out of a dry run's transaction, so that Prisma rolls it back, carrying its answer. */
class DryRunDone extends Error {
  constructor(readonly value: unknown) {
    super('dry run: rolled back');
  }
}

/** The cluster's row once the write has taken its next revision. */
interface TakenRevision {
  id: number;
  name: string;
  revision: bigint;
}

/** The first call's promise, for every call. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

function contextOf(
  tx: Tx,
  connection: () => Promise<Connection>,
  cluster: ClusterRef,
  revision: bigint,
  now: number,
  tasks: (() => Promise<unknown>)[],
): WriteContext {
  // Statements a caller sends at once (a bulk write's batches) go to the connection one after
  // another, each as soon as the one before is done: pg will no longer queue them itself.
  let last: Promise<unknown> = Promise.resolve();
  const inTurn = <R>(run: (c: Connection) => Promise<R>): Promise<R> => {
    const result = last.then(async () => run(await connection()));
    last = result.catch(() => undefined);
    return result;
  };
  return {
    cluster,
    tx,
    revision,
    now,
    async audit(...entries) {
      if (entries.length === 0) return;
      const actor = currentActor();
      // A NoExecute taint over a large cluster audits every pod it evicts: hundreds of thousands of
      // entries, a few statements of JSON on the write's own connection (as an import stores rows).
      for (let i = 0; i < entries.length; i += AUDIT_BATCH) {
        const batch = entries.slice(i, i + AUDIT_BATCH).map((entry) => ({
          action: entry.action,
          kind: entry.kind,
          namespace: entry.namespace ?? null,
          name: entry.name,
          details: entry.details ?? {},
          before: entry.before ?? null,
          after: entry.after ?? null,
        }));
        await inTurn((c) =>
          c.query(
            `INSERT INTO audit_events (cluster_id, revision, action, kind, namespace, name, details, before, after,
                                     actor, actor_key_id, request_id, client_address)
           SELECT $1::int, $2::bigint, v.action, v.kind, v.namespace, v.name, v.details, v.before, v.after, $4, $5::bigint, $6, $7
           FROM json_to_recordset($3::json) AS v(action text, kind text, namespace text, name text, details jsonb, before jsonb, after jsonb)`,
            // stringifyExactly: an object's int64 fields (tolerationSeconds) may be bigints.
            [
              cluster.id,
              String(revision),
              stringifyExactly(batch),
              actor.actor,
              actor.actorKeyId === null ? null : String(actor.actorKeyId),
              actor.requestId,
              actor.clientAddress,
            ],
          ),
        );
      }
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
      const result = await inTurn((c) => c.query(text, values as unknown[]));
      return result.rowCount ?? 0;
    },
    async rows<T>(text: string, values: readonly unknown[]) {
      return (await inTurn((c) => c.query(text, values as unknown[]))).rows as T[];
    },
  };
}
