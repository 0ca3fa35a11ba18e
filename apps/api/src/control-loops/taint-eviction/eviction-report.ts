import { Injectable, Logger } from '@nestjs/common';
import { taintToString } from '@taintgate/domain';
import { EvictionMetrics, type WokenBy } from '../../platform/metrics/eviction-metrics';
import type { EvictionOutcome, ExecutedEviction } from '../../store/evictions/eviction-outcome';
import { taintOfEviction } from '../../store/evictions/eviction-records';

/**
 * What the taint eviction controller carried out, told once its write has committed (a write
 * rolled back evicted no one): a log line per eviction executed or cancelled, and the metrics
 * (upstream's deletions and their latency, how late deadlines were met, cancellations by reason).
 */
@Injectable()
export class EvictionReport {
  private readonly logger = new Logger('TaintEvictionController');

  constructor(private readonly metrics: EvictionMetrics) {}

  /**
   * `decidedAt`: the write's `now`, when pods evicted at once were decided (their eviction's time
   * came then); a deadline's time is its `scheduledFor`. Lateness runs to now, the commit.
   */
  committed(cluster: string, outcome: EvictionOutcome, executed: readonly ExecutedEviction[], decidedAt: number, wokenBy: WokenBy | undefined): void {
    const now = Date.now();
    const deadlines = new Map(outcome.due.map(({ row }) => [row.id, row.scheduledFor.getTime()]));
    for (const { pod, evictionId, nodeName, taint } of executed) {
      const deadline = deadlines.get(evictionId);
      const latenessMs = now - (deadline ?? decidedAt);
      this.metrics.deleted(latenessMs / 1000, deadline === undefined ? undefined : wokenBy);
      this.logger.log({
        msg: 'eviction executed',
        cluster,
        pod: `${pod.metadata.namespace ?? 'default'}/${pod.metadata.name}`,
        node: nodeName,
        taint: taintToString(taint),
        evictionId: String(evictionId),
        latenessMs,
        wokenBy: deadline === undefined ? 'write' : (wokenBy ?? 'write'),
      });
    }
    for (const { row, reason } of outcome.cancelled) {
      this.metrics.cancelledFor(reason);
      this.logger.log({
        msg: 'eviction cancelled',
        cluster,
        pod: `${row.podNamespace}/${row.podName}`,
        node: row.nodeName,
        taint: taintToString(taintOfEviction(row)),
        evictionId: String(row.id),
        reason,
        scheduledFor: row.scheduledFor.toISOString(),
      });
    }
  }
}
