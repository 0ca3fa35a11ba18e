import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply } from 'fastify';
import path from 'node:path';
import type { RouteAccess } from '../../../platform/access/route-access';
import { asksForPage } from './asks-for-page';
import { EXPLORER_FILES, EXPLORER_FILES_PATH, type ExplorerFile } from './explorer-files';
import { EXPLORER_CSP, EXPLORER_PAGE } from './explorer-page';
import { GRAPHQL_PATH } from '../graphql-path';

/** The GraphQL endpoint, where the page is served to a browser (graphql.module.ts's `path`). */

/** The router's constraint that tells the page's route from Apollo's on GET /graphql. */
const PAGE_CONSTRAINT = 'graphqlExplorerPage';

/** What the router stores for a route under a constraint's value (find-my-way's handler), as fastify's types name it. */
type RouteHandler = Parameters<ReturnType<Parameters<FastifyInstance['addConstraintStrategy']>[0]['storage']>['set']>[1];

/**
 * Open to all, as /docs is: a browser's navigation cannot send a bearer key, and the page and its
 * files hold nothing of a cluster. The queries the page sends need a key as any other's do.
 */
const routeConfig: { access: RouteAccess } = { access: 'public' };

/**
 * GraphiQL at GET /graphql for a browser, served from this origin only (no CDN): the page, the
 * installed React and GraphiQL builds and the page's own script and styles under
 * /graphql/explorer/. The page is a route of its own on GET /graphql, taken by the router when
 * the request prefers text/html (asks-for-page.ts) and otherwise not: such a request never reaches
 * Apollo, so none is executed without a key, and every other GET /graphql is Apollo's, keyed as
 * before. Called by configureApp, before Apollo's route is added at init.
 */
export async function serveGraphqlExplorer(app: NestFastifyApplication): Promise<void> {
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addConstraintStrategy({
    name: PAGE_CONSTRAINT,
    // A request that does not ask for the page matches the routes without the constraint (Apollo's).
    mustMatchWhenDerived: false,
    storage: () => {
      const handlers = new Map<unknown, RouteHandler>();
      return { get: (value) => handlers.get(value) ?? null, set: (value, handler) => void handlers.set(value, handler) };
    },
    deriveConstraint: (request) => (asksForPage(request) ? 'page' : undefined),
  });
  // Encapsulated: the reply's sendFile decorator stays in this scope, beside swagger's own @fastify/static.
  await fastify.register(explorerRoutes);
}

async function explorerRoutes(scope: FastifyInstance): Promise<void> {
  // sendFile only: each file gets a route of its own below, so nothing else of node_modules is reachable.
  await scope.register(fastifyStatic, { serve: false });
  scope.get(GRAPHQL_PATH, { config: routeConfig, constraints: { [PAGE_CONSTRAINT]: 'page' } }, (_request, reply) =>
    reply
      .header('content-security-policy', EXPLORER_CSP)
      // The same address answers JSON to a program: a cache must key on Accept.
      .header('vary', 'Accept')
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(EXPLORER_PAGE),
  );
  for (const file of EXPLORER_FILES)
    scope.get(`${EXPLORER_FILES_PATH}${file.name}`, { config: routeConfig }, (_request, reply) => sendExplorerFile(reply, file));
}

function sendExplorerFile(reply: FastifyReply, file: ExplorerFile): FastifyReply {
  // An installed file: @fastify/static's send, with its ETag and Last-Modified (304s on reload) and its type by extension.
  if (file.from === 'package') return reply.sendFile(path.basename(file.file), path.dirname(file.file));
  return reply
    .header('cache-control', 'no-cache')
    .type(file.kind === 'script' ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8')
    .send(file.text);
}
