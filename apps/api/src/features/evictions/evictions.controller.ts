import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { clusterPaths, clusterScope } from '../../http/scope/cluster-commands';
import { Command } from '../../http/edge/commands';
import { ListQueries, streamedList } from '../../http/edge/list-answers';
import type { EvictionFilters } from '../../store/evictions/eviction-ledger';
import { EVICTION_STATUSES, listEvictions } from './eviction-commands';
import { EvictionsService } from './evictions.service';
import { Answer, type AnswerWriter } from '../../http/answer-format/answer-format';
import { evictionsText } from './evictions-text';
import { AnswersWithChat, Fails, GuardedOperations } from '../../http/operation-docs/operation-docs';

@ApiTags('evictions')
@GuardedOperations()
@Controller(clusterPaths('evictions'))
export class EvictionsController {
  constructor(private readonly evictions: EvictionsService) {}

  @Get()
  @ApiOperation({ summary: 'NoExecute evictions (scheduled, cancelled, executed), newest first, with the taint that caused each, a page at a time' })
  @ApiQuery({ name: 'status', required: false, enum: [...EVICTION_STATUSES] })
  @ApiQuery({ name: 'nodeName', required: false })
  @ApiQuery({ name: 'namespace', required: false })
  @ApiQuery({ name: 'pod', required: false })
  @ListQueries()
  @AnswersWithChat('a page of the evictions, newest first', 'EvictionList')
  @Fails(400, 404, 410)
  async list(@Command(clusterScope) cluster: string, @Command(listEvictions) filters: EvictionFilters, @Answer() answer: AnswerWriter) {
    const page = await this.evictions.list(cluster, filters);
    return answer.chat ? answer.text(evictionsText(page, Date.now())) : streamedList(page);
  }
}
