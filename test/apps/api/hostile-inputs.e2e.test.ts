import { GraphQLSchemaHost } from '@nestjs/graphql';
import fc from 'fast-check';
import type { GraphQLObjectType } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApiFixture } from '../../support/api-test-app';
import { callOf } from '../../support/graphql-operations';

/**
 * Hostile input on every operation, with a key of each role (and one of some clusters): every
 * REST operation of the OpenAPI document (and with a made-up key), every path of the Kubernetes API's document, every
 * GraphQL query and mutation, sent made-up path segments, query strings, bodies of any JSON (and
 * of none, or not JSON, or of another content type) and arguments of any value. A client's mistake
 * is never answered 5xx; nor is anything a role may not do ever answered 2xx.
 */

const ADMIN_TOKEN = 'hostile-inputs-admin-token-0123456789abc';
type Method = 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE';
const METHODS: readonly Method[] = ['GET', 'PUT', 'POST', 'PATCH', 'DELETE'];

/** A path segment as a hostile client sends it: names good and bad, dots, escapes, NULs, long ones. */
const segment = fc.oneof(
  fc.constantFrom('n1', 'default', 'prod', 'team-a', '..', '.', '%00', '%2e%2e', '%ff', 'a%2Fb', '-', 'A', '1e309', '9999999999999999999999'),
  fc.stringMatching(/^[a-z0-9-]{1,70}$/),
  fc.string({ maxLength: 40 }).map((s) => encodeURIComponent(s) || 'x'),
);

/** A query string of the parameters operations read, with values of every kind. */
const queryString = fc
  .dictionary(
    fc.constantFrom(
      'limit',
      'continue',
      'labelSelector',
      'fieldSelector',
      'watch',
      'resourceVersion',
      'dryRun',
      'prune',
      'pruneKinds',
      'cluster',
      'since',
      'timeoutSeconds',
      'key',
      'effect',
    ),
    fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('-1', '0', '1e309', 'NaN', 'true', '999999999999999999999', '%00', '!', 'a=b,c!=d', '[]')),
    { maxKeys: 4 },
  )
  .map((query) => new URLSearchParams(query).toString());

/** A body: any JSON, or JSON nested too deep, or no body, or not JSON at all, under a content type of any kind. */
const body = fc.oneof(
  fc.jsonValue({ maxDepth: 6 }).map((value) => ({ payload: JSON.stringify(value), type: 'application/json' })),
  fc.constantFrom(
    { payload: `${'['.repeat(5000)}${']'.repeat(5000)}`, type: 'application/json' },
    {
      payload: '{"metadata": {"name": "n1"}, "spec": {"taints": [{"key": "k", "effect": "NoExecute", "tolerationSeconds": 1e400}]}}',
      type: 'application/json',
    },
    { payload: '{"a":', type: 'application/json' },
    { payload: '', type: 'application/json' },
    { payload: '- a\n- b: [', type: 'application/yaml' },
    { payload: '[{"op": "move", "from": "/metadata", "path": "/metadata/labels"}]', type: 'application/json-patch+json' },
    { payload: '{"metadata": null}', type: 'application/merge-patch+json' },
    { payload: '{"metadata": {"labels": {"$patch": "replace"}}}', type: 'application/strategic-merge-patch+json' },
    { payload: 'k8s\u0000garbage', type: 'application/vnd.kubernetes.protobuf' },
    { payload: 'not json', type: 'text/plain' },
  ),
);

