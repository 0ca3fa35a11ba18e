import { Global, Module } from '@nestjs/common';
import { ClusterSnapshot } from './cluster-snapshot';
import { ClusterWriter } from './cluster-writer';
import { EventStore } from './event-store';
import { NodeStore } from './node-store';
import { PodStore } from './pod-store';

/**
 * The stored cluster: the one way to write it (ClusterWriter and its WriteContext), the stores
 * that own the node, taint, pod and event tables, and the one way to read it (ClusterSnapshot).
 */
@Global()
@Module({
  providers: [ClusterWriter, ClusterSnapshot, NodeStore, PodStore, EventStore],
  exports: [ClusterWriter, ClusterSnapshot, NodeStore, PodStore, EventStore],
})
export class ClusterModule {}
