import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { clusterPaths, clusterScope } from '../clusters/cluster-commands';
import { Command } from '../edge/commands';
import { type ImpactCommand, taintImpact } from './impact-command';
import { ImpactService } from './impact.service';
import { Access } from '../auth/route-access';

@ApiTags('taint-impact')
@Controller(clusterPaths())
export class ImpactController {
  constructor(private readonly impact: ImpactService) {}

  @Post('taint-impact')
  @Access('viewer')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'What if this taint were added? {taint, nodes? | selector? | all?, inline?: {nodes, pods}}: evicted now, evicted at, unaffected, pending pods left with no node',
  })
  evaluate(@Command(clusterScope) cluster: string, @Command(taintImpact) command: ImpactCommand) {
    return this.impact.impact(cluster, command);
  }
}
