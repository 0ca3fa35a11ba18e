import { Injectable } from '@nestjs/common';
import { PeriodicPass } from '../../store/periodic-pass';
import { AppConfig } from '../../platform/config/app-config';
import { EvictionJobs } from './eviction-jobs';
import { EvictionLedger } from '../../store/evictions/eviction-ledger';

/**
 * Postgres holds the deadlines; Redis may lose its jobs (it keeps nothing on disk here, and may
 * be flushed). At start and then periodically, every scheduled eviction whose wake-up job is
 * missing gets it queued again (delayed to its deadline, or at once when due).
 */
@Injectable()
export class EvictionReconciler extends PeriodicPass {
  constructor(
    private readonly ledger: EvictionLedger,
    private readonly jobs: EvictionJobs,
    private readonly config: AppConfig,
  ) {
    super({ seconds: config.evictions.reconcileSeconds, atStart: true, controller: 'taint-eviction-controller' });
  }

  protected async pass(): Promise<number> {
    const missing = await this.jobs.withoutJob(await this.ledger.allScheduled());
    await this.jobs.enqueueAll(missing);
    if (missing.length > 0) this.logger.log(`queued ${missing.length} missing wake-up(s)`);
    return missing.length;
  }
}
