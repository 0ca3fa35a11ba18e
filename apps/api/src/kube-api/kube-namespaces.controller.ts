import { Controller, Get } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { failure } from '@taintgate/domain';
import { clusterScope } from '../clusters/cluster-commands';
import { Command } from '../edge/commands';
import { fail } from '../failures/failure.exception';
import { PodsService } from '../pods/pods.service';
import { kubeNamespaceName } from './kube-list-commands';
import { kubePaths } from './kube-paths';

/**
 * core/v1 namespaces: the twin stores pods, not namespaces, so a namespace is there while a pod
 * is in it (and `default` always). Policy's PodDisruptionBudgets are not kept: their lists are empty.
 */
@ApiExcludeController()
@Controller()
export class KubeNamespacesController {
  constructor(private readonly pods: PodsService) {}

  @Get(kubePaths('api/v1/namespaces'))
  async list(@Command(clusterScope) cluster: string) {
    const names = await this.pods.namespaces(cluster);
    return { apiVersion: 'v1', kind: 'NamespaceList', metadata: {}, items: names.map(namespaceObject) };
  }

  @Get(kubePaths('api/v1/namespaces/:name'))
  async get(@Command(clusterScope) cluster: string, @Command(kubeNamespaceName) name: string) {
    const names = await this.pods.namespaces(cluster);
    return names.includes(name) ? namespaceObject(name) : fail(failure.notFound('Namespace', name));
  }

  @Get([...kubePaths('apis/policy/v1/poddisruptionbudgets'), ...kubePaths('apis/policy/v1/namespaces/:namespace/poddisruptionbudgets')])
  disruptionBudgets() {
    return { apiVersion: 'policy/v1', kind: 'PodDisruptionBudgetList', metadata: {}, items: [] };
  }
}

const namespaceObject = (name: string) => ({
  apiVersion: 'v1',
  kind: 'Namespace',
  metadata: { name, labels: { 'kubernetes.io/metadata.name': name } },
  spec: { finalizers: ['kubernetes'] },
  status: { phase: 'Active' },
});
