import { Injectable } from '@nestjs/common';
import { chunkOfRows, failure, goQuote } from '@taintgate/domain';
import { currentActor } from '../../platform/access/actor';
import { ClusterDirectory } from '../../store/cluster-directory';
import { PrismaService } from '../../platform/database/prisma.service';
import { type ListPage, listPage } from '../../http/edge/list-answers';
import { fail } from '../../platform/failures/failure.exception';
import type { CreateWebhookCommand, ListDeliveriesCommand } from './webhook-commands';
import type { WebhookEventName, WebhookFormat } from '../../control-loops/webhook-delivery/webhook-events';

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

type WebhookRow = { id: bigint; url: string; events: string[]; format: WebhookFormat; createdAt: Date; cluster: { name: string } | null };

/** Webhooks registered by admins, and their deliveries (made by WebhookDispatcher, sent by DeliveryJobs). */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly clusters: ClusterDirectory,
  ) {}

  /** POST /v1/webhooks: told of what happens from now on (the events written after its row commits). */
  async create({ url, events, secret, format, cluster }: CreateWebhookCommand): Promise<WebhookView> {
    const clusterId = cluster === undefined ? null : (await this.clusters.require(cluster)).id;
    const row = await this.prisma.webhook.create({ data: { url, events, secret, format, clusterId }, select: SELECT });
    await this.audit('webhook.create', row, { after: viewOf(row) });
    return viewOf(row);
  }

  async list(): Promise<ListPage<WebhookView>> {
    // A deployment has a handful of webhooks: one page holds them all.
    const rows = await this.prisma.webhook.findMany({ select: SELECT, orderBy: { id: 'asc' } });
    return listPage('WebhookList', { items: rows.map(viewOf) }, { apiVersion: API_VERSION });
  }

  async get(id: bigint): Promise<WebhookView> {
    return viewOf(await this.find(id));
  }

  /** DELETE /v1/webhooks/{id}: it is told nothing more; its deliveries go with it (a job still queued finds none and ends). */
  async remove(id: bigint): Promise<WebhookView> {
    const row = await this.find(id);
    const deleted = await this.prisma.webhook.deleteMany({ where: { id } });
    if (deleted.count === 0) fail(notFound(id));
    await this.audit('webhook.delete', row, { before: viewOf(row) });
    return viewOf(row);
  }

  /** GET /v1/webhooks/{id}/deliveries: newest first, a page at a time. */
  async deliveries(command: ListDeliveriesCommand): Promise<ListPage<DeliveryView>> {
    await this.find(command.webhookId);
    const { limit, start } = command.chunking;
    if (start !== '' && !/^\d{1,19}$/.test(start)) fail(failure.badRequest(`invalid continue token: continue key is not valid: ${start}`));
    const rows = await this.prisma.webhookDelivery.findMany({
      where: { webhookId: command.webhookId, ...(start === '' ? {} : { seq: { lte: BigInt(start) } }) },
      orderBy: { seq: 'desc' },
      take: limit + 1,
    });
    // Deliveries have no cluster revision; a token needs one that is not 0, and says nothing with it here.
    const chunk = chunkOfRows(rows, limit, (last) => String(last.seq - 1n), 1n);
    return listPage('WebhookDeliveryList', { ...chunk, items: chunk.items.map(deliveryViewOf) }, { apiVersion: API_VERSION });
  }

  private async find(id: bigint): Promise<WebhookRow> {
    return (await this.prisma.webhook.findUnique({ where: { id }, select: SELECT })) ?? fail(notFound(id));
  }

  /** Webhooks belong to the deployment, as API keys do: their audit rows name no cluster. */
  private async audit(action: string, row: WebhookRow, change: { before?: WebhookView; after?: WebhookView }): Promise<void> {
    await this.prisma.auditEvent.create({
      data: {
        action,
        kind: 'Webhook',
        name: String(row.id),
        ...currentActor(),
        ...(change.after ? { after: { ...change.after } } : {}),
        ...(change.before ? { before: { ...change.before } } : {}),
      },
    });
  }
}

const SELECT = { id: true, url: true, events: true, format: true, createdAt: true, cluster: { select: { name: true } } } as const;

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
