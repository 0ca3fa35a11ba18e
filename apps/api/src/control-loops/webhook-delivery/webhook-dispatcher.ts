import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { retentionCutoff } from '@taintgate/domain';
import type pg from 'pg';
import { PeriodicPass } from '../../store/periodic-pass';
import { AppConfig } from '../../platform/config/app-config';
import { PrismaService } from '../../platform/database/prisma.service';
import { OutageLog } from '../../platform/failures/outages';
import { deliveryBody } from './webhook-bodies';
import { DeliveryJobs, type QueuedDelivery } from './delivery-jobs';
import {
  EVICTION_EVENTS,
  type EvictionData,
  type ImportTallies,
  type ToldEvent,
  type WebhookEventName,
  type WebhookFormat,
  isWebhookEvent,
} from './webhook-events';

/** How often the dispatcher looks for new events: a delivery starts within about this long. */
const DISPATCH_SECONDS = 0.5;
/** Every so many passes, pending deliveries whose job Redis lost are queued again. */
const RECONCILE_EVERY_PASSES = 20;
/** Every so many passes (an hour), finished deliveries older than RETENTION_DAYS are pruned. */
const PRUNE_EVERY_PASSES = 7200;
/** Events read per cluster, and outbox rows, per transaction. */
const BATCH = 500;
/** The advisory lock that lets one replica dispatch at a time ("tgwh"). */
const DISPATCH_LOCK = 0x74677768;

interface HookRow {
  id: string;
  events: string[];
  format: WebhookFormat;
  cluster_id: number | null;
}

interface EventRow {
  cluster_id: number;
  cluster: string;
  id: string;
  at: Date;
  kind: string;
  message: string;
  namespace: string | null;
  name: string;
  eviction_id: string | null;
  pod_uid: string | null;
  node_name: string | null;
  taint_key: string | null;
  taint_value: string | null;
  taint_effect: string | null;
  status: string | null;
  started_at: Date | null;
  scheduled_for: Date | null;
  toleration_seconds: string | null;
  fired_at: Date | null;
  cancelled_at: Date | null;
  reason: string | null;
}

interface OutboxRow {
  id: string;
  cluster_id: number;
  cluster: string;
  at: Date;
  kind: string;
  node_name: string | null;
  data: { taint?: ToldEvent['taint']; import?: ImportTallies; actor?: string };
}

/** Each cluster's events after its cursor, BATCH at most, with the eviction each is about (one statement for every cluster). */
const EVENTS_AFTER_CURSORS = `
  SELECT c.id AS cluster_id, c.name AS cluster, e.*
  FROM clusters c
  LEFT JOIN webhook_cursors k ON k.cluster_id = c.id
  CROSS JOIN LATERAL (
    SELECT e.id::text, e.at, e.kind::text AS kind, e.message, e.involved_namespace AS namespace, e.involved_name AS name,
           v.id::text AS eviction_id, v.pod_uid::text, v.node_name, v.taint_key, v.taint_value, v.taint_effect::text, v.status::text,
           v.started_at, v.scheduled_for, v.toleration_seconds::text, v.fired_at, v.cancelled_at, v.reason
    FROM events e LEFT JOIN evictions v ON v.id = e.eviction_id
    WHERE e.cluster_id = c.id AND e.id > coalesce(k.last_event_id, 0)
    ORDER BY e.id LIMIT $2
  ) e
  WHERE c.id = ANY($1::int[])
  ORDER BY c.id, e.id`;

/** The named clusters' cursors moved to their newest event: no webhook wants their eviction events now. */
const SKIP_TO_NEWEST = `
  INSERT INTO webhook_cursors (cluster_id, last_event_id)
  SELECT c.id, n.newest FROM clusters c CROSS JOIN LATERAL (SELECT max(id) AS newest FROM events WHERE cluster_id = c.id) n
  WHERE n.newest IS NOT NULL AND (cardinality($1::int[]) = 0 OR c.id = ANY($1::int[]))
  ON CONFLICT (cluster_id) DO UPDATE SET last_event_id = EXCLUDED.last_event_id WHERE webhook_cursors.last_event_id < EXCLUDED.last_event_id`;

/**
 * Makes the deliveries. Events come from two tables: `events` (the taint eviction controller's,
 * read by id from a cursor per cluster, as the GraphQL subscription reads them: a cluster's writes
 * commit in order, so its ids become visible in order) and the webhook outbox (taints added and
 * removed, imports finished: rows deleted once dispatched). For each event and each webhook that
 * wants it (its event name, its cluster or every cluster), one delivery row, its body made once
 * and kept as sent, is inserted in the same transaction that moves the cursor or deletes the
 * outbox rows; after the commit each is queued as a BullMQ job whose id is the delivery's.
 *
 * Replicas: every replica runs the pass, and one at a time dispatches (a session advisory lock,
 * tried, not waited for, held around a repeatable-read transaction). Should two ever read the same event, the delivery's
 * unique (webhook, origin) lets one row in. Redis: a delivery whose queueing failed, or whose job
 * Redis lost, stays pending in Postgres and is queued again (RECONCILE_EVERY_PASSES).
 */
