import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { type Job, Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { AppConfig } from '../../platform/config/app-config';
import { OutageLog, RedisUnreachableError } from '../../platform/failures/outages';
import { queueConnectionOf, reportWorkerErrors, workerConnectionOf } from '../../platform/redis/bullmq-connections';
import { closeBullMq } from '../../platform/redis/close-bullmq';
import { connectionProblem } from '../../platform/redis/redis-client.provider';

const QUEUE_NAME = 'webhook-deliveries';
/** Deliveries sent at once by one process's worker (each mostly waits on its receiver). */
const CONCURRENCY = 8;
/** Longest the shutdown waits for the worker's running deliveries and the queue to close, each. */
const CLOSE_TIMEOUT_MS = 3_000;

/** A delivery to queue: its id (the job's id) and the attempts Postgres has recorded for it. */
export interface QueuedDelivery {
  id: string;
  attempts: number;
}

/**
 * BullMQ for webhook deliveries: the queue, the worker, their Redis connections and shutdown, as
 * EvictionJobs does for wake-ups. A job is a delivery's id and nothing else: Postgres holds the
 * delivery (its body, attempts, status), and the worker claims an attempt there before it sends,
 * so a job run twice (queued again after Redis lost it) sends nothing once the delivery is done.
 * The job's id is the delivery's: queueing one again while it waits or retries adds nothing.
 */
@Injectable()
export class DeliveryJobs implements OnModuleDestroy {
  private readonly logger = new Logger(DeliveryJobs.name);
  private readonly queueConnection: Redis;
  private queue?: Queue;
  private workerConnection?: Redis;
  private worker?: Worker;
  private closed = false;

  constructor(private readonly config: AppConfig) {
    const connection = queueConnectionOf(config.redisUrl);
    connection.on('ready', () => OutageLog.of('Redis').recovered());
    connection.once('ready', () => {
      this.queue = new Queue(QUEUE_NAME, { connection, prefix: config.evictions.redisPrefix });
      this.queue.on('error', () => undefined);
    });
    this.queueConnection = connection;
  }

  /** The queue, if Redis is connected now; else an outage at once (the dispatcher queues the delivery later). */
  private live(): Queue {
    if (!this.queue || this.queueConnection.status !== 'ready') {
      throw new RedisUnreachableError(connectionProblem(this.queueConnection) ?? `not connected (${this.queueConnection.status})`);
    }
    return this.queue;
  }

  /**
   * Queues deliveries, each with the attempts it has left and exponential backoff between them
   * (BullMQ's: the first retry after WEBHOOK_RETRY_DELAY_MS, each later one twice as long).
   */
  async enqueue(deliveries: readonly QueuedDelivery[]): Promise<void> {
    const { maxAttempts, retryDelayMs } = this.config.webhooks;
    for (let i = 0; i < deliveries.length; i += 1000) {
      await this.live().addBulk(
        deliveries.slice(i, i + 1000).map((d) => ({
          name: 'deliver',
          data: { deliveryId: d.id },
          opts: {
            jobId: d.id,
            attempts: Math.max(1, maxAttempts - d.attempts),
            backoff: { type: 'exponential', delay: retryDelayMs },
            // Finished jobs leave nothing: Postgres holds the outcome, and a lost job can be queued again.
            removeOnComplete: true,
            removeOnFail: true,
          },
        })),
      );
    }
  }

  /** The deliveries whose job Redis does not hold, asked in one round trip (one EXISTS per job, pipelined). */
  async withoutJob<T extends QueuedDelivery>(deliveries: readonly T[]): Promise<T[]> {
    if (deliveries.length === 0) return [];
    const queue = this.live();
    const replies = await this.queueConnection.pipeline(deliveries.map((d) => ['exists', queue.toKey(d.id)])).exec();
    return deliveries.filter((_, i) => replies?.[i]?.[1] === 0);
  }

  /** Runs deliveries in this process, each by `deliver(id)` (which throws for a retry), once Redis answers. */
  runWorker(deliver: (deliveryId: string) => Promise<unknown>): void {
    const connection = workerConnectionOf(this.config.redisUrl);
    this.workerConnection = connection;
    connection.once('ready', () => {
      if (this.closed) return;
      this.worker = new Worker(QUEUE_NAME, (job: Job<{ deliveryId: string }>) => deliver(job.data.deliveryId), {
        connection,
        prefix: this.config.evictions.redisPrefix,
        concurrency: CONCURRENCY,
      });
      reportWorkerErrors(this.worker, connection, this.logger);
    });
  }

  /** Bounded in every step (closeBullMq); a delivery cut short stays pending in Postgres and is queued again. */
  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    await closeBullMq(
      { worker: this.worker, workerConnection: this.workerConnection, queue: this.queue, queueConnection: this.queueConnection },
      CLOSE_TIMEOUT_MS,
    );
  }
}
