import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { EvictionJobs } from './eviction-jobs';
import { EvictionLedger } from './eviction-ledger';

/**
 * Postgres holds the deadlines; Redis may lose its jobs (it keeps nothing on disk here, and may
 * be flushed). At start and then periodically, every scheduled eviction whose wake-up job is
 * missing gets it queued again (delayed to its deadline, or at once when due).
 */
@Injectable()
export class EvictionReconciler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(EvictionReconciler.name);
  private timer?: NodeJS.Timeout;
  private running: Promise<number> | null = null;

  constructor(
    private readonly ledger: EvictionLedger,
    private readonly jobs: EvictionJobs,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const pass = () => {
      this.reconcile().catch((error: unknown) => this.logger.warn(`reconcile: ${error instanceof Error ? error.message : String(error)}`));
    };
    pass();
    this.timer = setInterval(pass, this.config.evictions.reconcileSeconds * 1000);
    this.timer.unref();
  }

  /** One pass; answers how many wake-ups it queued. Concurrent calls share a pass. */
  reconcile(): Promise<number> {
    this.running ??= this.pass().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async pass(): Promise<number> {
    const missing = await this.jobs.withoutJob(await this.ledger.allScheduled());
    await this.jobs.enqueueAll(missing);
    if (missing.length > 0) this.logger.log(`queued ${missing.length} missing wake-up(s)`);
    return missing.length;
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }
}
