import { STATUS_CODES } from 'node:http';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Client } from 'pg';
import { expect } from 'vitest';

export type Reply = LightMyRequestResponse;
type Method = 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE';

/** `app.inject` with short names: JSON bodies in, replies out. */
export class Api {
  /** `target` is an app, or a function that answers the app to use at each request (a fixture's, which a restart replaces). */
  constructor(
    private readonly target: NestFastifyApplication | (() => NestFastifyApplication),
    private readonly headers: Record<string, string> = {},
  ) {}

  /** The same client sending `Authorization: Bearer <key>` (or no header at all for undefined). */
  as(key: string | undefined): Api {
    return new Api(this.target, key === undefined ? {} : { authorization: `Bearer ${key}` });
  }

  get app(): NestFastifyApplication {
    return typeof this.target === 'function' ? this.target() : this.target;
  }

  request(method: Method, url: string, payload?: unknown): Promise<Reply> {
    const options: InjectOptions = { method, url, headers: this.headers };
    if (payload !== undefined) options.payload = payload as InjectOptions['payload'];
    return this.app.inject(options);
  }

  get = (url: string) => this.request('GET', url);
  put = (url: string, body: unknown) => this.request('PUT', url, body);
  post = (url: string, body: unknown) => this.request('POST', url, body);
  del = (url: string) => this.request('DELETE', url);

  /** A body sent exactly as given (not JSON-encoded), e.g. JSON that does not parse. */
  raw(method: Method, url: string, payload: string, contentType = 'application/json', headers: Record<string, string> = {}): Promise<Reply> {
    return this.app.inject({ method, url, payload, headers: { ...this.headers, ...headers, 'content-type': contentType } });
  }

  putNode = (name: string, body: unknown = { metadata: { name } }) => this.put(`/v1/nodes/${name}`, body);
  getNode = (name: string) => this.get(`/v1/nodes/${name}`);
  putPod = (namespace: string, name: string, body: unknown = {}) => this.put(`/v1/namespaces/${namespace}/pods/${name}`, body);
  getPod = (namespace: string, name: string) => this.get(`/v1/namespaces/${namespace}/pods/${name}`);
}

export interface Detail {
  field: string;
  reason: string;
}

/**
 * The reply is the contract's error, exactly: `{statusCode, error, message, details?}` as JSON,
 * `error` the reason phrase of the status, and `details` present only when expected.
 */
export function expectApiError(reply: Reply, statusCode: number, message: string | RegExp, details?: Detail[]): void {
  expect({ status: reply.statusCode, body: reply.body }).toMatchObject({ status: statusCode });
  expect(reply.headers['content-type']).toMatch(/^application\/json/);
  const expected: Record<string, unknown> = {
    statusCode,
    error: STATUS_CODES[statusCode],
    message: typeof message === 'string' ? message : expect.stringMatching(message),
  };
  if (details) expected['details'] = details;
  expect(reply.json()).toEqual(expected);
}

/** The message of a refused command (POST /v1/taint, /v1/placement, /v1/taint-impact): one `field: reason` line per detail. */
export const detailLines = (details: Detail[]): string => details.map((d) => `${d.field}: ${d.reason}`).join('\n');

/** kube-apiserver's summary of an invalid object (`Node "n1" is invalid: ...`): one detail as it is, several in brackets. */
export function invalidMessage(kind: string, name: string, details: Detail[]): string {
  const parts = details.map((d) => `${d.field}: ${d.reason}`);
  return `${kind} "${name}" is invalid: ${parts.length === 1 ? parts[0] : `[${parts.join(', ')}]`}`;
}

/** The fields named by an error's details, in order. */
export const detailFields = (reply: Reply): string[] => (reply.json().details ?? []).map((d: Detail) => d.field);

export interface StoredState {
  nodes: unknown;
  pods: unknown;
  revision: string;
  taintRows: number;
  auditEvents: number;
  tombstones: number;
}

/** Everything a write could change: both lists read back through the API, and the tables behind them. */
export async function storedState(api: Api, db: Client): Promise<StoredState> {
  const [nodes, pods] = await Promise.all([api.get('/v1/nodes'), api.get('/v1/pods')]);
  expect(nodes.statusCode).toBe(200);
  expect(pods.statusCode).toBe(200);
  const { rows } = await db.query<{ revision: string; taints: number; audit: number; tombstones: number }>(
    // Every cluster's revision: a failed request must not have created or changed any cluster.
    `SELECT (SELECT string_agg(name || '@' || revision, ',' ORDER BY name) FROM clusters) AS revision,
            (SELECT count(*)::int FROM taints) AS taints,
            (SELECT count(*)::int FROM audit_events) AS audit,
            (SELECT count(*)::int FROM tombstones) AS tombstones`,
  );
  const row = rows[0];
  if (!row) throw new Error('no state row');
  return { nodes: nodes.json(), pods: pods.json(), revision: row.revision, taintRows: row.taints, auditEvents: row.audit, tombstones: row.tombstones };
}

/** Runs a request that must fail (or must not write) and checks, by reading back, that nothing was stored. */
export async function expectNothingStored(api: Api, db: Client, act: () => Promise<Reply>): Promise<Reply> {
  const before = await storedState(api, db);
  const reply = await act();
  expect(await storedState(api, db)).toEqual(before);
  return reply;
}

/** Sends `payload` exactly as given (not JSON-encoded) and expects a 400 with `message` (and `details`, when given), nothing stored. */
export async function expectRawRefused(api: Api, db: Client, method: Method, url: string, payload: string, message: string, details?: Detail[]): Promise<void> {
  const reply = await expectNothingStored(api, db, () => api.raw(method, url, payload));
  expectApiError(reply, 400, message, details);
}

/** A command refusing a raw body: 400, `details` with one `field: reason` line each as the message, nothing stored. */
export async function expectCommandRefused(api: Api, db: Client, url: string, payload: string, details: Detail[]): Promise<void> {
  await expectRawRefused(api, db, 'POST', url, payload, detailLines(details), details);
}

/** A body declared as JSON that does not parse: fastify's 400, nothing stored. */
export async function expectNotJsonRefused(api: Api, db: Client, method: Method, url: string, payload: string): Promise<void> {
  await expectRawRefused(api, db, method, url, payload, "Body is not valid JSON but content-type is set to 'application/json'");
}
