import { Module } from '@nestjs/common';
import { ClusterDirectory } from './cluster-directory';
import { ClusterSnapshots } from './cluster-snapshots';
import { ClusterWriter } from './cluster-writer';
import { EventStore } from './event-store';
import { NodeStore } from './node-store';
import { EvictionLedger } from './evictions/eviction-ledger';
import { PodStore } from './pod-store';
import { TombstoneStore } from './tombstone-store';
import { TwinObjectStore } from './twin-object-store';
import { ClusterSyncs } from './cluster-syncs';
import { MetricsModule } from '../platform/metrics/metrics.module';

/**
 * The stored cluster: the one way to write it (ClusterWriter and its WriteContext), the stores
 * that own the node, taint, pod, twin object (the other kinds kept), event and tombstone tables of every cluster, and the one way to read it (ClusterSnapshots), per cluster.
 */
@Module({
  imports: [MetricsModule],
  providers: [
    ClusterDirectory,
    ClusterWriter,
    ClusterSnapshots,
    NodeStore,
    PodStore,
    EventStore,
    EvictionLedger,
    TombstoneStore,
    TwinObjectStore,
    ClusterSyncs,
  ],
  exports: [ClusterDirectory, ClusterWriter, ClusterSnapshots, NodeStore, PodStore, EventStore, EvictionLedger, TombstoneStore, TwinObjectStore, ClusterSyncs],
})
export class StoreModule {}
