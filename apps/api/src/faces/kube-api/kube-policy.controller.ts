import { Controller, Get, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { clusterScope } from '../../http/scope/cluster-commands';
import { Command } from '../../http/edge/commands';
import { type ListTwinCommand, type TwinObjectKey, twinObjectKey } from '../../features/twin-objects/twin-object-commands';
import { TwinObjectsService } from '../../features/twin-objects/twin-objects.service';
import { kubeListTwin } from './kube-list-commands';
import { type KubeOutput, kubeOutput, listAnswer, objectAnswer } from './kube-output';
import { kubePaths } from './kube-paths';
import { printerOf } from './kube-printers';
import { type WatchCommand, kubeWatchOf } from './watch/watch-commands';
import { WatchService } from './watch/watch.service';

/**
 * policy/v1 poddisruptionbudgets, read-only as imported (kubectl get pdb, -A or -n, -o wide, -o
 * yaml, -w), through the same TwinObjectsService as REST's lists.
 */
@ApiExcludeController()
@Controller()
export class KubePolicyController {
  constructor(
    private readonly objects: TwinObjectsService,
    private readonly watches: WatchService,
  ) {}

  /** A list, or with ?watch=true a watch (kubectl get -w, informers). */
  @Get([...kubePaths('apis/policy/v1/poddisruptionbudgets'), ...kubePaths('apis/policy/v1/namespaces/:namespace/poddisruptionbudgets')])
  async list(
    @Command(clusterScope) cluster: string,
    @Command(kubeWatchOf('PodDisruptionBudget')) watch: WatchCommand | undefined,
    @Command(kubeListTwin('PodDisruptionBudget')) command: ListTwinCommand,
    @Command(kubeOutput) output: KubeOutput,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    if (watch) return this.watches.watch(cluster, watch, output, reply.raw);
    return listAnswer(reply, output, await this.objects.list(cluster, 'PodDisruptionBudget', command), printerOf('PodDisruptionBudget'));
  }

  @Get(kubePaths('apis/policy/v1/namespaces/:namespace/poddisruptionbudgets/:name'))
  async get(
    @Command(clusterScope) cluster: string,
    @Command(twinObjectKey) key: TwinObjectKey,
    @Command(kubeOutput) output: KubeOutput,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return objectAnswer(reply, output, await this.objects.get(cluster, 'PodDisruptionBudget', key), printerOf('PodDisruptionBudget'));
  }
}
