import { Controller, Delete, Get, HttpCode, Patch, Post, Put, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { nodeTable } from '@taintgate/domain';
import type { FastifyReply } from 'fastify';
import { clusterScope } from '../../http/scope/cluster-commands';
import { Command } from '../../http/edge/commands';
import {
  type DeleteNodeCommand,
  type ListNodesCommand,
  type PatchNodeCommand,
  type UpsertNodeCommand,
  deleteNode,
  nodeName,
} from '../../features/nodes/node-commands';
import { NodesService } from '../../features/nodes/nodes.service';
import { type KubectlSession, kubectlSession } from '../../features/kubectl-commands/kubectl-session';
import { kubeListNodes } from './kube-list-commands';
import { warn } from '../../http/edge/warning-headers';
import { type KubeOutput, kubeOutput, listAnswer, objectAnswer } from './kube-output';
import { kubePaths } from './kube-paths';
import { kubeCreateNode, kubePatchNode, kubeUpdateNode } from './kube-write-commands';
import { type WatchCommand, kubeWatchNodes } from './watch/watch-commands';
import { WatchService } from './watch/watch.service';

/** core/v1 nodes as kube-apiserver serves them, through the same NodesService as /v1/nodes. */
@ApiExcludeController()
@Controller(kubePaths('api/v1/nodes'))
export class KubeNodesController {
  constructor(
    private readonly nodes: NodesService,
    private readonly watches: WatchService,
  ) {}

  /** A list, or with ?watch=true a watch (kubectl get -w, informers). */
  @Get()
  async list(
    @Command(clusterScope) cluster: string,
    @Command(kubeWatchNodes) watch: WatchCommand | undefined,
    @Command(kubeListNodes) command: ListNodesCommand,
    @Command(kubeOutput) output: KubeOutput,
    @Command(kubectlSession) session: KubectlSession | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    if (watch) return this.watches.watch(cluster, watch, output, reply.raw);
    return listAnswer(reply, output, await this.nodes.list(cluster, command, session), nodeTable);
  }

  @Get(':name')
  async get(
    @Command(clusterScope) cluster: string,
    @Command(nodeName) name: string,
    @Command(kubeOutput) output: KubeOutput,
    @Command(kubectlSession) session: KubectlSession | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return objectAnswer(reply, output, await this.nodes.get(cluster, name, session), nodeTable);
  }

  /** kubectl create, and apply of a node that does not exist: 201 with the node, 409 AlreadyExists if one does. */
  @Post()
  @HttpCode(201)
  async create(@Command(clusterScope) cluster: string, @Command(kubeCreateNode) command: UpsertNodeCommand, @Res({ passthrough: true }) reply: FastifyReply) {
    const { node, warnings } = await this.nodes.upsert(cluster, command);
    warn(reply, warnings);
    return node;
  }

  /** kubectl replace: 200 with the node; 404 if there is none (a node is not created by an update). */
  @Put(':name')
  async update(
    @Command(clusterScope) cluster: string,
    @Command(kubeUpdateNode) command: UpsertNodeCommand,
    @Command(kubectlSession) session: KubectlSession | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { node, warnings } = await this.nodes.upsert(cluster, command, session);
    warn(reply, warnings);
    return node;
  }

  /** kubectl taint, cordon, uncordon, label, annotate, edit, patch and apply. */
  @Patch(':name')
  async patch(
    @Command(clusterScope) cluster: string,
    @Command(kubePatchNode) command: PatchNodeCommand,
    @Command(kubectlSession) session: KubectlSession | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { node, warnings } = await this.nodes.patch(cluster, command, session);
    warn(reply, warnings);
    return node;
  }

  /** kubectl delete node: DeleteOptions' preconditions honoured; answers the deleted node. */
  @Delete(':name')
  remove(@Command(clusterScope) cluster: string, @Command(deleteNode) command: DeleteNodeCommand) {
    return this.nodes.remove(cluster, command);
  }
}
