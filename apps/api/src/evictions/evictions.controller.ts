import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { EvictionsService } from './evictions.service';

@ApiTags('evictions')
@Controller('v1/evictions')
export class EvictionsController {
  constructor(private readonly evictions: EvictionsService) {}

  @Get()
  @ApiOperation({ summary: 'NoExecute evictions (scheduled, cancelled, executed), newest first, with the taint that caused each' })
  @ApiQuery({ name: 'status', required: false, enum: ['Scheduled', 'Cancelled', 'Executed'] })
  @ApiQuery({ name: 'nodeName', required: false })
  @ApiQuery({ name: 'namespace', required: false })
  @ApiQuery({ name: 'pod', required: false })
  @ApiQuery({ name: 'limit', required: false, type: Number })
  list(
    @Query('status') status?: string,
    @Query('nodeName') nodeName?: string,
    @Query('namespace') namespace?: string,
    @Query('pod') pod?: string,
    @Query('limit') limit?: string,
  ) {
    return this.evictions.list({ status, nodeName, namespace, pod, limit });
  }
}
