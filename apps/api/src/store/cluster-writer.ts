import { Injectable, Logger } from '@nestjs/common';
import pg, { escapeLiteral } from 'pg';
import { currentActor } from '../platform/access/actor';
import { stringifyExactly } from '../http/edge/exact-json';
import { type Connection, PrismaService } from '../platform/database/prisma.service';
import { failure } from '@taintgate/domain';
import { FailureException } from '../platform/failures/failure.exception';
import { reportIfOutage } from '../platform/failures/outages';
import type { Prisma } from '../generated/prisma/client';
import { type NamedStatement, queryOf } from '../platform/database/named-statement';
import { type ClusterKey, type Literal, PreparedStatements, isMissingStatement } from './prepared-statements';
import { type WaitingWrite, groupSize } from './write-groups';

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

/**
 * What a write works with: its cluster, its transaction, the cluster revision it takes, the time
 * it decides by, and the records every write may leave. Stores take it and own their tables.
 */
export interface WriteContext {
  readonly cluster: ClusterRef;
  /** Prisma, in the write's transaction: a client bound to its connection (PrismaService.boundTo), for the stores' model queries. */
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
  sql(text: string | NamedStatement, values: readonly unknown[]): Promise<number>;
  /** As `sql`, answering the rows the statement returns (as pg reads them). */
  rows<T>(text: string | NamedStatement, values: readonly unknown[]): Promise<T[]>;
  /**
   * Says that the write is about to read the cluster's snapshot while it holds the lock (a node
   * write that taints or cordons: its impact warnings). The snapshot holds only what is committed,
   * so the write must be first in its transaction: when it is not, this throws, the write is undone
   * to its savepoint and runs again first in the next transaction (its neighbours after it wait for
   * that one too). Known only under the lock, where the stored object is read: a write that does
   * not read the snapshot shares its transaction freely.
   */
  readingSnapshot(): void;
}

/**
 * Every write to a cluster goes through `write`: it takes the cluster's next revision in a
 * transaction that holds the cluster's row locked until commit, so the cluster's writes commit in
 * revision order (no lost update between two writers on one node, on any replica), and every
 * replica can fetch exactly what changed since the revision it holds (see ClusterSnapshots).
 * Writes to other clusters take other rows and never wait on this one.
 *
 * The writes of this process to one cluster wait in a line (see `enqueue`), and those waiting
 * together when the lock comes free share one transaction (a group, write-groups.ts): each in a
 * savepoint of its own, taking its own next revision, deciding by its own now, failing or (a dry
 * run) rolled back alone; they share the lock and the commit. A commit waits for its flush to
 * disk (about 2.5 ms here), which one write at a time made a cluster's ceiling.
 */
@Injectable()
export class ClusterWriter {
  private readonly logger = new Logger(ClusterWriter.name);
  private readonly holdListeners = new Set<HoldListener>();
  /** Per cluster, this process's writes waiting for its lock, and whether a group holds it. */
  private readonly lines = new Map<string, Line>();
  /** Cluster names by id, as writes learn them, so that a controller's write queues in the same line. */
  private readonly names = new Map<number, string>();
  /** The statements of a write's first round trip, prepared on each connection the writes use. */
  private readonly statements = new PreparedStatements();

  constructor(private readonly prisma: PrismaService) {}

  /** Tells `listener` how long each transaction held its cluster's lock, and for how many writes (the benchmarks time them); answers how to stop. */
  onHold(listener: HoldListener): () => void {
    this.holdListeners.add(listener);
    return () => this.holdListeners.delete(listener);
  }

  /** How many writes of this process are in the cluster's line (waiting, or under way). */
  inLine(cluster: string): number {
    return this.lines.get(cluster)?.length ?? 0;
  }

  /** A write asked for through the API: the cluster named is created by it if it does not exist (and goes if the write fails). */
  async write<T>(cluster: string, work: (w: WriteContext) => Promise<T>, options: WriteOptions = {}): Promise<T> {
    const { result, tasks } = await this.enqueue(cluster, { name: cluster }, work, options);
    // Out of the line: a task may write to the same cluster (the pacer, the node queue).
    await this.runAfterCommit(tasks);
    return (result as { value: T }).value;
  }

  /**
   * A controller's write to a cluster it found work in: nothing (undefined) if the cluster was
   * deleted meanwhile, which a controller must never bring back.
   */
  async writeExisting<T>(clusterId: number, work: (w: WriteContext) => Promise<T>, options: WriteOptions = {}): Promise<T | undefined> {
    const { result, tasks } = await this.enqueue(this.names.get(clusterId) ?? `#${clusterId}`, { id: clusterId }, work, options);
    await this.runAfterCommit(tasks);
    return result?.value;
  }

