import { Injectable } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { PrismaService } from '../../platform/database/prisma.service';
import { EvictionJobs } from '../../control-loops/taint-eviction/eviction-jobs';
import { MetricsRegistry } from '../../platform/metrics/metrics-registry';
import { boundedScrape } from '../../platform/metrics/scrape-bounds';
import { sharedRead } from '../../platform/metrics/shared-read';

/** The most clusters named, those with the most evictions waiting: a series per cluster, bounded. */
const MAX_CLUSTERS_NAMED = 100;

/**
 * The evictions still waiting, per cluster, and how far past its deadline the earliest is: one
 * grouped read of the `(status, scheduled_for)` index's Scheduled rows, on the pool.
 */
const SCHEDULED_BY_CLUSTER = `SELECT c.name, count(*)::int AS scheduled,
    greatest(0, extract(epoch FROM now() - min(e.scheduled_for)))::float8 AS overdue
  FROM evictions e JOIN clusters c ON c.id = e.cluster_id
  WHERE e.status = 'Scheduled'
  GROUP BY c.name ORDER BY count(*) DESC LIMIT ${MAX_CLUSTERS_NAMED}`;

/** The BullMQ job states a wake-up waits in (delayed: until its deadline; waiting: due, for a worker). */
const QUEUE_STATES = ['delayed', 'waiting', 'active', 'prioritized', 'failed'] as const;

/**
 * What is waiting to be carried out, read when Prometheus scrapes (never on a timer): scheduled
 * evictions in Postgres and wake-ups in the Redis queue. Each read is bounded (scrape-bounds.ts),
 * and a scrape while Postgres or Redis is away answers without the gauge it could not read.
 */
@Injectable()
export class EvictionBacklogGauges {
  constructor({ registry }: MetricsRegistry, prisma: PrismaService, jobs: EvictionJobs) {
    const scheduled = sharedRead(() =>
      boundedScrape('scheduled evictions', prisma.rows<{ name: string; scheduled: number; overdue: number }>(SCHEDULED_BY_CLUSTER, [])),
    );
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
