import fastifyCors from '@fastify/cors';
import { fastifyRequestContext } from '@fastify/request-context';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LogController } from 'fastify';
import helmet from 'helmet';
import { guardEveryRequest } from './platform/access/access-hook';
import { requestRates } from './platform/access/request-rates';
import { REQUEST_ID_HEADER, requestIdOf } from './http/edge/request-ids';
import { MAX_REQUEST_BODY_BYTES } from '@taintgate/domain';
import { AppConfig, type TlsSettings } from './platform/config/app-config';
import { acceptJsonBodiesOnly, answerJsonExactly } from './http/edge/json-bodies';
import { FailureFilter } from './platform/failures/failure.filter';
import { faceOfUrl } from './faces/answer-faces';
import { readImportBodiesAsChunks } from './features/import/import-body-parser';
import { readReviewsInProtobuf } from './faces/kube-api/kube-protobuf-reviews';
import { serveGraphqlExplorer } from './faces/graphql/explorer/serve-explorer';
import { setupOpenApi } from './faces/rest-document/setup-openapi';
import { observeEveryRequest } from './platform/logs/request-lines';
import type { ServiceLog } from './platform/logs/service-log';
import { SyncWarnings } from './features/mirror-sync/sync-warnings';
import { warn } from './http/edge/warning-headers';

/**
 * Largest request body accepted on every route but the imports (which read theirs as it arrives,
 * up to IMPORT_BODY_LIMIT_MB): kube-apiserver's 3 MiB, answered beyond with 413 in its words
 * (`Request entity too large: limit is 3145728`, failure-answers.ts). What-if queries that send
 * hypothetical clusters inline (`POST /v1/placement` with `nodes`, `/v1/taint-impact` with
 * `inline`) hold several hundred `kubectl get -o json` nodes in it; a larger cluster is imported.
 */
export const BODY_LIMIT_BYTES = MAX_REQUEST_BODY_BYTES;

/**
 * Longest path parameter routed (fastify's default is 100, which answers 414 for valid node and pod
 * names of 101 to 253 characters). Room for a 253-character name percent-encoded, so that any
 * name reaches the handler and a bad one is told why by validation.
 */
const MAX_PARAM_LENGTH = 2048;

/**
 * The fastify adapter production serves with; tests build theirs here too. With `tls` it serves
 * HTTPS (fastify's own `https` option: Nest's httpsOptions are not passed on to a fastify
 * adapter, only read by app.getUrl(), see httpsOptionsOf). With `log` (main.ts), fastify logs
 * through the service's log, its request ids as `requestId`, and none of its own two lines per
 * request: logs/request-lines.ts writes one; without (tests), fastify logs nothing.
 */
/** How long a client may take to send a request's headers; then 408 and the socket closed. */
export const HEADERS_TIMEOUT_MS = 10_000;
/** How long a kept-alive connection may wait idle for its next request. */
const KEEP_ALIVE_TIMEOUT_MS = 5_000;

/**
 * No client holds a socket by sending its headers slowly (600 such sockets were all still open after
 * 80 s): headers within HEADERS_TIMEOUT_MS, checked every second (node's default looks every 30 s),
 * and an idle kept-alive connection let go after KEEP_ALIVE_TIMEOUT_MS. A body has no total time
 * (an import of gigabytes takes minutes); its bytes are bounded by the body limits.
 */
const SLOW_CLIENTS = { headersTimeout: HEADERS_TIMEOUT_MS, connectionsCheckingInterval: 1_000 };

export function createHttpAdapter(tls?: TlsSettings, log?: ServiceLog): FastifyAdapter {
  return new FastifyAdapter({
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    ...(log ? { loggerInstance: log, logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'requestId' }) } : {}),
    bodyLimit: BODY_LIMIT_BYTES,
    // Read by genReqId itself, which keeps the caller's id only when it is one to keep.
    requestIdHeader: false,
    genReqId: requestIdOf,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    ...(tls ? { https: { cert: tls.cert, key: tls.key, ...SLOW_CLIENTS } } : { http: SLOW_CLIENTS }),
  });
}

/** What Nest's application options say of HTTPS, so that app.getUrl() answers https:// when it is. */
export const httpsOptionsOf = (tls?: TlsSettings) => (tls ? { httpsOptions: { cert: tls.cert, key: tls.key } } : {});

