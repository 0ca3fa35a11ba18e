import { Module } from '@nestjs/common';
import { AuditModule } from './audit/audit.module';
import { AuthModule } from './auth/auth.module';
import { ClusterModule } from './cluster/cluster.module';
import { ClustersModule } from './clusters/clusters.module';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { EdgeModule } from './edge/edge.module';
import { EvictionsModule } from './evictions/evictions.module';
import { GraphqlModule } from './graphql/graphql.module';
import { HealthModule } from './health/health.module';
import { ImpactModule } from './impact/impact.module';
import { ImportModule } from './import/import.module';
import { KubeApiModule } from './kube-api/kube-api.module';
import { MetricsModule } from './metrics/metrics.module';
import { NodeLifecycleModule } from './node-lifecycle/node-lifecycle.module';
import { NodesModule } from './nodes/nodes.module';
import { PlacementModule } from './placement/placement.module';
import { PodGcModule } from './pod-gc/pod-gc.module';
import { PodsModule } from './pods/pods.module';
import { RetentionModule } from './retention/retention.module';
import { TaintsModule } from './taints/taints.module';
import { TerminationsModule } from './terminations/terminations.module';
import { WebhooksModule } from './webhooks/webhooks.module';

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
