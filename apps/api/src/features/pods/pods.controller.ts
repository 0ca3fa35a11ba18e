import { Controller, Delete, Get, Put, Res } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { clusterPaths, clusterScope } from '../../http/scope/cluster-commands';
import { Command } from '../../http/edge/commands';
import { ListQueries, streamedList } from '../../http/edge/list-answers';
import { type DeletePodCommand, type PodFilters, type PodKey, type UpsertPodCommand, deletePod, listPods, podKey, upsertPod } from './pod-commands';
import { PodsService } from './pods.service';
import { Answers, BodyFailures, Fails, GuardedOperations, JsonBody, OptionalQuery } from '../../http/operation-docs/operation-docs';

@ApiTags('pods')
@GuardedOperations()
@Controller(clusterPaths())
export class PodsController {
  constructor(private readonly pods: PodsService) {}

  @Get(['pods', 'namespaces/:namespace/pods'])
  @ApiOperation({ summary: 'List pods (PodList) of every namespace or of one, by namespace and name, by ?nodeName= and ?phase=, a page at a time' })
  @ApiQuery({ name: 'nodeName', required: false })
  @ApiQuery({ name: 'phase', required: false })
  @ListQueries()
  @Answers(200, 'a page of the pods', 'PodList')
  @Fails(400, 404, 410)
  async list(@Command(clusterScope) cluster: string, @Command(listPods) filters: PodFilters) {
    return streamedList(await this.pods.listJson(cluster, filters));
  }

  @Get('namespaces/:namespace/pods/:name')
  @ApiOperation({ summary: 'Read a pod' })
  @Answers(200, 'the pod', 'Pod')
  @Fails(400, 404)
  get(@Command(clusterScope) cluster: string, @Command(podKey) key: PodKey) {
    return this.pods.get(cluster, key);
  }

  @Put('namespaces/:namespace/pods/:name')
  @ApiOperation({
    summary:
      'Create (201) or replace (200) a pod; admission defaults are applied and visible in the answer. With metadata.resourceVersion, only that version is replaced (409 if the stored pod is at another, 404 if there is none)',
  })
  @JsonBody('Pod')
  @Answers(200, 'the pod replaced, as admitted', 'Pod')
  @Answers(201, 'the pod created, as admitted', 'Pod')
  @BodyFailures()
  @Fails(404, 409)
  async put(@Command(clusterScope) cluster: string, @Command(upsertPod) command: UpsertPodCommand, @Res({ passthrough: true }) reply: FastifyReply) {
    const { pod, created } = await this.pods.upsert(cluster, command);
    reply.status(created ? 201 : 200);
    return pod;
  }

  @Delete('namespaces/:namespace/pods/:name')
  @ApiOperation({
    summary:
      'Delete a pod; answers the pod deleted, or terminating. A DeleteOptions body may hold preconditions (uid, resourceVersion): 409 if one fails; and gracePeriodSeconds, as the API server takes it (CheckGracefulDelete): a pod bound and not Succeeded or Failed then terminates for that long, any other goes at once. Without gracePeriodSeconds the pod goes at once',
  })
  @JsonBody('DeleteOptions', { required: false, description: 'preconditions (uid, resourceVersion) the pod must meet, and its grace period' })
  @OptionalQuery('dryRun', 'All: answer what would be deleted, delete nothing')
  @Answers(200, 'the pod deleted, or terminating (metadata.deletionTimestamp)', 'Pod')
  @BodyFailures()
  @Fails(404, 409)
  remove(@Command(clusterScope) cluster: string, @Command(deletePod) command: DeletePodCommand) {
    return this.pods.remove(cluster, command);
  }
}
