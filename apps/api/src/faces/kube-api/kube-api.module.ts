import { Module } from '@nestjs/common';
import { EventsModule } from '../../features/events/events.module';
import { NodesModule } from '../../features/nodes/nodes.module';
import { PodsModule } from '../../features/pods/pods.module';
import { WatchModule } from './watch/watch.module';
import { DiscoveryController } from './discovery.controller';
import { KubeEventsController } from './kube-events.controller';
import { KubeLeasesController } from './kube-leases.controller';
import { KubeNamespacesController } from './kube-namespaces.controller';
import { KubeNodesController } from './kube-nodes.controller';
import { KubePodsController } from './kube-pods.controller';
import { OpenApiController } from './openapi.controller';
import { EdgeModule } from '../../http/edge/edge.module';

/**
 * The Kubernetes API that kubectl speaks (core/v1 nodes, pods, namespaces, events; discovery; the
 * OpenAPI documents; watches of nodes and pods), at
 * / for the default cluster and /clusters/{cluster} for another. A face like REST and GraphQL: it
 * parses at the edge and calls the same services.
 */
@Module({
  imports: [EdgeModule, NodesModule, PodsModule, EventsModule, WatchModule],
  controllers: [
    DiscoveryController,
    KubeNodesController,
    KubePodsController,
    KubeNamespacesController,
    KubeEventsController,
    KubeLeasesController,
    OpenApiController,
  ],
})
export class KubeApiModule {}
