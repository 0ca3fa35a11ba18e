import { Module } from '@nestjs/common';
import { DrainController } from './drain.controller';
import { DrainService } from './drain.service';
import { StoreModule } from '../../store/store.module';
import { EdgeModule } from '../../http/edge/edge.module';

/** /v1/drain-impact: what a drain would do and where its pods would go, computed, never applied. */
@Module({
  imports: [EdgeModule, StoreModule],
  controllers: [DrainController],
  providers: [DrainService],
  exports: [DrainService],
})
export class DrainModule {}
