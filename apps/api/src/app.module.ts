import { Module } from '@nestjs/common';
import { NodeLifecycleModule } from './control-loops/node-lifecycle/node-lifecycle.module';
import { PodGcModule } from './control-loops/pod-gc/pod-gc.module';
import { RetentionModule } from './control-loops/retention/retention.module';
import { SchedulingEventsModule } from './control-loops/scheduling-events/scheduling-events.module';
import { TaintEvictionModule } from './control-loops/taint-eviction/taint-eviction.module';
import { TerminationsModule } from './control-loops/terminations/terminations.module';
import { WebhookDeliveryModule } from './control-loops/webhook-delivery/webhook-delivery.module';
import { GraphqlModule } from './faces/graphql/graphql.module';
import { KubeApiModule } from './faces/kube-api/kube-api.module';
import { ApiKeysModule } from './features/api-keys/api-keys.module';
import { AuditModule } from './features/audit/audit.module';
import { ClustersModule } from './features/clusters/clusters.module';
import { EvictionsModule } from './features/evictions/evictions.module';
import { HealthModule } from './features/health/health.module';
import { ImpactModule } from './features/impact/impact.module';
import { DrainModule } from './features/drain/drain.module';
import { HeadroomModule } from './features/headroom/headroom.module';
import { RemovalSweepModule } from './features/removal-sweep/removal-sweep.module';
import { ImportModule } from './features/import/import.module';
import { MirrorSyncModule } from './features/mirror-sync/mirror-sync.module';
import { MetricsEndpointModule } from './features/metrics/metrics-endpoint.module';
import { NodesModule } from './features/nodes/nodes.module';
import { PlacementModule } from './features/placement/placement.module';
import { PodsModule } from './features/pods/pods.module';
import { TaintsModule } from './features/taints/taints.module';
import { TwinObjectsModule } from './features/twin-objects/twin-objects.module';
import { WebhooksModule } from './features/webhooks/webhooks.module';
import { AccessModule } from './platform/access/access.module';
import { ConfigModule } from './platform/config/config.module';
import { DatabaseModule } from './platform/database/database.module';

/**
 * The application: the two global modules (configuration and the database), then one module per
 * control loop, feature and face, tier by tier (docs/architecture.md). Each imports what it uses
 * from the tiers below it; none is global.
 */
@Module({
  imports: [
    ConfigModule,
    DatabaseModule,
    AccessModule,
    TaintEvictionModule,
    NodeLifecycleModule,
    PodGcModule,
    TerminationsModule,
    RetentionModule,
    SchedulingEventsModule,
    WebhookDeliveryModule,
    ApiKeysModule,
    AuditModule,
    ClustersModule,
    EvictionsModule,
    HealthModule,
    ImpactModule,
    DrainModule,
    HeadroomModule,
    RemovalSweepModule,
    ImportModule,
    MirrorSyncModule,
    MetricsEndpointModule,
    NodesModule,
    PlacementModule,
    PodsModule,
    TaintsModule,
    TwinObjectsModule,
    WebhooksModule,
    GraphqlModule,
    KubeApiModule,
  ],
})
export class AppModule {}
