import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Access } from '../../platform/access/route-access';
import { Command } from '../../http/edge/commands';
import { ListQueries, streamedList } from '../../http/edge/list-answers';
import { type AuditQuery, listAudit } from './audit-commands';
import { AuditService } from './audit.service';
import { Answers, Fails, GuardedOperations, OptionalQuery } from '../../http/operation-docs/operation-docs';

@ApiTags('audit')
@GuardedOperations()
@Controller('v1/audit')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @Access('admin')
  @ListQueries()
  @OptionalQuery('cluster', 'only this cluster')
  @OptionalQuery('actor', 'only this actor')
  @OptionalQuery('action', 'only this action (node.put, ...)')
  @OptionalQuery('kind', 'only objects of this kind')
  @OptionalQuery('namespace', 'only objects of this namespace')
  @OptionalQuery('name', 'only objects of this name')
  @OptionalQuery('since', 'only at or after this time (RFC 3339)')
  @OptionalQuery('until', 'only before this time (RFC 3339)')
  @Answers(200, 'a page of the trail, newest first', 'AuditEventList')
  @Fails(400, 410)
  @ApiOperation({
    summary:
      'The audit trail, newest first (AuditEventList): who (actor, request id, client address) did what (action, object, before and after); ' +
      'filters ?cluster=&actor=&action=&kind=&namespace=&name=&since=&until= (RFC 3339), pages of ?limit= (default 500) and ?continue=',
  })
  async list(@Command(listAudit) query: AuditQuery) {
    return streamedList(await this.audit.list(query));
  }
}
