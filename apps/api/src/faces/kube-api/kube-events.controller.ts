import { Controller, Get, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { eventTable } from '@taintgate/domain';
import type { FastifyReply } from 'fastify';
import { clusterScope } from '../../http/scope/cluster-commands';
import { Command } from '../../http/edge/commands';
import { type EventFilters, EventsService } from '../../features/events/events.service';
import { kubeListEvents } from './kube-list-commands';
import { type KubeOutput, kubeOutput, listAnswer } from './kube-output';
import { kubePaths } from './kube-paths';

/** core/v1 events (kubectl get events, and the events kubectl describe lists). */
@ApiExcludeController()
@Controller()
export class KubeEventsController {
  constructor(private readonly events: EventsService) {}

  @Get([...kubePaths('api/v1/events'), ...kubePaths('api/v1/namespaces/:namespace/events')])
  async list(
    @Command(clusterScope) cluster: string,
    @Command(kubeListEvents) filters: EventFilters,
    @Command(kubeOutput) output: KubeOutput,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return listAnswer(reply, output, await this.events.list(cluster, filters), eventTable);
  }
}
