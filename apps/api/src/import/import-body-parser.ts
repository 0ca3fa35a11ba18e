import type { IncomingMessage } from 'node:http';
import { type FastifyInstance, type FastifyRequest, errorCodes } from 'fastify';
import type { ImportBody, ImportFormat } from './import-body';

/**
 * Bodies of the import routes (`POST /v1/import`, `POST /v1/clusters/{cluster}/import`) are
 * handed to their handler as received, `{format, chunks, bytes}` (an ImportBody, read by
 * kubectl-objects.ts), up to a limit of their own: `kubectl get nodes,pods -A -o json` on a
 * large cluster prints about 1 GB, which no string can hold and the app's body limit refuses.
 *
 * fastify keeps one parser per content type for the whole app, and the app already has one for
 * JSON (edge/json-bodies.ts), so this replaces it with a parser that tells the routes apart:
 * an import route gets its chunks; any other route gets what it got before, the whole body (up to
 * its body limit) parsed by the parser json-bodies.ts hands over. YAML is read by import routes
 * only: any other route answers 415 as it does today.
 */

/** The content types an import reads, and how each is written. */
export const IMPORT_BODY_TYPES: Readonly<Record<string, ImportFormat>> = {
  'application/json': 'json',
  // application/yaml is the registered type (RFC 9512); the others are its older spellings, still sent.
  'application/yaml': 'yaml',
  'application/x-yaml': 'yaml',
  'text/yaml': 'yaml',
  'text/x-yaml': 'yaml',
};

/** 2 GiB: twice what `kubectl get nodes,pods -A -o json` prints for 10,000 nodes and 300,000 pods. */
export const DEFAULT_IMPORT_BODY_LIMIT_BYTES = 2 * 1024 * 1024 * 1024;

type ParsedBody = (error: Error | null, body?: unknown) => void;

/** How a route that is not an import parses its JSON body: the whole body, as fastify's `parseAs: 'buffer'` parsers get it. */
export type WholeJsonBodyParser = (request: FastifyRequest, body: Buffer, done: ParsedBody) => void;

export interface ImportBodyOptions {
  /** How every other route's JSON is parsed (json-bodies.ts's parser). */
  readonly parseOtherJson: WholeJsonBodyParser;
  /** Largest import body; a larger one is answered 413, as fastify answers a body over its limit. */
  readonly importBodyLimit?: number;
  /** Which routes are imports; by default those whose URL pattern ends in `/import` (see isImportRoute). */
  readonly isImportRoute?: (request: FastifyRequest) => boolean;
}

/**
 * An import route: its URL pattern (not the request's path, so a node named `import` at
 * `/v1/nodes/:name` is no import) ends in `/import`.
 */
function isImportRoute(request: FastifyRequest): boolean {
  return request.routeOptions.url?.endsWith('/import') === true;
}

/** Whether a handler's body is an import body (it is on import routes, and only there). */
export function isImportBody(body: unknown): body is ImportBody {
  if (typeof body !== 'object' || body === null) return false;
  const { format, chunks, bytes } = body as Partial<ImportBody>;
  return (format === 'json' || format === 'yaml') && Array.isArray(chunks) && typeof bytes === 'number';
}

/**
 * Registers the parsers for JSON and YAML bodies described above, replacing the JSON parser that
 * json-bodies.ts registered. Call it after that one is registered (Nest's useBodyParser must
 * still be called, so that Nest adds no parsers of its own at init).
 */
export function readImportBodiesAsChunks(fastify: FastifyInstance, options: ImportBodyOptions): void {
  const importLimit = options.importBodyLimit ?? DEFAULT_IMPORT_BODY_LIMIT_BYTES;
  const isImport = options.isImportRoute ?? isImportRoute;
  for (const [type, format] of Object.entries(IMPORT_BODY_TYPES)) {
    if (fastify.hasContentTypeParser(type)) fastify.removeContentTypeParser(type);
    fastify.addContentTypeParser(type, (request: FastifyRequest, payload: IncomingMessage, done: ParsedBody) => {
      if (isImport(request)) {
        collectChunks(request, payload, importLimit, (error, chunks, bytes) => {
          done(error, error ? undefined : ({ format, chunks, bytes } satisfies ImportBody));
        });
      } else if (format === 'json') {
        collectChunks(request, payload, request.routeOptions.bodyLimit, (error, chunks, bytes) => {
          if (error) done(error);
          else options.parseOtherJson(request, Buffer.concat(chunks, bytes), done);
        });
      } else {
        // As fastify answers a content type it has no parser for.
        done(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE());
      }
    });
  }
}

/** The length the client sent: what a decompressing hook counted, if any, or what was read. */
const receivedLength = (payload: Payload, read: number): number =>
  payload.receivedEncodedLength !== undefined && payload.receivedEncodedLength > 0 ? payload.receivedEncodedLength : read;

/** A payload as decompressing preParsing hooks leave it: they count the bytes they were sent. */
type Payload = IncomingMessage & { receivedEncodedLength?: number };

/**
 * The payload's chunks, up to `limit` bytes, checked as fastify checks a body it reads itself:
 * 413 when the declared or the received length (or, behind a decompressing hook, the sent length)
 * passes the limit, 400 when the received length is not the declared one or the stream fails.
 */
function collectChunks(request: FastifyRequest, payload: Payload, limit: number, done: (error: Error | null, chunks: Buffer[], bytes: number) => void): void {
  const declared = Number(request.headers['content-length']);
  if (declared > limit) {
    done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE(), [], 0);
    return;
  }
  const chunks: Buffer[] = [];
  let bytes = 0;
  const stop = () => {
    payload.removeListener('data', onData);
    payload.removeListener('end', onEnd);
    payload.removeListener('error', onEnd);
  };
  function onData(chunk: Buffer): void {
    bytes += chunk.length;
    if (bytes > limit || (payload.receivedEncodedLength ?? 0) > limit) {
      stop();
      done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE(), [], 0);
      return;
    }
    chunks.push(chunk);
  }
  function onEnd(error?: Error & { statusCode?: number }): void {
    stop();
    if (error) {
      if (!(typeof error.statusCode === 'number' && error.statusCode >= 400)) error.statusCode = 400;
      done(error, [], 0);
    } else if (!Number.isNaN(declared) && receivedLength(payload, bytes) !== declared) {
      done(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH(), [], 0);
    } else done(null, chunks, bytes);
  }
  payload.on('data', onData);
  payload.on('end', onEnd);
  payload.on('error', onEnd);
  payload.resume();
}
