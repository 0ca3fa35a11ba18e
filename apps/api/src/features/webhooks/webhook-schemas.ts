import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MIN_SECRET_LENGTH } from './webhook-commands';
import { WEBHOOK_EVENTS, WEBHOOK_FORMATS } from '../../control-loops/webhook-delivery/webhook-events';

/** POST /v1/webhooks's body, as the OpenAPI document shows it (webhook-commands.ts parses it). */
export class CreateWebhookBody {
  @ApiProperty({ example: 'https://hooks.example.com/taintgate', description: 'http:// or https:// URL the deliveries are POSTed to' })
  url!: string;

  @ApiProperty({ enum: WEBHOOK_EVENTS, isArray: true, example: ['EvictionExecuted', 'TaintAdded'], description: 'the events it is told of (at least one)' })
  events!: string[];

  @ApiProperty({ minLength: MIN_SECRET_LENGTH, description: 'HMAC-SHA256 key of X-Taintgate-Signature; never answered' })
  secret!: string;

  @ApiPropertyOptional({ enum: WEBHOOK_FORMATS, default: 'json', description: 'json: taintgate\'s event JSON; slack: {"text": "<Markdown>"}' })
  format?: string;

  @ApiPropertyOptional({ example: 'prod', description: "only this cluster's events; absent: every cluster" })
  cluster?: string;
}

export class WebhookAnswer {
  @ApiProperty({ example: '1' })
  id!: string;

  @ApiProperty()
  url!: string;

  @ApiProperty({ enum: WEBHOOK_EVENTS, isArray: true })
  events!: string[];

  @ApiProperty({ enum: WEBHOOK_FORMATS })
  format!: string;

  @ApiProperty({ type: String, nullable: true, description: 'null: every cluster' })
  cluster!: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
}

export class WebhookListAnswer {
  @ApiProperty({ example: 'taintgate.io/v1' })
  apiVersion!: string;

  @ApiProperty({ example: 'WebhookList' })
  kind!: string;

  @ApiProperty({ type: Object })
  metadata!: Record<string, unknown>;

  @ApiProperty({ type: [WebhookAnswer] })
  items!: WebhookAnswer[];
}

export class DeliveryAnswer {
  @ApiProperty({ format: 'uuid', description: 'the X-Taintgate-Delivery header sent with it' })
  id!: string;

  @ApiProperty({ enum: WEBHOOK_EVENTS })
  event!: string;

  @ApiProperty({ enum: ['pending', 'succeeded', 'failed'] })
  status!: string;

  @ApiProperty({ description: 'attempts made so far' })
  attempts!: number;

  @ApiProperty({ type: String, nullable: true, description: "the last failed attempt's error (HTTP status and the start of the answer, or why no answer)" })
  lastError!: string | null;

  @ApiProperty({ type: Number, nullable: true, description: "the last answer's HTTP status" })
  responseStatus!: number | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  deliveredAt!: string | null;
}

export class DeliveryListAnswer {
  @ApiProperty({ example: 'taintgate.io/v1' })
  apiVersion!: string;

  @ApiProperty({ example: 'WebhookDeliveryList' })
  kind!: string;

  @ApiProperty({ type: Object, description: "continue: the next page's token" })
  metadata!: Record<string, unknown>;

  @ApiProperty({ type: [DeliveryAnswer] })
  items!: DeliveryAnswer[];
}
