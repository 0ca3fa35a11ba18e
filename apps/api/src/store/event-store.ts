import { Injectable } from '@nestjs/common';
import type { FieldSelector } from '@taintgate/domain';
import type { EventKind } from '../generated/prisma/client';
import { PrismaService } from '../platform/database/prisma.service';
import type { WriteContext } from './write-context';

/** An event as Kubernetes records one: what happened to which object, by whom (`reason`), and when. */
export interface NewEvent {
  kind: EventKind;
  type: 'Normal' | 'Warning';
  reason: string;
  message: string;
  involvedKind: 'Node' | 'Pod';
  involvedNamespace: string | null;
  involvedName: string;
  /** The eviction the event is about, for the taint eviction controller's events. */
  evictionId: bigint | null;
}

/** An events row as the Kubernetes API reads it, with the uid of the pod its eviction was about. */
export interface EventRow {
  id: bigint;
  at: Date;
  type: string;
  reason: string;
  message: string;
  kind: string;
  involvedKind: string;
  involvedNamespace: string | null;
  involvedName: string;
  involvedUid: string | null;
}

/** Which events a list reads: a namespace, field selectors, from which id (a continue token's; '' from the first), how many. */
export interface EventQuery {
  namespace?: string | undefined;
  fields: FieldSelector;
  from: string;
  take: number;
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

/**
 * The events table: what the controllers did, in the write that did it, at the write's time.
 * Thousands of rows go in one statement over arrays (a NoExecute taint on a busy pool records an
 * event per pod). Read by the Kubernetes API's Event lists, oldest first.
 */
@Injectable()
export class EventStore {
  constructor(private readonly prisma: PrismaService) {}

  async record(w: WriteContext, events: readonly NewEvent[]): Promise<void> {
    if (events.length === 0) return;
    const col = <K extends keyof NewEvent>(k: K) => events.map((e) => e[k]);
    // On the write's own connection (WriteContext.sql): Prisma would encode each array as JSON twice more.
    await w.sql(
      `INSERT INTO events (cluster_id, at, kind, type, reason, message, involved_kind, involved_namespace, involved_name, eviction_id)
       SELECT $1::int, $2::timestamptz, * FROM unnest($3::text[]::"EventKind"[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::bigint[])`,
      [
        w.cluster.id,
        new Date(w.now).toISOString(),
        col('kind'),
        col('type'),
        col('reason'),
        col('message'),
        col('involvedKind'),
        col('involvedNamespace'),
        col('involvedName'),
        col('evictionId').map((id) => (id === null ? null : String(id))),
      ],
    );
  }

  /** The cluster's events the query asks for, by id, at most `take`. */
  async list(clusterId: number, { namespace, fields, from, take }: EventQuery): Promise<EventRow[]> {
    const values: unknown[] = [clusterId];
    const where = ['e.cluster_id = $1'];
    const value = (v: unknown) => `$${values.push(v)}`;
    if (namespace !== undefined) where.push(`coalesce(e.involved_namespace, 'default') = ${value(namespace)}`);
    for (const { field, op, value: wanted } of fields) where.push(`${FIELD_SQL[field] ?? `''`} ${op === '=' ? '=' : '<>'} ${value(wanted)}`);
    if (from !== '') where.push(`e.id >= ${value(from)}::bigint`);
    return this.prisma.$queryRawUnsafe<EventRow[]>(
      `SELECT e.id, e.at, e.type, e.reason, e.message, e.kind::text AS kind, e.involved_kind AS "involvedKind",
              e.involved_namespace AS "involvedNamespace", e.involved_name AS "involvedName", v.pod_uid::text AS "involvedUid"
       FROM events e LEFT JOIN evictions v ON v.id = e.eviction_id
       WHERE ${where.join(' AND ')} ORDER BY e.id LIMIT ${value(take)}`,
      ...values,
    );
  }
}
