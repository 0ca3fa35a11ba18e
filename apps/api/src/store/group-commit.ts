import type pg from 'pg';
import { type ClusterMode, failure } from '@taintgate/domain';
import { FailureException } from '../platform/failures/failure.exception';
import type { PrismaService } from '../platform/database/prisma.service';
import { type AuditRow, commitWith } from './audit-store';
import { type ClusterKey, PreparedStatements, isMissingStatement } from './prepared-statements';
import { type FirstRead, type Transaction, type WriteContext, contextOf } from './write-context';
import type { WaitingWrite } from './write-groups';

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
  /**
   * The write keeps a mirror in step (an import, the sync, the eviction controller's predictions, the
   * cluster's own spec): a mirror takes it. A mirror refuses every other write but a dry run
   * (failure.mirrorTakesNoWrites), under the lock, where its mode is read with the revision.
   */
  onMirror?: boolean;
  /**
   * A mirror's sync's write: taken by a mirror only. A cluster made managed since the sync began
   * refuses it (Conflict), and the sync stops at its next pass rather than write over what
   * taintgate now holds.
   */
  mirrorOnly?: boolean;
}

/** How long a write may take; an import of a large cluster asks for more. */
export const WRITE_TIMEOUT_MS = 30_000;

/**
 * How long a group may hold the lock before the writes still to run wait for the next
 * transaction: a few single-object writes' worth, so that a write's answer never waits long
 * for its neighbours, while a burst still shares its commits.
 */
const GROUP_HOLD_MS = 25;

/** A write's outcome once its group committed: its value (none when its cluster was gone) and its after-commit tasks. */
export interface Written<T> {
  result: { value: T } | undefined;
  tasks: (() => Promise<unknown>)[];
}

/** A write in its cluster's line. */
export interface QueuedWrite extends WaitingWrite {
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
export interface GroupRun {
  left: Promise<QueuedWrite[]>;
  done: Promise<void>;
}

/** A transaction's hold of its cluster's lock: since when, and what held it (the writes of the group that say). */
export interface Hold {
  cluster: string;
  at: number;
  what: string | undefined;
}

/** Told once a group's transaction has ended: how it held the lock (none if it never took it), for how many writes. */
type HoldEnded = (hold: Hold | undefined, writes: number) => void;

type Outcome = { ok: true; written: Written<unknown> } | { ok: false; error: unknown };

/**
 * What one write's step came to, for its group's transaction to act on: `done`, its changes stand
 * and its audit rows go with the commit; a `dryRun`, its answer made, is undone; `failed` (a 409,
 * a 400) is undone and answered as it failed; `mustLead` (it read the snapshot behind others) is
 * undone and runs again, first in the next transaction. Undone: to its savepoint in a group, the
 * transaction rolled back when the write is alone in it.
 */
type Step =
  | { kind: 'done'; result: { value: unknown } | undefined; tasks: (() => Promise<unknown>)[]; audited: AuditRow[] }
  | { kind: 'dryRun'; result: { value: unknown } | undefined }
  | { kind: 'failed'; error: unknown }
  | { kind: 'mustLead' };

/** The cluster's row once the write has taken its next revision, as pg reads it (int8 as text). */
interface RawRevision {
  id: number;
  name: string;
  revision: string;
  /** Whether taking the revision created the cluster (a write to a cluster by a name not yet held). */
  created: boolean;
  mode: ClusterMode;
  /** A mirror's source server, when it is synced from one. */
  server: string | null;
}

/** A group's transaction as its writes take their steps in it. */
interface GroupTransaction {
  connection: pg.PoolClient;
  state: Transaction;
  /** More than one write: each runs in a savepoint of its own. */
  shared: boolean;
  begun: boolean;
  hold: Hold | undefined;
}

/** Thrown by readingSnapshot, only to leave the write's own code: the step's outcome is `mustLead` whatever the code does with it. */
class Leads extends Error {
  constructor() {
    super('reads the snapshot: runs first in the next transaction');
  }
}

/**
 * The transaction a group of a cluster's writes runs in (ClusterWriter's line makes the groups).
 * A group of one is the transaction itself (a failure or a dry run rolls it back whole, as a large
 * write's plan overtaken needs); in a larger group each write runs in a savepoint, rolled back to
 * when it fails or is a dry run, so its neighbours commit without it. A write whose turn comes
 * once the group has held the lock GROUP_HOLD_MS waits for the next transaction (answered as
 * left), so a slow write never keeps more than that many neighbours' answers waiting. A failure of
 * the transaction itself (the commit, the connection) is the outcome of every write that had not
 * failed on its own.
 *
 * The transaction is begun on a pooled connection past Prisma, its BEGIN sent with the first
 * write's savepoint and revision, its COMMIT with the group's audit rows: under the lock, a
 * group pays one round trip of its own, where Prisma's interactive transaction took three (its
 * BEGIN, the statement that found its connection, its COMMIT) and its transaction manager's work.
 * A store's statements that are Prisma's own run on the same connection (WriteContext.tx).
 */
export class GroupCommit {
  /** Cluster names by id, as writes learn them, so that a controller's write queues in the same line. */
  private readonly names = new Map<number, string>();
  /** The statements of a write's first round trip, prepared on each connection the writes use. */
  private readonly statements = new PreparedStatements();

