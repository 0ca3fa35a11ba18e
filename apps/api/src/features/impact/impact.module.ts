import { Module } from '@nestjs/common';
import { ImpactController } from './impact.controller';
import { ImpactService } from './impact.service';
import { StoreModule } from '../../store/store.module';
import { MetricsModule } from '../../platform/metrics/metrics.module';
import { EdgeModule } from '../../http/edge/edge.module';

/** /v1/taint-impact: the consequences of a taint, computed, never applied. */
@Module({
  imports: [EdgeModule, MetricsModule, StoreModule],
  controllers: [ImpactController],
  providers: [ImpactService],
  exports: [ImpactService],
})
export class ImpactModule {}
