import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { type Job, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { AppConfig } from '../config/app-config';
import { EVICTION_QUEUE, bullConnection } from './eviction-queue';
import { TaintEvictionController } from './taint-eviction-controller';

/**
 * Runs the wake-up jobs in this process (unless EVICTION_WORKER=false). Any number of replicas
 * may run one: a wake-up re-checks the eviction in a transaction that holds the cluster
 * revision lock, so each eviction is carried out once.
 */
@Injectable()
export class EvictionWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(EvictionWorker.name);
  private worker?: Worker;
  private connection?: Redis;

  constructor(
    private readonly config: AppConfig,
    private readonly controller: TaintEvictionController,
  ) {}

  private closed = false;

  onApplicationBootstrap(): void {
    if (!this.config.evictions.worker) return;
    this.connection = bullConnection(this.config);
    this.connection.on('error', () => undefined);
    // Start once Redis answers: a BullMQ worker stopped while it still retries its first
    // connection leaves rejected promises behind. The reconciler covers the wait.
    this.connection.once('ready', () => {
      if (!this.closed) this.start(this.connection as Redis);
    });
  }

  private start(connection: Redis): void {
    this.worker = new Worker(EVICTION_QUEUE, (job: Job<{ evictionId: string }>) => this.controller.wake(BigInt(job.data.evictionId)), {
      connection,
      prefix: this.config.evictions.redisPrefix,
      concurrency: 4,
    });
    this.worker.on('error', (error) => this.logger.warn(`worker: ${error.message}`));
    this.worker.on('failed', (job, error) => this.logger.warn(`wake-up ${job?.id} failed: ${error.message}`));
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    await this.worker?.close();
    this.connection?.disconnect();
  }
}
