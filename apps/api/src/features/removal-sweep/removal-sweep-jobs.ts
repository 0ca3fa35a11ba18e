import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { type Job, Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { AppConfig } from '../../platform/config/app-config';
import { RedisUnreachableError } from '../../platform/failures/outages';
import { queueConnectionOf, reportWorkerErrors, workerConnectionOf } from '../../platform/redis/bullmq-connections';
import { closeBullMq } from '../../platform/redis/close-bullmq';
import { connectionProblem } from '../../platform/redis/redis-client.provider';

const QUEUE_NAME = 'removal-sweeps';
/** Longest the shutdown waits for the worker and the queue to close, each. */
const CLOSE_TIMEOUT_MS = 3_000;
/**
 * Runs of one sweep: a second when the replica running it stopped (BullMQ finds its job stalled and
 * another worker takes it from the start). A sweep that fails in its run is recorded failed, not retried.
 */
const ATTEMPTS = 2;

/** A sweep's job: its id, which is the job's id too; Postgres holds the rest. */
interface SweepJobData {
  readonly sweepId: string;
}

/**
 * BullMQ for removal sweeps, as DeliveryJobs is for webhook deliveries: a job names a sweep, any
 * replica's worker (SWEEP_WORKER) takes it, one at a time, and runs it off the event loop (worker
 * threads); `progress` goes to the job as well as to Postgres.
 */
@Injectable()
export class RemovalSweepJobs implements OnModuleDestroy {
  private readonly logger = new Logger('RemovalSweeps');
  private readonly queueConnection: Redis;
  private queue?: Queue;
  private workerConnection?: Redis;
  private worker?: Worker;
  private closed = false;

  constructor(private readonly config: AppConfig) {
    const connection = queueConnectionOf(config.redisUrl);
    connection.once('ready', () => {
      this.queue = new Queue(QUEUE_NAME, { connection, prefix: config.evictions.redisPrefix });
      this.queue.on('error', () => undefined);
    });
    this.queueConnection = connection;
  }

  /** Queues the sweep; an outage at once when Redis is away (the caller records the sweep failed). */
  async enqueue(sweepId: string): Promise<void> {
    if (!this.queue || this.queueConnection.status !== 'ready') {
      throw new RedisUnreachableError(connectionProblem(this.queueConnection) ?? `not connected (${this.queueConnection.status})`);
    }
    const data: SweepJobData = { sweepId };
    await this.queue.add('sweep', data, { jobId: sweepId, attempts: ATTEMPTS, removeOnComplete: true, removeOnFail: true });
  }

  /** Runs sweeps in this process, each by `run(id, progress)`, once Redis answers. */
  runWorker(run: (sweepId: string, progress: (done: number) => Promise<void>) => Promise<void>): void {
    const connection = workerConnectionOf(this.config.redisUrl);
    this.workerConnection = connection;
    connection.once('ready', () => {
      if (this.closed) return;
      this.worker = new Worker(QUEUE_NAME, (job: Job<SweepJobData>) => run(job.data.sweepId, (done) => job.updateProgress(done)), {
        connection,
        prefix: this.config.evictions.redisPrefix,
        concurrency: 1,
      });
      reportWorkerErrors(this.worker, connection, this.logger);
    });
  }

  /** Bounded in every step (closeBullMq); a sweep cut short is taken again by another worker (its job stalls). */
  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    await closeBullMq(
      { worker: this.worker, workerConnection: this.workerConnection, queue: this.queue, queueConnection: this.queueConnection },
      CLOSE_TIMEOUT_MS,
    );
  }
}
