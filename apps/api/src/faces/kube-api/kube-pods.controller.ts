import { Controller, Delete, Get, HttpCode, Patch, Post, Put, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { podTable } from '@taintgate/domain';
import type { FastifyReply } from 'fastify';
import { clusterScope } from '../../http/scope/cluster-commands';
import { Command } from '../../http/edge/commands';
import {
  type DeletePodCommand,
  type EvictPodCommand,
  type PatchPodCommand,
  type PodFilters,
  type PodKey,
  type UpsertPodCommand,
  deletePod,
  evictPod,
  podKey,
} from '../../features/pods/pod-commands';
import { PodsService } from '../../features/pods/pods.service';
import { kubeListPods } from './kube-list-commands';
import { type KubectlSession, kubectlSession } from '../../features/kubectl-commands/kubectl-session';
import { warn } from '../../http/edge/warning-headers';
import { type KubeOutput, kubeOutput, listAnswer, objectAnswer } from './kube-output';
import { streamedList } from '../../http/edge/list-answers';
import { kubePaths } from './kube-paths';
import { kubeCreatePod, kubePatchPod, kubeUpdatePod } from './kube-write-commands';
import { type WatchCommand, kubeWatchPods } from './watch/watch-commands';
import { WatchService } from './watch/watch.service';

/** core/v1 pods as kube-apiserver serves them, through the same PodsService as /v1/pods. */
@ApiExcludeController()
@Controller()
export class KubePodsController {
  constructor(
    private readonly pods: PodsService,
    private readonly watches: WatchService,
  ) {}

  /** A list, or with ?watch=true a watch (kubectl get -w, informers). */
  @Get([...kubePaths('api/v1/pods'), ...kubePaths('api/v1/namespaces/:namespace/pods')])
  async list(
    @Command(clusterScope) cluster: string,
    @Command(kubeWatchPods) watch: WatchCommand | undefined,
    @Command(kubeListPods) filters: PodFilters,
    @Command(kubeOutput) output: KubeOutput,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    if (watch) return this.watches.watch(cluster, watch, output, reply.raw);
    // JSON written from the rows' text; a Table printed from the pods.
    if (!output.table) return streamedList(await this.pods.listJson(cluster, filters));
    return listAnswer(reply, output, await this.pods.list(cluster, filters), podTable);
  }

  @Get(kubePaths('api/v1/namespaces/:namespace/pods/:name'))
  async get(
    @Command(clusterScope) cluster: string,
    @Command(podKey) key: PodKey,
    @Command(kubeOutput) output: KubeOutput,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return objectAnswer(reply, output, await this.pods.get(cluster, key), podTable);
  }

  /** kubectl create, and apply of a pod that does not exist: 201 with the pod as admitted, 409 AlreadyExists if one does. */
  @Post(kubePaths('api/v1/namespaces/:namespace/pods'))
  @HttpCode(201)
  async create(@Command(clusterScope) cluster: string, @Command(kubeCreatePod) command: UpsertPodCommand) {
    return (await this.pods.upsert(cluster, command)).pod;
  }

  /** kubectl replace: 200 with the pod; 404 if there is none (a pod is not created by an update). */
  @Put(kubePaths('api/v1/namespaces/:namespace/pods/:name'))
  async update(@Command(clusterScope) cluster: string, @Command(kubeUpdatePod) command: UpsertPodCommand) {
    return (await this.pods.upsert(cluster, command)).pod;
  }

  /** kubectl label, annotate, patch and apply: validated, admitted and decided on as a PUT of the result. */
  @Patch(kubePaths('api/v1/namespaces/:namespace/pods/:name'))
  patch(@Command(clusterScope) cluster: string, @Command(kubePatchPod) command: PatchPodCommand) {
    return this.pods.patch(cluster, command);
  }

  /**
   * kubectl delete pod: preconditions honoured; with --grace-period (gracePeriodSeconds) as the API
   * server deletes (a bound, running pod terminates for it), without one at once (taintgate runs no
   * kubelet to wait for). Answers the pod, deleted or terminating.
   */
  @Delete(kubePaths('api/v1/namespaces/:namespace/pods/:name'))
  remove(@Command(clusterScope) cluster: string, @Command(deletePod) command: DeletePodCommand) {
    return this.pods.remove(cluster, command);
  }

  /** pods/eviction: kubectl drain's eviction; answers 201 with a Success Status, as the API server does. */
  @Post(kubePaths('api/v1/namespaces/:namespace/pods/:name/eviction'))
  @HttpCode(201)
  async evict(
    @Command(clusterScope) cluster: string,
    @Command(evictPod) command: EvictPodCommand,
    @Command(kubectlSession) session: KubectlSession | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    warn(reply, (await this.pods.evict(cluster, command, session)).warnings);
    return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 };
  }

  /** A DaemonSet its pods name (apps/v1), which kubectl drain looks up before it leaves their pods alone. */
  @Get(kubePaths('apis/apps/v1/namespaces/:namespace/daemonsets/:name'))
  daemonSet(@Command(clusterScope) cluster: string, @Command(podKey) key: PodKey) {
    return this.pods.daemonSet(cluster, key.namespace, key.name);
  }
}
