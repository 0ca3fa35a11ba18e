import { Global, Module } from '@nestjs/common';
import { ClusterSnapshot } from './cluster-snapshot';
import { ClusterWriter } from './cluster-writer';
import { NodeStore } from './node-store';
import { PodStore } from './pod-store';

/**
 * The stored cluster: the one way to write it (ClusterWriter and its WriteContext), the stores
 * that own the node, taint and pod tables, and the one way to read it (ClusterSnapshot).
 */
@Global()
@Module({
  providers: [ClusterWriter, ClusterSnapshot, NodeStore, PodStore],
  exports: [ClusterWriter, ClusterSnapshot, NodeStore, PodStore],
})
export class ClusterModule {}
