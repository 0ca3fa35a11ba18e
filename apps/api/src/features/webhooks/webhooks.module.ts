import { Module } from '@nestjs/common';
import { DeliveryAttempts } from '../../control-loops/webhook-delivery/delivery-attempts';
import { DeliveryJobs } from '../../control-loops/webhook-delivery/delivery-jobs';
import { WebhookDispatcher } from '../../control-loops/webhook-delivery/webhook-dispatcher';
import { WebhooksController } from './webhooks.controller';
import { WebhooksService } from './webhooks.service';

/**
 * Webhooks: registered by admins (/v1/webhooks), told of evictions, taints added and removed and
 * imports finished. The events are recorded in the writes that make them (the events table, the
 * webhook outbox); WebhookDispatcher turns them into delivery rows, one replica at a time;
 * DeliveryJobs queues each in BullMQ and DeliveryAttempts sends it, signed, with retries.
 */
@Module({
  controllers: [WebhooksController],
  providers: [WebhooksService, DeliveryJobs, DeliveryAttempts, WebhookDispatcher],
})
export class WebhooksModule {}
