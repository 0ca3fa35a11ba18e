import { RouteConfig } from '@nestjs/platform-fastify';
import { type Role, roleForMethod } from '@taintgate/domain';
import type { FastifyRequest } from 'fastify';

/** What a route needs: a role, or nothing at all (health checks, the API's documentation). */
export type RouteAccess = Role | 'public';

/**
 * On a handler whose method does not say what it needs: `@Access('viewer')` on a question asked
 * by POST, `@Access('admin')` on API keys, `@Access('public')` on health checks. Kept in fastify's
 * route config, where the access hook finds it before the body is read. On each handler: Nest's
 * fastify adapter reads route config from the handler only, not its class.
 */
export const Access = (access: RouteAccess): MethodDecorator => RouteConfig({ access });

/**
 * `@Access(role)` on a route that answers about any cluster its path names, whether the key holds
 * it or not (`kubectl auth can-i`, which must say "no" rather than be refused): the access hook
 * does not hold its path's cluster to the key's.
 */
export const AccessInAnyCluster = (access: Role): MethodDecorator => RouteConfig({ access, anyCluster: true });

/** Whether the route a request matched takes any cluster in its path (AccessInAnyCluster). */
export const takesAnyCluster = (request: FastifyRequest): boolean => (request.routeOptions.config as { anyCluster?: boolean } | undefined)?.anyCluster === true;

/** A bearer token of its own a route takes besides API keys: Prometheus' scrape token, on /metrics only. */
export type RouteToken = 'metrics';

/**
 * `@Access(role)`, and the route also takes the token named (configured at start, checked before
 * any key lookup); no other route takes it.
 */
export const AccessOrToken = (access: Role, token: RouteToken): MethodDecorator => RouteConfig({ access, token });

/** The token the route a request matched takes besides keys, if any. */
export const tokenOf = (request: FastifyRequest): RouteToken | undefined => (request.routeOptions.config as { token?: RouteToken } | undefined)?.token;

/**
 * GraphQL's route (Apollo's): let in for viewing; a mutation's role is checked once the operation is
 * parsed (graphql-access.plugin.ts). The explorer page a browser gets on GET /graphql is another
 * route, public by its `access` config (graphql/explorer/serve-explorer.ts).
 */
const GRAPHQL_PATH = '/graphql';

/** The OpenAPI document and Swagger UI (routes the swagger module adds itself): public, as the contract is. */
const DOCUMENTATION_PATHS = /^\/docs(?:$|[/-])/;

/**
 * What the route a request matched needs: its `@Access`, or by its method (reads view, writes
 * operate). A request that matched no route needs a viewer, so that a caller without a key learns
 * nothing about which paths exist (kube-apiserver authenticates before it routes, too).
 */
export function accessOf(request: FastifyRequest): RouteAccess {
  // A CORS preflight carries no credentials by design; the request it asks about will.
  if (request.method === 'OPTIONS') return 'public';
  const configured = (request.routeOptions.config as { access?: RouteAccess } | undefined)?.access;
  if (configured) return configured;
  const route = request.routeOptions.url;
  if (route === GRAPHQL_PATH) return 'viewer';
  if (route !== undefined && DOCUMENTATION_PATHS.test(route)) return 'public';
  return roleForMethod(request.method);
}
