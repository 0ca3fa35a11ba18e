import { Body, Controller, Delete, Get, Param, Put, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { PodsService } from './pods.service';

@ApiTags('pods')
@Controller('v1')
export class PodsController {
  constructor(private readonly pods: PodsService) {}

  @Get('pods')
  @ApiOperation({ summary: 'List pods of every namespace (PodList), by ?nodeName= and ?phase=' })
  @ApiQuery({ name: 'nodeName', required: false })
  @ApiQuery({ name: 'phase', required: false })
  listAll(@Query('nodeName') nodeName?: string, @Query('phase') phase?: string) {
    return this.pods.list({ nodeName, phase });
  }

  @Get('namespaces/:namespace/pods')
  @ApiOperation({ summary: 'List the pods of a namespace, by ?nodeName= and ?phase=' })
  @ApiQuery({ name: 'nodeName', required: false })
  @ApiQuery({ name: 'phase', required: false })
  list(@Param('namespace') namespace: string, @Query('nodeName') nodeName?: string, @Query('phase') phase?: string) {
    return this.pods.list({ namespace, nodeName, phase });
  }

  @Get('namespaces/:namespace/pods/:name')
  @ApiOperation({ summary: 'Read a pod' })
  get(@Param('namespace') namespace: string, @Param('name') name: string) {
    return this.pods.get(namespace, name);
  }

  @Put('namespaces/:namespace/pods/:name')
  @ApiOperation({ summary: 'Create (201) or replace (200) a pod; admission defaults are applied and visible in the answer' })
  async put(
    @Param('namespace') namespace: string,
    @Param('name') name: string,
    @Body() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { pod, created } = await this.pods.upsert(namespace, name, body);
    reply.status(created ? 201 : 200);
    return pod;
  }

  @Delete('namespaces/:namespace/pods/:name')
  @ApiOperation({ summary: 'Delete a pod; answers the deleted pod' })
  remove(@Param('namespace') namespace: string, @Param('name') name: string) {
    return this.pods.remove(namespace, name);
  }
}
