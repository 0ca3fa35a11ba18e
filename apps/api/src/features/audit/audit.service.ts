import { Injectable } from '@nestjs/common';
import { visibleClusters } from '../../platform/access/cluster-access';
import { type AuditQuery } from './audit-commands';
import { type AuditRow, AuditStore } from './audit-store';
import { listPage } from '../../http/edge/list-answers';
import { chunkOfRows, k8sTime } from '@taintgate/domain';

/** One row of the audit trail, as GET /v1/audit answers it. */
function entryOf(row: AuditRow) {
  return {
    id: String(row.id),
    time: k8sTime(row.at),
    action: row.action,
    kind: row.kind,
    ...(row.namespace === null ? {} : { namespace: row.namespace }),
    name: row.name,
    ...(row.clusterName === null ? {} : { cluster: row.clusterName }),
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
  constructor(private readonly store: AuditStore) {}

  async list(query: AuditQuery) {
    // One more than the page: whether there is a next one, without counting them all.
    // A key of some clusters reads theirs only (an asked-for cluster was checked as the query was parsed).
    const rows = await this.store.page(query, query.limit + 1, visibleClusters());
    // Newest first: the next page starts at the id below the last one answered. The trail has no
    // revision of its own; the token carries the newest id of the first page's read (positive, as
    // Kubernetes' tokens must be).
    const chunk = chunkOfRows(rows, query.limit, (last) => String(last.id - 1n), rows[0]?.id ?? 1n);
    return listPage('AuditEventList', { ...chunk, items: chunk.items.map(entryOf) }, { apiVersion: 'taintgate.io/v1' });
  }
}
