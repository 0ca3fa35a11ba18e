import { Global, Module } from '@nestjs/common';
import { ClusterDirectory } from './cluster-directory';
import { ClusterSnapshots } from './cluster-snapshots';
import { ClusterWriter } from './cluster-writer';
import { EventStore } from './event-store';
import { NodeStore } from './node-store';
import { PodStore } from './pod-store';

/**
 * The stored cluster: the one way to write it (ClusterWriter and its WriteContext), the stores
 * that own the node, taint, pod and event tables of every cluster, and the one way to read it (ClusterSnapshots), per cluster.
 */
@Global()
@Module({
  providers: [ClusterDirectory, ClusterWriter, ClusterSnapshots, NodeStore, PodStore, EventStore],
  exports: [ClusterDirectory, ClusterWriter, ClusterSnapshots, NodeStore, PodStore, EventStore],
})
export class ClusterModule {}
