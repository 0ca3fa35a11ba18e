import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import { createClient } from 'graphql-ws';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { useApiFixture } from '../../../../support/api-test-app';

/** A made-up admin token for the deployment under test (at least 32 characters). */
const ADMIN_TOKEN = 'test-admin-token-0123456789abcdefghij';

interface KeyAnswer {
  metadata: { name: string };
  spec: { role: string };
  status: { prefix: string; revoked: boolean };
  key?: string;
}

describe('API keys and roles (TAINTGATE_AUTH=on)', () => {
  const t = useApiFixture({ TAINTGATE_AUTH: 'on', TAINTGATE_ADMIN_TOKEN: ADMIN_TOKEN });
  const anonymous = t.api;
  const admin = t.api.as(ADMIN_TOKEN);
  const keys: Record<'viewer' | 'operator' | 'admin', string> = { viewer: '', operator: '', admin: '' };

  beforeAll(async () => {
    for (const role of ['viewer', 'operator', 'admin'] as const) {
      const reply = await admin.post('/v1/apikeys', { metadata: { name: `${role}-key` }, spec: { role } });
      expect(reply.statusCode, reply.body).toBe(201);
      keys[role] = reply.json<KeyAnswer>().key ?? '';
    }
    const seeded = await admin.put('/v1/nodes/n1', { metadata: { name: 'n1' } });
    expect(seeded.statusCode).toBe(201);
  });

  describe('who may call', () => {
    it('a request without a key answers 401, says how to send one, and asks for Bearer', async () => {
      const reply = await anonymous.get('/v1/nodes');
      expect(reply.statusCode).toBe(401);
      expect(reply.headers['www-authenticate']).toBe('Bearer realm="taintgate"');
      expect(reply.json()).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Unauthorized: GET /v1/nodes needs an API key, sent as "Authorization: Bearer <key>"',
      });
    });

    it.each([
      ['a key nobody made', 'Bearer tg_made-up'],
      ['another scheme', `Basic ${Buffer.from('admin:admin').toString('base64')}`],
      ['Bearer without a key', 'Bearer'],
      ['two spaces before the key', `Bearer  ${ADMIN_TOKEN}`],
    ])('%s: 401', async (_what, authorization) => {
      const reply = await t.app.inject({ method: 'GET', url: '/v1/nodes', headers: { authorization } });
      expect(reply.statusCode).toBe(401);
    });

    it('the scheme in any case, as kube-apiserver reads it', async () => {
      const reply = await t.app.inject({ method: 'GET', url: '/v1/nodes', headers: { authorization: `bearer ${keys.viewer}` } });
      expect(reply.statusCode).toBe(200);
    });

    it('a path that does not exist answers 401 without a key (nothing learnt about routes), 404 with one', async () => {
      expect((await anonymous.get('/v1/secret-things')).statusCode).toBe(401);
      expect((await admin.get('/v1/secret-things')).statusCode).toBe(404);
    });

    it('health checks and the API documentation need no key', async () => {
      expect((await anonymous.get('/healthz')).statusCode).toBe(200);
      expect((await anonymous.get('/docs-json')).statusCode).toBe(200);
      expect((await anonymous.get('/docs/json')).statusCode).toBe(200);
    });

    it('an anonymous import is refused before its body is read', async () => {
      const reply = await t.app.inject({
        method: 'POST',
        url: '/v1/import',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ kind: 'List', items: [{ kind: 'Node', metadata: { name: 'sneaky' } }] }),
      });
      expect(reply.statusCode).toBe(401);
      expect((await admin.get('/v1/nodes/sneaky')).statusCode).toBe(404);
    });

    it('refused requests change nothing', async () => {
      const before = await t.db.query('SELECT (SELECT count(*) FROM nodes) AS nodes, (SELECT count(*) FROM taints) AS taints');
      expect((await anonymous.post('/v1/taint', { all: true, taints: ['x:NoExecute'] })).statusCode).toBe(401);
      expect((await t.api.as(keys.viewer).post('/v1/taint', { all: true, taints: ['x:NoExecute'] })).statusCode).toBe(403);
      expect((await anonymous.del('/v1/nodes/n1')).statusCode).toBe(401);
      expect((await t.api.as(keys.viewer).del('/v1/nodes/n1')).statusCode).toBe(403);
      const after = await t.db.query('SELECT (SELECT count(*) FROM nodes) AS nodes, (SELECT count(*) FROM taints) AS taints');
      expect(after.rows).toEqual(before.rows);
    });
  });

  describe('roles: every REST operation of the OpenAPI document, anonymously and with each role', () => {
    /** What each operation needs, by the contract: reads view, questions asked by POST view, keys, webhooks and deleting a cluster are an admin's. */
    function needed(method: string, path: string): 'public' | 'viewer' | 'operator' | 'admin' {
      if (['/healthz', '/livez', '/readyz'].includes(path)) return 'public';
      if (path.startsWith('/v1/apikeys') || path.startsWith('/v1/webhooks') || path === '/v1/audit') return 'admin';
      if (method === 'delete' && path === '/v1/clusters/{cluster}') return 'admin';
      if (method === 'get') return 'viewer';
      if (method === 'post' && /\/(placement|taint-impact|drain-impact|headroom)$/.test(path)) return 'viewer';
      return 'operator';
    }

    const ranks = ['viewer', 'operator', 'admin'] as const;

    it('answers 401 without a key, 403 below the role needed, and lets the role needed through', async () => {
      const document = (await anonymous.get('/docs-json')).json<{ paths: Record<string, Record<string, unknown>> }>();
      const operations = Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ method, path })));
      expect(operations.length).toBeGreaterThan(30);
      const seen: string[] = [];
      for (const { method, path } of operations) {
        // Concrete values: a cluster that exists only for the walk, so that deleting it harms nothing.
        const url = path.replace('{cluster}', 'walk').replace('{name}', 'walk-name').replace('{namespace}', 'walk-ns').replace('{ns}', 'walk-ns');
        const need = needed(method, path);
        const send = (key: string | undefined) =>
          t.app.inject({
            method: method.toUpperCase() as 'GET',
            url,
            headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
            ...(method === 'get' || method === 'delete' ? {} : { payload: '{}' }),
          });
        const anonymousStatus = (await send(undefined)).statusCode;
        if (need === 'public') {
          expect(anonymousStatus, `${method} ${path}`).not.toBe(401);
          continue;
        }
        expect(anonymousStatus, `${method} ${path} anonymously`).toBe(401);
        for (const role of ranks) {
          const status = (await send(keys[role])).statusCode;
          const allowed = ranks.indexOf(role) >= ranks.indexOf(need);
          if (allowed) expect([401, 403], `${method} ${path} as ${role}: ${status}`).not.toContain(status);
          else expect(status, `${method} ${path} as ${role}`).toBe(403);
        }
        seen.push(`${method} ${path}: ${need}`);
      }
      expect(seen).toContain('post /v1/clusters/{cluster}/taint: operator');
      expect(seen).toContain('post /v1/placement: viewer');
      expect(seen).toContain('delete /v1/clusters/{cluster}: admin');
      expect(seen).toContain('post /v1/apikeys: admin');
      expect(seen).toContain('post /v1/webhooks: admin');
    });

    it("a cluster's spec (its mode, a mirror's source) is an admin's to set; creating a cluster stays an operator's", async () => {
      const asOperator = await t.api.as(keys.operator).put('/v1/clusters/modes', { spec: { mode: 'mirror' } });
      expect(asOperator.statusCode).toBe(403);
      expect(asOperator.json().message).toBe(
        'forbidden: API key "operator-key" has the operator role and cannot set a cluster\'s spec (its mode and source): the admin role is needed',
      );
      expect((await t.api.as(keys.operator).put('/v1/clusters/modes', {})).statusCode).toBe(201);
      expect((await t.api.as(keys.admin).put('/v1/clusters/modes', { spec: { mode: 'mirror' } })).json().spec).toEqual({ mode: 'mirror' });
    });

    it('403 names the key, its role and the role needed', async () => {
      const reply = await t.api.as(keys.viewer).post('/v1/nodes/n1/cordon', {});
      expect(reply.statusCode).toBe(403);
      expect(reply.json()).toMatchObject({
        error: 'Forbidden',
        message: 'forbidden: API key "viewer-key" has the viewer role and cannot POST /v1/nodes/n1/cordon: the operator role is needed',
      });
    });
  });

  describe('API keys', () => {
    it('are answered without the key or its hash, except once at creation', async () => {
      const created = await admin.post('/v1/apikeys', { metadata: { name: 'ci' }, spec: { role: 'operator' } });
      expect(created.statusCode).toBe(201);
      const key = created.json<KeyAnswer>().key ?? '';
      expect(key).toMatch(/^tg_[A-Za-z0-9_-]{43}$/);
      expect(created.json()).toMatchObject({
        kind: 'APIKey',
        metadata: { name: 'ci' },
        spec: { role: 'operator' },
        status: { prefix: key.slice(0, 9), revoked: false },
      });

      const list = await admin.get('/v1/apikeys');
      expect(list.statusCode).toBe(200);
      expect(list.body).not.toContain(key);
      const names = list.json<{ kind: string; items: KeyAnswer[] }>().items.map((item) => item.metadata.name);
      expect(names).toEqual([...names].sort());
      expect(names).toEqual(expect.arrayContaining(['ci', 'taintgate-admin-token', 'viewer-key']));
      expect((await admin.get('/v1/apikeys/ci')).json()).not.toHaveProperty('key');

      const stored = await t.db.query('SELECT hash FROM api_keys WHERE name = $1', ['ci']);
      expect(stored.rows[0].hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(stored.rows)).not.toContain(key);
    });

    it('a revoked key stops working at once; revoking again is no error; the name stays taken', async () => {
      const created = await admin.post('/v1/apikeys', { metadata: { name: 'short-lived' }, spec: { role: 'viewer' } });
      const key = created.json<KeyAnswer>().key ?? '';
      expect((await t.api.as(key).get('/v1/nodes')).statusCode).toBe(200);
      const revoked = await admin.del('/v1/apikeys/short-lived');
      expect(revoked.statusCode).toBe(200);
      expect(revoked.json()).toMatchObject({ status: { revoked: true, revocationTimestamp: expect.any(String) } });
      expect((await t.api.as(key).get('/v1/nodes')).statusCode).toBe(401);
      expect((await admin.del('/v1/apikeys/short-lived')).statusCode).toBe(200);
      const again = await admin.post('/v1/apikeys', { metadata: { name: 'short-lived' }, spec: { role: 'viewer' } });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('apikeys "short-lived" already exists');
    });

    it.each([
      [{}, ['metadata: Required value', 'spec: Required value']],
      [{ metadata: { name: 'Bad_Name' }, spec: { role: 'viewer' } }, ['metadata.name: Invalid value: "Bad_Name": ']],
      [{ metadata: { name: 'x' }, spec: { role: 'root' } }, ['spec.role: Unsupported value: "root": supported values: "viewer", "operator", "admin"']],
      [{ metadata: { name: 'x' }, spec: {} }, ['spec.role: Required value']],
    ])('a bad key request names the field: %j', async (body, reasons) => {
      const reply = await admin.post('/v1/apikeys', body);
      expect(reply.statusCode).toBe(400);
      for (const reason of reasons) expect(reply.json().message).toContain(reason);
      expect((await t.db.query("SELECT count(*)::int AS n FROM api_keys WHERE name = 'x'")).rows[0].n).toBe(0);
    });

    it('reading or revoking a key that does not exist: 404', async () => {
      expect((await admin.get('/v1/apikeys/nobody')).statusCode).toBe(404);
      expect((await admin.del('/v1/apikeys/nobody')).json().message).toBe('apikeys "nobody" not found');
    });
  });

  describe('GraphQL', () => {
    const post = (key: string | undefined, query: string) =>
      t.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
        payload: { query },
      });

    it("without a key: 401 in GraphQL's shape", async () => {
      const reply = await post(undefined, '{ nodes { name } }');
      expect(reply.statusCode).toBe(401);
      expect(reply.json().errors[0]).toMatchObject({ extensions: { code: 'UNAUTHORIZED', statusCode: 401 } });
    });

    it('a viewer queries; a viewer mutation is refused whole with 403 before anything runs', async () => {
      expect((await post(keys.viewer, '{ nodes { name } }')).json()).toEqual({ data: { nodes: [{ name: 'n1' }] } });
      const refused = await post(keys.viewer, 'mutation { cordon(name: "n1") { name } }');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().errors[0]).toMatchObject({
        message: 'forbidden: API key "viewer-key" has the viewer role and cannot mutation cordon: the operator role is needed',
        extensions: { code: 'FORBIDDEN', statusCode: 403 },
      });
      expect((await admin.get('/v1/nodes/n1')).json().spec?.unschedulable).toBeUndefined();
    });

    it('an operator mutates, but deleting a cluster is an admin’s', async () => {
      expect((await post(keys.operator, 'mutation { createCluster(name: "gq") { name } }')).statusCode).toBe(200);
      expect((await post(keys.operator, 'mutation { deleteCluster(name: "gq") { name } }')).statusCode).toBe(403);
      const deleted = await post(keys.admin, 'mutation { deleteCluster(name: "gq") { name } }');
      expect(deleted.json().errors).toBeUndefined();
    });
  });

  describe('graphql-ws', () => {
    let url = '';
    beforeAll(async () => {
      await t.app.listen(0, '127.0.0.1');
      url = `ws://127.0.0.1:${(t.app.getHttpServer().address() as { port: number }).port}/graphql`;
    });

    /** Subscribes and answers how the socket ended: the close code, or 'subscribed' once the server acknowledged. */
    function attempt(connectionParams: Record<string, unknown> | undefined, origin?: string): Promise<number | 'subscribed'> {
      return new Promise((resolve) => {
        class WithOrigin extends WebSocket {
          constructor(address: string, protocols?: string | string[]) {
            super(address, protocols, origin ? { origin } : {});
          }
        }
        const client = createClient({
          url,
          webSocketImpl: WithOrigin,
          retryAttempts: 0,
          lazy: false,
          // The refusal is what is tested; graphql-ws would print it to stderr.
          onNonLazyError: () => undefined,
          ...(connectionParams ? { connectionParams } : {}),
        });
        client.on('connected', () => {
          resolve('subscribed');
          void client.dispose();
        });
        client.on('closed', (event) => resolve((event as { code: number }).code));
      });
    }

    it('a socket without a key is closed with 4401; a viewer key in connectionParams is admitted', async () => {
      expect(await attempt(undefined)).toBe(4401);
      expect(await attempt({ Authorization: 'Bearer tg_made-up' })).toBe(4401);
      expect(await attempt({ Authorization: `Bearer ${keys.viewer}` })).toBe('subscribed');
      expect(await attempt({ headers: { authorization: `Bearer ${keys.viewer}` } })).toBe('subscribed');
    });

    it('a browser origin not allowed is closed with 4403, whatever its key', async () => {
      expect(await attempt({ Authorization: `Bearer ${keys.admin}` }, 'https://evil.example.com')).toBe(4403);
    });
  });

  describe('headers', () => {
    it('security headers on every answer; no CORS headers while no origin is allowed', async () => {
      const reply = await t.app.inject({ method: 'GET', url: '/healthz', headers: { origin: 'https://portal.example.com' } });
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(reply.headers['strict-transport-security']).toContain('max-age=');
      expect(reply.headers['content-security-policy']).toContain("default-src 'self'");
      expect(reply.headers['access-control-allow-origin']).toBeUndefined();
    });

    it("every header helmet's middleware sets on a real response, on answers and failures alike", async () => {
      const request = new IncomingMessage(new Socket());
      const real = new ServerResponse(request);
      helmet()(request, real, () => undefined);
      const expected = real.getHeaders();
      expect(Object.keys(expected).length).toBeGreaterThan(10);
      // An answer, a 404 and an anonymous read refused (401).
      for (const url of ['/healthz', '/v1/no-such-thing', '/v1/nodes']) {
        const reply = await t.app.inject({ method: 'GET', url });
        for (const [name, value] of Object.entries(expected)) expect([url, name, reply.headers[name]]).toEqual([url, name, value]);
      }
    });
  });

  describe('audit', () => {
    it('says which key did what, from which request and address', async () => {
      const reply = await t.api.as(keys.operator).post('/v1/nodes/n1/cordon', {});
      expect(reply.statusCode).toBe(200);
      const rows = await t.db.query(
        "SELECT actor, actor_key_id, request_id, client_address FROM audit_events WHERE action = 'node.cordon' ORDER BY id DESC LIMIT 1",
      );
      expect(rows.rows[0]).toMatchObject({
        actor: 'apikey:operator-key',
        actor_key_id: expect.any(String),
        request_id: expect.any(String),
        client_address: '127.0.0.1',
      });
      const keyRows = await t.db.query("SELECT actor, cluster_id FROM audit_events WHERE action = 'apikey.create' AND name = 'viewer-key'");
      expect(keyRows.rows).toEqual([{ actor: 'apikey:taintgate-admin-token', cluster_id: null }]);
    });
  });
});

describe('CORS for the origins allowed', () => {
  const t = useApiFixture({ TAINTGATE_AUTH: 'on', TAINTGATE_ALLOWED_ORIGINS: 'https://portal.example.com' });

  it('answers a preflight from an allowed origin without a key, and nothing for another origin', async () => {
    const preflight = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: '/v1/nodes',
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
      });
    const allowed = await preflight('https://portal.example.com');
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://portal.example.com');
    expect(allowed.headers['access-control-allow-headers']).toContain('authorization');
    const other = await preflight('https://evil.example.com');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});
