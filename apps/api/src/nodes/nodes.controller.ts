import { Body, Controller, Delete, Get, Param, Put, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { NodesService } from './nodes.service';

@ApiTags('nodes')
@Controller('v1/nodes')
export class NodesController {
  constructor(private readonly nodes: NodesService) {}

  @Get()
  @ApiOperation({ summary: 'List nodes (NodeList), optionally by ?labelSelector= in kubectl syntax' })
  list(@Query('labelSelector') labelSelector?: string) {
    return this.nodes.list(labelSelector);
  }

  @Get(':name')
  @ApiOperation({ summary: 'Read a node' })
  get(@Param('name') name: string) {
    return this.nodes.get(name);
  }

  @Put(':name')
  @ApiOperation({ summary: 'Create (201) or replace (200) a node; kubectl get node -o json output is accepted as it is' })
  async put(@Param('name') name: string, @Body() body: unknown, @Res({ passthrough: true }) reply: FastifyReply) {
    const { node, created } = await this.nodes.upsert(name, body);
    reply.status(created ? 201 : 200);
    return node;
  }

  @Delete(':name')
  @ApiOperation({ summary: 'Delete a node and its taints; answers the deleted node' })
  remove(@Param('name') name: string) {
    return this.nodes.remove(name);
  }
}
