import { Module } from '@nestjs/common';
import { EdgeModule } from '../../http/edge/edge.module';
import { StoreModule } from '../../store/store.module';
import { WebhooksController } from './webhooks.controller';
import { WebhooksService } from './webhooks.service';

/**
 * Webhooks registered by admins (/v1/webhooks) and their deliveries, read; they are told of
 * evictions, taints added and removed and imports finished by the webhook delivery loop
 * (control-loops/webhook-delivery/).
 */
@Module({
  imports: [StoreModule, EdgeModule],
  controllers: [WebhooksController],
  providers: [WebhooksService],
})
export class WebhooksModule {}
