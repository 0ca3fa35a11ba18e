import { Module } from '@nestjs/common';
import { EventsModule } from '../../features/events/events.module';
import { NodesModule } from '../../features/nodes/nodes.module';
import { PodsModule } from '../../features/pods/pods.module';
import { TwinObjectsModule } from '../../features/twin-objects/twin-objects.module';
import { WatchModule } from './watch/watch.module';
import { AccessReviewsModule } from '../../features/access-reviews/access-reviews.module';
import { KubeAccessReviewsController } from './kube-access-reviews.controller';
import { DiscoveryController } from './discovery.controller';
import { KubeEventsController } from './kube-events.controller';
import { KubeLeasesController } from './kube-leases.controller';
import { KubeNamespacesController } from './kube-namespaces.controller';
import { KubeNodesController } from './kube-nodes.controller';
import { KubePodsController } from './kube-pods.controller';
import { KubePolicyController } from './kube-policy.controller';
import { KubeStorageController } from './kube-storage.controller';
import { KubeUnknownController } from './kube-unknown.controller';
import { OpenApiController } from './openapi.controller';
import { EdgeModule } from '../../http/edge/edge.module';

/**
 * The Kubernetes API that kubectl speaks (core/v1 nodes, pods, namespaces, events, persistentvolumes
 * and persistentvolumeclaims; storage.k8s.io/v1 storageclasses and csinodes; policy/v1
 * poddisruptionbudgets; discovery; the OpenAPI documents; watches of nodes, pods, the storage kinds
 * and the budgets; `kubectl auth can-i` and `whoami`), at
 * / for the default cluster and /clusters/{cluster} for another. A face like REST and GraphQL: it
 * parses at the edge and calls the same services.
 */
@Module({
  imports: [EdgeModule, NodesModule, PodsModule, TwinObjectsModule, EventsModule, WatchModule, AccessReviewsModule],
  controllers: [
    DiscoveryController,
    KubeNodesController,
    KubePodsController,
    KubeNamespacesController,
    KubeStorageController,
    KubePolicyController,
    KubeEventsController,
    KubeLeasesController,
    KubeAccessReviewsController,
    OpenApiController,
    // Last: the paths no other controller serves.
    KubeUnknownController,
  ],
})
export class KubeApiModule {}
