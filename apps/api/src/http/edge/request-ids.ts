import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The header a request's id comes in (from a proxy, a portal, a bot) and goes back out in. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * What a caller's id may be to be kept: what proxies and tracing headers send (a UUID, a hex
 * trace id, `req-42`), at most 128 characters, nothing that could split a log line or a header.
 */
const KEPT_REQUEST_ID = /^[A-Za-z0-9._:/+=-]{1,128}$/;

/**
 * The request's id (fastify's `genReqId`): the caller's `x-request-id` when it is one we keep,
 * else a new UUID. It is what the audit trail records for the request's writes and what the
 * answer carries back (configure-app.ts, with the security headers), so that a portal's id and taintgate's are one.
 */
export function requestIdOf(request: IncomingMessage): string {
  const sent = request.headers[REQUEST_ID_HEADER];
  return typeof sent === 'string' && KEPT_REQUEST_ID.test(sent) ? sent : randomUUID();
}
