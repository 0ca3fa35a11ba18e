import { Controller, Delete, Get, Put, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { ListChunking } from '@taintgate/domain';
import { Command } from '../edge/commands';
import { ListQueries, streamedList } from '../edge/list-answers';
import { clusterName, listClusters } from './cluster-commands';
import { ClustersService } from './clusters.service';
import { Access } from '../auth/route-access';

@ApiTags('clusters')
@Controller('v1/clusters')
export class ClustersController {
  constructor(private readonly clusters: ClustersService) {}

  @Get()
  @ApiOperation({ summary: 'List the clusters (ClusterList) by name, each with how many nodes and pods it holds, a page at a time' })
  @ListQueries()
  async list(@Command(listClusters) chunking: ListChunking) {
    return streamedList(await this.clusters.list(chunking));
  }

  @Get(':cluster')
  @ApiOperation({ summary: 'Read a cluster' })
  get(@Command(clusterName) name: string) {
    return this.clusters.get(name);
  }

  @Put(':cluster')
  @ApiOperation({ summary: 'Create a cluster (201), or read the one there is (200); its first write creates it as well' })
  async put(@Command(clusterName) name: string, @Res({ passthrough: true }) reply: FastifyReply) {
    const { cluster, created } = await this.clusters.create(name);
    reply.status(created ? 201 : 200);
    return cluster;
  }

  @Delete(':cluster')
  @Access('admin')
  @ApiOperation({ summary: 'Delete a cluster and everything in it; answers what it held. The default cluster may not be deleted' })
  remove(@Command(clusterName) name: string) {
    return this.clusters.remove(name);
  }
}
