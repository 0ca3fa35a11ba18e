import { Module } from '@nestjs/common';
import { EvictionsModule } from '../evictions/evictions.module';
import { ImportController } from './import.controller';
import { ImportService } from './import.service';
import { ImportWrites } from './import-batches';
import { ImportStore } from './import-store';
import { StoreModule } from '../../store/store.module';
import { TaintEvictionModule } from '../../control-loops/taint-eviction/taint-eviction.module';
import { MetricsModule } from '../../platform/metrics/metrics.module';
import { EdgeModule } from '../../http/edge/edge.module';

/** /v1/import: a cluster brought in, or kept current, from what kubectl prints. */
@Module({
  imports: [EdgeModule, MetricsModule, TaintEvictionModule, StoreModule, EvictionsModule],
  controllers: [ImportController],
  providers: [ImportService, ImportWrites, ImportStore],
  exports: [ImportService, ImportWrites],
})
export class ImportModule {}