  /**
   * Puts the write in this process's line for the cluster, and answers its outcome once its group
   * has committed. The row lock orders the writes of every replica; this line keeps the ones of
   * this process waiting in memory rather than each holding a pooled connection while it waits
   * on the lock, which left no connection for reads (and /readyz) while a long write held the
   * cluster. One waits at most WRITE_TIMEOUT_MS for its turn, then answers 503 with Retry-After.
   */
  private enqueue<T>(cluster: string, key: ClusterKey, work: (w: WriteContext) => Promise<T>, options: WriteOptions): Promise<Written<T>> {
    let line = this.lines.get(cluster);
    if (!line) this.lines.set(cluster, (line = { waiting: [], length: 0, running: false }));
    const queued = line;
    return new Promise<Written<T>>((resolve, reject) => {
      const write: QueuedWrite = {
        key,
        work,
        options,
        // Writes that may be large: with a time of their own (an import, a taint command), or named
        // for the long-hold log (the controllers': the node update queue's batches of a thousand
        // pods, eviction wake-ups of 500 rows, the pacer, the pod garbage collector).
        alone: options.timeoutMs !== undefined || options.what !== undefined,
        leads: options.leads === true,
        resolve: resolve as (written: Written<unknown>) => void,
        reject,
        timer: undefined,
      };
      queued.waiting.push(this.waiting(cluster, queued, write));
      queued.length++;
      if (!queued.running) void this.drain(cluster, queued);
    });
  }

  /**
   * Runs the line's writes, a group at a time, until none waits. The next group begins as soon as
   * the one before has sent its commit, not once the commit is answered: its first statement is
   * then at Postgres, waiting on the cluster's row lock, and takes it the moment the commit
   * releases it, rather than a round trip and a turn of this process later. Order is the lock's: a
   * group runs its writes only once the one before has committed, so at most one commit is under
   * way beside the group running.
   */
  private async drain(cluster: string, line: Line): Promise<void> {
    line.running = true;
    try {
      while (line.waiting.length > 0) {
        const group = line.waiting.splice(0, groupSize(line.waiting));
        for (const write of group) clearTimeout(write.timer);
        const run = this.runGroup(group);
        const left = await run.left;
        // Not reached before the group held the lock long enough: first in line again, their waits counted anew.
        line.waiting.unshift(...left.map((write) => this.waiting(cluster, line, write)));
        // Never rejects: each write's outcome, failures included, is told to its caller.
        void run.done.finally(() => this.leave(cluster, line, group.length - left.length));
      }
    } finally {
      line.running = false;
    }
  }

  /** The write, answered 503 should it still be waiting in the line WRITE_TIMEOUT_MS from now. */
  private waiting(cluster: string, line: Line, write: QueuedWrite): QueuedWrite {
    write.timer = setTimeout(() => {
      const at = line.waiting.indexOf(write);
      if (at < 0) return;
      line.waiting.splice(at, 1);
      this.leave(cluster, line, 1);
      write.reject(new FailureException(failure.unavailable(`cluster ${cluster}'s writes are queued past ${WRITE_TIMEOUT_MS / 1000} s; retry`)));
    }, WRITE_TIMEOUT_MS);
    return write;
  }

  private leave(cluster: string, line: Line, count: number): void {
    line.length -= count;
    if (line.length === 0 && this.lines.get(cluster) === line) this.lines.delete(cluster);
  }

  /**
   * One transaction for the group's writes, in order. A group of one is the transaction itself
   * (a failure or a dry run rolls it back whole, as a large write's plan overtaken needs); in a
   * larger group each write runs in a savepoint, rolled back to when it fails or is a dry run, so
   * its neighbours commit without it. A write whose turn comes once the group has held the lock
   * GROUP_HOLD_MS waits for the next transaction (answered as left), so a slow write never keeps
   * more than that many neighbours' answers waiting. A failure of the transaction itself (the
   * commit, the connection) is the outcome of every write that had not failed on its own.
   *
   * The transaction is begun on a pooled connection past Prisma, its BEGIN sent with the first
   * write's savepoint and revision, its COMMIT with the group's audit rows: under the lock, a
   * group pays one round trip of its own, where Prisma's interactive transaction took three (its
   * BEGIN, the statement that found its connection, its COMMIT) and its transaction manager's work.
   * A store's statements that are Prisma's own run on the same connection (WriteContext.tx).
   * The writes left for the next transaction are told as soon as the commit is sent (`left`).
   */
  private runGroup(group: readonly QueuedWrite[]): GroupRun {
    let tellLeft: (left: QueuedWrite[]) => void = () => undefined;
    const left = new Promise<QueuedWrite[]>((resolve) => (tellLeft = resolve));
    return { left, done: this.transact(group, (writes) => tellLeft(writes)) };
  }

