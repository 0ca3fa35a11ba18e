import { Injectable } from '@nestjs/common';
import { PrismaService } from '../../platform/database/prisma.service';
import type { AuditEvent, Prisma } from '../../generated/prisma/client';
import { type AuditQuery } from './audit-commands';
import { listPage } from '../../http/edge/list-answers';
import { chunkOfRows, k8sTime } from '@taintgate/domain';

/** One row of the audit trail, as GET /v1/audit answers it. */
function entryOf(row: AuditEvent & { cluster: { name: string } | null }) {
  return {
    id: String(row.id),
    time: k8sTime(row.at),
    action: row.action,
    kind: row.kind,
    ...(row.namespace === null ? {} : { namespace: row.namespace }),
    name: row.name,
    ...(row.cluster ? { cluster: row.cluster.name } : {}),
    ...(row.revision === null ? {} : { revision: String(row.revision) }),
    actor: row.actor,
    ...(row.requestId === null ? {} : { requestId: row.requestId }),
    ...(row.clientAddress === null ? {} : { clientAddress: row.clientAddress }),
    details: row.details,
    before: row.before,
    after: row.after,
  };
}

/** The audit trail, read: who did what, newest first, a page at a time. */
@Injectable()
export class AuditService {
  constructor(private readonly prisma: PrismaService) {}

  async list(query: AuditQuery) {
    const where: Prisma.AuditEventWhereInput = {
      ...(query.cluster === undefined ? {} : { cluster: { name: query.cluster } }),
      ...(query.actor === undefined ? {} : { actor: query.actor }),
      ...(query.action === undefined ? {} : { action: query.action }),
      ...(query.kind === undefined ? {} : { kind: query.kind }),
      ...(query.namespace === undefined ? {} : { namespace: query.namespace }),
      ...(query.name === undefined ? {} : { name: query.name }),
      ...(query.since === undefined && query.until === undefined
        ? {}
        : {
            at: { ...(query.since === undefined ? {} : { gte: new Date(query.since) }), ...(query.until === undefined ? {} : { lt: new Date(query.until) }) },
          }),
      ...(query.upTo === undefined ? {} : { id: { lte: query.upTo } }),
    };
    // One more than the page: whether there is a next one, without counting them all.
    const rows = await this.prisma.auditEvent.findMany({
      where,
      orderBy: { id: 'desc' },
      take: query.limit + 1,
      include: { cluster: { select: { name: true } } },
    });
    // Newest first: the next page starts at the id below the last one answered. The trail has no
    // revision of its own; the token carries the newest id of the first page's read (positive, as
    // Kubernetes' tokens must be).
    const chunk = chunkOfRows(rows, query.limit, (last) => String(last.id - 1n), rows[0]?.id ?? 1n);
    return listPage('AuditEventList', { ...chunk, items: chunk.items.map(entryOf) }, { apiVersion: 'taintgate.io/v1' });
  }
}
