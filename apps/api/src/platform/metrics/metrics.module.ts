import { Module } from '@nestjs/common';
import { EvictionMetrics } from './eviction-metrics';
import { HttpMetrics } from './http-metrics';
import { ImportMetrics } from './import-metrics';
import { MetricsRegistry } from './metrics-registry';
import { SnapshotMetrics } from './snapshot-metrics';
import { WhatIfMetrics } from './what-if-metrics';

/**
 * The series taintgate records, one registry per application: what the features count as they
 * work (evictions, answers, placements and impacts, snapshot loads, imports) and the process's
 * own. Modules that record import it; GET /metrics and the gauges read at scrape time are a
 * feature (features/metrics/).
 */
@Module({
  providers: [MetricsRegistry, EvictionMetrics, HttpMetrics, WhatIfMetrics, SnapshotMetrics, ImportMetrics],
  exports: [MetricsRegistry, EvictionMetrics, HttpMetrics, WhatIfMetrics, SnapshotMetrics, ImportMetrics],
})
export class MetricsModule {}
