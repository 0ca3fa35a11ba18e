import { GraphQLSchemaHost } from '@nestjs/graphql';
import type { GraphQLObjectType } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApiFixture } from '../../../../support/api-test-app';
import { callOf, formsOf } from '../../../../support/graphql-operations';

/**
 * Every operation of every face, asked about a cluster a key does not hold, is refused with 403
 * before it runs: each REST operation of the OpenAPI document, under /v1/clusters/{cluster}/ and
 * (the default cluster) without it; each path of the Kubernetes API's document under
 * /clusters/{cluster}; each GraphQL query and mutation taking a cluster, in every form. The key is
 * an admin's, so that no refusal is its role's. Nothing in the other cluster changes.
 */

const ADMIN_TOKEN = 'scoped-faces-admin-token-0123456789abcdef';
type Method = 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE';
const METHODS: readonly Method[] = ['GET', 'PUT', 'POST', 'PATCH', 'DELETE'];

/** REST paths that reach every cluster or none: not held to a cluster (their own tests say who may use them). */
const NOT_OF_A_CLUSTER = /^\/v1\/(?:apikeys|webhooks|audit|clusters$)/;

describe('a key of some clusters is refused every other cluster, on every operation of every face', () => {
  const t = useApiFixture({ TAINTGATE_AUTH: 'on', TAINTGATE_ADMIN_TOKEN: ADMIN_TOKEN });
  const admin = t.api.as(ADMIN_TOKEN);
  let scoped = '';
  let before = '';
  const scopedMessage = (cluster: string) => `forbidden: API key "team-admin" may not use cluster "${cluster}": its clusters are team-*`;
  const snapshot = async () =>
    JSON.stringify(
      await Promise.all(['/v1/clusters/prod/nodes', '/v1/clusters/prod/pods', '/v1/nodes', '/v1/pods'].map(async (url) => (await admin.get(url)).json().items)),
    );

  beforeAll(async () => {
    for (const prefix of ['/v1/clusters/prod', '/v1']) {
      expect((await admin.put(`${prefix}/nodes/n1`, { metadata: { name: 'n1' } })).statusCode).toBe(201);
      expect((await admin.put(`${prefix}/namespaces/default/pods/p1`, { spec: { nodeName: 'n1', containers: [{ name: 'c', image: 'i' }] } })).statusCode).toBe(
        201,
      );
    }
    const made = await admin.post('/v1/apikeys', { metadata: { name: 'team-admin' }, spec: { role: 'admin', clusters: ['team-*'] } });
    scoped = made.json<{ key: string }>().key;
    before = await snapshot();
  });

  it('REST: every operation of the OpenAPI document, in another cluster and in the default one', async () => {
    const document = (await admin.get('/docs-json')).json<{ paths: Record<string, Partial<Record<Lowercase<Method>, unknown>>> }>();
    const asked: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      if (NOT_OF_A_CLUSTER.test(path) || !path.startsWith('/v1')) continue;
      const concrete = path.replace('{cluster}', 'prod').replace(/\{[^}]+\}/g, 'x');
      for (const method of METHODS.filter((m) => operations[m.toLowerCase() as Lowercase<Method>] !== undefined)) {
        const reply = await t.api.as(scoped).request(method, concrete, method === 'GET' || method === 'DELETE' ? undefined : {});
        expect(reply.statusCode, `${method} ${concrete}: ${reply.body}`).toBe(403);
        expect(reply.json().message, `${method} ${concrete}`).toBe(scopedMessage(path.includes('{cluster}') ? 'prod' : 'default'));
        asked.push(`${method} ${path}`);
      }
    }
    // The walk covered both forms of the paths, writes and questions alike.
    expect(asked).toEqual(
      expect.arrayContaining([
        'PUT /v1/clusters/{cluster}/nodes/{name}',
        'POST /v1/placement',
        'POST /v1/clusters/{cluster}/import',
        'DELETE /v1/clusters/{cluster}',
      ]),
    );
    expect(asked.length).toBeGreaterThan(60);
    expect(await snapshot()).toBe(before);
  });

  it('the Kubernetes API: every path of its documents under /clusters/prod, and at the root (the default cluster)', async () => {
    const core = (await admin.get('/openapi/v3/api/v1')).json<{ paths: Record<string, Partial<Record<Lowercase<Method>, unknown>>> }>().paths;
    // The other groups' reads, which the core document does not hold.
    const others: Record<string, Partial<Record<Lowercase<Method>, unknown>>> = Object.fromEntries(
      [
        '/apis/apps/v1/namespaces/{namespace}/daemonsets/{name}',
        '/apis/policy/v1/poddisruptionbudgets',
        '/apis/storage.k8s.io/v1/storageclasses',
        '/apis/storage.k8s.io/v1/csinodes/{name}',
        '/apis/coordination.k8s.io/v1/namespaces/{namespace}/leases/{name}',
        '/api',
        '/apis',
        '/version',
      ].map((path) => [path, { get: {} }]),
    );
    let asked = 0;
    for (const [path, operations] of Object.entries({ ...core, ...others })) {
      const concrete = path.replace(/\{[^}]+\}/g, 'x');
      for (const method of METHODS.filter((m) => operations[m.toLowerCase() as Lowercase<Method>] !== undefined)) {
        for (const [prefix, cluster] of [
          ['/clusters/prod', 'prod'],
          ['', 'default'],
        ] as const) {
          const reply = await t.api.as(scoped).request(method, `${prefix}${concrete}`, method === 'GET' || method === 'DELETE' ? undefined : {});
          expect(reply.statusCode, `${method} ${prefix}${concrete}: ${reply.body}`).toBe(403);
          expect(reply.json(), `${method} ${prefix}${concrete}`).toMatchObject({ kind: 'Status', reason: 'Forbidden', message: scopedMessage(cluster) });
          asked += 1;
        }
      }
    }
    expect(asked).toBeGreaterThan(20);
    expect(await snapshot()).toBe(before);
  });

  it('GraphQL: every query and mutation that takes a cluster, in every form, refused whole with 403', async () => {
    const schema = t.app.get(GraphQLSchemaHost).schema;
    let asked = 0;
    for (const [kind, root] of [
      ['query', schema.getQueryType()],
      ['mutation', schema.getMutationType()],
    ] as const) {
      for (const field of Object.values((root as GraphQLObjectType).getFields())) {
        if (!field.args.some((arg) => arg.name === 'cluster')) continue;
        for (const [cluster, given] of [
          ['prod', { cluster: '"prod"' }],
          ['default', {}],
        ] as const) {
          for (const [form, source] of Object.entries(formsOf(kind, (root as GraphQLObjectType).name, callOf(field, given)))) {
            const reply = await t.api.as(scoped).post('/graphql', { query: source });
            expect(reply.statusCode, `${field.name} (${form}) in ${cluster}: ${reply.body}`).toBe(403);
            expect(reply.json().errors[0], `${field.name} (${form})`).toMatchObject({ message: scopedMessage(cluster), extensions: { code: 'FORBIDDEN' } });
            asked += 1;
          }
        }
      }
    }
    expect(asked).toBeGreaterThan(100);
    // A variable names the cluster as well as a literal does.
    const byVariable = await t.api.as(scoped).post('/graphql', { query: 'query($c: String) { nodes(cluster: $c) { name } }', variables: { c: 'prod' } });
    expect(byVariable.statusCode).toBe(403);
    expect(await snapshot()).toBe(before);
  }, 120_000);

  it('the same operations in a cluster the key holds are let through (whatever they then answer)', async () => {
    expect((await admin.put('/v1/clusters/team-a/nodes/n1', { metadata: { name: 'n1' } })).statusCode).toBe(201);
    expect((await t.api.as(scoped).get('/v1/clusters/team-a/nodes')).statusCode).toBe(200);
    expect((await t.api.as(scoped).get('/clusters/team-a/api/v1/nodes')).statusCode).toBe(200);
    const reply = await t.api.as(scoped).post('/graphql', { query: '{ nodes(cluster: "team-a") { name } }' });
    expect(reply.json()).toEqual({ data: { nodes: [{ name: 'n1' }] } });
  });
});
