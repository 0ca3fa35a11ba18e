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

/**
 * An event as the Kubernetes API reads it, from either table (ALL_EVENTS): the controllers' events
 * (seen once: `lastAt` is `at`, `count` 1, with the uid of the pod their eviction was about) and
 * kube-scheduler's FailedScheduling events (a series: counted, last seen at `lastAt`, about a pod
 * at a resourceVersion).
 */
export interface EventRow {
  id: bigint;
  at: Date;
  lastAt: Date;
  count: number;
  type: string;
  reason: string;
  message: string;
  kind: string;
  involvedKind: string;
  involvedNamespace: string | null;
  involvedName: string;
  involvedUid: string | null;
  involvedResourceVersion: string | null;
}

/** Which events a list reads: a namespace, field selectors, from which id (a continue token's; '' from the first), how many. */
export interface EventQuery {
  namespace?: string | undefined;
  fields: FieldSelector;
  from: string;
  take: number;
}

/**
 * Both tables as one list of events (`e`), in the columns a core/v1 Event is made of. The
 * scheduling events' ids come from the events' sequence, so the two merge by id; a list's
 * conditions on `e` reach both sides' indexes (cluster_id, id).
 */
const ALL_EVENTS = `(
  SELECT e.cluster_id, e.id, e.at, e.at AS last_at, 1 AS count, e.type, e.reason, e.message, e.kind::text AS kind, e.involved_kind,
         e.involved_namespace, e.involved_name, v.pod_uid::text AS involved_uid, NULL::text AS involved_resource_version
  FROM events e LEFT JOIN evictions v ON v.id = e.eviction_id
  UNION ALL
  SELECT s.cluster_id, s.id, s.at, s.last_at, s.count, 'Warning', 'FailedScheduling', s.message, 'FailedScheduling', 'Pod',
         s.pod_namespace, s.pod_name, s.pod_uid::text, s.pod_resource_version::text
  FROM scheduling_events s
) e`;

/** The component that reports each kind of event, as upstream names its recorder (the Event's source, or its reportingController). */
const COMPONENT_SQL = `CASE e.kind WHEN 'PodGarbageCollected' THEN 'pod-garbage-collector' WHEN 'FailedScheduling' THEN 'default-scheduler'
  ELSE 'taint-eviction-controller' END`;

/**
 * Each selectable field of an Event (field-selector.ts) as SQL over ALL_EVENTS: a fixed list, so
 * that a selector only ever brings values, never SQL. `source` falls back to the reporting
 * controller, as the event registry's selectable fields do for events.k8s.io's Events.
 */
const FIELD_SQL: Record<string, string> = {
  'metadata.name': `e.involved_name || '.' || lpad(to_hex(e.id), 16, '0')`,
  'metadata.namespace': `coalesce(e.involved_namespace, 'default')`,
  'involvedObject.kind': 'e.involved_kind',
  'involvedObject.namespace': `coalesce(e.involved_namespace, '')`,
  'involvedObject.name': 'e.involved_name',
  'involvedObject.uid': `coalesce(e.involved_uid, '')`,
  'involvedObject.apiVersion': `'v1'`,
  'involvedObject.resourceVersion': `coalesce(e.involved_resource_version, '')`,
  'involvedObject.fieldPath': `''`,
  reason: 'e.reason',
  type: 'e.type',
  source: COMPONENT_SQL,
  reportingComponent: COMPONENT_SQL,
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

  /** The cluster's events the query asks for, from both tables, by id, at most `take`. */
  async list(clusterId: number, { namespace, fields, from, take }: EventQuery): Promise<EventRow[]> {
    const values: unknown[] = [clusterId];
    const where = ['e.cluster_id = $1'];
    const value = (v: unknown) => `$${values.push(v)}`;
    if (namespace !== undefined) where.push(`coalesce(e.involved_namespace, 'default') = ${value(namespace)}`);
    for (const { field, op, value: wanted } of fields) where.push(`${FIELD_SQL[field] ?? `''`} ${op === '=' ? '=' : '<>'} ${value(wanted)}`);
    if (from !== '') where.push(`e.id >= ${value(from)}::bigint`);
    return this.prisma.$queryRawUnsafe<EventRow[]>(
      `SELECT e.id, e.at, e.last_at AS "lastAt", e.count, e.type, e.reason, e.message, e.kind, e.involved_kind AS "involvedKind",
              e.involved_namespace AS "involvedNamespace", e.involved_name AS "involvedName", e.involved_uid AS "involvedUid",
              e.involved_resource_version AS "involvedResourceVersion"
       FROM ${ALL_EVENTS}
       WHERE ${where.join(' AND ')} ORDER BY e.id LIMIT ${value(take)}`,
      ...values,
    );
  }
}