describe('hostile input on every operation, for every role: never a 5xx', () => {
  const t = useApiFixture({ TAINTGATE_AUTH: 'on', TAINTGATE_ADMIN_TOKEN: ADMIN_TOKEN, TAINTGATE_WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/32' });
  const keys: Record<string, string> = { admin: ADMIN_TOKEN, 'made-up': 'tg_not-a-key-of-this-deployment' };
  let rest: { method: Method; path: string }[] = [];
  let kube: { method: Method; path: string }[] = [];

  beforeAll(async () => {
    const admin = t.api.as(ADMIN_TOKEN);
    for (const [name, role, clusters] of [
      ['viewer', 'viewer', undefined],
      ['operator', 'operator', undefined],
      ['scoped-admin', 'admin', ['team-*']],
    ] as const) {
      const made = await admin.post('/v1/apikeys', { metadata: { name }, spec: { role, ...(clusters ? { clusters } : {}) } });
      keys[name] = made.json<{ key: string }>().key;
    }
    for (const prefix of ['/v1', '/v1/clusters/team-a']) {
      await admin.put(`${prefix}/nodes/n1`, { metadata: { name: 'n1' }, spec: { taints: [{ key: 'k', effect: 'NoSchedule' }] } });
      await admin.put(`${prefix}/namespaces/default/pods/p1`, { spec: { nodeName: 'n1', containers: [{ name: 'c', image: 'i' }] } });
    }
    const operationsOf = (paths: Record<string, Partial<Record<Lowercase<Method>, unknown>>>) =>
      Object.entries(paths).flatMap(([path, operations]) =>
        METHODS.filter((m) => operations[m.toLowerCase() as Lowercase<Method>] !== undefined).map((method) => ({ method, path })),
      );
    rest = operationsOf((await admin.get('/docs-json')).json<{ paths: Record<string, Partial<Record<Lowercase<Method>, unknown>>> }>().paths);
    kube = operationsOf((await admin.get('/openapi/v3/api/v1')).json<{ paths: Record<string, Partial<Record<Lowercase<Method>, unknown>>> }>().paths);
  });

  const who = fc.constantFrom('viewer', 'operator', 'admin', 'scoped-admin', 'made-up');
  /** How many answers of each status the walk got: it must reach the operations, not only their refusals. */
  const statuses = new Map<number, number>();
  const tally = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);

  /** The operation with its path's parameters made up, its query and body hostile: answered, never 5xx. */
  async function send(
    key: string,
    { method, path }: { method: Method; path: string },
    segments: string[],
    query: string,
    sent: { payload: string; type: string },
  ) {
    let k = 0;
    const concrete = path.replace(/\{[^}]+\}/g, () => segments[k++ % segments.length] ?? 'x');
    const url = `${concrete}${query ? `?${query}` : ''}`;
    // A watch would stream until its timeout: asked, it answers its head at once, which is all that is checked.
    const watch = /(?:^|&)watch=/.test(query) && method === 'GET';
    const reply = await t.app.inject({
      method,
      url: watch ? `${url}&timeoutSeconds=1` : url,
      headers: { authorization: `Bearer ${key}`, ...(method === 'GET' || method === 'DELETE' ? {} : { 'content-type': sent.type }) },
      ...(method === 'GET' || method === 'DELETE' ? {} : { payload: sent.payload }),
    });
    expect(reply.statusCode, `${method} ${url} (${sent.type}: ${sent.payload.slice(0, 120)}): ${reply.body.slice(0, 300)}`).toBeLessThan(500);
    tally(reply.statusCode);
    return reply.statusCode;
  }

  it('REST: every operation of the OpenAPI document', async () => {
    expect(rest.length).toBeGreaterThan(60);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...rest),
        who,
        fc.array(segment, { minLength: 1, maxLength: 4 }),
        queryString,
        body,
        async (operation, role, segments, query, sent) => {
          await send(keys[role] ?? '', operation, segments, query, sent);
        },
      ),
      { numRuns: 1500 },
    );
  }, 300_000);

  it('the Kubernetes API: every path of its document, at the root and under /clusters/{cluster}', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...kube),
        fc.constantFrom('', '/clusters/team-a', '/clusters/prod', '/clusters/%2e%2e'),
        who,
        fc.array(segment, { minLength: 1, maxLength: 3 }),
        queryString,
        body,
        async (operation, prefix, role, segments, query, sent) => {
          await send(keys[role] ?? '', { ...operation, path: `${prefix}${operation.path}` }, segments, query, sent);
        },
      ),
      { numRuns: 600 },
    );
    // Let through (2xx) and refused for every reason a client's request is: the walk reached the operations.
    for (const status of [200, 400, 401, 403, 404, 415, 422])
      expect(statuses.get(status) ?? 0, `${status}: ${JSON.stringify([...statuses])}`).toBeGreaterThan(0);
  }, 300_000);

  it('GraphQL: every query and mutation, with arguments of any value', async () => {
    const schema = t.app.get(GraphQLSchemaHost).schema;
    const fields = [schema.getQueryType(), schema.getMutationType()].flatMap((root) =>
      Object.values((root as GraphQLObjectType).getFields()).map((field) => ({ kind: root === schema.getQueryType() ? 'query' : 'mutation', field })),
    );
    const literal = fc.oneof(
      fc.string({ maxLength: 20 }).map((s) => JSON.stringify(s)),
      fc.constantFrom('-1', '0', '99999999999', 'null', 'true', '[]', '{}', '"prod"', '"team-a"', '"../x"', '"\\u0000"'),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...fields),
        who,
        fc.dictionary(fc.constantFrom('cluster', 'name', 'limit', 'continue', 'namespace'), literal, { maxKeys: 3 }),
        async ({ kind, field }, role, given) => {
          const known = Object.fromEntries(Object.entries(given).filter(([name]) => field.args.some((arg) => arg.name === name)));
          const reply = await t.app.inject({
            method: 'POST',
            url: '/graphql',
            headers: { authorization: `Bearer ${keys[role] ?? ''}`, 'content-type': 'application/json' },
            payload: JSON.stringify({ query: `${kind} { ${callOf(field, known)} }` }),
          });
          expect(reply.statusCode, `${role}: ${kind} ${field.name} ${JSON.stringify(known)}: ${reply.body.slice(0, 300)}`).toBeLessThan(500);
          const codes = (reply.json<{ errors?: { extensions?: { code?: string } }[] }>().errors ?? []).map((e) => e.extensions?.code);
          expect(codes, `${role}: ${kind} ${field.name}: ${reply.body.slice(0, 300)}`).not.toContain('INTERNAL_SERVER_ERROR');
        },
      ),
      { numRuns: 800 },
    );
  }, 300_000);
});
