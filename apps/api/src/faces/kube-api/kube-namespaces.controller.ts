import { Controller, Get, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { namespaceTable } from '@taintgate/domain';
import type { FastifyReply } from 'fastify';
import { clusterScope } from '../../http/scope/cluster-commands';
import { Command } from '../../http/edge/commands';
import { type ListTwinCommand, type TwinObjectKey, twinObjectKey } from '../../features/twin-objects/twin-object-commands';
import { TwinObjectsService } from '../../features/twin-objects/twin-objects.service';
import { kubeListTwin } from './kube-list-commands';
import { type KubeOutput, kubeOutput, listAnswer, objectAnswer } from './kube-output';
import { kubePaths } from './kube-paths';

/**
 * core/v1 namespaces: those imported, and those only implied by the pods (TwinObjectsService).
 * Not watched: an implied namespace comes and goes with pods, and would be no event.
 */
@ApiExcludeController()
@Controller()
export class KubeNamespacesController {
  constructor(private readonly objects: TwinObjectsService) {}

  @Get(kubePaths('api/v1/namespaces'))
  async list(
    @Command(clusterScope) cluster: string,
    @Command(kubeListTwin('Namespace')) command: ListTwinCommand,
    @Command(kubeOutput) output: KubeOutput,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return listAnswer(reply, output, await this.objects.list(cluster, 'Namespace', command), namespaceTable);
  }

  @Get(kubePaths('api/v1/namespaces/:name'))
  async get(
    @Command(clusterScope) cluster: string,
    @Command(twinObjectKey) key: TwinObjectKey,
    @Command(kubeOutput) output: KubeOutput,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return objectAnswer(reply, output, await this.objects.get(cluster, 'Namespace', key), namespaceTable);
  }
}