@Injectable()
export class WebhookDispatcher extends PeriodicPass {
  private passes = 0;

  constructor(
    private readonly prisma: PrismaService,
    private readonly jobs: DeliveryJobs,
    private readonly config: AppConfig,
  ) {
    super({ seconds: DISPATCH_SECONDS, atStart: true });
  }

  protected async pass(): Promise<number> {
    let made = 0;
    for (;;) {
      const { deliveries, more } = await this.dispatchBatch();
      OutageLog.of('Postgres').recovered();
      made += deliveries.length;
      if (deliveries.length > 0) await this.jobs.enqueue(deliveries);
      if (!more) break;
    }
    const pass = this.passes++;
    if (pass % RECONCILE_EVERY_PASSES === 0) await this.requeueLost();
    if (pass % PRUNE_EVERY_PASSES === 0) await this.pruneFinished();
    return made;
  }

  /** Succeeded and failed deliveries kept as long as the rest of history (RETENTION_DAYS; 0: forever), deleted a few thousand at a time. */
  private async pruneFinished(): Promise<void> {
    const cutoff = retentionCutoff(Date.now(), this.config.retention.days);
    if (cutoff === undefined) return;
    for (;;) {
      const pruned = await this.prisma.$executeRaw`
        DELETE FROM webhook_deliveries WHERE id IN (
          SELECT id FROM webhook_deliveries WHERE status <> 'pending' AND updated_at < ${new Date(cutoff)} LIMIT 5000)`;
      if (pruned < 5000) return;
    }
  }

  /** Pending deliveries whose job Redis does not hold (lost, or never queued), queued again. */
  private async requeueLost(): Promise<void> {
    const pending = await this.prisma.rows<QueuedDelivery>(
      `SELECT id::text, attempts FROM webhook_deliveries WHERE status = 'pending' ORDER BY created_at LIMIT 1000`,
      [],
    );
    const missing = await this.jobs.withoutJob(pending);
    if (missing.length > 0) {
      await this.jobs.enqueue(missing);
      this.logger.log(`queued ${missing.length} webhook delivery(ies) again`);
    }
  }

