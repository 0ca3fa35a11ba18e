import { Module } from '@nestjs/common';
import { StoreModule } from '../../store/store.module';
import { SecretsModule } from '../../platform/secrets/secrets.module';
import { DeliveryAttempts } from './delivery-attempts';
import { DeliveryJobs } from './delivery-jobs';
import { WebhookDeliveryStore } from './webhook-delivery-store';
import { WebhookDispatcher } from './webhook-dispatcher';

/**
 * Webhook delivery: the events are recorded in the writes that make them (the events table, the
 * webhook outbox); WebhookDispatcher turns them into delivery rows, one replica at a time;
 * DeliveryJobs queues each in BullMQ and DeliveryAttempts sends it, signed, with retries.
 */
@Module({
  imports: [StoreModule, SecretsModule],
  providers: [WebhookDeliveryStore, DeliveryJobs, DeliveryAttempts, WebhookDispatcher],
})
export class WebhookDeliveryModule {}
