import { Module } from '@nestjs/common';
import { ClustersController } from './clusters.controller';
import { ClustersService } from './clusters.service';
import { StoreModule } from '../../store/store.module';
import { EdgeModule } from '../../http/edge/edge.module';

/** /v1/clusters: create, list and delete the clusters; every other path serves one of them. */
@Module({
  imports: [EdgeModule, StoreModule],
  controllers: [ClustersController],
  providers: [ClustersService],
  exports: [ClustersService],
})
export class ClustersModule {}