  constructor(
    private readonly prisma: PrismaService,
    private readonly holdEnded: HoldEnded,
  ) {}

  /** The cluster's name, once a write to it has taken a revision in this process. */
  nameOf(clusterId: number): string | undefined {
    return this.names.get(clusterId);
  }

  /** Runs the group's transaction; the writes left for the next one are told as soon as the commit is sent (`left`). */
  run(group: readonly QueuedWrite[]): GroupRun {
    let tellLeft: (left: QueuedWrite[]) => void = () => undefined;
    const left = new Promise<QueuedWrite[]>((resolve) => (tellLeft = resolve));
    return { left, done: this.transact(group, (writes) => tellLeft(writes)) };
  }

  /** The group's transaction: `tellLeft` is told the writes left for the next one when the commit is sent (or the transaction failed). */
  private async transact(group: readonly QueuedWrite[], tellLeft: (left: QueuedWrite[]) => void): Promise<void> {
    const outcomes: (Outcome | undefined)[] = [];
    let left: QueuedWrite[] = [];
    const timeoutMs = group[0]?.options.timeoutMs ?? WRITE_TIMEOUT_MS;
    /** The audit rows of the writes done, sent with the commit. */
    const audited: AuditRow[] = [];
    let client: pg.PoolClient | undefined;
    let broken: Error | undefined;
    let transaction: GroupTransaction | undefined;
    const state: Transaction = { expired: false };
    const timer = setTimeout(() => (state.expired = true), timeoutMs);
    // A connection lost while the group holds it says so as an event: without a listener the process would end.
    const lost = (error: Error) => (broken = error);
    // A connection that cannot even roll back is dropped by the pool.
    const rollBack = (c: pg.PoolClient) => c.query('ROLLBACK').catch((e: unknown) => (broken = e instanceof Error ? e : new Error(String(e))));
    try {
      client = await this.prisma.connect();
      client.on('error', lost);
      const c = client;
      for (const { key, options } of group) await this.statements.prepare(c, options.firstRead?.text, key);
      transaction = { connection: c, state, shared: group.length > 1, begun: false, hold: undefined };
      /** The step of a write alone in its transaction that undoes it: the transaction is rolled back whole. */
      let undone: Extract<Step, { kind: 'dryRun' | 'failed' }> | undefined;
      for (const [i, write] of group.entries()) {
        if (transaction.hold && performance.now() - transaction.hold.at >= GROUP_HOLD_MS) {
          left = group.slice(i);
          break;
        }
        const step = await this.step(transaction, write, i);
        if (step.kind === 'done') {
          audited.push(...step.audited);
          outcomes[i] = { ok: true, written: { result: step.result, tasks: step.tasks } };
          continue;
        }
        if (!transaction.shared && step.kind !== 'mustLead') {
          undone = step;
          break;
        }
        // Its own failure: undone to its savepoint, its neighbours go on (this failing too is the transaction's).
        // No savepoint is released: the commit ends them all, and a rollback to one ends those after it.
        await c.query(`ROLLBACK TO SAVEPOINT write_${i}`);
        if (step.kind === 'mustLead') {
          write.leads = true;
          left = group.slice(i);
          break;
        }
        // The dry run's changes are rolled back, and what it would have done after commit is dropped.
        outcomes[i] = step.kind === 'dryRun' ? { ok: true, written: { result: step.result, tasks: [] } } : { ok: false, error: step.error };
      }
      if (undone) {
        if (undone.kind === 'failed' && isMissingStatement(undone.error)) this.statements.forget(c);
        await rollBack(c);
        outcomes[0] =
          undone.kind === 'dryRun' ? { ok: true, written: { result: { value: undone.result?.value }, tasks: [] } } : { ok: false, error: undone.error };
      } else {
        if (state.expired) throw new Error(`the write's transaction ran past ${timeoutMs} ms and was rolled back`);
        // The next group may begin: its first statement waits at Postgres for this commit to release the lock.
        tellLeft(left);
        await c.query(commitWith(audited));
      }
    } catch (error) {
      if (client && isMissingStatement(error)) this.statements.forget(client);
      if (client) await rollBack(client);
      for (let i = 0; i < group.length - left.length; i++) if (outcomes[i]?.ok !== false) outcomes[i] = { ok: false, error };
    } finally {
      clearTimeout(timer);
      client?.removeListener('error', lost);
      // A connection lost, or that could not even roll back, is dropped by the pool.
      client?.release(broken);
      this.holdEnded(transaction?.hold, group.length - left.length);
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
   * One write's turn in its group's transaction: its savepoint (in a group) and revision, with the
   * transaction's BEGIN when it is the first and its own first read when it has one, in one round
   * trip; then its work, in a context of its own. Answers what came of it for the transaction to
   * act on; what fails here that is not the write's own (the round trip) is thrown, the group's.
   */
  private async step(transaction: GroupTransaction, write: QueuedWrite, i: number): Promise<Step> {
    const { connection: c, shared } = transaction;
    const read = write.options.firstRead;
    const firstSql = read && this.statements.firstRead(read.text, read.values, write.key);
    const first = firstSql === undefined ? undefined : read;
    const taken = await c.query(
      `${transaction.begun ? '' : 'BEGIN; '}${shared ? `SAVEPOINT write_${i}; ` : ''}${this.statements.takeRevision(write.key)}${firstSql === undefined ? '' : `; ${firstSql}`}`,
    );
    transaction.begun = true;
    const written: AuditRow[] = [];
    /** Set by readingSnapshot when the write is not first: it leads the next transaction, whatever its own code does after. */
    const turn = { mustLead: false };
    try {
      // Several statements in one query answer a result each: the revision's is the last, or the one before the first read.
      const results = (Array.isArray(taken) ? taken : [taken]) as unknown as { rows: unknown[] }[];
      const raw = results.at(first ? -2 : -1)?.rows[0] as RawRevision | undefined;
      const row = raw && { id: raw.id, name: raw.name, revision: BigInt(raw.revision) };
      if (row) {
        this.names.set(row.id, row.name);
        const hold = (transaction.hold ??= { cluster: row.name, at: performance.now(), what: undefined });
        // A long hold is logged naming what held it: the writes of the group that say.
        if (write.options.what && !hold.what?.split(', ').includes(write.options.what)) {
          hold.what = hold.what ? `${hold.what}, ${write.options.what}` : write.options.what;
        }
      }
      if (raw && raw.mode !== 'mirror' && write.options.mirrorOnly) {
        return { kind: 'failed', error: new FailureException(failure.conflict(`cluster ${raw.name} is no longer a mirror: its sync stops`)) };
      }
      if (raw?.mode === 'mirror' && !write.options.onMirror && !write.options.dryRun) {
        return { kind: 'failed', error: new FailureException(failure.mirrorTakesNoWrites(raw.name, raw.server ?? undefined)) };
      }
      const tasks: (() => Promise<unknown>)[] = [];
      const context = row && {
        firstRead: first && { read: first, rows: results.at(-1)?.rows ?? [] },
        readingSnapshot: () => {
          if (i === 0) return;
          turn.mustLead = true;
          throw new Leads();
        },
        tx: () => this.prisma.boundTo(c),
        connection: c,
        transaction: transaction.state,
        cluster: { id: row.id, name: row.name },
        revision: row.revision,
        mode: raw.mode,
        createdCluster: raw.created,
        // Read once the row is ours: waiting for the writers before this one is not deciding.
        now: write.options.now ?? Date.now(),
        tasks,
        // A large write's entries (an import, a taint command's evictions) go in its own statements, as it makes them.
        audited: write.alone ? undefined : written,
      };
      const result = context ? { value: await write.work(contextOf(context)) } : undefined;
      if (turn.mustLead) return { kind: 'mustLead' };
      if (write.options.dryRun) return { kind: 'dryRun', result };
      return { kind: 'done', result, tasks, audited: written };
    } catch (error) {
      return turn.mustLead ? { kind: 'mustLead' } : { kind: 'failed', error };
    }
  }
}