  /** The group's transaction: `tellLeft` is told the writes left for the next one when the commit is sent (or the transaction failed). */
  private async transact(group: readonly QueuedWrite[], tellLeft: (left: QueuedWrite[]) => void): Promise<void> {
    const alone = group.length === 1;
    const outcomes: (Outcome | undefined)[] = [];
    let left: QueuedWrite[] = [];
    let locked: { cluster: string; at: number; what: string | undefined } | undefined;
    const timeoutMs = group[0]?.options.timeoutMs ?? WRITE_TIMEOUT_MS;
    /** The audit rows of the writes done, sent with the commit (pendingAudit). */
    const audited: AuditRow[] = [];
    let client: pg.PoolClient | undefined;
    let broken: Error | undefined;
    const transaction: Transaction = { expired: false };
    const timer = setTimeout(() => (transaction.expired = true), timeoutMs);
    // A connection lost while the group holds it says so as an event: without a listener the process would end.
    const lost = (error: Error) => (broken = error);
    try {
      client = await this.prisma.connect();
      client.on('error', lost);
      const c = client;
      for (const { key, options } of group) await this.statements.prepare(c, options.firstRead?.text, key);
      let begun = false;
      for (const [i, write] of group.entries()) {
        if (locked && performance.now() - locked.at >= GROUP_HOLD_MS) {
          left = group.slice(i);
          break;
        }
        // No savepoint is released: the commit ends them all, and a rollback to one ends those after it.
        const read = write.options.firstRead;
        const firstSql = read && this.statements.firstRead(read.text, read.values, write.key);
        const first = firstSql === undefined ? undefined : read;
        const taken = await c.query(
          `${begun ? '' : 'BEGIN; '}${alone ? '' : `SAVEPOINT write_${i}; `}${this.statements.takeRevision(write.key)}${firstSql === undefined ? '' : `; ${firstSql}`}`,
        );
        begun = true;
        const written: AuditRow[] = [];
        try {
          // Several statements in one query answer a result each: the revision's is the last, or the one before the first read.
          const results = (Array.isArray(taken) ? taken : [taken]) as unknown as { rows: unknown[] }[];
          const raw = results.at(first ? -2 : -1)?.rows[0] as RawRevision | undefined;
          const row = raw && { id: raw.id, name: raw.name, revision: BigInt(raw.revision) };
          if (row) {
            this.names.set(row.id, row.name);
            locked ??= { cluster: row.name, at: performance.now(), what: undefined };
            // A long hold is logged naming what held it: the writes of the group that say.
            if (write.options.what && !locked.what?.split(', ').includes(write.options.what)) {
              locked.what = locked.what ? `${locked.what}, ${write.options.what}` : write.options.what;
            }
          }
          const tasks: (() => Promise<unknown>)[] = [];
          const context = row && {
            firstRead: first && { read: first, rows: results.at(-1)?.rows ?? [] },
            readingSnapshot: () => {
              if (i > 0) throw new MustLead();
            },
            tx: () => this.prisma.boundTo(c),
            connection: c,
            transaction,
            cluster: { id: row.id, name: row.name },
            revision: row.revision,
            // Read once the row is ours: waiting for the writers before this one is not deciding.
            now: write.options.now ?? Date.now(),
            tasks,
            // A large write's entries (an import, a taint command's evictions) go in its own statements, as it makes them.
            audited: write.alone ? undefined : written,
          };
          const result = context ? { value: await write.work(contextOf(context)) } : undefined;
          if (write.options.dryRun) {
            // The dry run's changes are rolled back, and what it would have done after commit is dropped.
            if (alone) throw new DryRunDone(result?.value);
            await c.query(`ROLLBACK TO SAVEPOINT write_${i}`);
            outcomes[i] = { ok: true, written: { result, tasks: [] } };
          } else {
            audited.push(...written);
            outcomes[i] = { ok: true, written: { result, tasks } };
          }
        } catch (error) {
          if (alone) throw error;
          // Its own failure: undone to its savepoint, its neighbours go on (this failing too is the transaction's).
          await c.query(`ROLLBACK TO SAVEPOINT write_${i}`);
          if (error instanceof MustLead) {
            write.leads = true;
            left = group.slice(i);
            break;
          }
          outcomes[i] = { ok: false, error };
        }
      }
      if (transaction.expired) throw new Error(`the write's transaction ran past ${timeoutMs} ms and was rolled back`);
      // The next group may begin: its first statement waits at Postgres for this commit to release the lock.
      tellLeft(left);
      await c.query(`${audited.length ? `${auditStatement(escapeLiteral(stringifyExactly(audited)))}; ` : ''}COMMIT`);
    } catch (error) {
      if (client && isMissingStatement(error)) this.statements.forget(client);
      if (client) await client.query('ROLLBACK').catch((e: unknown) => (broken = e instanceof Error ? e : new Error(String(e))));
      if (error instanceof DryRunDone) outcomes[0] = { ok: true, written: { result: { value: error.value }, tasks: [] } };
      else for (let i = 0; i < group.length - left.length; i++) if (outcomes[i]?.ok !== false) outcomes[i] = { ok: false, error };
    } finally {
      clearTimeout(timer);
      client?.removeListener('error', lost);
      // A connection lost, or that could not even roll back, is dropped by the pool.
      client?.release(broken);
      this.tellLongHold(locked, group.length - left.length);
      tellLeft(left);
    }
    for (let i = 0; i < group.length - left.length; i++) {
      const outcome = outcomes[i] as Outcome;
      const write = group[i] as QueuedWrite;
      if (outcome.ok) write.resolve(outcome.written);
      else write.reject(outcome.error);
    }
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
   * Every other write to the cluster waited while this transaction held its revision row: a hold
   * past a second is logged, as no request should keep the cluster's writers waiting longer
   * (large writes plan outside the lock; see TaintsService.command).
   */
  private tellLongHold(locked: { cluster: string; at: number; what: string | undefined } | undefined, writes: number): void {
    if (!locked) return;
    const ms = performance.now() - locked.at;
    for (const listener of this.holdListeners) listener(locked.cluster, ms, locked.what, writes);
    if (ms >= LONG_HOLD_MS) this.logger.warn(`held cluster ${locked.cluster}'s write lock for ${Math.round(ms)} ms${locked.what ? ` (${locked.what})` : ''}`);
  }
}

/** Told of each transaction that held a cluster's lock: how long, what held it (when named), how many writes it ran. */
type HoldListener = (cluster: string, ms: number, what: string | undefined, writes: number) => void;

/** A write's outcome once its group committed: its value (none when its cluster was gone) and its after-commit tasks. */
interface Written<T> {
  result: { value: T } | undefined;
  tasks: (() => Promise<unknown>)[];
}

type Outcome = { ok: true; written: Written<unknown> } | { ok: false; error: unknown };

/** A write in its cluster's line. */
interface QueuedWrite extends WaitingWrite {
  /** Set once the write has said it reads the snapshot (readingSnapshot): it runs first in every transaction after. */
  leads: boolean;
  /** The cluster, as the write's statements find it (its revision, its first read). */
  key: ClusterKey;
  work: (w: WriteContext) => Promise<unknown>;
  options: WriteOptions;
  resolve: (written: Written<unknown>) => void;
  reject: (error: unknown) => void;
  /** Answers 503 if the write is still waiting WRITE_TIMEOUT_MS after it came (or came back). */
  timer: NodeJS.Timeout | undefined;
}

/** A group under way: the writes it left for the next (told once its commit is sent, or it failed), and its end. */
interface GroupRun {
  left: Promise<QueuedWrite[]>;
  done: Promise<void>;
}

/** One cluster's line in this process. */
interface Line {
  waiting: QueuedWrite[];
  /** Writes waiting and under way. */
  length: number;
  /** A group of it holds (or waits for) the lock. */
  running: boolean;
}

/**
 * How long a group may hold the lock before the writes still to run wait for the next
 * transaction: a few single-object writes' worth, so that a write's answer never waits long
 * for its neighbours, while a burst still shares its commits.
 */
const GROUP_HOLD_MS = 25;

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
  /** The statement the write reads with first: sent with its savepoint and revision, in the same round trip (FirstRead). */
  firstRead?: FirstRead;
  /**
   * The write is expected to read the snapshot under the lock (`readingSnapshot`), as judged
   * before its turn (a node write that adds a taint, against the node the snapshot holds): it
   * runs first in its transaction from the start, rather than be undone and sent again.
   */
  leads?: boolean;
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

/** Thrown by readingSnapshot in a write that is not first in its transaction: it runs again, first in the next. */
class MustLead extends Error {
  constructor() {
    super('reads the snapshot: runs first in the next transaction');
  }
}

/** Thrown out of a dry run that is its transaction's only write, so that the transaction is rolled back, carrying its answer. */
class DryRunDone extends Error {
  constructor(readonly value: unknown) {
    super('dry run: rolled back');
  }
}

/** The cluster's row once the write has taken its next revision, as pg reads it (int8 as text). */
interface RawRevision {
  id: number;
  name: string;
  revision: string;
}

/** What a write's context is made of: its group's connection and transaction, and its own revision and records. */
interface ContextParts {
  /** The write's first read, answered with its revision: its rows, for the statement that asks for it. */
  firstRead: { read: FirstRead; rows: unknown[] } | undefined;
  readingSnapshot: () => void;
  /** The Prisma client bound to the connection, made when a store first asks for it. */
  tx: () => Tx;
  connection: pg.PoolClient;
  transaction: Transaction;
  cluster: ClusterRef;
  revision: bigint;
  now: number;
  tasks: (() => Promise<unknown>)[];
  /** Where the write's audit rows wait for its group's commit; none: each `audit` sends its own statement. */
  audited: AuditRow[] | undefined;
}

/** A group's transaction: expired once it has run past its time, when its statements are refused and it is rolled back. */
interface Transaction {
  expired: boolean;
}

/** An audit row as its statement reads it (json_to_recordset): the entry, and the write and caller it is of. */
interface AuditRow {
  cluster_id: number;
  revision: string;
  action: string;
  kind: string;
  namespace: string | null;
  name: string;
  details: unknown;
  before: unknown;
  after: unknown;
  actor: string;
  actor_key_id: string | null;
  request_id: string | null;
  client_address: string | null;
}

/**
 * The statement that stores audit rows from `document`, a JSON array of AuditRow: a parameter
 * (`$1`), or the document written in (escaped), to go in one simple query with the commit.
 */
function auditStatement(document: string): string {
  return `INSERT INTO audit_events (cluster_id, revision, action, kind, namespace, name, details, before, after, actor, actor_key_id, request_id, client_address)
    SELECT v.cluster_id, v.revision, v.action, v.kind, v.namespace, v.name, v.details, v.before, v.after, v.actor, v.actor_key_id, v.request_id, v.client_address
    FROM json_to_recordset(${document}::json) AS v(cluster_id int, revision bigint, action text, kind text, namespace text, name text, details jsonb,
      before jsonb, after jsonb, actor text, actor_key_id bigint, request_id text, client_address text)`;
}

/**
 * Escapes in a JSON document that Postgres' jsonb refuses (NUL, a lone surrogate): a write whose
 * audit rows hold one sends them at once, so that it fails alone, not its group at commit.
 */
const REFUSED_BY_JSONB = /\\u(0000|d[89a-f])/i;

function contextOf({ firstRead, readingSnapshot, tx, connection, transaction, cluster, revision, now, tasks, audited }: ContextParts): WriteContext {
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
    get tx() {
      return tx();
    },
    revision,
    now,
    async audit(...entries) {
      if (entries.length === 0) return;
      const actor = currentActor();
      const rowOf = (entry: AuditEntry): AuditRow => ({
        cluster_id: cluster.id,
        revision: String(revision),
        action: entry.action,
        kind: entry.kind,
        namespace: entry.namespace ?? null,
        name: entry.name,
        details: entry.details ?? {},
        before: entry.before ?? null,
        after: entry.after ?? null,
        actor: actor.actor,
        actor_key_id: actor.actorKeyId === null ? null : String(actor.actorKeyId),
        request_id: actor.requestId,
        client_address: actor.clientAddress,
      });
      if (audited && entries.length <= AUDIT_BATCH) {
        const rows = entries.map(rowOf);
        const document = stringifyExactly(rows);
        if (!REFUSED_BY_JSONB.test(document)) {
          audited.push(...rows);
          return;
        }
      }
      // A NoExecute taint over a large cluster audits every pod it evicts: hundreds of thousands of
      // entries, a few statements of JSON on the write's own connection (as an import stores rows).
      for (let i = 0; i < entries.length; i += AUDIT_BATCH) {
        // stringifyExactly: an object's int64 fields (tolerationSeconds) may be bigints.
        const document = stringifyExactly(entries.slice(i, i + AUDIT_BATCH).map(rowOf));
        await inTurn((c) => c.query(auditStatement('$1'), [document]));
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
