import { Module } from '@nestjs/common';
import { StoreModule } from '../../store/store.module';
import { EdgeModule } from '../../http/edge/edge.module';
import { RemovalSweepController } from './removal-sweep.controller';
import { RemovalSweepJobs } from './removal-sweep-jobs';
import { RemovalSweepService } from './removal-sweep.service';
import { RemovalSweepStore } from './removal-sweep-store';

/** /v1/removal-sweep: every node judged for removal, as a job on worker threads; nothing is changed. */
@Module({
  imports: [EdgeModule, StoreModule],
  controllers: [RemovalSweepController],
  providers: [RemovalSweepService, RemovalSweepStore, RemovalSweepJobs],
  exports: [RemovalSweepService],
})
export class RemovalSweepModule {}
