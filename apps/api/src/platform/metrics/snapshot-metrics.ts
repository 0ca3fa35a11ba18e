import { Injectable } from '@nestjs/common';
import { Histogram } from 'prom-client';
import { MetricsRegistry } from './metrics-registry';

/** A few changed rows in a millisecond to a whole design-scale cluster (300,000 pods) in seconds. */
const REFRESH_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/**
 * The cluster snapshots a replica reads from: how long bringing one up to date took, a whole load
 * (first use, or after retention pruned tombstones it had not seen) or the changes since its
 * revision. Their lag is read at scrape time (snapshot-lag-gauge.ts).
 */
@Injectable()
export class SnapshotMetrics {
  private readonly refresh: Histogram<'read' | 'thread'>;

  constructor({ registry }: MetricsRegistry) {
    this.refresh = new Histogram({
      name: 'taintgate_snapshot_load_duration_seconds',
      help: 'Time to bring a cluster snapshot up to date: read whole (first use, or tombstones pruned) or the changes since its revision; thread: whether a worker thread read it.',
      labelNames: ['read', 'thread'],
      buckets: REFRESH_BUCKETS,
      registers: [registry],
    });
  }

  refreshed(seconds: number, whole: boolean, onThread: boolean): void {
    this.refresh.observe({ read: whole ? 'whole' : 'changes', thread: String(onThread) }, seconds);
  }
}
