import { Controller, Delete, Get, Put, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { ListChunking } from '@taintgate/domain';
import { Command } from '../../http/edge/commands';
import { ListQueries, streamedList } from '../../http/edge/list-answers';
import { clusterName, listClusters } from '../../http/scope/cluster-commands';
import { ClustersService } from './clusters.service';
import { type PutClusterCommand, putCluster } from './cluster-put';
import { Access } from '../../platform/access/route-access';
import { Answers, Fails, GuardedOperations, JsonBody } from '../../http/operation-docs/operation-docs';

@ApiTags('clusters')
@GuardedOperations()
@Controller('v1/clusters')
export class ClustersController {
  constructor(private readonly clusters: ClustersService) {}

  @Get()
  @ApiOperation({ summary: 'List the clusters (ClusterList) by name, each with how many nodes and pods it holds, a page at a time' })
  @ListQueries()
  @Answers(200, 'a page of the clusters', 'ClusterList')
  @Fails(400, 410)
  async list(@Command(listClusters) chunking: ListChunking) {
    return streamedList(await this.clusters.list(chunking));
  }

  @Get(':cluster')
  @ApiOperation({ summary: 'Read a cluster' })
  @Answers(200, 'the cluster', 'Cluster')
  @Fails(400, 404)
  get(@Command(clusterName) name: string) {
    return this.clusters.get(name);
  }

  @Put(':cluster')
  @ApiOperation({
    summary:
      'Create a cluster (201), or read the one there is (200); its first write creates it as well. With a body ({"spec": {"mode": "managed"|"mirror", "source"?: ...}} or the Cluster object), sets its spec: an admin\'s',
  })
  @JsonBody('ClusterPut', { required: false, description: 'none, {"spec": ...}, or the Cluster object: sets the spec (an admin\'s)' })
  @Answers(200, 'the cluster there was (its spec as given)', 'Cluster')
  @Answers(201, 'the cluster created', 'Cluster')
  @Fails(400, 403)
  async put(@Command(putCluster) command: PutClusterCommand, @Res({ passthrough: true }) reply: FastifyReply) {
    const { cluster, created } = await this.clusters.put(command);
    reply.status(created ? 201 : 200);
    return cluster;
  }

  @Delete(':cluster')
  @Access('admin')
  @ApiOperation({ summary: 'Delete a cluster and everything in it; answers what it held. The default cluster may not be deleted' })
  @Answers(200, 'the deleted cluster, with what it held', 'Cluster')
  @Fails(400, 404)
  remove(@Command(clusterName) name: string) {
    return this.clusters.remove(name);
  }
}
