import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import { type Connection, DEFAULT_CLUSTER_NAME } from './connection';
import { parseExactJson } from './exact-json';
import { PluginError, ServerError } from './failures';

/**
 * taintgate's REST API over node:http(s) (not fetch: a kubeconfig's CA and
 * insecure-skip-tls-verify are per connection, and fetch takes neither without undici's own
 * agent). The API key goes as `Authorization: Bearer`, as kubectl sends a kubeconfig token.
 */

export interface RestRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Under /v1/ (`apikeys`), or under the cluster's /v1/ when `inCluster` (`placement`, `evictions`). */
  path: string;
  inCluster: boolean;
  query?: Record<string, string | undefined>;
  /** JSON text, or a stream (an import's file, sent as it is read). */
  body?: string | Readable;
  contentType?: string;
  accept?: string;
}

export interface RestAnswer {
  status: number;
  contentType: string;
  text: string;
}

export class RestClient {
  constructor(readonly connection: Connection) {}

  /** The URL of a request: /v1/{path} for the default cluster, /v1/clusters/{name}/{path} for another. */
  url(request: Pick<RestRequest, 'path' | 'inCluster' | 'query'>): URL {
    const { clusterName } = this.connection;
    const scope = request.inCluster && clusterName !== DEFAULT_CLUSTER_NAME ? `v1/clusters/${encodeURIComponent(clusterName)}/` : 'v1/';
    const url = new URL(`${scope}${request.path}`, this.connection.base);
    for (const [name, value] of Object.entries(request.query ?? {})) if (value !== undefined) url.searchParams.set(name, value);
    return url;
  }

  /** The answer, whatever its status. */
  send(request: RestRequest): Promise<RestAnswer> {
    const url = this.url(request);
    const { token, ca, insecureSkipTlsVerify } = this.connection;
    const headers: Record<string, string> = { accept: request.accept ?? 'application/json', 'user-agent': 'kubectl-taintgate' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (request.contentType) headers['content-type'] = request.contentType;
    if (typeof request.body === 'string') headers['content-length'] = String(Buffer.byteLength(request.body));
    const options: https.RequestOptions = { method: request.method, headers };
    if (url.protocol === 'https:') {
      if (ca) options.ca = ca;
      if (insecureSkipTlsVerify) options.rejectUnauthorized = false;
    }
    const transport = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const sent = transport.request(url, options, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, contentType: response.headers['content-type'] ?? '', text: Buffer.concat(chunks).toString('utf8') }),
        );
      });
      sent.on('error', (error) => reject(new PluginError(`Unable to connect to the server: ${error.message}`)));
      if (request.body === undefined || typeof request.body === 'string') sent.end(request.body);
      else {
        request.body.on('error', (error) => {
          sent.destroy();
          reject(new PluginError(error.message));
        });
        request.body.pipe(sent);
      }
    });
  }

  /** The answer of a request that succeeds (2xx), or a ServerError with the service's message. */
  async call(request: RestRequest): Promise<RestAnswer> {
    const answer = await this.send(request);
    if (answer.status >= 200 && answer.status < 300) return answer;
    throw serverError(answer);
  }

  /** A JSON answer, integers beyond 2^53 exact (bigints). */
  async json<T>(request: RestRequest): Promise<T> {
    const answer = await this.call(request);
    try {
      return parseExactJson(answer.text) as T;
    } catch {
      throw new PluginError(`the server at ${this.connection.base.href} answered ${this.url(request).pathname} with something not JSON: is it taintgate?`);
    }
  }
}

/** The contract's `{statusCode, error, message}`, or a Kubernetes Status, or whatever text came. */
function serverError(answer: RestAnswer): ServerError {
  const phrase = http.STATUS_CODES[answer.status] ?? 'Unknown';
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return new ServerError(answer.status, phrase, answer.text.trim() || `the server answered ${answer.status}`);
  }
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const message = typeof fields.message === 'string' ? fields.message : answer.text.trim();
  const reason = typeof fields.reason === 'string' ? fields.reason : typeof fields.error === 'string' ? fields.error : phrase;
  return new ServerError(answer.status, reason, message);
}
