import { FieldPath, type ListChunking, ShapeChecker, fieldError, isDNS1123Label } from '@taintgate/domain';
import { operation } from '../../http/edge/operation';
import { bodyFields, checked, listChunking, requiredString } from '../../http/edge/request-fields';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_FORMATS,
  type WebhookEventName,
  type WebhookFormat,
  isWebhookEvent,
} from '../../control-loops/webhook-delivery/webhook-events';

const root = FieldPath.root();

/** A secret shorter than this is refused: a guessable key would let anyone forge deliveries. */
export const MIN_SECRET_LENGTH = 16;
const MAX_SECRET_LENGTH = 256;
const MAX_URL_LENGTH = 2048;

export interface CreateWebhookCommand {
  url: string;
  events: WebhookEventName[];
  secret: string;
  format: WebhookFormat;
  /** The one cluster it is told of; undefined: every cluster. */
  cluster: string | undefined;
}

function urlOf(shape: ShapeChecker, value: unknown): string {
  const path = root.child('url');
  const text = shape.string(value, path, true);
  if (text === undefined || text === '') {
    if (text === '') shape.errors.push(fieldError.required(path));
    return '';
  }
  if (text.length > MAX_URL_LENGTH) {
    shape.errors.push(fieldError.tooLong(path, MAX_URL_LENGTH));
    return '';
  }
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) shape.errors.push(fieldError.invalid(path, text, 'must be an http:// or https:// URL'));
  return text;
}

function eventsOf(shape: ShapeChecker, value: unknown): WebhookEventName[] {
  const path = root.child('events');
  if (value === undefined || value === null) {
    shape.errors.push(fieldError.required(path));
    return [];
  }
  const items = shape.array(value, path);
  if (items === undefined) return [];
  if (items.length === 0) shape.errors.push(fieldError.required(path, 'at least one event'));
  const events: WebhookEventName[] = [];
  items.forEach((item, i) => {
    if (!isWebhookEvent(item)) shape.errors.push(fieldError.notSupported(path.index(i), item, WEBHOOK_EVENTS));
    else if (!events.includes(item)) events.push(item);
  });
  return events;
}

function secretOf(shape: ShapeChecker, value: unknown): string {
  const path = root.child('secret');
  const secret = shape.string(value, path, true);
  if (secret === undefined) return '';
  if (secret.length < MIN_SECRET_LENGTH) shape.errors.push(fieldError.invalid(path, '<hidden>', `must be at least ${MIN_SECRET_LENGTH} characters`));
  else if (secret.length > MAX_SECRET_LENGTH) shape.errors.push(fieldError.tooLong(path, MAX_SECRET_LENGTH));
  return secret;
}

function formatOf(shape: ShapeChecker, value: unknown): WebhookFormat {
  const path = root.child('format');
  if (value === undefined || value === null) return 'json';
  if ((WEBHOOK_FORMATS as readonly unknown[]).includes(value)) return value as WebhookFormat;
  shape.errors.push(fieldError.notSupported(path, value, WEBHOOK_FORMATS));
  return 'json';
}

function clusterOf(shape: ShapeChecker, value: unknown): string | undefined {
  const path = root.child('cluster');
  if (value === undefined || value === null) return undefined;
  const name = shape.string(value, path);
  if (name === undefined) return undefined;
  for (const message of isDNS1123Label(name)) shape.errors.push(fieldError.invalid(path, name, message));
  return name;
}

/** POST /v1/webhooks: `{"url", "events": [...], "secret", "format"?: "json"|"slack", "cluster"?}`. */
export const createWebhook = operation<CreateWebhookCommand>({
  rest: ({ body }) => ({ body }),
  parse(input) {
    const shape = new ShapeChecker();
    const body = bodyFields(shape, input.body);
    const url = urlOf(shape, body.url);
    const events = eventsOf(shape, body.events);
    const secret = secretOf(shape, body.secret);
    const format = formatOf(shape, body.format);
    const cluster = clusterOf(shape, body.cluster);
    return checked(shape, () => ({ url, events, secret, format, cluster }));
  },
});

/** A webhook's id, from /v1/webhooks/{id}: digits, as answered. */
function idOf(shape: ShapeChecker, value: unknown): bigint {
  const text = requiredString(shape, value, 'id');
  if (/^[1-9]\d{0,17}$/.test(text)) return BigInt(text);
  if (text !== '') shape.errors.push(fieldError.invalid(root.child('id'), text, 'must be a webhook id (digits)'));
  return 0n;
}

/** GET and DELETE /v1/webhooks/{id}. */
export const webhookId = operation<bigint>({
  rest: ({ params }) => params,
  parse(input) {
    const shape = new ShapeChecker();
    const id = idOf(shape, input.id);
    return checked(shape, () => id);
  },
});

export interface ListDeliveriesCommand {
  webhookId: bigint;
  chunking: ListChunking;
}

/** GET /v1/webhooks/{id}/deliveries?limit=&continue=: newest first, a page at a time. */
export const listDeliveries = operation<ListDeliveriesCommand>({
  rest: ({ params, query }) => ({ ...query, id: params.id }),
  parse(input) {
    const shape = new ShapeChecker();
    const id = idOf(shape, input.id);
    const chunking = listChunking(shape, input);
    return checked(shape, () => ({ webhookId: id, chunking }));
  },
});
