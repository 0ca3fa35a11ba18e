import { Global, Module } from '@nestjs/common';
import { EvictionBacklogGauges } from '../../features/metrics/eviction-backlog-gauges';
import { EvictionMetrics } from './eviction-metrics';
import { HttpMetrics } from './http-metrics';
import { ImportMetrics } from './import-metrics';
import { MetricsController } from '../../features/metrics/metrics.controller';
import { MetricsRegistry } from './metrics-registry';
import { SnapshotLagGauge } from '../../features/metrics/snapshot-lag-gauge';
import { SnapshotMetrics } from './snapshot-metrics';
import { WhatIfMetrics } from './what-if-metrics';

/**
 * GET /metrics and the series behind it, one registry per application: what the features count
 * as they work (evictions, answers, placements and impacts, snapshot loads, imports), what is read
 * at scrape time (evictions waiting, the queue, snapshot lag), and the process's own. Global: the
 * features record into the recorders they are given; the gauges read through the stores.
 */
@Global()
@Module({
  controllers: [MetricsController],
  providers: [MetricsRegistry, EvictionMetrics, HttpMetrics, WhatIfMetrics, SnapshotMetrics, ImportMetrics, EvictionBacklogGauges, SnapshotLagGauge],
  exports: [EvictionMetrics, HttpMetrics, WhatIfMetrics, SnapshotMetrics, ImportMetrics],
})
export class MetricsModule {}
