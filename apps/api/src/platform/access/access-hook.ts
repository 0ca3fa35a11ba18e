import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { type Caller, DEFAULT_CLUSTER, type Failure, authorize, authorizeCluster, failure } from '@taintgate/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AnswerFace, type FaceOfUrl, INTERNAL_ERROR_MESSAGE, failureOfThrown, httpAnswerOf } from '../failures/failure-answers';
import { Authenticator } from './authenticator';
import { AppConfig } from '../config/app-config';
import { type RouteToken, accessOf, takesAnyCluster, tokenOf } from './route-access';
import { bearerMatches } from './route-tokens';
import { type RateCheck, addressSubject } from './request-rates';

/**
 * Every request is authenticated and authorized here, first thing (fastify's onRequest, before
 * the body is read: an anonymous 3 GiB import is refused before its first byte is parsed). The
 * caller, the request id and the client's address are kept in the request's context for the audit
 * trail. Requests are counted per address, then per key (request-rates.ts): past a limit, 429.
 * GraphQL's mutations need more than the viewer role this gives /graphql; the operation is
 * checked once parsed (graphql-access.plugin.ts). A cluster named in the path must be one of the
 * key's clusters.
 */
export function guardEveryRequest(app: NestFastifyApplication, faceOf: FaceOfUrl, rates: { perAddress: RateCheck; perKey: RateCheck }): void {
  const authenticator = app.get(Authenticator);
  const tokens = routeTokens(app.get(AppConfig));
  const logger = new Logger('Access');
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      const access = accessOf(request);
      if (access === 'public') return knownIfKeyed(request);
      // Counted per address before the key is looked up: made-up keys cost a lookup each.
      const addressTooFast = await rates.perAddress(request, addressSubject(request));
      if (addressTooFast) return answer(reply, faceOf(request.url), addressTooFast);
      const token = tokenOf(request);
      if (token && tokens[token]?.(request.headers.authorization)) {
        request.requestContext.set('token', token);
        return undefined;
      }
      let caller: Caller | undefined;
      try {
        caller = await authenticator.callerOf(request.headers.authorization);
      } catch (error) {
        // Postgres away while looking the key up: its own answer (503), never a 500 for the client.
        const found = failureOfThrown(error);
        if (!found)
          logger.error(
            `looking up an API key failed: ${error instanceof Error ? error.message : String(error)}`,
            error instanceof Error ? error.stack : undefined,
          );
        return answer(reply, faceOf(request.url), found ?? failure.internal(INTERNAL_ERROR_MESSAGE));
      }
      const decided = authorize(caller, access, `${request.method} ${request.url.split('?')[0] ?? ''}`);
      if (!decided.ok) return answer(reply, faceOf(request.url), decided.error);
      if (decided.value.kind === 'apiKey') {
        const keyTooFast = await rates.perKey(request, `key:${decided.value.id}`);
        if (keyTooFast) return answer(reply, faceOf(request.url), keyTooFast);
      }
      // A cluster in the path that the key does not hold: refused before the body is read (an
      // import to another team's cluster); the cluster operations check it again, and the paths
      // without one (the default cluster's), as they parse (cluster-access.ts).
      const cluster = (request.params as Record<string, unknown> | undefined)?.['cluster'] ?? defaultClusterOf(request);
      if (typeof cluster === 'string' && !takesAnyCluster(request)) {
        const inScope = authorizeCluster(decided.value, cluster);
        if (!inScope.ok) return answer(reply, faceOf(request.url), inScope.error);
      }
      request.requestContext.set('facts', { caller: decided.value, requestId: request.id, clientAddress: request.ip });
      return undefined;
    });

  /**
   * The default cluster, for a route that serves it: one served under /clusters/{cluster} too
   * (`/v1/nodes` beside `/v1/clusters/:cluster/nodes`, `/api/v1/nodes` beside
   * `/clusters/:cluster/api/v1/nodes`); undefined for a route of no cluster (keys, the list of
   * clusters). Asked of fastify's routes once per route.
   */
  const servesDefault = new Map<string, boolean>();
  const server = app.getHttpAdapter().getInstance();
  function defaultClusterOf(request: FastifyRequest): string | undefined {
    const url = request.routeOptions.url;
    if (url === undefined) return undefined;
    const route = `${request.method} ${url}`;
    let serves = servesDefault.get(route);
    if (serves === undefined) {
      const twin = url.startsWith('/v1/') ? url.replace(/^\/v1\//, '/v1/clusters/:cluster/') : `/clusters/:cluster${url}`;
      serves = server.hasRoute({ method: request.method, url: twin });
      servesDefault.set(route, serves);
    }
    return serves ? DEFAULT_CLUSTER : undefined;
  }

  /**
   * A public route asked with a key: who it is, for what such routes show more of to an admin
   * (health's reasons). A key that is not valid, or a lookup that fails, only means less is shown.
   */
  async function knownIfKeyed(request: FastifyRequest): Promise<undefined> {
    if (request.headers.authorization === undefined) return undefined;
    const caller = await authenticator.callerOf(request.headers.authorization).catch(() => undefined);
    if (caller?.kind === 'apiKey') request.requestContext.set('facts', { caller, requestId: request.id, clientAddress: request.ip });
    return undefined;
  }
}

/** The routes' own tokens configured, each as a check of an Authorization header (none when unset). */
function routeTokens(config: AppConfig): Partial<Record<RouteToken, (authorization: string | undefined) => boolean>> {
  const { metricsToken } = config.auth;
  return metricsToken ? { metrics: bearerMatches(metricsToken) } : {};
}

/** Sends the failure's answer; the hook returns the reply, which tells fastify the request is answered. */
function answer(reply: FastifyReply, face: AnswerFace, f: Failure): FastifyReply {
  const { statusCode, body, headers } = httpAnswerOf(f, face);
  return reply.code(statusCode).headers(headers).send(body);
}