  /** One transaction's worth: the deliveries it made, and whether a batch was full (more to read). */
  private async dispatchBatch(): Promise<{ deliveries: QueuedDelivery[]; more: boolean }> {
    const client = await this.prisma.connect();
    let broken: Error | undefined;
    // A connection lost between two statements says so by an event, not a rejection: heard, it breaks the pass (and is not reused).
    const lost = (error: Error) => {
      broken = error;
    };
    client.on('error', lost);
    let locked = false;
    try {
      // The lock first, on the session, then the transaction: its snapshot is taken after the last
      // holder committed, so it reads that holder's cursors and deletions, never what they replaced.
      locked = (await client.query<{ held: boolean }>('SELECT pg_try_advisory_lock($1) AS held', [DISPATCH_LOCK])).rows[0]?.held === true;
      if (!locked) return { deliveries: [], more: false };
      // One snapshot for the webhooks and the events: an event visible to it that was written after a
      // webhook's registration was answered has that webhook visible too, so it is told.
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
      const result = await this.dispatchIn(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      broken = error instanceof Error ? error : new Error(String(error));
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.removeListener('error', lost);
      // A connection released broken is closed, and its session's lock with it.
      if (locked && !broken) await client.query('SELECT pg_advisory_unlock($1)', [DISPATCH_LOCK]).catch((error: unknown) => (broken = error as Error));
      client.release(broken);
    }
  }

  private async dispatchIn(client: pg.PoolClient): Promise<{ deliveries: QueuedDelivery[]; more: boolean }> {
    const hooks = (await client.query<HookRow>('SELECT id::text, events, format::text AS format, cluster_id FROM webhooks')).rows;
    if (hooks.length === 0) {
      // Nobody to tell: what happened so far is passed over, so that a webhook registered next is told what follows.
      await client.query(SKIP_TO_NEWEST, [[]]);
      await client.query('DELETE FROM outbox_events');
      return { deliveries: [], more: false };
    }
    const clusters = (await client.query<{ id: number }>('SELECT id FROM clusters')).rows.map((c) => c.id);
    const wantEvictions = (clusterId: number) =>
      hooks.some((h) => (h.cluster_id === null || h.cluster_id === clusterId) && h.events.some((e) => EVICTION_EVENTS.includes(e as WebhookEventName)));
    const reading = clusters.filter(wantEvictions);
    const skipped = clusters.filter((id) => !wantEvictions(id));
    if (skipped.length > 0) await client.query(SKIP_TO_NEWEST, [skipped]);

    const told: (ToldEvent & { clusterId: number })[] = [];
    let more = false;
    const cursors = new Map<number, string>();
    if (reading.length > 0) {
      const rows = (await client.query<EventRow>(EVENTS_AFTER_CURSORS, [reading, BATCH])).rows;
      const perCluster = new Map<number, number>();
      for (const row of rows) {
        cursors.set(row.cluster_id, row.id);
        perCluster.set(row.cluster_id, (perCluster.get(row.cluster_id) ?? 0) + 1);
        const event = toldOfEvent(row);
        if (event) told.push({ ...event, clusterId: row.cluster_id });
      }
      more = [...perCluster.values()].some((n) => n >= BATCH);
    }
    const outbox = (
      await client.query<OutboxRow>(
        `SELECT o.id::text, o.cluster_id, c.name AS cluster, o.at, o.kind::text AS kind, o.node_name, o.data
         FROM outbox_events o JOIN clusters c ON c.id = o.cluster_id ORDER BY o.id LIMIT $1 FOR UPDATE OF o`,
        [BATCH],
      )
    ).rows;
    if (outbox.length >= BATCH) more = true;
    for (const row of outbox) told.push({ ...toldOfOutbox(row), clusterId: row.cluster_id });

    const deliveries = told.flatMap((event) =>
      hooks
        .filter((h) => (h.cluster_id === null || h.cluster_id === event.clusterId) && h.events.includes(event.event))
        .map((h) => {
          const id = randomUUID();
          const { clusterId: _clusterId, ...about } = event;
          return { id, webhook_id: h.id, origin: event.origin, event: event.event, body: deliveryBody(id, about, h.format) };
        }),
    );
    let inserted: QueuedDelivery[] = [];
    if (deliveries.length > 0) {
      inserted = (
        await client.query<{ id: string }>(
          `INSERT INTO webhook_deliveries (id, webhook_id, origin, event, body)
           SELECT v.id, v.webhook_id, v.origin, v.event, v.body
           FROM json_to_recordset($1::json) AS v(id uuid, webhook_id bigint, origin text, event text, body text)
           ON CONFLICT (webhook_id, origin) DO NOTHING
           RETURNING id::text`,
          [JSON.stringify(deliveries)],
        )
      ).rows.map((r) => ({ id: r.id, attempts: 0 }));
    }
    if (outbox.length > 0) await client.query('DELETE FROM outbox_events WHERE id = ANY($1::bigint[])', [outbox.map((o) => o.id)]);
    if (cursors.size > 0) {
      await client.query(
        `INSERT INTO webhook_cursors (cluster_id, last_event_id)
         SELECT v.cluster_id, v.last_event_id FROM json_to_recordset($1::json) AS v(cluster_id int, last_event_id bigint)
         ON CONFLICT (cluster_id) DO UPDATE SET last_event_id = EXCLUDED.last_event_id`,
        [JSON.stringify([...cursors].map(([cluster_id, last_event_id]) => ({ cluster_id, last_event_id })))],
      );
    }
    return { deliveries: inserted, more };
  }
}

/** An events row as webhooks are told it; none for a kind they are never told of (PodGarbageCollected). */
function toldOfEvent(row: EventRow): ToldEvent | undefined {
  if (!isWebhookEvent(row.kind)) return undefined;
  const eviction = evictionOf(row);
  return {
    origin: `events/${row.id}`,
    event: row.kind,
    cluster: row.cluster,
    at: row.at.toISOString(),
    pod: { namespace: row.namespace ?? 'default', name: row.name, ...(row.pod_uid ? { uid: row.pod_uid } : {}) },
    ...(eviction ? { node: eviction.node, taint: eviction.taint, eviction } : {}),
    message: row.message,
  };
}

/** The eviction an event is about, as GET /v1/evictions shows it (none once retention pruned it). */
function evictionOf(row: EventRow): EvictionData | undefined {
  if (row.eviction_id === null || row.taint_key === null || row.started_at === null || row.scheduled_for === null) return undefined;
  return {
    id: row.eviction_id,
    pod: { namespace: row.namespace ?? 'default', name: row.name, uid: row.pod_uid ?? '' },
    node: row.node_name ?? '',
    taint: { key: row.taint_key, ...(row.taint_value ? { value: row.taint_value } : {}), effect: row.taint_effect ?? '' },
    status: row.status ?? '',
    startedAt: row.started_at.toISOString(),
    scheduledFor: row.scheduled_for.toISOString(),
    tolerationSeconds: row.toleration_seconds === null ? null : secondsOf(row.toleration_seconds),
    firedAt: row.fired_at?.toISOString() ?? null,
    cancelledAt: row.cancelled_at?.toISOString() ?? null,
    reason: row.reason,
  };
}

function toldOfOutbox(row: OutboxRow): ToldEvent {
  return {
    origin: `outbox_events/${row.id}`,
    event: row.kind as WebhookEventName,
    cluster: row.cluster,
    at: row.at.toISOString(),
    ...(row.node_name ? { node: row.node_name } : {}),
    ...(row.data.taint ? { taint: row.data.taint } : {}),
    ...(row.data.import ? { import: row.data.import } : {}),
    ...(row.data.actor ? { actor: row.data.actor } : {}),
  };
}

/** int64 seconds: a JSON number when exact, else its digits as a string (JSON.stringify takes no bigint). */
function secondsOf(text: string): number | string {
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : text;
}
