import { Module } from '@nestjs/common';
import { AuditModule } from './features/audit/audit.module';
import { AuthModule } from './platform/access/access.module';
import { ClusterModule } from './store/cluster.module';
import { ClustersModule } from './features/clusters/clusters.module';
import { ConfigModule } from './platform/config/config.module';
import { DatabaseModule } from './platform/database/database.module';
import { EdgeModule } from './http/edge/edge.module';
import { EvictionsModule } from './features/evictions/evictions.module';
import { GraphqlModule } from './faces/graphql/graphql.module';
import { HealthModule } from './features/health/health.module';
import { ImpactModule } from './features/impact/impact.module';
import { ImportModule } from './features/import/import.module';
import { KubeApiModule } from './faces/kube-api/kube-api.module';
import { MetricsModule } from './platform/metrics/metrics.module';
import { NodeLifecycleModule } from './control-loops/node-lifecycle/node-lifecycle.module';
import { NodesModule } from './features/nodes/nodes.module';
import { PlacementModule } from './features/placement/placement.module';
import { PodGcModule } from './control-loops/pod-gc/pod-gc.module';
import { PodsModule } from './features/pods/pods.module';
import { RetentionModule } from './control-loops/retention/retention.module';
import { TaintsModule } from './features/taints/taints.module';
import { TerminationsModule } from './control-loops/terminations/terminations.module';
import { WebhooksModule } from './features/webhooks/webhooks.module';

/** The application: one imported module per feature (docs/architecture.md). */
@Module({
  imports: [
    ConfigModule,
    DatabaseModule,
    MetricsModule,
    AuthModule,
    AuditModule,
    EdgeModule,
    ClusterModule,
    ClustersModule,
    EvictionsModule,
    HealthModule,
    NodesModule,
    NodeLifecycleModule,
    TaintsModule,
    PodsModule,
    PodGcModule,
    TerminationsModule,
    ImportModule,
    PlacementModule,
    ImpactModule,
    GraphqlModule,
    KubeApiModule,
    RetentionModule,
    WebhooksModule,
  ],
})
export class AppModule {}
