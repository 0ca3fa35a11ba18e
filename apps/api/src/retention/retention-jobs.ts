import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { AppConfig } from '../config/app-config';
import { RetentionService } from './retention.service';

const QUEUE_NAME = 'retention';
/** One scheduler for the deployment: every replica upserts the same one, and one worker takes each run. */
const SCHEDULER_ID = 'prune-history';
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
  private queue?: Queue;
  private worker?: Worker;

  constructor(
    private readonly config: AppConfig,
    private readonly retention: RetentionService,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.retention.days === 0) return;
    const connection = new Redis(this.config.redisUrl, { maxRetriesPerRequest: null });
    // An unreachable Redis is health's to report; here it must not crash the process.
    connection.on('error', () => undefined);
    this.connection = connection;
    connection.once('ready', () => void this.start(connection));
  }

  private async start(connection: Redis): Promise<void> {
    const prefix = this.config.evictions.redisPrefix;
    this.queue = new Queue(QUEUE_NAME, { connection, prefix });
    this.queue.on('error', () => undefined);
    this.worker = new Worker(QUEUE_NAME, () => this.retention.prune(), { connection: connection.duplicate(), prefix });
    this.worker.on('error', (error) => this.logger.warn(`worker: ${error.message}`));
    this.worker.on('failed', (_job, error) => this.logger.warn(`pruning failed: ${error.message}`));
    try {
      await this.queue.upsertJobScheduler(
        SCHEDULER_ID,
        { every: this.config.retention.periodSeconds * 1000 },
        { name: 'prune', opts: { removeOnComplete: true, removeOnFail: true } },
      );
    } catch (error) {
      this.logger.warn(`could not schedule pruning: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async onModuleDestroy(): Promise<void> {
    const closing = Promise.allSettled([this.worker?.close(), this.queue?.close()]);
    await Promise.race([closing, new Promise((resolve) => setTimeout(resolve, CLOSE_TIMEOUT_MS).unref())]);
    this.worker?.disconnect().catch(() => undefined);
    this.connection?.disconnect();
  }
}
