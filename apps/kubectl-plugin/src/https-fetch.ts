import { once } from 'node:events';
import http from 'node:http';
import https from 'node:https';
import type { Connection } from './connection';
import { parseExactJson } from './exact-json';
import { PluginError } from './failures';

/**
 * The fetch the plugin's generated client (openapi-fetch) sends its requests with: one over
 * node:http(s), because a kubeconfig's CA and insecure-skip-tls-verify are options of the
 * connection, and Node's own fetch takes them only through an Agent of the undici package (a
 * second undici beside Node's, whose Request and Response are other classes than the ones
 * openapi-fetch makes and reads; its current major needs Node 22).
 *
 * The answer is read whole, as a Response whose json() keeps integers beyond 2^53 exact
 * (bigints): openapi-fetch reads a JSON answer with it when the answer says its length, and this
 * one always does. A connection that fails is kubectl's "Unable to connect to the server".
 */
export type Fetch = (request: Request) => Promise<Response>;

export function fetchOver(connection: Connection): Fetch {
  return async (request) => {
    const url = new URL(request.url);
    const options: https.RequestOptions = { method: request.method, headers: Object.fromEntries(request.headers) };
    if (url.protocol === 'https:') {
      if (connection.ca) options.ca = connection.ca;
      if (connection.insecureSkipTlsVerify) options.rejectUnauthorized = false;
    }
    const transport = url.protocol === 'https:' ? https : http;
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const sent = transport.request(url, options, resolve);
      sent.on('error', (error) => reject(new PluginError(`Unable to connect to the server: ${error.message}`)));
      writeBody(request.body, sent).catch((error: unknown) => {
        reject(new PluginError(error instanceof Error ? error.message : String(error)));
        sent.destroy();
      });
    });
    const chunks: Buffer[] = [];
    for await (const chunk of response) chunks.push(chunk as Buffer);
    return new ExactJsonResponse(Buffer.concat(chunks), response, request.url, connection.base.href);
  };
}

/**
 * A body whole in its first chunk (JSON text) is given to end(), which sends it with a
 * Content-Length; a longer one (an import's file, gigabytes for a large cluster) is sent chunked
 * as it is read, each chunk after the last one was taken.
 */
async function writeBody(body: Request['body'], sent: http.ClientRequest): Promise<void> {
  if (!body) {
    sent.end();
    return;
  }
  const chunks = body[Symbol.asyncIterator]();
  const first = await chunks.next();
  if (first.done) {
    sent.end();
    return;
  }
  let next = await chunks.next();
  if (next.done) {
    sent.end(first.value);
    return;
  }
  if (!sent.write(first.value)) await once(sent, 'drain');
  for (; !next.done; next = await chunks.next()) if (!sent.write(next.value)) await once(sent, 'drain');
  sent.end();
}

/** Statuses whose answer has no body (a Response refuses one). */
const NO_BODY = new Set([204, 205, 304]);

/** What node:http received, as fetch answers it: read whole, so its length is known; JSON read exactly. */
class ExactJsonResponse extends Response {
  constructor(
    body: Buffer,
    received: http.IncomingMessage,
    url: string,
    private readonly server: string,
  ) {
    const headers = new Headers();
    const raw = received.rawHeaders;
    for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i] ?? '', raw[i + 1] ?? '');
    // Read whole: no longer chunked, and of a known length.
    headers.delete('transfer-encoding');
    headers.set('content-length', String(body.length));
    const status = received.statusCode ?? 0;
    super(NO_BODY.has(status) ? null : body, { status, statusText: received.statusMessage ?? '', headers });
    // As fetch's own answers do, it says the URL it answers (read in the plugin's error messages).
    Object.defineProperty(this, 'url', { value: url });
  }

  /** The answer's JSON, integers beyond 2^53 as bigints; an answer that is not JSON says the server may not be taintgate. */
  override readonly json = async (): Promise<unknown> => {
    const text = await this.text();
    try {
      return parseExactJson(text);
    } catch {
      throw notJson(this.server, this.url);
    }
  };
}

/** The error of an answer that should be JSON and is not (or is empty). */
export const notJson = (server: string, url: string): PluginError =>
  new PluginError(`the server at ${server} answered ${new URL(url).pathname} with something not JSON: is it taintgate?`);
