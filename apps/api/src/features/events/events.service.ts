import { Injectable } from '@nestjs/common';
import { type CoreEvent, type FieldSelector, type ListChunking, chunkOfRows } from '@taintgate/domain';
import { ClusterDirectory } from '../../store/cluster-directory';
import { PrismaService } from '../../platform/database/prisma.service';
import { type ListPage, listPage } from '../../http/edge/list-answers';
import { type EventRow, coreEventOf } from './core-events';

export interface EventFilters {
  namespace?: string | undefined;
  fields: FieldSelector;
  chunking: ListChunking;
}

/**
 * Each selectable field of an Event (field-selector.ts) as SQL over `events e` and the eviction it
 * is about (`v`): a fixed list, so that a selector only ever brings values, never SQL.
 */
const FIELD_SQL: Record<string, string> = {
  'metadata.name': `e.involved_name || '.' || lpad(to_hex(e.id), 16, '0')`,
  'metadata.namespace': `coalesce(e.involved_namespace, 'default')`,
  'involvedObject.kind': 'e.involved_kind',
  'involvedObject.namespace': `coalesce(e.involved_namespace, '')`,
  'involvedObject.name': 'e.involved_name',
  'involvedObject.uid': `coalesce(v.pod_uid::text, '')`,
  'involvedObject.apiVersion': `'v1'`,
  'involvedObject.resourceVersion': `''`,
  'involvedObject.fieldPath': `''`,
  reason: 'e.reason',
  type: 'e.type',
  source: `CASE e.kind WHEN 'PodGarbageCollected' THEN 'pod-garbage-collector' ELSE 'taint-eviction-controller' END`,
  reportingComponent: `CASE e.kind WHEN 'PodGarbageCollected' THEN 'pod-garbage-collector' ELSE 'taint-eviction-controller' END`,
};

/** core/v1 Events: the events taintgate's controllers recorded, oldest first, a page at a time. */
@Injectable()
export class EventsService {
  constructor(
    private readonly clusters: ClusterDirectory,
    private readonly prisma: PrismaService,
  ) {}

  async list(cluster: string, { namespace, fields, chunking }: EventFilters): Promise<ListPage<CoreEvent>> {
    const { id, revision } = await this.clusters.current(cluster);
    const values: unknown[] = [id];
    const where = ['e.cluster_id = $1'];
    const value = (v: unknown) => `$${values.push(v)}`;
    if (namespace !== undefined) where.push(`coalesce(e.involved_namespace, 'default') = ${value(namespace)}`);
    for (const { field, op, value: wanted } of fields) where.push(`${FIELD_SQL[field] ?? `''`} ${op === '=' ? '=' : '<>'} ${value(wanted)}`);
    if (chunking.start !== '') where.push(`e.id >= ${value(chunking.start)}::bigint`);
    const limit = chunking.limit;
    const rows = await this.prisma.$queryRawUnsafe<EventRow[]>(
      `SELECT e.id, e.at, e.type, e.reason, e.message, e.kind::text AS kind, e.involved_kind AS "involvedKind",
              e.involved_namespace AS "involvedNamespace", e.involved_name AS "involvedName", v.pod_uid::text AS "involvedUid"
       FROM events e LEFT JOIN evictions v ON v.id = e.eviction_id
       WHERE ${where.join(' AND ')} ORDER BY e.id LIMIT ${value(limit + 1)}`,
      ...values,
    );
    // Oldest first: the next page starts at the id after the last one answered.
    const chunk = chunkOfRows(rows, limit, (last) => String(last.id + 1n), revision);
    return listPage('EventList', { ...chunk, items: chunk.items.map(coreEventOf) }, { revision });
  }
}
