import { Injectable } from '@nestjs/common';
import { Counter, Histogram } from 'prom-client';
import { MetricsRegistry } from './metrics-registry';

/**
 * Upstream's buckets for the deletion latency (pkg/controller/tainteviction/metrics/metrics.go):
 * 5 ms to 4 min, kept as they are so that dashboards made for kube-controller-manager read ours.
 */
const UPSTREAM_DELETION_BUCKETS = [0.005, 0.025, 0.1, 0.5, 1, 2.5, 10, 30, 60, 120, 180, 240];

/** Finer where taintgate's promise lies (a deadline carried out within 100 ms, the sweep's 1.5 s at worst). */
const LATENESS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 1.5, 2.5, 5, 10, 30, 60, 300];

/** What set a deadline's eviction going: its BullMQ wake-up, or the due-eviction sweep reading Postgres. */
export type WokenBy = 'job' | 'sweep';

/**
 * The taint eviction controller's counts. The two upstream series keep kube-controller-manager's
 * names, help and buckets; taintgate's own say how late deadlines were met and what was cancelled.
 */
@Injectable()
export class EvictionMetrics {
  private readonly deletions: Counter;
  private readonly deletionDuration: Histogram;
  private readonly lateness: Histogram<'woken_by'>;
  private readonly cancelled: Counter<'reason'>;

  constructor({ registry }: MetricsRegistry) {
    this.deletions = new Counter({
      name: 'taint_eviction_controller_pod_deletions_total',
      help: 'Total number of Pods deleted by TaintEvictionController since its start.',
      registers: [registry],
    });
    this.deletionDuration = new Histogram({
      name: 'taint_eviction_controller_pod_deletion_duration_seconds',
      help: 'Latency, in seconds, between the time when a taint effect has been activated for the Pod and its deletion via TaintEvictionController.',
      buckets: UPSTREAM_DELETION_BUCKETS,
      registers: [registry],
    });
    this.lateness = new Histogram({
      name: 'taintgate_eviction_lateness_seconds',
      help: 'How long after its deadline (tolerationSeconds run out) a scheduled eviction was carried out, by what woke it.',
      labelNames: ['woken_by'],
      buckets: LATENESS_BUCKETS,
      registers: [registry],
    });
    this.cancelled = new Counter({
      name: 'taintgate_evictions_cancelled_total',
      help: 'Scheduled evictions cancelled, by reason (the taint removed, a toleration added, the pod deleted or moved, superseded).',
      labelNames: ['reason'],
      registers: [registry],
    });
  }

  /**
   * A pod deleted by the controller, `seconds` after its eviction's time came (upstream observes
   * the time since the work's fireAt: about 0 for a pod evicted at once). `wokenBy` for a deadline.
   */
  deleted(seconds: number, wokenBy: WokenBy | undefined): void {
    const observed = Math.max(0, seconds);
    this.deletions.inc();
    this.deletionDuration.observe(observed);
    if (wokenBy) this.lateness.observe({ woken_by: wokenBy }, observed);
  }

  cancelledFor(reason: string, count = 1): void {
    this.cancelled.inc({ reason }, count);
  }
}
