import { Injectable } from '@nestjs/common';
import { PrismaService } from '../../platform/database/prisma.service';
import type { WebhookDelivery } from '../../generated/prisma/client';
import type { WebhookEventName, WebhookFormat } from '../../control-loops/webhook-delivery/webhook-events';

/** A webhook as answered from its row: never its secret; its cluster by name (null: every cluster). */
export type WebhookRow = { id: bigint; url: string; events: string[]; format: WebhookFormat; createdAt: Date; cluster: { name: string } | null };

/** A webhook to register: what it is told of, where, signed with what (sealed: secret-box.ts), and for which cluster (null: every cluster). */
export interface NewWebhook {
  url: string;
  events: WebhookEventName[];
  secret: string;
  format: WebhookFormat;
  clusterId: number | null;
}

const SELECT = { id: true, url: true, events: true, format: true, createdAt: true, cluster: { select: { name: true } } } as const;

/** The webhooks table as admins register them, and their deliveries read (WebhookDeliveryStore makes and sends them). */
@Injectable()
export class WebhookStore {
  constructor(private readonly prisma: PrismaService) {}

  create(webhook: NewWebhook): Promise<WebhookRow> {
    return this.prisma.webhook.create({ data: webhook, select: SELECT });
  }

  /** Every webhook, in the order they were registered. */
  list(): Promise<WebhookRow[]> {
    return this.prisma.webhook.findMany({ select: SELECT, orderBy: { id: 'asc' } });
  }

  find(id: bigint): Promise<WebhookRow | null> {
    return this.prisma.webhook.findUnique({ where: { id }, select: SELECT });
  }

  /** Every webhook's stored secret, by id (a deployment has a handful of webhooks). */
  secrets(): Promise<{ id: bigint; secret: string }[]> {
    return this.prisma.webhook.findMany({ select: { id: true, secret: true }, orderBy: { id: 'asc' } });
  }

  /** Replaces a stored secret if it is still `from` (another replica may have sealed it first); answers whether it did. */
  async replaceSecret(id: bigint, from: string, to: string): Promise<boolean> {
    return (await this.prisma.webhook.updateMany({ where: { id, secret: from }, data: { secret: to } })).count > 0;
  }

  /** Deletes the webhook, its deliveries with it; answers whether it was there. */
  async delete(id: bigint): Promise<boolean> {
    return (await this.prisma.webhook.deleteMany({ where: { id } })).count > 0;
  }

  /** The webhook's deliveries, newest first, from `upTo` (their sequence number; undefined: the newest) down, at most `take`. */
  deliveries(webhookId: bigint, upTo: bigint | undefined, take: number): Promise<WebhookDelivery[]> {
    return this.prisma.webhookDelivery.findMany({
      where: { webhookId, ...(upTo === undefined ? {} : { seq: { lte: upTo } }) },
      orderBy: { seq: 'desc' },
      take,
    });
  }
}
