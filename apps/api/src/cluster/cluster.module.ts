import { Global, Module } from '@nestjs/common';
import { ClusterSnapshot } from './cluster-snapshot';
import { ClusterWriter } from './cluster-writer';

/** The stored cluster: the one way to write it (ClusterWriter) and to read it (ClusterSnapshot). */
@Global()
@Module({
  providers: [ClusterWriter, ClusterSnapshot],
  exports: [ClusterWriter, ClusterSnapshot],
})
export class ClusterModule {}
