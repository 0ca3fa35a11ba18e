import { Args, Field, Int, Mutation, ObjectType, Query, Resolver } from '@nestjs/graphql';
import { clusterName, listClusters } from '../../http/scope/cluster-commands';
import { ClustersService, type clusterObject } from '../../features/clusters/clusters.service';
import { Commands } from '../../http/edge/commands';
import { PAGE_ITEMS, listCost } from './query-cost';
import { ContinueArg, LimitArg } from './list-args';
import { ListMetaType } from './types/list-meta.types';

@ObjectType('Cluster', { description: 'A cluster taintgate keeps a twin of; every query and mutation takes its name as `cluster`.' })
class ClusterType {
  @Field() name!: string;
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

const clusterView = ({ metadata, status }: ReturnType<typeof clusterObject>): ClusterType => ({ ...metadata, ...status });

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

  @Mutation(() => ClusterType, { description: 'Create a cluster, or answer the one there is (PUT /v1/clusters/{name}).' })
  async createCluster(@Args('name') name: string) {
    return clusterView((await this.clusters.create(this.commands.parse(clusterName, { cluster: name }))).cluster);
  }

  @Mutation(() => ClusterType, { description: 'Delete a cluster and everything in it; FORBIDDEN for the default cluster.' })
  async deleteCluster(@Args('name') name: string) {
    return clusterView(await this.clusters.remove(this.commands.parse(clusterName, { cluster: name })));
  }
}
