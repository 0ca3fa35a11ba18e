import { Module } from '@nestjs/common';
import { HeadroomController } from './headroom.controller';
import { HeadroomService } from './headroom.service';
import { StoreModule } from '../../store/store.module';
import { EdgeModule } from '../../http/edge/edge.module';

/** /v1/headroom: how many more copies of a pod fit, computed, never applied. */
@Module({
  imports: [EdgeModule, StoreModule],
  controllers: [HeadroomController],
  providers: [HeadroomService],
  exports: [HeadroomService],
})
export class HeadroomModule {}
