import { Args, Field, Int, Mutation, ObjectType, Query, Resolver } from '@nestjs/graphql';
import { clusterName } from '../clusters/cluster-commands';
import { ClustersService, type clusterObject } from '../clusters/clusters.service';
import { Commands } from '../edge/commands';
import { PAGE_ITEMS, listCost } from './query-cost';

@ObjectType('Cluster', { description: 'A cluster taintgate keeps a twin of; every query and mutation takes its name as `cluster`.' })
class ClusterType {
  @Field() name!: string;
  @Field({ description: "the cluster's revision: moves with every write to it" }) resourceVersion!: string;
  @Field({ description: 'RFC 3339' }) creationTimestamp!: string;
  @Field(() => Int) nodes!: number;
  @Field(() => Int) pods!: number;
}

const clusterView = ({ metadata, status }: ReturnType<typeof clusterObject>): ClusterType => ({ ...metadata, ...status });

/** The calls of /v1/clusters. */
@Resolver(() => ClusterType)
export class ClustersResolver {
  constructor(
    private readonly commands: Commands,
    private readonly clusters: ClustersService,
  ) {}

  @Query(() => [ClusterType], { name: 'clusters', description: 'Every cluster, by name (GET /v1/clusters).', complexity: listCost(PAGE_ITEMS) })
  async list() {
    return (await this.clusters.list()).items.map(clusterView);
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
