import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { clusterPaths, clusterScope } from '../clusters/cluster-commands';
import { Command } from '../edge/commands';
import { type PlacementCommand, type StoredPodPlacement, placement, storedPodPlacement } from './placement-command';
import { PlacementService } from './placement.service';
import { Access } from '../auth/route-access';

@ApiTags('placement')
@Controller(clusterPaths())
export class PlacementController {
  constructor(private readonly placement: PlacementService) {}

  @Post('placement')
  @Access('viewer')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Where can this pod go? {pod, nodes?}: every node with its reasons, score and rank, and the kube-scheduler summary line',
  })
  place(@Command(clusterScope) cluster: string, @Command(placement) command: PlacementCommand) {
    return this.placement.place(cluster, command);
  }

  @Get('namespaces/:namespace/pods/:name/placement')
  @ApiOperation({ summary: 'Placement of a stored pod over the stored nodes; ?reschedule=true: where it could go if it were rescheduled (draining)' })
  @ApiQuery({ name: 'reschedule', required: false, type: Boolean })
  placeStored(@Command(clusterScope) cluster: string, @Command(storedPodPlacement) stored: StoredPodPlacement) {
    return this.placement.placeStored(cluster, stored);
  }
}
