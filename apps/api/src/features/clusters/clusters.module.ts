import { Module } from '@nestjs/common';
import { ClustersController } from './clusters.controller';
import { ClustersService } from './clusters.service';
import { StoreModule } from '../../store/store.module';
import { EdgeModule } from '../../http/edge/edge.module';
import { TaintEvictionModule } from '../../control-loops/taint-eviction/taint-eviction.module';
import { SecretsModule } from '../../platform/secrets/secrets.module';
import { ClusterSpecs } from './cluster-specs';

/** /v1/clusters: create, list and delete the clusters, and set their mode; every other path serves one of them. */
@Module({
  imports: [EdgeModule, StoreModule, TaintEvictionModule, SecretsModule],
  controllers: [ClustersController],
  providers: [ClustersService, ClusterSpecs],
  exports: [ClustersService],
})
export class ClustersModule {}
