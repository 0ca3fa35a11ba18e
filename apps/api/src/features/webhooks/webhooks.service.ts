import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { SecretBox, SecretUnreadable } from '../../platform/secrets/secret-box';
import { chunkOfRows, failure, goQuote } from '@taintgate/domain';
import { ClusterDirectory } from '../../store/cluster-directory';
import { type ListPage, listPage } from '../../http/edge/list-answers';
import { fail } from '../../platform/failures/failure.exception';
import type { CreateWebhookCommand, ListDeliveriesCommand } from './webhook-commands';
import type { WebhookEventName, WebhookFormat } from '../../control-loops/webhook-delivery/webhook-events';
import { requireEveryCluster } from '../../platform/access/cluster-access';
import { AuditStore } from '../audit/audit-store';
import { type WebhookRow, WebhookStore } from './webhook-store';

/** A webhook as answered: never its secret. */
export interface WebhookView {
  id: string;
  url: string;
  events: WebhookEventName[];
  format: WebhookFormat;
  /** The one cluster it is told of; null: every cluster. */
  cluster: string | null;
  createdAt: string;
}

/** A delivery as answered: how its attempts went (its body is what was signed and sent). */
export interface DeliveryView {
  id: string;
  event: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  lastError: string | null;
  responseStatus: number | null;
  createdAt: string;
  updatedAt: string;
  deliveredAt: string | null;
}

const API_VERSION = 'taintgate.io/v1';

/**
 * Webhooks registered by admins, and their deliveries (made by WebhookDispatcher, sent by
 * DeliveryJobs). Their secrets are stored sealed (secret-box.ts); at start, those stored before
 * sealing, or under the key before a rotation, are sealed again under the current key.
 */
@Injectable()
export class WebhooksService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Webhooks');

  constructor(
    private readonly store: WebhookStore,
    private readonly clusters: ClusterDirectory,
    private readonly audits: AuditStore,
    private readonly secrets: SecretBox,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.secrets.canSeal) {
      this.logger.warn('TAINTGATE_SECRETS_KEY is not set: no webhook can be registered, and secrets stored sealed cannot be read');
      return;
    }
    // The service starts without Postgres too (alive, not ready): then the secrets are sealed at a later start.
    await this.resealSecrets().catch((error: unknown) =>
      this.logger.warn(`webhook secrets not sealed again at this start: ${error instanceof Error ? (error.message.split('\n').pop() ?? '') : String(error)}`),
    );
  }

  /** Seals again, under the current key, every secret stored before sealing or under the previous key. */
  private async resealSecrets(): Promise<void> {
    let resealed = 0;
    for (const { id, secret } of await this.store.secrets()) {
      if (this.secrets.sealedNow(secret)) continue;
      try {
        if (await this.store.replaceSecret(id, secret, this.secrets.seal(this.secrets.open(secret)))) resealed += 1;
      } catch (error) {
        if (!(error instanceof SecretUnreadable)) throw error;
        this.logger.error(`webhook ${id}'s secret cannot be read (${error.message}): its deliveries fail until TAINTGATE_SECRETS_KEY_PREVIOUS opens it`);
      }
    }
    if (resealed > 0) this.logger.log(`sealed ${resealed} webhook secret(s) under the current TAINTGATE_SECRETS_KEY`);
  }

  /** POST /v1/webhooks: told of what happens from now on (the events written after its row commits). */
  async create({ url, events, secret, format, cluster }: CreateWebhookCommand): Promise<WebhookView> {
    requireEveryCluster('create webhooks');
    if (!this.secrets.canSeal)
      fail(failure.forbidden('Webhook', '', 'this deployment keeps no secrets: set TAINTGATE_SECRETS_KEY (at least 32 characters) to register webhooks'));
    const clusterId = cluster === undefined ? null : (await this.clusters.require(cluster)).id;
    const row = await this.store.create({ url, events, secret: this.secrets.seal(secret), format, clusterId });
    await this.audit('webhook.create', row, { after: viewOf(row) });
    return viewOf(row);
  }

  async list(): Promise<ListPage<WebhookView>> {
    requireEveryCluster('list webhooks');
    // A deployment has a handful of webhooks: one page holds them all.
    const rows = await this.store.list();
    return listPage('WebhookList', { items: rows.map(viewOf) }, { apiVersion: API_VERSION });
  }

  async get(id: bigint): Promise<WebhookView> {
    requireEveryCluster('read webhooks');
    return viewOf(await this.find(id));
  }

  /** DELETE /v1/webhooks/{id}: it is told nothing more; its deliveries go with it (a job still queued finds none and ends). */
  async remove(id: bigint): Promise<WebhookView> {
    requireEveryCluster('delete webhooks');
    const row = await this.find(id);
    if (!(await this.store.delete(id))) fail(notFound(id));
    await this.audit('webhook.delete', row, { before: viewOf(row) });
    return viewOf(row);
  }

  /** GET /v1/webhooks/{id}/deliveries: newest first, a page at a time. */
  async deliveries(command: ListDeliveriesCommand): Promise<ListPage<DeliveryView>> {
    requireEveryCluster("read webhooks' deliveries");
    await this.find(command.webhookId);
    const { limit, start } = command.chunking;
    if (start !== '' && !/^\d{1,19}$/.test(start)) fail(failure.badRequest(`invalid continue token: continue key is not valid: ${start}`));
    // One more than the page: whether there is a next one, without counting them all.
    const rows = await this.store.deliveries(command.webhookId, start === '' ? undefined : BigInt(start), limit + 1);
    // Deliveries have no cluster revision; a token needs one that is not 0, and says nothing with it here.
    const chunk = chunkOfRows(rows, limit, (last) => String(last.seq - 1n), 1n);
    return listPage('WebhookDeliveryList', { ...chunk, items: chunk.items.map(deliveryViewOf) }, { apiVersion: API_VERSION });
  }

  private async find(id: bigint): Promise<WebhookRow> {
    return (await this.store.find(id)) ?? fail(notFound(id));
  }

  /** Webhooks belong to the deployment, as API keys do: their audit rows name no cluster. */
  private async audit(action: string, row: WebhookRow, change: { before?: WebhookView; after?: WebhookView }): Promise<void> {
    await this.audits.record({
      action,
      kind: 'Webhook',
      name: String(row.id),
      ...(change.after ? { after: { ...change.after } } : {}),
      ...(change.before ? { before: { ...change.before } } : {}),
    });
  }
}

const notFound = (id: bigint) => failure.missing(`webhooks ${goQuote(String(id))} not found`);

function viewOf(row: WebhookRow): WebhookView {
  return {
    id: String(row.id),
    url: row.url,
    events: row.events as WebhookEventName[],
    format: row.format,
    cluster: row.cluster?.name ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

function deliveryViewOf(row: {
  id: string;
  event: string;
  status: DeliveryView['status'];
  attempts: number;
  lastError: string | null;
  responseStatus: number | null;
  createdAt: Date;
  updatedAt: Date;
  deliveredAt: Date | null;
}): DeliveryView {
  return {
    id: row.id,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    responseStatus: row.responseStatus,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}
