import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { PlacementService } from './placement.service';

@ApiTags('placement')
@Controller('v1')
export class PlacementController {
  constructor(private readonly placement: PlacementService) {}

  @Post('placement')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Where can this pod go? {pod, nodes?}: every node with its reasons, score and rank, and the kube-scheduler summary line',
  })
  place(@Body() body: unknown) {
    return this.placement.place(body);
  }

  @Get('namespaces/:namespace/pods/:name/placement')
  @ApiOperation({ summary: 'Placement of a stored pod over the stored nodes' })
  placeStored(@Param('namespace') namespace: string, @Param('name') name: string) {
    return this.placement.placeStored(namespace, name);
  }
}
