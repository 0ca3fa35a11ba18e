import { Args, Field, Int, Mutation, ObjectType, Query, Resolver } from '@nestjs/graphql';
import { clusterName, listClusters } from '../../http/scope/cluster-commands';
import { ClustersService } from '../../features/clusters/clusters.service';
import type { ClusterObject } from '../../features/clusters/cluster-view';
import { putCluster } from '../../features/clusters/cluster-put';
import { GraphQLJSON } from './json.scalar';
import { Commands } from '../../http/edge/commands';
import { PAGE_ITEMS, listCost } from './query-cost';
import { ContinueArg, LimitArg } from './list-args';
import { ListMetaType } from './types/list-meta.types';

@ObjectType('ClusterSource', { description: "A mirror's source API server; its credentials are never answered, only which kind is held." })
class ClusterSourceType {
  @Field() server!: string;
  @Field(() => String, { nullable: true, description: 'PEM root certificates, base64' }) caData?: string;
  @Field() insecureSkipTLSVerify!: boolean;
  @Field(() => String, { nullable: true, description: 'the kubeconfig context it was read from' }) context?: string;
  @Field({ description: 'token, clientCertificate or none' }) auth!: string;
}

@ObjectType('Cluster', { description: 'A cluster taintgate keeps a twin of; every query and mutation takes its name as `cluster`.' })
class ClusterType {
  @Field() name!: string;
  @Field({ description: 'managed (taintgate carries NoExecute out) or mirror (a copy of a cluster that runs elsewhere: evictions are predicted)' })
  mode!: string;
  @Field(() => ClusterSourceType, { nullable: true, description: "a mirror's source, when it is synced from one" }) source?: ClusterSourceType;
  @Field({ description: "the cluster's revision: moves with every write to it" }) resourceVersion!: string;
  @Field({ description: 'RFC 3339' }) creationTimestamp!: string;
  @Field(() => Int) nodes!: number;
  @Field(() => Int) pods!: number;
}

@ObjectType('ClusterList', { description: 'A page of clusters, by name (GET /v1/clusters).' })
class ClusterListType {
  @Field(() => ListMetaType) metadata!: ListMetaType;
  @Field(() => [ClusterType]) items!: ClusterType[];
}

const clusterView = ({ metadata, spec, status }: ClusterObject): ClusterType => ({ ...metadata, ...spec, ...status });

/** The calls of /v1/clusters. */
@Resolver(() => ClusterType)
export class ClustersResolver {
  constructor(
    private readonly commands: Commands,
    private readonly clusters: ClustersService,
  ) {}

  @Query(() => [ClusterType], {
    name: 'clusters',
    description: 'The clusters, by name (GET /v1/clusters): one page, 500 by default; clusterList tells where the next starts.',
  })
  async list(@LimitArg() limit?: number | null, @ContinueArg() next?: string | null) {
    return (await this.clusterList(limit, next)).items;
  }

  @Query(() => ClusterListType, { description: 'A page of clusters, by name, with the token of the next page.', complexity: listCost(PAGE_ITEMS) })
  async clusterList(@LimitArg() limit?: number | null, @ContinueArg() next?: string | null) {
    const page = await this.clusters.list(this.commands.parse(listClusters, { limit, continue: next }));
    return { metadata: page.metadata, items: page.items.map(clusterView) };
  }

  @Query(() => ClusterType, { name: 'cluster', description: 'One cluster; NOT_FOUND if there is none.' })
  async get(@Args('name') name: string) {
    return clusterView(await this.clusters.get(this.commands.parse(clusterName, { cluster: name })));
  }

  @Mutation(() => ClusterType, {
    description:
      'Create a cluster, or answer the one there is (PUT /v1/clusters/{name}); with a spec ({mode, source}), set it, as PUT with {"spec": ...}: an admin\'s.',
  })
  async createCluster(@Args('name') name: string, @Args('spec', { type: () => GraphQLJSON, nullable: true }) spec?: unknown) {
    const body = spec === undefined || spec === null ? undefined : { spec };
    return clusterView((await this.clusters.put(this.commands.parse(putCluster, { cluster: name, body }))).cluster);
  }

  @Mutation(() => ClusterType, { description: 'Delete a cluster and everything in it; FORBIDDEN for the default cluster.' })
  async deleteCluster(@Args('name') name: string) {
    return clusterView(await this.clusters.remove(this.commands.parse(clusterName, { cluster: name })));
  }
}
