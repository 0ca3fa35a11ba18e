import { Controller, Delete, Get, Post } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Access } from '../auth/route-access';
import { Command } from '../edge/commands';
import { ListQueries, streamedList } from '../edge/list-answers';
import { type CreateWebhookCommand, type ListDeliveriesCommand, createWebhook, listDeliveries, webhookId } from './webhook-commands';
import { CreateWebhookBody, DeliveryListAnswer, WebhookAnswer, WebhookListAnswer } from './webhook-schemas';
import { WebhooksService } from './webhooks.service';

@ApiTags('webhooks')
@Controller('v1/webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Post()
  @Access('admin')
  @ApiOperation({ summary: 'Register a webhook {url, events, secret, format?, cluster?}: told of those events from now on; the answer never holds the secret' })
  @ApiBody({ type: CreateWebhookBody })
  @ApiCreatedResponse({ type: WebhookAnswer })
  create(@Command(createWebhook) command: CreateWebhookCommand) {
    return this.webhooks.create(command);
  }

  @Get()
  @Access('admin')
  @ApiOperation({ summary: 'List the webhooks (WebhookList), without their secrets' })
  @ApiOkResponse({ type: WebhookListAnswer })
  list() {
    return this.webhooks.list();
  }

  @Get(':id')
  @Access('admin')
  @ApiOperation({ summary: 'Read a webhook (without its secret)' })
  @ApiOkResponse({ type: WebhookAnswer })
  get(@Command(webhookId) id: bigint) {
    return this.webhooks.get(id);
  }

  @Delete(':id')
  @Access('admin')
  @ApiOperation({ summary: 'Delete a webhook: it is told nothing more, and its deliveries go with it' })
  @ApiOkResponse({ type: WebhookAnswer })
  remove(@Command(webhookId) id: bigint) {
    return this.webhooks.remove(id);
  }

  @Get(':id/deliveries')
  @Access('admin')
  @ApiOperation({ summary: "A webhook's deliveries, newest first: status (pending, succeeded, failed), attempts, last error, the answer's status" })
  @ApiOkResponse({ type: DeliveryListAnswer })
  @ListQueries()
  async deliveries(@Command(listDeliveries) command: ListDeliveriesCommand) {
    return streamedList(await this.webhooks.deliveries(command));
  }
}
