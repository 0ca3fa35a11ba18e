import { Controller, Get } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { clusterScope } from '../../http/scope/cluster-commands';
import { Command } from '../../http/edge/commands';
import { type PodKey, podKey } from '../../features/pods/pod-commands';
import { NodesService } from '../../features/nodes/nodes.service';
import { kubePaths } from './kube-paths';

/**
 * coordination.k8s.io/v1 Leases, read by kubectl describe node (its heartbeat, in kube-node-lease).
 * Not in discovery: the twin keeps none, and each is NotFound as the API server says it.
 */
@ApiExcludeController()
@Controller()
export class KubeLeasesController {
  constructor(private readonly nodes: NodesService) {}

  @Get(kubePaths('apis/coordination.k8s.io/v1/namespaces/:namespace/leases/:name'))
  get(@Command(clusterScope) cluster: string, @Command(podKey) key: PodKey) {
    return this.nodes.lease(cluster, key.name);
  }
}
