import { Module } from '@nestjs/common';
import { TaintEvictionModule } from '../../control-loops/taint-eviction/taint-eviction.module';
import { MetricsModule } from '../../platform/metrics/metrics.module';
import { StoreModule } from '../../store/store.module';
import { EvictionBacklogGauges } from './eviction-backlog-gauges';
import { MetricsController } from './metrics.controller';
import { SnapshotBytesGauge } from './snapshot-bytes-gauge';
import { SnapshotLagGauge } from './snapshot-lag-gauge';
import { MirrorSyncGauges } from './mirror-sync-gauges';

/**
 * GET /metrics: the registry's series in Prometheus' text, with what is read at scrape time
 * (evictions waiting, the queue, snapshot lag, mirrors' syncs).
 */
@Module({
  imports: [MetricsModule, StoreModule, TaintEvictionModule],
  controllers: [MetricsController],
  providers: [EvictionBacklogGauges, SnapshotLagGauge, SnapshotBytesGauge, MirrorSyncGauges],
})
export class MetricsEndpointModule {}
