import { STATUS_CODES } from 'node:http';
import createClient, { type Client, defaultPathSerializer } from 'openapi-fetch';
import type { components, paths } from '../openapi/taintgate';
import { type Connection, DEFAULT_CLUSTER_NAME } from './connection';
import { exactJsonText } from './exact-json';
import { PluginError, ServerError } from './failures';
import { fetchOver, notJson } from './https-fetch';

/**
 * taintgate's REST API as the plugin calls it: openapi-fetch over the paths of the service's
 * OpenAPI document (the committed copy in ../openapi/, which a test holds to what the service
 * serves), so every request and answer is typed by the document. The API key goes as
 * `Authorization: Bearer`, as kubectl sends a kubeconfig token.
 */

/** The document's named schemas: the answers the plugin prints. */
export type Schemas = components['schemas'];

export interface TaintgateClient {
  /** Answers read as JSON (or, with MARKDOWN, as text): the document's other media types are not asked for. */
  api: Client<paths, 'application/json'>;
  connection: Connection;
  /** The `{cluster}` of the cluster's paths (/v1/clusters/{cluster}/...), from the kubeconfig or --cluster-name. */
  cluster: { cluster: string };
}

/** Where a cluster's paths begin; the default cluster's are served at /v1/... too, which the plugin asks. */
const CLUSTER_PATHS = '/v1/clusters/{cluster}/';

export function taintgateClient(connection: Connection): TaintgateClient {
  const headers: Record<string, string> = { accept: 'application/json', 'user-agent': 'kubectl-taintgate' };
  if (connection.token) headers.authorization = `Bearer ${connection.token}`;
  const api = createClient<paths, 'application/json'>({
    baseUrl: connection.base.href,
    fetch: fetchOver(connection),
    headers,
    // Bodies as JSON text with bigints as their digits: a pod's tolerationSeconds of 2^63 - 1 goes exactly.
    bodySerializer: (body) => exactJsonText(body, 0),
    // The commands ask every cluster's paths; the default cluster's go to /v1/..., as they always have.
    pathSerializer: (url, parameters) =>
      defaultPathSerializer(parameters.cluster === DEFAULT_CLUSTER_NAME ? url.replace(CLUSTER_PATHS, '/v1/') : url, parameters),
  });
  return { api, connection, cluster: { cluster: connection.clusterName } };
}

/** What openapi-fetch answers: the parsed answer on success, the error body otherwise, and the Response. */
interface Answered<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** A request's JSON answer on success (2xx), or a ServerError with the service's message. */
export async function answerOf<T>(pending: Promise<Answered<T>>, client: TaintgateClient): Promise<T> {
  const { data, error, response } = await pending;
  if (!response.ok) throw serverError(response.status, error);
  if (data === undefined) throw notJson(client.connection.base.href, response.url);
  return data;
}

/** What a call adds to ask for the service's Markdown (`-o markdown`), read as text. */
export const MARKDOWN = { parseAs: 'text', headers: { accept: 'text/markdown' } } as const;

/** The service's Markdown for a request made with MARKDOWN, printed as it comes (ending in a newline). */
export async function markdownOf(pending: Promise<Answered<string>>): Promise<string> {
  const { data, error, response } = await pending;
  if (!response.ok) throw serverError(response.status, error);
  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.startsWith('text/markdown')) {
    throw new PluginError(`the server does not answer this as Markdown (it answered ${contentType || 'no content type'})`);
  }
  const text = data ?? '';
  return text.endsWith('\n') ? text : `${text}\n`;
}

/** The contract's `{statusCode, error, message}`, or a Kubernetes Status, or whatever text came. */
function serverError(status: number, body: unknown): ServerError {
  const phrase = STATUS_CODES[status] ?? 'Unknown';
  if (typeof body !== 'object' || body === null) {
    const text = typeof body === 'string' ? body.trim() : '';
    return new ServerError(status, phrase, text || `the server answered ${status}`);
  }
  const fields = body as Record<string, unknown>;
  const message = typeof fields.message === 'string' ? fields.message : JSON.stringify(body);
  const reason = typeof fields.reason === 'string' ? fields.reason : typeof fields.error === 'string' ? fields.error : phrase;
  return new ServerError(status, reason, message);
}
