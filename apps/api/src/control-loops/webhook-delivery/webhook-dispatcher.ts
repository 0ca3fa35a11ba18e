import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { retentionCutoff } from '@taintgate/domain';
import { PeriodicPass } from '../../store/periodic-pass';
import { AppConfig } from '../../platform/config/app-config';
import { OutageLog } from '../../platform/failures/outages';
import { deliveryBody } from './webhook-bodies';
import { DeliveryJobs, type QueuedDelivery } from './delivery-jobs';
import { type DispatchTransaction, type EventRow, type OutboxRow, WebhookDeliveryStore } from './webhook-delivery-store';
import { EVICTION_EVENTS, type EvictionData, type ToldEvent, type WebhookEventName, isWebhookEvent } from './webhook-events';

/** How often the dispatcher looks for new events: a delivery starts within about this long. */
const DISPATCH_SECONDS = 0.5;
/** Every so many passes, pending deliveries whose job Redis lost are queued again. */
const RECONCILE_EVERY_PASSES = 20;
/** Every so many passes (an hour), finished deliveries older than RETENTION_DAYS are pruned. */
const PRUNE_EVERY_PASSES = 7200;
/** Events read per cluster, and outbox rows, per transaction. */
const BATCH = 500;

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
    private readonly store: WebhookDeliveryStore,
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
    await this.store.pruneFinished(new Date(cutoff));
  }

  /** Pending deliveries whose job Redis does not hold (lost, or never queued), queued again. */
  private async requeueLost(): Promise<void> {
    const pending = await this.store.pending();
    const missing = await this.jobs.withoutJob(pending);
    if (missing.length > 0) {
      await this.jobs.enqueue(missing);
      this.logger.log(`queued ${missing.length} webhook delivery(ies) again`);
    }
  }

  /** One transaction's worth, in this replica's turn: the deliveries it made, and whether a batch was full (more to read). */
  private async dispatchBatch(): Promise<{ deliveries: QueuedDelivery[]; more: boolean }> {
    return (await this.store.inDispatchTurn((tx) => this.dispatchIn(tx))) ?? { deliveries: [], more: false };
  }

  /**
   * One snapshot for the webhooks and the events: an event visible to it that was written after a
   * webhook's registration was answered has that webhook visible too, so it is told.
   */
  private async dispatchIn(tx: DispatchTransaction): Promise<{ deliveries: QueuedDelivery[]; more: boolean }> {
    const hooks = await tx.webhooks();
    if (hooks.length === 0) {
      // Nobody to tell: what happened so far is passed over, so that a webhook registered next is told what follows.
      await tx.passOverEverything();
      return { deliveries: [], more: false };
    }
    const clusters = await tx.clusterIds();
    const wantEvictions = (clusterId: number) =>
      hooks.some((h) => (h.cluster_id === null || h.cluster_id === clusterId) && h.events.some((e) => EVICTION_EVENTS.includes(e as WebhookEventName)));
    const reading = clusters.filter(wantEvictions);
    await tx.skipToNewest(clusters.filter((id) => !wantEvictions(id)));

    const told: (ToldEvent & { clusterId: number })[] = [];
    let more = false;
    const cursors = new Map<number, string>();
    if (reading.length > 0) {
      const rows = await tx.eventsAfterCursors(reading, BATCH);
      const perCluster = new Map<number, number>();
      for (const row of rows) {
        cursors.set(row.cluster_id, row.id);
        perCluster.set(row.cluster_id, (perCluster.get(row.cluster_id) ?? 0) + 1);
        const event = toldOfEvent(row);
        if (event) told.push({ ...event, clusterId: row.cluster_id });
      }
      more = [...perCluster.values()].some((n) => n >= BATCH);
    }
    const outbox = await tx.outbox(BATCH);
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
    const inserted = (await tx.insertDeliveries(deliveries)).map((id) => ({ id, attempts: 0 }));
    await tx.deleteOutbox(outbox.map((o) => o.id));
    await tx.moveCursors(cursors);
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
