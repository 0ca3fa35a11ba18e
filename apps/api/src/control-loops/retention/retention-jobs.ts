import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { AppConfig } from '../../platform/config/app-config';
import { closeBullMq, settledWithin } from '../../platform/redis/close-bullmq';
import { RetentionService } from './retention.service';

const QUEUE_NAME = 'retention';
/** One scheduler for the deployment: every replica upserts the same one, and one worker takes each run. */
const SCHEDULER_ID = 'prune-history';
/** How long after start the job scheduler is set up. */
const START_DELAY_MS = 5_000;
/** Longest a shutdown waits for BullMQ (which waits on Redis forever when Redis is away). */
const CLOSE_TIMEOUT_MS = 3_000;

/**
 * Runs retention as a BullMQ repeatable job (a job scheduler): every RETENTION_PERIOD_SECONDS, on
 * one replica at a time. Made once Redis answers; while Redis is away nothing is pruned, which
 * loses nothing (the next run prunes more).
 */
@Injectable()
export class RetentionJobs implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Retention');
  private connection?: Redis;
  private workerConnection?: Redis;
  private queue?: Queue;
  private worker?: Worker;
  private scheduling?: Promise<unknown>;
  private closed = false;
  private delay?: NodeJS.Timeout;

  constructor(
    private readonly config: AppConfig,
    private readonly retention: RetentionService,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.retention.days === 0) return;
    // Pruning is never urgent: begun a few seconds after start, so that a process stopping at once
    // (a failed start, a short-lived test app) never opens BullMQ connections it must then close
    // while they are still starting (which leaves rejections no one hears).
    this.delay = setTimeout(() => this.connect(), START_DELAY_MS);
    this.delay.unref();
  }

  private connect(): void {
    if (this.closed) return;
    const connection = new Redis(this.config.redisUrl, { maxRetriesPerRequest: null });
    // An unreachable Redis is health's to report; here it must not crash the process.
    connection.on('error', () => undefined);
    this.connection = connection;
    connection.once('ready', () => void this.start(connection));
  }

  private async start(connection: Redis): Promise<void> {
    if (this.closed) return;
    const prefix = this.config.evictions.redisPrefix;
    this.queue = new Queue(QUEUE_NAME, { connection, prefix });
    this.queue.on('error', () => undefined);
    this.workerConnection = connection.duplicate();
    this.workerConnection.on('error', () => undefined);
    this.worker = new Worker(QUEUE_NAME, () => this.retention.prune(), { connection: this.workerConnection, prefix });
    this.worker.on('error', (error) => this.logger.warn(`worker: ${error.message}`));
    this.worker.on('failed', (_job, error) => this.logger.warn(`pruning failed: ${error.message}`));
    this.scheduling = this.queue
      .upsertJobScheduler(
        SCHEDULER_ID,
        { every: this.config.retention.periodSeconds * 1000 },
        { name: 'prune', opts: { removeOnComplete: true, removeOnFail: true } },
      )
      .catch((error: unknown) => this.logger.warn(`could not schedule pruning: ${error instanceof Error ? error.message : String(error)}`));
    await this.scheduling;
  }

  /** The scheduler's upsert first, then BullMQ, every step bounded (closeBullMq). */
  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    clearTimeout(this.delay);
    await settledWithin(this.scheduling, CLOSE_TIMEOUT_MS);
    await closeBullMq({ worker: this.worker, workerConnection: this.workerConnection, queue: this.queue, queueConnection: this.connection }, CLOSE_TIMEOUT_MS);
  }
}
