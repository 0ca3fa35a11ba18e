import { Module } from '@nestjs/common';
import { PlacementController } from './placement.controller';
import { PlacementService } from './placement.service';
import { StoreModule } from '../../store/store.module';
import { MetricsModule } from '../../platform/metrics/metrics.module';
import { EdgeModule } from '../../http/edge/edge.module';

/** /v1/placement: where a pod can go, and why not elsewhere. */
@Module({
  imports: [EdgeModule, MetricsModule, StoreModule],
  controllers: [PlacementController],
  providers: [PlacementService],
  exports: [PlacementService],
})
export class PlacementModule {}
