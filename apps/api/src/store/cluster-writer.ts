import { AsyncResource } from 'node:async_hooks';
import { Injectable, Logger } from '@nestjs/common';
import { PrismaService } from '../platform/database/prisma.service';
import { failure } from '@taintgate/domain';
import { FailureException } from '../platform/failures/failure.exception';
import { reportIfOutage } from '../platform/failures/outages';
import { GroupCommit, type Hold, type QueuedWrite, WRITE_TIMEOUT_MS, type WriteOptions, type Written } from './group-commit';
import type { ClusterKey } from './prepared-statements';
import type { WriteContext } from './write-context';
import { groupSize } from './write-groups';

/**
 * Every write to a cluster goes through `write`: it takes the cluster's next revision in a
 * transaction that holds the cluster's row locked until commit, so the cluster's writes commit in
 * revision order (no lost update between two writers on one node, on any replica), and every
 * replica can fetch exactly what changed since the revision it holds (see ClusterSnapshots).
 * Writes to other clusters take other rows and never wait on this one.
 *
 * The writes of this process to one cluster wait in a line (see `enqueue`), and those waiting
 * together when the lock comes free share one transaction (a group, write-groups.ts, run by
 * group-commit.ts): each in a savepoint of its own, taking its own next revision, deciding by its
 * own now, failing or (a dry run) rolled back alone; they share the lock and the commit. A commit
 * waits for its flush to disk (about 2.5 ms here), which one write at a time made a cluster's ceiling.
 */
@Injectable()
export class ClusterWriter {
  private readonly logger = new Logger(ClusterWriter.name);
  private readonly holdListeners = new Set<HoldListener>();
  /** Per cluster, this process's writes waiting for its lock, and whether a group holds it. */
  private readonly lines = new Map<string, Line>();
  private readonly groups: GroupCommit;

  constructor(prisma: PrismaService) {
    this.groups = new GroupCommit(prisma, (hold, writes) => this.tellLongHold(hold, writes));
  }

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
    const { result, tasks } = await this.enqueue(this.groups.nameOf(clusterId) ?? `#${clusterId}`, { id: clusterId }, work, options);
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
        // In the async context of whoever queued it, not of the group that runs it (another
        // request's, or a controller's): what it audits and records names its own caller.
        work: AsyncResource.bind(async (w: WriteContext) => {
          // A write to a cluster by a name not yet held created it: audited as PUT /v1/clusters/{name} audits it.
          if (w.createdCluster) await w.audit({ action: 'cluster.create', kind: 'Cluster', name: w.cluster.name });
          return work(w);
        }),
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
        const run = this.groups.run(group);
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
   * (large writes plan outside the lock; see TaintCommandService.command).
   */
  private tellLongHold(locked: Hold | undefined, writes: number): void {
    if (!locked) return;
    const ms = performance.now() - locked.at;
    for (const listener of this.holdListeners) listener(locked.cluster, ms, locked.what, writes);
    if (ms >= LONG_HOLD_MS) this.logger.warn(`held cluster ${locked.cluster}'s write lock for ${Math.round(ms)} ms${locked.what ? ` (${locked.what})` : ''}`);
  }
}

/** Told of each transaction that held a cluster's lock: how long, what held it (when named), how many writes it ran. */
type HoldListener = (cluster: string, ms: number, what: string | undefined, writes: number) => void;

/** One cluster's line in this process. */
interface Line {
  waiting: QueuedWrite[];
  /** Writes waiting and under way. */
  length: number;
  /** A group of it holds (or waits for) the lock. */
  running: boolean;
}

/**
 * How long a write's answer waits for its after-commit tasks: enough for Redis to take a burst of
 * wake-ups when it is there, short enough that a client barely notices when it is not.
 */
const AFTER_COMMIT_WAIT_MS = 1_000;

/** A write that holds its cluster's lock this long is logged. */
const LONG_HOLD_MS = 1000;
