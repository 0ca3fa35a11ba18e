import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppConfig } from '../config/app-config';
import { HttpMetrics } from '../metrics/http-metrics';

/**
 * Who a request was answered for: the API key (`apikey:ci`), `anyone` with authentication off,
 * `metrics-token` for a scrape with its own token; null when no caller was known (a public route
 * asked without a key, a request refused with 401).
 */
function actorOf(request: FastifyRequest): string | null {
  const caller = request.requestContext.get('facts')?.caller;
  if (caller) return caller.kind === 'apiKey' ? `apikey:${caller.name}` : 'anyone';
  return request.requestContext.get('token') === 'metrics' ? 'metrics-token' : null;
}

/**
 * One hook when each answer has been sent (fastify's onResponse, failures and 404s included): its
 * duration into http_request_duration_seconds, and one log line (fastify's own two per request
 * are off: createHttpAdapter). The line carries the request's id (fastify's child logger binds it
 * as `requestId`: the X-Request-Id answered), the route pattern and the path asked, the status,
 * the time in milliseconds and the actor. TAINTGATE_REQUEST_LOGS=off keeps the metric and drops
 * the line.
 */
export function observeEveryRequest(app: NestFastifyApplication): void {
  const metrics = app.get(HttpMetrics);
  const lines = app.get(AppConfig).logs.requestLines;
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      const route = request.routeOptions.url;
      const milliseconds = reply.elapsedTime;
      metrics.answered(request.method, route, reply.statusCode, milliseconds);
      if (lines) {
        request.log.info(
          {
            method: request.method,
            route: route ?? null,
            url: request.url,
            status: reply.statusCode,
            durationMs: Math.round(milliseconds * 1000) / 1000,
            actor: actorOf(request),
          },
          'request',
        );
      }
      done();
    });
}
