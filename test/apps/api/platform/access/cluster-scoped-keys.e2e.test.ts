import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { useApiFixture } from '../../../../support/api-test-app';
import { type Detail, type Reply, expectApiError } from '../../../../support/api-client';
import { KUBECTLS, Kubectl, selfSignedCertificate } from '../../../../support/kubectl';
import { runApiKeysCommand } from '../../../../../apps/api/src/features/api-keys/api-keys-command';
import { loadConfig } from '../../../../../apps/api/src/platform/config/load-config';

/**
 * Keys scoped to clusters (`spec.clusters`: names, and patterns ending in `*`): every face refuses
 * a cluster the key does not hold with 403 (REST, GraphQL, the Kubernetes API, subscriptions),
 * lists of clusters and the audit trail show only the key's, and what reaches every cluster (keys,
 * webhooks, metrics) needs a key for every cluster. `kubectl auth can-i` answers from the key's
 * role and clusters.
 */

const ADMIN_TOKEN = 'scoped-keys-admin-token-0123456789abcdef';
const tls = selfSignedCertificate();

describe('API keys scoped to clusters', () => {
  const t = useApiFixture({
    TAINTGATE_AUTH: 'on',
    TAINTGATE_ADMIN_TOKEN: ADMIN_TOKEN,
    TAINTGATE_TLS_CERT_FILE: tls.certFile,
    TAINTGATE_TLS_KEY_FILE: tls.keyFile,
  });
  const admin = t.api.as(ADMIN_TOKEN);
  const keys = { teamOperator: '', teamViewer: '', teamAdmin: '', exact: '' };
  let server = '';
  const kubectls: Kubectl[] = [];

  const keyFor = async (name: string, role: string, clusters?: string[]): Promise<string> => {
    const reply = await admin.post('/v1/apikeys', { metadata: { name }, spec: { role, ...(clusters ? { clusters } : {}) } });
    expect(reply.statusCode, reply.body).toBe(201);
    return reply.json<{ key: string }>().key;
  };

  beforeAll(async () => {
    await t.app.listen(0, '127.0.0.1');
    server = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    for (const cluster of ['team-a', 'team-b', 'prod'])
      expect((await admin.put(`/v1/clusters/${cluster}/nodes/n1`, { metadata: { name: 'n1' } })).statusCode).toBe(201);
    keys.teamOperator = await keyFor('team-operator', 'operator', ['team-*']);
    keys.teamViewer = await keyFor('team-viewer', 'viewer', ['team-*']);
    keys.teamAdmin = await keyFor('team-admin', 'admin', ['team-*']);
    keys.exact = await keyFor('exact', 'viewer', ['team-a']);
  });
  afterAll(async () => {
    await Promise.all(kubectls.map((k) => k.close()));
    tls.remove();
  });

  describe('spec.clusters when a key is made', () => {
    it('is answered with the key: the names and patterns given, `*` when none were', async () => {
      const listed = (await admin.get('/v1/apikeys')).json<{ items: { metadata: { name: string }; spec: { clusters: string[] } }[] }>().items;
      const clustersOf = Object.fromEntries(listed.map((key) => [key.metadata.name, key.spec.clusters]));
      expect(clustersOf).toMatchObject({ 'taintgate-admin-token': ['*'], 'team-operator': ['team-*'], exact: ['team-a'] });
      const made = await admin.post('/v1/apikeys', { metadata: { name: 'several' }, spec: { role: 'viewer', clusters: ['team-a', 'prod', 'team-*'] } });
      // team-a is among team-*: the key holds what it says, in as few words.
      expect(made.json().spec).toEqual({ role: 'viewer', clusters: ['prod', 'team-*'] });
    });

    it.each<[string, unknown, Detail[]]>([
      ['an empty list', [], [{ field: 'spec.clusters', reason: 'Required value: name at least one cluster or pattern (`*` for every cluster)' }]],
      ['not a list', 'team-a', [{ field: 'spec.clusters', reason: 'Invalid value: "team-a": must be an array' }]],
      [
        'a name that is no cluster name',
        ['Team_A'],
        [{ field: 'spec.clusters[0]', reason: expect.stringMatching(/^Invalid value: "Team_A": a lowercase RFC 1123 label/) }],
      ],
      [
        'a `*` not at the end',
        ['te*m'],
        [{ field: 'spec.clusters[0]', reason: expect.stringMatching(/^Invalid value: "te\*m": a pattern must be the start/) }],
      ],
      ['the same entry twice', ['team-a', 'team-a'], [{ field: 'spec.clusters[1]', reason: 'Duplicate value: "team-a"' }]],
      ['a number', [7], [{ field: 'spec.clusters[0]', reason: 'Invalid value: 7: must be a string' }]],
      ['101 entries', Array.from({ length: 101 }, (_, i) => `c${i}`), [{ field: 'spec.clusters', reason: 'Too many: 101: must have at most 100 items' }]],
    ])('%s: 400 naming the field (as for every field of a key), and no key made', async (_, clusters, details) => {
      const before = (await admin.get('/v1/apikeys')).json().items.length;
      const reply = await admin.post('/v1/apikeys', { metadata: { name: 'refused' }, spec: { role: 'viewer', clusters } });
      expect(reply.statusCode, reply.body).toBe(400);
      expect(reply.json().details).toEqual(details.map((d) => expect.objectContaining(d)));
      expect((await admin.get('/v1/apikeys')).json().items.length).toBe(before);
    });

    it('npm run apikeys: --clusters takes names and patterns, and the list shows them', async () => {
      const lines: string[] = [];
      const config = loadConfig({ ...process.env, DATABASE_URL: t.databaseUrl, REDIS_PREFIX: t.redisPrefix });
      expect(await runApiKeysCommand(['create', 'from-shell', '--clusters', 'team-a,staging-*', '--role', 'operator'], config, (l) => lines.push(l))).toBe(0);
      expect(lines[0]).toBe('apikey/from-shell created with the operator role on clusters team-a,staging-*; the key is shown only now:');
      lines.length = 0;
      expect(await runApiKeysCommand(['list'], config, (l) => lines.push(l))).toBe(0);
      expect(lines[0]).toBe('NAME\tROLE\tCLUSTERS\tPREFIX\tREVOKED\tCREATED');
      expect(lines.find((l) => l.startsWith('from-shell\t'))).toMatch(/^from-shell\toperator\tteam-a,staging-\*\ttg_/);
      lines.length = 0;
      expect(await runApiKeysCommand(['create', 'bad', '--role', 'viewer', '--clusters', 'Prod'], config, (l) => lines.push(l))).toBe(1);
      expect(lines.join('\n')).toContain('spec.clusters[0]: Invalid value: "Prod"');
      expect(await runApiKeysCommand(['create', 'bad', '--role', 'viewer', '--clusters'], config, () => undefined)).toBe(2);
    });
  });

  describe('REST', () => {
    it('a cluster the key holds: read and written as by any key', async () => {
      const operator = t.api.as(keys.teamOperator);
      expect((await operator.put('/v1/clusters/team-a/nodes/n2', { metadata: { name: 'n2' } })).statusCode).toBe(201);
      expect((await operator.get('/v1/clusters/team-b/nodes')).statusCode).toBe(200);
      // A new cluster among its patterns may be made by it.
      expect((await operator.request('PUT', '/v1/clusters/team-new')).statusCode).toBe(201);
    });

    it.each([
      ['GET', '/v1/clusters/prod/nodes'],
      ['GET', '/v1/clusters/prod'],
      ['PUT', '/v1/clusters/prod/nodes/n9'],
      ['DELETE', '/v1/clusters/prod/nodes/n1'],
      ['POST', '/v1/clusters/prod/placement'],
      ['POST', '/v1/clusters/prod/import'],
      ['PUT', '/v1/clusters/prod'],
      ['GET', '/v1/nodes'],
      ['PUT', '/v1/nodes/n9'],
    ] as const)('%s %s: 403 naming the key and its clusters, and nothing stored', async (method, url) => {
      const reply = await t.api.as(keys.teamOperator).request(method, url, method === 'GET' || method === 'DELETE' ? undefined : { metadata: { name: 'n9' } });
      const cluster = url.startsWith('/v1/clusters/') ? 'prod' : 'default';
      expectApiError(reply, 403, `forbidden: API key "team-operator" may not use cluster "${cluster}": its clusters are team-*`);
      expect((await admin.get('/v1/clusters/prod/nodes/n9')).statusCode).toBe(404);
      expect((await admin.get('/v1/nodes/n9')).statusCode).toBe(404);
    });

    it('an import to a cluster the key does not hold is refused before its body is read', async () => {
      const reply = await t.api.as(keys.teamOperator).raw('POST', '/v1/clusters/prod/import', '{"this is": not json at all', 'application/json');
      expect(reply.statusCode).toBe(403);
    });

    it('GET /v1/clusters lists the clusters the key holds, and counts those only', async () => {
      const names = (key: string, query = '') =>
        t.api
          .as(key)
          .get(`/v1/clusters${query}`)
          .then((r) => r.json<{ items: { metadata: { name: string } }[]; metadata: { remainingItemCount?: number } }>());
      expect((await names(keys.teamViewer)).items.map((c) => c.metadata.name)).toEqual(['team-a', 'team-b', 'team-new']);
      expect((await names(keys.exact)).items.map((c) => c.metadata.name)).toEqual(['team-a']);
      const page = await names(keys.teamViewer, '?limit=1');
      expect(page.metadata.remainingItemCount).toBe(2);
      expect((await names(ADMIN_TOKEN)).items.map((c) => c.metadata.name)).toEqual(['default', 'prod', 'team-a', 'team-b', 'team-new']);
    });

    it('the audit trail: a key of some clusters reads their rows only, and 403 for another cluster asked by name', async () => {
      const rows = (await t.api.as(keys.teamAdmin).get('/v1/audit?limit=1000')).json<{ items: { cluster?: string; kind: string }[] }>().items;
      expect(rows.length).toBeGreaterThan(0);
      expect(new Set(rows.map((r) => r.cluster))).toEqual(new Set(['team-a', 'team-b', 'team-new']));
      expectApiError(await t.api.as(keys.teamAdmin).get('/v1/audit?cluster=prod'), 403, /may not use cluster "prod"/);
      const all = (await admin.get('/v1/audit?limit=1000')).json<{ items: { cluster?: string; kind: string }[] }>().items;
      expect(all.some((r) => r.kind === 'APIKey')).toBe(true);
      expect(all.some((r) => r.cluster === 'prod')).toBe(true);
    });

    it.each([
      ['POST', '/v1/apikeys', { metadata: { name: 'escalated' }, spec: { role: 'admin' } }],
      ['GET', '/v1/apikeys', undefined],
      ['GET', '/v1/apikeys/team-admin', undefined],
      ['DELETE', '/v1/apikeys/team-viewer', undefined],
      ['GET', '/v1/webhooks', undefined],
      ['POST', '/v1/webhooks', { url: 'http://127.0.0.1:9/x', events: ['EvictionExecuted'], secret: 'abcdefghijklmnop', cluster: 'team-a' }],
      ['GET', '/metrics', undefined],
    ] as const)('%s %s reaches every cluster: 403 to an admin key of some clusters', async (method, url, body) => {
      const reply = await t.api.as(keys.teamAdmin).request(method, url, body);
      expect(reply.statusCode, reply.body).toBe(403);
      expect(reply.body).toContain('a key for every cluster (\\"*\\") is needed');
      expect((await admin.get('/v1/apikeys/escalated')).statusCode).toBe(404);
      expect((await admin.get('/v1/apikeys/team-viewer')).json().status.revoked).toBe(false);
    });
  });

  describe('GraphQL', () => {
    const graphql = (key: string, query: string) => t.api.as(key).post('/graphql', { query });

    it('a query or mutation naming another cluster is refused with 403; its own are answered', async () => {
      const refused = await graphql(keys.teamOperator, '{ nodes(cluster: "prod") { name } }');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().errors[0]).toMatchObject({ message: expect.stringContaining('may not use cluster "prod"'), extensions: { code: 'FORBIDDEN' } });
      const defaulted = await graphql(keys.teamOperator, '{ nodes { name } }');
      expect(defaulted.json().errors[0].message).toContain('may not use cluster "default"');
      const mutation = await graphql(keys.teamOperator, 'mutation { cordon(name: "n1", cluster: "prod") { name } }');
      expect(mutation.json().errors[0].extensions.code).toBe('FORBIDDEN');
      expect((await admin.get('/v1/clusters/prod/nodes/n1')).json().spec.unschedulable).toBeUndefined();
      const own = await graphql(keys.teamOperator, '{ nodes(cluster: "team-a") { name } }');
      expect(own.json().errors).toBeUndefined();
      expect(
        own
          .json()
          .data.nodes.map((n: { name: string }) => n.name)
          .sort(),
      ).toEqual(['n1', 'n2']);
    });

    it('a cluster named by its name (cluster, createCluster, deleteCluster) is held to the key too', async () => {
      for (const source of [
        '{ cluster(name: "prod") { name } }',
        'mutation { createCluster(name: "prod-2") { name } }',
        'mutation { deleteCluster(name: "prod") { name } }',
      ]) {
        const reply = await graphql(keys.teamAdmin, source);
        expect(reply.statusCode, source).toBe(403);
        expect(reply.json().errors[0].message, source).toMatch(/may not use cluster "prod(-2)?"/);
      }
      expect((await admin.get('/v1/clusters/prod')).statusCode).toBe(200);
      expect((await admin.get('/v1/clusters/prod-2')).statusCode).toBe(404);
      expect((await graphql(keys.teamAdmin, '{ cluster(name: "team-a") { name } }')).json().data.cluster.name).toBe('team-a');
    });

    it('the clusters query lists those the key holds', async () => {
      const answer = await graphql(keys.exact, '{ clusters { name } }');
      expect(answer.json().data.clusters.map((c: { name: string }) => c.name)).toEqual(['team-a']);
    });

    it('a subscription to another cluster is refused on its socket; one to its own is served', async () => {
      const port = (t.app.getHttpServer().address() as { port: number }).port;
      const client = createClient({
        url: `wss://127.0.0.1:${port}/graphql`,
        webSocketImpl: class extends WebSocket {
          constructor(address: string, protocols?: string | string[]) {
            super(address, protocols, { ca: tls.cert });
          }
        },
        retryAttempts: 0,
        connectionParams: { Authorization: `Bearer ${keys.teamViewer}` },
      });
      const outcome = (cluster: string) =>
        new Promise<{ error?: unknown; subscribed?: true }>((resolve) => {
          const stop = client.subscribe(
            { query: `subscription { evictionEvents(cluster: "${cluster}") { kind } }` },
            { next: () => undefined, error: (error) => resolve({ error }), complete: () => resolve({}) },
          );
          // No error within a second: the subscription is being served.
          setTimeout(() => {
            stop();
            resolve({ subscribed: true });
          }, 1_000);
        });
      const refused = await outcome('prod');
      expect(JSON.stringify(refused.error)).toContain('may not use cluster \\"prod\\"');
      expect(await outcome('team-b')).toEqual({ subscribed: true });
      await client.dispose();
    });
  });

  describe('the Kubernetes API and kubectl', () => {
    const kubectl = async (cluster: string, key: string) => {
      const binary = KUBECTLS[KUBECTLS.length - 1]?.binary ?? 'kubectl';
      const made = await Kubectl.for(binary, `${server}${cluster === 'default' ? '' : `/clusters/${cluster}`}`, key, tls.cert);
      kubectls.push(made);
      return made;
    };

    it('kubectl reads a cluster the key holds, and is refused another with Forbidden', async () => {
      const own = await (await kubectl('team-a', keys.teamViewer)).run(['get', 'nodes', '-o', 'name']);
      expect(own.stdout.split('\n').filter(Boolean).sort(), own.stderr).toEqual(['node/n1', 'node/n2']);
      const other = await (await kubectl('prod', keys.teamViewer)).run(['get', 'nodes', '-o', 'name']);
      expect(other.code).toBe(1);
      expect(other.stderr).toContain('Error from server (Forbidden)');
      const watch = await t.api.as(keys.teamViewer).get('/clusters/prod/api/v1/nodes?watch=true');
      expect(watch.statusCode).toBe(403);
      expect(watch.json()).toMatchObject({ kind: 'Status', reason: 'Forbidden', code: 403 });
    });

    it.each([
      ['team-a', 'teamViewer', ['get', 'pods'], 'yes'],
      ['team-a', 'teamViewer', ['watch', 'nodes'], 'yes'],
      [
        'team-a',
        'teamViewer',
        ['create', 'pods'],
        'no - forbidden: API key "team-viewer" has the viewer role and cannot create pods: the operator role is needed',
      ],
      ['team-a', 'teamOperator', ['delete', 'nodes'], 'yes'],
      ['prod', 'teamOperator', ['get', 'pods'], 'no - forbidden: API key "team-operator" may not use cluster "prod": its clusters are team-*'],
      ['default', 'teamOperator', ['get', 'nodes'], 'no - forbidden: API key "team-operator" may not use cluster "default": its clusters are team-*'],
      ['prod', 'admin', ['delete', 'pods'], 'yes'],
      ['team-b', 'teamOperator', ['impersonate', 'users'], 'no - taintgate serves no "impersonate" verb'],
    ] as const)('in %s, %s: kubectl auth can-i %j says %s', async (cluster, who, args, said) => {
      const key = who === 'admin' ? ADMIN_TOKEN : keys[who];
      const run = await (await kubectl(cluster, key)).run(['auth', 'can-i', ...args]);
      expect(run.stdout.trim(), run.stderr).toBe(said);
      expect(run.code).toBe(said === 'yes' ? 0 : 1);
    });

    it('kubectl auth can-i --list and kubectl auth whoami', async () => {
      const viewer = await kubectl('team-a', keys.teamViewer);
      const list = await viewer.run(['auth', 'can-i', '--list']);
      expect(list.stdout, list.stderr).toMatch(/^\*\.\*\s+\[\]\s+\[\]\s+\[get list watch\]$/m);
      const who = await viewer.run(['auth', 'whoami', '-o', 'json']);
      expect(JSON.parse(who.stdout).status.userInfo, who.stderr).toMatchObject({
        username: 'apikey:team-viewer',
        groups: ['taintgate:viewer', 'system:authenticated'],
        extra: { 'taintgate.io/clusters': ['team-*'] },
      });
    });

    it('a review that asks nothing, or two things, is refused with the fields named', async () => {
      const url = '/clusters/team-a/apis/authorization.k8s.io/v1/selfsubjectaccessreviews';
      const fields = (reply: Reply) => (reply.json<{ details: { causes: { field: string }[] } }>().details.causes ?? []).map((c) => c.field);
      const none = await t.api.as(keys.teamViewer).post(url, { spec: {} });
      expect(none.statusCode).toBe(422);
      expect(none.json()).toMatchObject({
        kind: 'Status',
        reason: 'Invalid',
        message: expect.stringContaining('SelfSubjectAccessReview.authorization.k8s.io "" is invalid'),
      });
      expect(fields(none)).toEqual(['spec.resourceAttributes']);
      const both = await t.api
        .as(keys.teamViewer)
        .post(url, { spec: { resourceAttributes: { verb: 'get' }, nonResourceAttributes: { verb: 'get', path: '/x' } } });
      expect(fields(both)).toEqual(['spec.nonResourceAttributes']);
    });
  });
});
