import { Controller, Delete, Get, Post } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Access } from '../../platform/access/route-access';
import { Command } from '../../http/edge/commands';
import { ListQueries, streamedList } from '../../http/edge/list-answers';
import { type CreateWebhookCommand, type ListDeliveriesCommand, createWebhook, listDeliveries, webhookId } from './webhook-commands';
import { CreateWebhookBody, DeliveryListAnswer, WebhookAnswer, WebhookListAnswer } from './webhook-schemas';
import { WebhooksService } from './webhooks.service';
import { BodyFailures, Fails, GuardedOperations } from '../../http/operation-docs/operation-docs';

@ApiTags('webhooks')
@GuardedOperations()
@Controller('v1/webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Post()
  @Access('admin')
  @ApiOperation({ summary: 'Register a webhook {url, events, secret, format?, cluster?}: told of those events from now on; the answer never holds the secret' })
  // What Swagger UI's Try it out sends: every cluster's evictions, to a receiver that may not be there (deliveries are retried, then recorded failed).
  @ApiBody({
    type: CreateWebhookBody,
    examples: {
      CreateWebhookBody: {
        value: { url: 'https://hooks.example.com/taintgate', events: ['EvictionExecuted', 'TaintAdded'], secret: 'a-secret-of-16-chars-or-more' },
      },
    },
  })
  @ApiCreatedResponse({ type: WebhookAnswer })
  @BodyFailures()
  @Fails(404)
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
  @Fails(404)
  @ApiOkResponse({ type: WebhookAnswer })
  get(@Command(webhookId) id: bigint) {
    return this.webhooks.get(id);
  }

  @Delete(':id')
  @Access('admin')
  @ApiOperation({ summary: 'Delete a webhook: it is told nothing more, and its deliveries go with it' })
  @Fails(404)
  @ApiOkResponse({ type: WebhookAnswer })
  remove(@Command(webhookId) id: bigint) {
    return this.webhooks.remove(id);
  }

  @Get(':id/deliveries')
  @Access('admin')
  @ApiOperation({ summary: "A webhook's deliveries, newest first: status (pending, succeeded, failed), attempts, last error, the answer's status" })
  @Fails(404)
  @ApiOkResponse({ type: DeliveryListAnswer })
  @ListQueries()
  async deliveries(@Command(listDeliveries) command: ListDeliveriesCommand) {
    return streamedList(await this.webhooks.deliveries(command));
  }
}
