import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Access } from '../auth/route-access';
import { Command } from '../edge/commands';
import { ListQueries, streamedList } from '../edge/list-answers';
import { type AuditQuery, listAudit } from './audit-commands';
import { AuditService } from './audit.service';

@ApiTags('audit')
@Controller('v1/audit')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @Access('admin')
  @ListQueries()
  @ApiOperation({
    summary:
      'The audit trail, newest first (AuditEventList): who (actor, request id, client address) did what (action, object, before and after); ' +
      'filters ?cluster=&actor=&action=&kind=&namespace=&name=&since=&until= (RFC 3339), pages of ?limit= (default 500) and ?continue=',
  })
  async list(@Command(listAudit) query: AuditQuery) {
    return streamedList(await this.audit.list(query));
  }
}
