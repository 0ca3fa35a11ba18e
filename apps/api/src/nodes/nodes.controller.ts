import { Controller, Delete, Get, HttpCode, Post, Put, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Command } from '../edge/commands';
import { type ListNodesCommand, type UpsertNodeCommand, listNodes, nodeName, upsertNode } from './node-commands';
import { NodesService } from './nodes.service';

@ApiTags('nodes')
@Controller('v1/nodes')
export class NodesController {
  constructor(private readonly nodes: NodesService) {}

  @Get()
  @ApiOperation({ summary: 'List nodes (NodeList), optionally by ?labelSelector= in kubectl syntax' })
  list(@Command(listNodes) command: ListNodesCommand) {
    return this.nodes.list(command);
  }

  @Get(':name')
  @ApiOperation({ summary: 'Read a node' })
  get(@Command(nodeName) name: string) {
    return this.nodes.get(name);
  }

  @Put(':name')
  @ApiOperation({ summary: 'Create (201) or replace (200) a node; kubectl get node -o json output is accepted as it is' })
  async put(@Command(upsertNode) command: UpsertNodeCommand, @Res({ passthrough: true }) reply: FastifyReply) {
    const { node, created } = await this.nodes.upsert(command);
    reply.status(created ? 201 : 200);
    return node;
  }

  @Post(':name/cordon')
  @HttpCode(200)
  @ApiOperation({ summary: 'kubectl cordon: spec.unschedulable and the unschedulable NoSchedule taint; answers the node' })
  cordon(@Command(nodeName) name: string) {
    return this.nodes.setUnschedulable(name, true);
  }

  @Post(':name/uncordon')
  @HttpCode(200)
  @ApiOperation({ summary: 'kubectl uncordon; answers the node' })
  uncordon(@Command(nodeName) name: string) {
    return this.nodes.setUnschedulable(name, false);
  }

  @Delete(':name')
  @ApiOperation({ summary: 'Delete a node and its taints; answers the deleted node' })
  remove(@Command(nodeName) name: string) {
    return this.nodes.remove(name);
  }
}
