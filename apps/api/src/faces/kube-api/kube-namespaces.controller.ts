import { Controller, Get, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { type Namespace, failure, namespaceTable } from '@taintgate/domain';
import type { FastifyReply } from 'fastify';
import { clusterScope } from '../../http/scope/cluster-commands';
import { Command } from '../../http/edge/commands';
import { fail } from '../../platform/failures/failure.exception';
import { PodsService } from '../../features/pods/pods.service';
import { kubeNamespaceName } from './kube-list-commands';
import { type KubeOutput, kubeOutput, listAnswer, objectAnswer } from './kube-output';
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
  async list(@Command(clusterScope) cluster: string, @Command(kubeOutput) output: KubeOutput, @Res({ passthrough: true }) reply: FastifyReply) {
    const items = (await this.pods.namespaces(cluster)).map(namespaceObject);
    return listAnswer(reply, output, { apiVersion: 'v1', kind: 'NamespaceList', metadata: {}, items }, namespaceTable);
  }

  @Get(kubePaths('api/v1/namespaces/:name'))
  async get(
    @Command(clusterScope) cluster: string,
    @Command(kubeNamespaceName) name: string,
    @Command(kubeOutput) output: KubeOutput,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const names = await this.pods.namespaces(cluster);
    const namespace = names.includes(name) ? namespaceObject(name) : fail(failure.notFound('Namespace', name));
    return objectAnswer(reply, output, namespace, namespaceTable);
  }

  @Get([...kubePaths('apis/policy/v1/poddisruptionbudgets'), ...kubePaths('apis/policy/v1/namespaces/:namespace/poddisruptionbudgets')])
  disruptionBudgets() {
    return { apiVersion: 'policy/v1', kind: 'PodDisruptionBudgetList', metadata: {}, items: [] };
  }
}

const namespaceObject = (name: string): Namespace => ({
  apiVersion: 'v1',
  kind: 'Namespace',
  metadata: { name, labels: { 'kubernetes.io/metadata.name': name } },
  spec: { finalizers: ['kubernetes'] },
  status: { phase: 'Active' },
});
