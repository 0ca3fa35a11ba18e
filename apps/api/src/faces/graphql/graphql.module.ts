import { ApolloDriver, type ApolloDriverConfig } from '@nestjs/apollo';
import { Module } from '@nestjs/common';
import { GraphQLModule } from '@nestjs/graphql';
import { graphqlAccess } from './graphql-access.plugin';
import { AccessModule } from '../../platform/access/access.module';
import { type SocketConnection, SocketAccess } from '../../platform/access/socket-access';
import { ClustersModule } from '../../features/clusters/clusters.module';
import { stringifyExactly } from '../../http/edge/exact-json';
import { ImpactModule } from '../../features/impact/impact.module';
import { DrainModule } from '../../features/drain/drain.module';
import { HeadroomModule } from '../../features/headroom/headroom.module';
import { RemovalSweepModule } from '../../features/removal-sweep/removal-sweep.module';
import { NodesModule } from '../../features/nodes/nodes.module';
import { PlacementModule } from '../../features/placement/placement.module';
import { PodsModule } from '../../features/pods/pods.module';
import { TaintsModule } from '../../features/taints/taints.module';
import { EvictionEventsService } from './eviction-events.service';
import { formatGraphqlError } from './graphql-errors';
import { queryCost } from './query-cost';
import { complexityLimit, depthLimit } from './query-limits';
import { RESOLVERS } from './resolvers';
import { retryAfterOnOutage } from './retry-after-on-outage';
import { subscriptionsOverWebSocketOnly } from './subscriptions-over-ws';
import { socketContext, socketOperationCheck, socketSubscribe } from './socket-operations';
import { GRAPHQL_PATH } from './graphql-path';
import { EdgeModule } from '../../http/edge/edge.module';
import { EvictionsModule } from '../../features/evictions/evictions.module';
import { StoreModule } from '../../store/store.module';

/**
 * POST /graphql (and graphql-ws subscriptions on the same path): a code-first schema whose
 * resolvers call the REST services, so both answer alike. The schema is built in memory; the
 * committed schema.graphql is checked against it by a test (`npm run graphql:schema`).
 */
/**
 * What Nest's graphql-ws server on /graphql is given. Nest spreads it over graphql-ws's useServer
 * options (GqlSubscriptionService), which take `context` and `subscribe` too, though Nest's type
 * names only the hooks: a socket's operations run as its caller, so that a subscription's cluster
 * is checked against its key's (socket-operations.ts).
 */
function socketServer(sockets: SocketAccess) {
  const options = {
    path: GRAPHQL_PATH,
    onConnect: (context: SocketConnection) => sockets.admit(context),
    onSubscribe: socketOperationCheck(sockets),
    onClose: (context: SocketConnection) => sockets.closed(context.extra),
    context: socketContext,
    subscribe: socketSubscribe(sockets),
  };
  return options;
}

@Module({
  imports: [
    StoreModule,
    EvictionsModule,
    EdgeModule,
    GraphQLModule.forRootAsync<ApolloDriverConfig>({
      driver: ApolloDriver,
      imports: [AccessModule],
      inject: [SocketAccess],
      useFactory: (sockets: SocketAccess): ApolloDriverConfig => ({
        path: GRAPHQL_PATH,
        autoSchemaFile: true,
        sortSchema: true,
        // The classic playground plugin wants Apollo Server 4; Apollo's own landing page serves GET /graphql.
        playground: false,
        introspection: true,
        // Nest would turn our HttpExceptions into its own codes; formatGraphqlError keeps the REST details.
        autoTransformHttpErrors: false,
        formatError: formatGraphqlError,
        // Apollo's default is JSON.stringify, which throws on the bigints a JSON field may hold
        // (an integer beyond 2^53 a client sent, e.g. a pod's tolerationSeconds).
        stringifyResult: (result) => `${stringifyExactly(result)}\n`,
        includeStacktraceInErrorResponses: false,
        validationRules: [depthLimit(), complexityLimit()],
        // Mutations need the operator role or more (the access hook let /graphql in as a viewer);
        // then the operation's estimated cost, lists counted by their items (query-cost.ts).
        plugins: [subscriptionsOverWebSocketOnly, graphqlAccess, queryCost, retryAfterOnOutage],
        // Nest attaches a ws server to fastify's HTTP server for these (GqlSubscriptionService).
        // A socket is admitted by its Origin and the key in connection_init (socket-access.ts).
        // Each operation on it is then checked as HTTP's are: subscriptions only, every root field authorized (socket-operations.ts).
        subscriptions: { 'graphql-ws': socketServer(sockets) },
      }),
    }),
    ClustersModule,
    NodesModule,
    TaintsModule,
    PodsModule,
    PlacementModule,
    ImpactModule,
    DrainModule,
    HeadroomModule,
    RemovalSweepModule,
  ],
  providers: [...RESOLVERS, EvictionEventsService],
  exports: [EvictionEventsService],
})
export class GraphqlModule {}
