import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { clusterPaths, clusterScope } from '../clusters/cluster-commands';
import { Command } from '../edge/commands';
import { type PodKey, podKey } from '../pods/pod-commands';
import { type PlacementCommand, placement } from './placement-command';
import { PlacementService } from './placement.service';

@ApiTags('placement')
@Controller(clusterPaths())
export class PlacementController {
  constructor(private readonly placement: PlacementService) {}

  @Post('placement')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Where can this pod go? {pod, nodes?}: every node with its reasons, score and rank, and the kube-scheduler summary line',
  })
  place(@Command(clusterScope) cluster: string, @Command(placement) command: PlacementCommand) {
    return this.placement.place(cluster, command);
  }

  @Get('namespaces/:namespace/pods/:name/placement')
  @ApiOperation({ summary: 'Placement of a stored pod over the stored nodes' })
  placeStored(@Command(clusterScope) cluster: string, @Command(podKey) key: PodKey) {
    return this.placement.placeStored(cluster, key);
  }
}
