import { Controller, Get } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { clusterScope } from '../clusters/cluster-commands';
import { Command } from '../edge/commands';
import { streamedList } from '../edge/list-answers';
import { type ListNodesCommand, nodeName } from '../nodes/node-commands';
import { NodesService } from '../nodes/nodes.service';
import { kubeListNodes } from './kube-list-commands';
import { kubePaths } from './kube-paths';

/** core/v1 nodes as kube-apiserver serves them, through the same NodesService as /v1/nodes. */
@ApiExcludeController()
@Controller(kubePaths('api/v1/nodes'))
export class KubeNodesController {
  constructor(private readonly nodes: NodesService) {}

  @Get()
  async list(@Command(clusterScope) cluster: string, @Command(kubeListNodes) command: ListNodesCommand) {
    return streamedList(await this.nodes.list(cluster, command));
  }

  @Get(':name')
  get(@Command(clusterScope) cluster: string, @Command(nodeName) name: string) {
    return this.nodes.get(cluster, name);
  }
}
