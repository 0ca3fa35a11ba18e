import { Controller, Get } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { clusterScope } from '../clusters/cluster-commands';
import { Command } from '../edge/commands';
import { streamedList } from '../edge/list-answers';
import { type PodFilters, type PodKey, podKey } from '../pods/pod-commands';
import { PodsService } from '../pods/pods.service';
import { kubeListPods } from './kube-list-commands';
import { kubePaths } from './kube-paths';

/** core/v1 pods as kube-apiserver serves them, through the same PodsService as /v1/pods. */
@ApiExcludeController()
@Controller()
export class KubePodsController {
  constructor(private readonly pods: PodsService) {}

  @Get([...kubePaths('api/v1/pods'), ...kubePaths('api/v1/namespaces/:namespace/pods')])
  async list(@Command(clusterScope) cluster: string, @Command(kubeListPods) filters: PodFilters) {
    return streamedList(await this.pods.list(cluster, filters));
  }

  @Get(kubePaths('api/v1/namespaces/:namespace/pods/:name'))
  get(@Command(clusterScope) cluster: string, @Command(podKey) key: PodKey) {
    return this.pods.get(cluster, key);
  }
}
