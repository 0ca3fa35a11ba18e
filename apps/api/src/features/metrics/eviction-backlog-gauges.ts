import { Injectable } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { EvictionLedger } from '../../store/evictions/eviction-ledger';
import { EvictionJobs } from '../../control-loops/taint-eviction/eviction-jobs';
import { MetricsRegistry } from '../../platform/metrics/metrics-registry';
import { boundedScrape } from '../../platform/metrics/scrape-bounds';
import { sharedRead } from '../../platform/metrics/shared-read';

/** The most clusters named, those with the most evictions waiting: a series per cluster, bounded. */
const MAX_CLUSTERS_NAMED = 100;

/** The BullMQ job states a wake-up waits in (delayed: until its deadline; waiting: due, for a worker). */
const QUEUE_STATES = ['delayed', 'waiting', 'active', 'prioritized', 'failed'] as const;

/**
 * What is waiting to be carried out, read when Prometheus scrapes (never on a timer): scheduled
 * evictions in Postgres and wake-ups in the Redis queue. Each read is bounded (scrape-bounds.ts),
 * and a scrape while Postgres or Redis is away answers without the gauge it could not read.
 */
@Injectable()
export class EvictionBacklogGauges {
  constructor({ registry }: MetricsRegistry, ledger: EvictionLedger, jobs: EvictionJobs) {
    // The evictions still waiting, per cluster, and how far past its deadline the earliest is (one read for both gauges).
    const scheduled = sharedRead(() => boundedScrape('scheduled evictions', ledger.scheduledByCluster(MAX_CLUSTERS_NAMED)));
    new Gauge({
      name: 'taintgate_evictions_scheduled',
      help: 'Evictions scheduled and not yet carried out or cancelled, per cluster (the 100 clusters with the most).',
      labelNames: ['cluster'],
      registers: [registry],
      async collect() {
        this.reset();
        for (const row of (await scheduled()) ?? []) this.set({ cluster: row.name }, row.scheduled);
      },
    });
    new Gauge({
      name: 'taintgate_evictions_overdue_seconds',
      help: 'How far past its deadline the earliest eviction still scheduled is, per cluster (0 while none is due).',
      labelNames: ['cluster'],
      registers: [registry],
      async collect() {
        this.reset();
        for (const row of (await scheduled()) ?? []) this.set({ cluster: row.name }, row.overdue);
      },
    });
    new Gauge({
      name: 'taintgate_eviction_queue_jobs',
      help: 'Jobs in the evictions queue (Redis, BullMQ): eviction and taint pacing wake-ups, by state.',
      labelNames: ['state'],
      registers: [registry],
      async collect() {
        this.reset();
        const counts = await boundedScrape('eviction queue', jobs.jobCounts(QUEUE_STATES));
        for (const state of QUEUE_STATES) if (counts) this.set({ state }, counts[state] ?? 0);
      },
    });
  }
}
