import { asController } from '../../platform/access/request-context';
import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { type Job, type JobType, Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { AppConfig } from '../../platform/config/app-config';
import { OutageLog, RedisUnreachableError } from '../../platform/failures/outages';
import { queueConnectionOf, reportWorkerErrors, workerConnectionOf } from '../../platform/redis/bullmq-connections';
import { closeBullMq } from '../../platform/redis/close-bullmq';
import { connectionProblem } from '../../platform/redis/redis-client.provider';
import type { EvictionWakeup } from '../../store/evictions/eviction-records';

const QUEUE_NAME = 'evictions';
/** The second kind of job on the queue: a wake-up of the NoExecute taint pacer (node-lifecycle/). */
const PACE_JOB = 'pace-taints';

/**
 * The id of a wake-up job: the eviction row and how many wake-ups it had. Rows are never reused
 * and each new wake-up of a row counts up, so an id is never taken twice (BullMQ would silently
 * drop the second job).
 */
const jobIdOf = (e: Pick<EvictionWakeup, 'id' | 'wakeups'>): string => `evict-${e.id}-${e.wakeups}`;

/** Longest the shutdown waits for the worker's running wake-ups and the queue to close, each. */
const CLOSE_TIMEOUT_MS = 3_000;

/**
 * The one owner of BullMQ in the process: the queue of delayed wake-ups, the worker that runs
 * them, their Redis connections and their shutdown. A job is only a wake-up: Postgres holds the
 * deadline (EvictionLedger), and whoever runs the job checks it again before evicting.
 *
 * The same queue carries the pacer's wake-ups (`pace-taints`): Postgres holds each zone's last
 * tainting and its waiting nodes, and the pacer decides again when one runs.
 *
 * Queue and worker are made once Redis answers: BullMQ closed while its first connection still
 * retries leaves rejected promises behind. Until then the reconciler covers every wake-up.
 */
@Injectable()
export class EvictionJobs implements OnModuleDestroy {
  private readonly logger = new Logger(EvictionJobs.name);
  private readonly queueConnection: Redis;
  private queue?: Queue;
  private workerConnection?: Redis;
  private worker?: Worker;
  private closed = false;
  private pace: () => Promise<unknown> = () => Promise.resolve();

  constructor(private readonly config: AppConfig) {
    this.queueConnection = queueConnectionOf(config.redisUrl);
    this.queueConnection.on('ready', () => OutageLog.of('Redis').recovered());
    this.queueConnection.once('ready', () => {
      this.queue = new Queue(QUEUE_NAME, { connection: this.queueConnection, prefix: config.evictions.redisPrefix });
      this.queue.on('error', () => undefined);
    });
  }

  /** The queue, if Redis is connected now; else an outage, at once (the reconciler queues the wake-up later). */
  private live(): Queue {
    if (!this.queue || this.queueConnection.status !== 'ready') {
      throw new RedisUnreachableError(connectionProblem(this.queueConnection) ?? `not connected (${this.queueConnection.status})`);
    }
    return this.queue;
  }

  /**
   * Whether this process's worker can run wake-ups now (its connection to Redis is up). While it
   * cannot, the due-eviction sweep carries the deadlines out from Postgres without delay.
   */
  workerConnected(): boolean {
    return this.worker !== undefined && this.workerConnection?.status === 'ready';
  }

  /** Queues the wake-ups, each delayed until its deadline (by this machine's clock, as BullMQ does). */
  async enqueueAll(evictions: readonly EvictionWakeup[], now = Date.now()): Promise<void> {
    for (let i = 0; i < evictions.length; i += 1000) {
      await this.live().addBulk(
        evictions.slice(i, i + 1000).map((eviction) => ({
          name: 'evict',
          data: { evictionId: String(eviction.id) },
          opts: {
            jobId: jobIdOf(eviction),
            delay: Math.max(0, eviction.scheduledFor.getTime() - now),
            // Finished jobs leave nothing behind, so a lost wake-up can be queued again.
            removeOnComplete: true,
            removeOnFail: true,
            attempts: 5,
            backoff: { type: 'exponential', delay: 200 },
          },
        })),
      );
    }
  }

  /**
   * The evictions whose wake-up job Redis does not hold, asked in one round trip (one EXISTS
   * per job key, pipelined) rather than one request per scheduled eviction.
   */
  async withoutJob<T extends Pick<EvictionWakeup, 'id' | 'wakeups'>>(evictions: readonly T[]): Promise<T[]> {
    if (evictions.length === 0) return [];
    const queue = this.live();
    const replies = await this.queueConnection.pipeline(evictions.map((e) => ['exists', queue.toKey(jobIdOf(e))])).exec();
    return evictions.filter((_, i) => replies?.[i]?.[1] === 0);
  }

  /** How many jobs the queue holds in each of these states (one round trip), for the metrics' scrape. */
  async jobCounts(states: readonly JobType[]): Promise<Record<string, number>> {
    return this.live().getJobCounts(...states);
  }

  /**
   * Queues a wake-up of the pacer at `at`. The id is the time, so replicas asking for the same turn
   * queue one job; a finished job leaves nothing, so a later turn at another time is never dropped.
   */
  async enqueuePacing(at: number, now = Date.now()): Promise<void> {
    await this.live().add(PACE_JOB, {}, { jobId: `pace-${at}`, delay: Math.max(0, at - now), removeOnComplete: true, removeOnFail: true });
  }

  /** What this process's worker does with a pacer wake-up (the pacer registers itself). */
  onPacing(pace: () => Promise<unknown>): void {
    this.pace = pace;
  }

  /** Runs the wake-ups in this process, each by `wake(evictionId)`, once Redis answers. */
  runWorker(wake: (evictionId: bigint) => Promise<unknown>): void {
    const connection = workerConnectionOf(this.config.redisUrl);
    this.workerConnection = connection;
    connection.once('ready', () => {
      if (this.closed) return;
      // Each wake-up as the controller it is of: the node lifecycle's pacer, or the taint eviction controller's deadline.
      const run = (job: Job<{ evictionId: string }>) =>
        job.name === PACE_JOB
          ? asController('node-lifecycle-controller', () => this.pace())
          : asController('taint-eviction-controller', () => wake(BigInt(job.data.evictionId)));
      this.worker = new Worker(QUEUE_NAME, run, {
        connection,
        prefix: this.config.evictions.redisPrefix,
        concurrency: 4,
      });
      reportWorkerErrors(this.worker, connection, this.logger);
      this.worker.on('failed', (job, error) => this.logger.warn(`wake-up ${job?.id ?? '(unknown job)'} failed: ${error.message}`));
    });
  }

  /**
   * Bounded in every step (closeBullMq): with Redis there, the worker lets its running wake-ups
   * finish; without, it is closed by force, and a wake-up cut short leaves its deadline in Postgres
   * for the next replica or start.
   */
  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    await closeBullMq(
      { worker: this.worker, workerConnection: this.workerConnection, queue: this.queue, queueConnection: this.queueConnection },
      CLOSE_TIMEOUT_MS,
    );
  }
}
