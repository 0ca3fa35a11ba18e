import { Injectable } from '@nestjs/common';
import { PeriodicPass } from '../../store/periodic-pass';
import { AppConfig } from '../../platform/config/app-config';
import { OutageLog } from '../../platform/failures/outages';
import { EvictionJobs } from './eviction-jobs';
import { EvictionLedger } from '../../store/evictions/eviction-ledger';
import { TaintEvictionController } from './taint-eviction-controller';

/** How often the sweep looks: a deadline waits at most this long for it (plus its write). */
const SWEEP_SECONDS = 1;

/**
 * How long the sweep leaves a due deadline to its wake-up job while this process's worker is
 * connected to Redis: the job fires on time, and the sweep then only catches a job Redis lost or
 * ran late, without racing every job for the same revision.
 */
const WORKER_GRACE_MS = 500;

/**
 * Deadlines carried out from Postgres, whatever Redis does. Every second, on every replica that
 * runs a worker, one indexed read asks which clusters have an eviction still scheduled and due;
 * each is woken as a wake-up job would wake it (TaintEvictionController.wakeCluster). While
 * Redis is unreachable the sweep takes every deadline as soon as it falls, so evictions stay
 * within about a second of their time through an outage; while it is there, a deadline is
 * taken only WORKER_GRACE_MS after its time, when its job should have run. Replicas and jobs
 * racing for one eviction are ordered by the cluster's revision, and the one that comes second
 * finds it carried out: each eviction is carried out once.
 */
@Injectable()
export class DueEvictionSweep extends PeriodicPass {
  constructor(
    private readonly ledger: EvictionLedger,
    private readonly controller: TaintEvictionController,
    private readonly jobs: EvictionJobs,
    private readonly config: AppConfig,
  ) {
    super({ seconds: SWEEP_SECONDS, atStart: true, controller: 'taint-eviction-controller' });
  }

  /** Only where due evictions are carried out (EVICTION_WORKER). */
  override onApplicationBootstrap(): void {
    if (this.config.evictions.worker) super.onApplicationBootstrap();
  }

  protected async pass(): Promise<number> {
    const cutoff = Date.now() - (this.jobs.workerConnected() ? WORKER_GRACE_MS : 0);
    const clusters = await this.ledger.clustersWithDue(new Date(cutoff));
    // It read Postgres: an outage told before is over.
    OutageLog.of('Postgres').recovered();
    let executed = 0;
    for (const clusterId of clusters) {
      for (;;) {
        const woke = await this.controller.wakeCluster(clusterId);
        executed += woke.executed;
        if (!woke.more) break;
      }
    }
    if (executed > 0 && !this.jobs.workerConnected()) this.logger.log(`carried out ${executed} due eviction(s) from Postgres (Redis unreachable)`);
    return executed;
  }
}
