import { Module } from '@nestjs/common';
import { EdgeModule } from '../../http/edge/edge.module';
import { StoreModule } from '../../store/store.module';
import { TwinObjectsController } from './twin-objects.controller';
import { TwinObjectsService } from './twin-objects.service';

/**
 * /v1/namespaces, /v1/persistentvolumes, /v1/persistentvolumeclaims, /v1/storageclasses,
 * /v1/csinodes, /v1/poddisruptionbudgets: the other kinds the twin keeps, as imported.
 */
@Module({
  imports: [EdgeModule, StoreModule],
  controllers: [TwinObjectsController],
  providers: [TwinObjectsService],
  exports: [TwinObjectsService],
})
export class TwinObjectsModule {}
