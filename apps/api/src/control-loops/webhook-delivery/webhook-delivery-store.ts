import { Injectable } from '@nestjs/common';
import type pg from 'pg';
import { PrismaService } from '../../platform/database/prisma.service';
import type { QueuedDelivery } from './delivery-jobs';
import type { ImportTallies, ToldEvent, WebhookFormat } from './webhook-events';

/** The advisory lock that lets one replica dispatch at a time ("tgwh"). */
const DISPATCH_LOCK = 0x74677768;

/** A webhook as the dispatcher matches events to it. */
export interface HookRow {
  id: string;
  events: string[];
  format: WebhookFormat;
  cluster_id: number | null;
}

/** An event after its cluster's cursor, with the eviction it is about (its columns null when it has none, or retention pruned it). */
export interface EventRow {
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

/** A row of the webhook outbox (a taint added or removed, an import finished). */
export interface OutboxRow {
  id: string;
  cluster_id: number;
  cluster: string;
  at: Date;
  kind: string;
  node_name: string | null;
  data: { taint?: ToldEvent['taint']; import?: ImportTallies; actor?: string };
}

/** A delivery to make: its body made once and kept as sent. */
export interface NewDelivery {
  id: string;
  webhook_id: string;
  origin: string;
  event: string;
  body: string;
}

/** An attempt taken of a pending delivery: what it sends, and where. */
export interface ClaimedAttempt {
  attempts: number;
  body: string;
  event: string;
  url: string;
  secret: string;
}

/** Each cluster's events after its cursor, `$2` at most, with the eviction each is about (one statement for every cluster). */
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

/** The named clusters' cursors (none named: every cluster's) moved to their newest event. */
const SKIP_TO_NEWEST = `
  INSERT INTO webhook_cursors (cluster_id, last_event_id)
  SELECT c.id, n.newest FROM clusters c CROSS JOIN LATERAL (SELECT max(id) AS newest FROM events WHERE cluster_id = c.id) n
  WHERE n.newest IS NOT NULL AND (cardinality($1::int[]) = 0 OR c.id = ANY($1::int[]))
  ON CONFLICT (cluster_id) DO UPDATE SET last_event_id = EXCLUDED.last_event_id WHERE webhook_cursors.last_event_id < EXCLUDED.last_event_id`;

/**
 * Takes an attempt of a pending delivery: counts it in Postgres first (so that attempts are counted
 * whatever Redis forgets), with what it sends. None when the delivery is done or its webhook gone.
 */
const CLAIM = `UPDATE webhook_deliveries d SET attempts = d.attempts + 1, updated_at = now()
  FROM webhooks h
  WHERE d.id = $1::uuid AND d.status = 'pending' AND h.id = d.webhook_id
  RETURNING d.attempts, d.body, d.event, h.url, h.secret`;

/** A failed attempt's delivery: failed for good once it has had every attempt. */
const RECORD_FAILURE = `UPDATE webhook_deliveries SET last_error = $2, response_status = $3, updated_at = now(),
    status = CASE WHEN attempts >= $4 THEN 'failed'::"DeliveryStatus" ELSE status END
  WHERE id = $1::uuid AND status = 'pending'
  RETURNING status::text`;

const RECORD_SUCCESS = `UPDATE webhook_deliveries SET status = 'succeeded', response_status = $2, delivered_at = now(), updated_at = now()
  WHERE id = $1::uuid`;

/**
 * The webhook deliveries' tables as the delivery loop reads and writes them: the cursors per
 * cluster over `events`, the outbox, and the deliveries with their attempts. The dispatcher's
 * reads and writes run in its turn (`inDispatchTurn`), one transaction on one connection.
 */
@Injectable()
export class WebhookDeliveryStore {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Runs `work` in this replica's turn to dispatch: a session advisory lock, tried, not waited for
   * (undefined when another replica holds it), held around a repeatable-read transaction. The lock
   * first, then the transaction: its snapshot is taken after the last holder committed, so it reads
   * that holder's cursors and deletions, never what they replaced.
   */
  async inDispatchTurn<T>(work: (tx: DispatchTransaction) => Promise<T>): Promise<T | undefined> {
    const client = await this.prisma.connect();
    let broken: Error | undefined;
    // A connection lost between two statements says so by an event, not a rejection: heard, it breaks the pass (and is not reused).
    const lost = (error: Error) => {
      broken = error;
    };
    client.on('error', lost);
    let locked = false;
    try {
      locked = (await client.query<{ held: boolean }>('SELECT pg_try_advisory_lock($1) AS held', [DISPATCH_LOCK])).rows[0]?.held === true;
      if (!locked) return undefined;
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
      const result = await work(new DispatchTransaction(client));
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

  /** Deletes the deliveries finished (succeeded or failed) before the cutoff, a few thousand at a time. */
  async pruneFinished(cutoff: Date): Promise<void> {
    for (;;) {
      const pruned = await this.prisma.$executeRaw`
        DELETE FROM webhook_deliveries WHERE id IN (
          SELECT id FROM webhook_deliveries WHERE status <> 'pending' AND updated_at < ${cutoff} LIMIT 5000)`;
      if (pruned < 5000) return;
    }
  }

  /** The oldest pending deliveries, a thousand at most. */
  async pending(): Promise<QueuedDelivery[]> {
    return this.prisma.rows<QueuedDelivery>(`SELECT id::text, attempts FROM webhook_deliveries WHERE status = 'pending' ORDER BY created_at LIMIT 1000`, []);
  }

  /** Takes an attempt of the delivery (CLAIM); none when it is done or its webhook gone. */
  async claimAttempt(deliveryId: string): Promise<ClaimedAttempt | undefined> {
    const [claimed] = await this.prisma.rows<ClaimedAttempt>(CLAIM, [deliveryId]);
    return claimed;
  }

  async recordSuccess(deliveryId: string, responseStatus: number): Promise<void> {
    await this.prisma.rows(RECORD_SUCCESS, [deliveryId, responseStatus]);
  }

  /** Records a failed attempt; answers whether the delivery has now failed for good (it had its `maxAttempts`). */
  async recordFailure(deliveryId: string, error: string, responseStatus: number | null, maxAttempts: number): Promise<boolean> {
    const [recorded] = await this.prisma.rows<{ status: string }>(RECORD_FAILURE, [deliveryId, error, responseStatus, maxAttempts]);
    return recorded?.status === 'failed';
  }
}

/** The dispatcher's statements, in its turn's transaction (WebhookDeliveryStore.inDispatchTurn). */
export class DispatchTransaction {
  constructor(private readonly client: pg.PoolClient) {}

  async webhooks(): Promise<HookRow[]> {
    return (await this.client.query<HookRow>('SELECT id::text, events, format::text AS format, cluster_id FROM webhooks')).rows;
  }

  async clusterIds(): Promise<number[]> {
    return (await this.client.query<{ id: number }>('SELECT id FROM clusters')).rows.map((c) => c.id);
  }

  /** Every cluster's cursor moved to its newest event, and the outbox emptied: nobody is told what happened so far. */
  async passOverEverything(): Promise<void> {
    await this.client.query(SKIP_TO_NEWEST, [[]]);
    await this.client.query('DELETE FROM outbox_events');
  }

  /** The clusters' cursors moved to their newest event: no webhook wants their eviction events now. */
  async skipToNewest(clusterIds: readonly number[]): Promise<void> {
    if (clusterIds.length > 0) await this.client.query(SKIP_TO_NEWEST, [clusterIds]);
  }

  /** Each cluster's events after its cursor, `perCluster` at most, in order of cluster and id. */
  async eventsAfterCursors(clusterIds: readonly number[], perCluster: number): Promise<EventRow[]> {
    return (await this.client.query<EventRow>(EVENTS_AFTER_CURSORS, [clusterIds, perCluster])).rows;
  }

  /** The outbox's oldest rows, `limit` at most, locked until the transaction ends. */
  async outbox(limit: number): Promise<OutboxRow[]> {
    return (
      await this.client.query<OutboxRow>(
        `SELECT o.id::text, o.cluster_id, c.name AS cluster, o.at, o.kind::text AS kind, o.node_name, o.data
         FROM outbox_events o JOIN clusters c ON c.id = o.cluster_id ORDER BY o.id LIMIT $1 FOR UPDATE OF o`,
        [limit],
      )
    ).rows;
  }

  /** Inserts the deliveries; answers the ids of those inserted (a delivery of the same webhook and origin lets none in). */
  async insertDeliveries(deliveries: readonly NewDelivery[]): Promise<string[]> {
    if (deliveries.length === 0) return [];
    return (
      await this.client.query<{ id: string }>(
        `INSERT INTO webhook_deliveries (id, webhook_id, origin, event, body)
           SELECT v.id, v.webhook_id, v.origin, v.event, v.body
           FROM json_to_recordset($1::json) AS v(id uuid, webhook_id bigint, origin text, event text, body text)
           ON CONFLICT (webhook_id, origin) DO NOTHING
           RETURNING id::text`,
        [JSON.stringify(deliveries)],
      )
    ).rows.map((r) => r.id);
  }

  /** The outbox rows dispatched, deleted. */
  async deleteOutbox(ids: readonly string[]): Promise<void> {
    if (ids.length > 0) await this.client.query('DELETE FROM outbox_events WHERE id = ANY($1::bigint[])', [ids]);
  }

  /** Each cluster's cursor moved to the last event read (cluster id to event id). */
  async moveCursors(cursors: ReadonlyMap<number, string>): Promise<void> {
    if (cursors.size === 0) return;
    await this.client.query(
      `INSERT INTO webhook_cursors (cluster_id, last_event_id)
         SELECT v.cluster_id, v.last_event_id FROM json_to_recordset($1::json) AS v(cluster_id int, last_event_id bigint)
         ON CONFLICT (cluster_id) DO UPDATE SET last_event_id = EXCLUDED.last_event_id`,
      [JSON.stringify([...cursors].map(([cluster_id, last_event_id]) => ({ cluster_id, last_event_id })))],
    );
  }
}