/**
 * Everything the application needs besides its modules: security headers, each answer's metric
 * and log line, CORS for the origins allowed, the request context and the access check every request passes, JSON-only bodies,
 * answers that keep integers beyond 2^53 exact, the failure filter and the OpenAPI document.
 * main.ts and the tests' boot helper both call it, between creating the app and
 * init()/listen(), so that tests see exactly what production serves.
 */
export async function configureApp(app: NestFastifyApplication): Promise<NestFastifyApplication> {
  const config = app.get(AppConfig);
  // Registered and loaded one by one: the access hook must run after the request context exists.
  setAnswerHeaders(app);
  warnOfMirrorsOutOfStep(app);
  observeEveryRequest(app);
  if (config.auth.allowedOrigins.length > 0) await app.register(fastifyCors, corsOptions(config.auth.allowedOrigins));
  await app.register(fastifyRequestContext);
  guardEveryRequest(app, faceOfUrl, await requestRates(app));
  const parseWholeJson = acceptJsonBodiesOnly(app);
  // The import routes take their bodies (JSON or YAML, up to ~1 GB) as chunks; every other route as above.
  readImportBodiesAsChunks(app.getHttpAdapter().getInstance(), { parseOtherJson: parseWholeJson, importBodyLimit: config.importBodyLimitBytes });
  // kubectl auth can-i and whoami send their reviews in protobuf; every other route refuses it (415).
  readReviewsInProtobuf(app.getHttpAdapter().getInstance());
  answerJsonExactly(app);
  app.useGlobalFilters(new FailureFilter(app.getHttpAdapter(), faceOfUrl));
  setupOpenApi(app);
  // GraphiQL for a browser at GET /graphql, open as /docs is; its queries need a key.
  await serveGraphqlExplorer(app);
  return app;
}

/**
 * helmet's headers (nosniff, frame-ancestors, HSTS, no referrer, ...) on every answer. Its default
 * Content-Security-Policy holds for Swagger UI at /docs, which loads its scripts from this origin.
 * None of them depends on the request (no nonce), so helmet's middleware runs once, at start, and
 * each answer takes the headers it set as fastify's own: run for each request, its dozen
 * `setHeader`s on the raw response cost 3 % of a placement's CPU, and sent node's writeHead down
 * its slow path, merging fastify's headers into them one by one.
 */
function setAnswerHeaders(app: NestFastifyApplication): void {
  const headers = helmetHeaders();
  app
    .getHttpAdapter()
    .getInstance()
    // One hook for both on every request, 404s and failures included; and the request's id (edge/request-ids.ts).
    .addHook('onRequest', (request, reply, done) => {
      reply.headers(headers);
      reply.header(REQUEST_ID_HEADER, request.id);
      done();
    });
}

/**
 * Every answer about a mirror out of step with its source says so, beside the warnings the answer
 * has of its own (SyncWarnings).
 */
function warnOfMirrorsOutOfStep(app: NestFastifyApplication): void {
  const warnings = app.get(SyncWarnings);
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onSend', (request, reply, payload, done) => {
      const text = warnings.warningFor(request.url);
      if (text !== undefined) {
        const own = reply.getHeader('warning');
        warn(reply, [text]);
        const added = reply.getHeader('warning') as string[];
        reply.header('warning', [...(own === undefined ? [] : Array.isArray(own) ? own.map(String) : [String(own)]), ...added]);
      }
      done(null, payload);
    });
}

/** The headers helmet's middleware sets, as it sets them on a response. */
function helmetHeaders(): Record<string, string> {
  const headers = new Map<string, string>();
  const response = {
    setHeader(name: string, value: string | number) {
      headers.set(name.toLowerCase(), String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  // helmet throws its errors rather than passing them on (8.1 and later): there are none to pass.
  helmet()({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return Object.fromEntries(headers);
}

/**
 * CORS only for the origins configured (none by default: a page of another origin gets no answer
 * it may read). Keys travel in the Authorization header, never in cookies, so credentials stay off.
 */
function corsOptions(origins: string[]) {
  return {
    origin: origins,
    methods: ['GET', 'HEAD', 'PUT', 'POST', 'DELETE'],
    allowedHeaders: ['authorization', 'content-type'],
    credentials: false,
    maxAge: 600,
  };
}
