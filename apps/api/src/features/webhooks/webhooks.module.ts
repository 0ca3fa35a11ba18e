import { Module } from '@nestjs/common';
import { SecretsModule } from '../../platform/secrets/secrets.module';
import { EdgeModule } from '../../http/edge/edge.module';
import { StoreModule } from '../../store/store.module';
import { AuditModule } from '../audit/audit.module';
import { WebhookStore } from './webhook-store';
import { WebhooksController } from './webhooks.controller';
import { WebhooksService } from './webhooks.service';

/**
 * Webhooks registered by admins (/v1/webhooks) and their deliveries, read; they are told of
 * evictions, taints added and removed and imports finished by the webhook delivery loop
 * (control-loops/webhook-delivery/).
 */
@Module({
  imports: [StoreModule, AuditModule, EdgeModule, SecretsModule],
  controllers: [WebhooksController],
  providers: [WebhookStore, WebhooksService],
})
export class WebhooksModule {}
