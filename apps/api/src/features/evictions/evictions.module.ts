import { Module } from '@nestjs/common';
import { TaintEvictionModule } from '../../control-loops/taint-eviction/taint-eviction.module';
import { EdgeModule } from '../../http/edge/edge.module';
import { StoreModule } from '../../store/store.module';
import { EvictionsController } from './evictions.controller';
import { EvictionsService } from './evictions.service';

/** The evictions, read: GET /v1/evictions (scheduled, done, cancelled), for REST, chat and GraphQL. */
@Module({
  imports: [StoreModule, EdgeModule, TaintEvictionModule],
  controllers: [EvictionsController],
  providers: [EvictionsService],
  exports: [EvictionsService],
})
export class EvictionsModule {}
