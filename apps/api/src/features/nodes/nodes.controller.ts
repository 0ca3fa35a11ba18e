import { Controller, Delete, Get, HttpCode, Post, Put, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { clusterPaths, clusterScope } from '../../http/scope/cluster-commands';
import { Command } from '../../http/edge/commands';
import { warn } from '../../http/edge/warning-headers';
import { ListQueries, streamedList } from '../../http/edge/list-answers';
import { type DeleteNodeCommand, type ListNodesCommand, type UpsertNodeCommand, deleteNode, listNodes, nodeName, upsertNode } from './node-commands';
import { NodesService } from './nodes.service';
import { Answers, BodyFailures, Fails, GuardedOperations, JsonBody, OptionalQuery } from '../../http/operation-docs/operation-docs';

@ApiTags('nodes')
@GuardedOperations()
@Controller(clusterPaths('nodes'))
export class NodesController {
  constructor(private readonly nodes: NodesService) {}

  @Get()
  @ApiOperation({ summary: 'List nodes (NodeList) by name, optionally by ?labelSelector= in kubectl syntax, a page at a time' })
  @ListQueries()
  @OptionalQuery('labelSelector', "kubectl's -l syntax: a=b,c!=d,e in (f,g),!h")
  @Answers(200, 'a page of the nodes', 'NodeList')
  @Fails(400, 404, 410)
  async list(@Command(clusterScope) cluster: string, @Command(listNodes) command: ListNodesCommand) {
    return streamedList(await this.nodes.list(cluster, command));
  }

  @Get(':name')
  @ApiOperation({ summary: 'Read a node' })
  @Answers(200, 'the node', 'Node')
  @Fails(400, 404)
  get(@Command(clusterScope) cluster: string, @Command(nodeName) name: string) {
    return this.nodes.get(cluster, name);
  }

  @Put(':name')
  @ApiOperation({
    summary:
      'Create (201) or replace (200) a node; kubectl get node -o json output is accepted without its metadata.resourceVersion: with one, only that version is replaced (409 if the stored node is at another, 404 if there is none)',
  })
  @JsonBody('Node')
  @Answers(200, 'the node replaced', 'Node')
  @Answers(201, 'the node created', 'Node')
  @BodyFailures()
  @Fails(404, 409)
  async put(@Command(clusterScope) cluster: string, @Command(upsertNode) command: UpsertNodeCommand, @Res({ passthrough: true }) reply: FastifyReply) {
    const { node, created, warnings } = await this.nodes.upsert(cluster, command);
    reply.status(created ? 201 : 200);
    warn(reply, warnings);
    return node;
  }

  @Post(':name/cordon')
  @HttpCode(200)
  @ApiOperation({ summary: 'kubectl cordon: spec.unschedulable and the unschedulable NoSchedule taint; answers the node' })
  @Answers(200, 'the node', 'Node')
  @Fails(400, 404, 409)
  cordon(@Command(clusterScope) cluster: string, @Command(nodeName) name: string) {
    return this.nodes.setUnschedulable(cluster, name, true);
  }

  @Post(':name/uncordon')
  @HttpCode(200)
  @ApiOperation({ summary: 'kubectl uncordon; answers the node' })
  @Answers(200, 'the node', 'Node')
  @Fails(400, 404, 409)
  uncordon(@Command(clusterScope) cluster: string, @Command(nodeName) name: string) {
    return this.nodes.setUnschedulable(cluster, name, false);
  }

  @Delete(':name')
  @ApiOperation({
    summary: 'Delete a node and its taints; answers the deleted node. A DeleteOptions body may hold preconditions (uid, resourceVersion): 409 if one fails',
  })
  @JsonBody('DeleteOptions', { required: false, description: 'preconditions (uid, resourceVersion) the node must meet' })
  @OptionalQuery('dryRun', 'All: answer what would be deleted, delete nothing')
  @Answers(200, 'the deleted node', 'Node')
  @BodyFailures()
  @Fails(404, 409)
  remove(@Command(clusterScope) cluster: string, @Command(deleteNode) command: DeleteNodeCommand) {
    return this.nodes.remove(cluster, command);
  }
}
