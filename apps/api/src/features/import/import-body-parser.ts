import type { IncomingMessage } from 'node:http';
import { type FastifyInstance, type FastifyRequest, errorCodes } from 'fastify';
import { BodyNotReceivedError, type ImportBody, type ImportFormat } from './import-body';
import type { WholeJsonBodyParser } from '../../http/edge/json-bodies';

type ParsedBody = Parameters<WholeJsonBodyParser>[2];

/**
 * Bodies of the import routes (`POST /v1/import`, `POST /v1/clusters/{cluster}/import`) are
 * handed to their handler as they arrive, `{format, chunks, bytes}` (an ImportBody, read by
 * kubectl-objects.ts), up to a limit of their own: `kubectl get nodes,pods -A -o json` on a
 * large cluster prints 1 to 3 GB, which no string can hold and the app's body limit refuses. The
 * handler starts at once and reads the body while it is sent: holding 3 GB of chunks first took
 * longer than reading them (each new page of memory is a page fault).
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
  const { format, chunks } = body as { format?: unknown; chunks?: unknown };
  return (format === 'json' || format === 'yaml') && typeof chunks === 'object' && chunks !== null && Symbol.asyncIterator in chunks;
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
        const declared = Number(request.headers['content-length']);
        if (declared > importLimit) done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
        else
          done(null, { format, chunks: receiving(payload, importLimit, declared), bytes: Number.isNaN(declared) ? undefined : declared } satisfies ImportBody);
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

/** How many chunks (of up to 64 KiB) may wait to be read before the client is paused. */
const CHUNKS_AHEAD = 32;

/**
 * The payload's chunks as they arrive, for one reader, checked as fastify checks a body it reads
 * itself: BodyNotReceivedError (413) past the limit (or, behind a decompressing hook, past it in
 * sent bytes), (400) when the received length is not the declared one or the client goes away.
 * The client is paused while the reader is behind. A reader that stops early lets the rest of the
 * body go by unread; the payload is never destroyed, so an answer can still be sent.
 */
function receiving(payload: Payload, limit: number, declared: number): AsyncIterable<Buffer> {
  return {
    [Symbol.asyncIterator]: () => new ReceivedChunks(payload, limit, declared),
  };
}

class ReceivedChunks implements AsyncIterator<Buffer> {
  private readonly waiting: Buffer[] = [];
  private bytes = 0;
  private ended = false;
  private failure: BodyNotReceivedError | undefined;
  private wake: (() => void) | undefined;
  private stopped = false;

  constructor(
    private readonly payload: Payload,
    private readonly limit: number,
    /** The Content-Length, NaN when the body is sent in chunks. */
    private readonly declared: number,
  ) {
    payload.on('data', this.onData);
    payload.on('end', this.onEnd);
    payload.on('error', this.onError);
    payload.on('close', this.onClose);
    payload.resume();
  }

  async next(): Promise<IteratorResult<Buffer>> {
    for (;;) {
      const chunk = this.waiting.shift();
      if (chunk !== undefined) {
        if (this.waiting.length < CHUNKS_AHEAD / 2 && this.payload.isPaused() && !this.ended) this.payload.resume();
        return { done: false, value: chunk };
      }
      if (this.failure) throw this.failure;
      if (this.ended) return { done: true, value: undefined };
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  /** The reader stopped: the rest goes by unread. */
  return(): Promise<IteratorResult<Buffer>> {
    this.stop();
    this.waiting.length = 0;
    this.payload.resume();
    return Promise.resolve({ done: true, value: undefined });
  }

  private readonly onData = (chunk: Buffer): void => {
    this.bytes += chunk.length;
    if (this.bytes > this.limit || (this.payload.receivedEncodedLength ?? 0) > this.limit) {
      this.fail(new BodyNotReceivedError(true, `the body is larger than the import limit of ${this.limit} bytes (IMPORT_BODY_LIMIT_MB)`));
      return;
    }
    this.waiting.push(chunk);
    if (this.waiting.length >= CHUNKS_AHEAD) this.payload.pause();
    this.woken();
  };

  private readonly onEnd = (): void => {
    const declared = this.declared;
    if (!Number.isNaN(declared) && receivedLength(this.payload, this.bytes) !== declared) {
      this.fail(new BodyNotReceivedError(false, `the body is ${this.bytes} bytes long, not the ${declared} its Content-Length says`));
      return;
    }
    this.ended = true;
    this.stop();
    this.woken();
  };

  private readonly onError = (error: Error): void => {
    this.fail(new BodyNotReceivedError(false, `the body could not be received: ${error.message}`));
  };

  /** Closed before its end: the client went away. */
  private readonly onClose = (): void => {
    this.fail(new BodyNotReceivedError(false, 'the client went away before the whole body was sent'));
  };

  private fail(failure: BodyNotReceivedError): void {
    this.failure ??= failure;
    this.stop();
    // The rest of the body goes by unread.
    this.payload.resume();
    this.woken();
  }

  private stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.payload.removeListener('data', this.onData);
    this.payload.removeListener('end', this.onEnd);
    this.payload.removeListener('error', this.onError);
    this.payload.removeListener('close', this.onClose);
    // An error after this is nobody's to handle, but must not go unhandled (it would end the process).
    this.payload.on('error', ignore);
  }

  private woken(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}

const ignore = (): void => undefined;
