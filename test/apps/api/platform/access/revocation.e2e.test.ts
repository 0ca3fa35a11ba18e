import http from 'node:http';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createClient } from 'graphql-ws';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { useApiFixture } from '../../../../support/api-test-app';

/**
 * A key is checked when a stream opens, and the stream lives on: a revoked key's kube watches and
 * graphql-ws sockets are ended within 5 s, on the replica that revoked it and on the others (which
 * look the keys of their open streams up again every 2 s).
 */

const ADMIN_TOKEN = 'revocation-test-admin-token-0123456789ab';

describe('revoking a key ends its open streams (TAINTGATE_AUTH=on)', () => {
  const t = useApiFixture({ TAINTGATE_AUTH: 'on', TAINTGATE_ADMIN_TOKEN: ADMIN_TOKEN });
  const admin = t.api.as(ADMIN_TOKEN);
  let other: NestFastifyApplication;
  const portOf = (app: NestFastifyApplication) => (app.getHttpServer().address() as { port: number }).port;

  beforeAll(async () => {
    expect((await admin.put('/v1/nodes/n1', { metadata: { name: 'n1' } })).statusCode).toBe(201);
    await t.app.listen(0, '127.0.0.1');
    other = await t.bootReplica();
    await other.listen(0, '127.0.0.1');
  });

  const keyFor = async (name: string): Promise<string> => {
    const reply = await admin.post('/v1/apikeys', { metadata: { name }, spec: { role: 'viewer' } });
    expect(reply.statusCode, reply.body).toBe(201);
    return reply.json<{ key: string }>().key;
  };

  /** Opens a watch of the nodes; answers when its answer's head came, and a promise of when the stream ends. */
  function watch(app: NestFastifyApplication, key: string): Promise<{ ended: Promise<number> }> {
    return new Promise((resolve, reject) => {
      const request = http.get(
        { host: '127.0.0.1', port: portOf(app), path: '/api/v1/nodes?watch=true', headers: { authorization: `Bearer ${key}` } },
        (response) => {
          expect(response.statusCode).toBe(200);
          response.resume();
          resolve({ ended: new Promise((done) => response.once('close', () => done(Date.now()))) });
        },
      );
      request.on('error', reject);
    });
  }

  /** A subscription on a graphql-ws socket; answers when it is acknowledged, and a promise of the socket's close code. */
  function subscribe(app: NestFastifyApplication, key: string): Promise<{ closed: Promise<number> }> {
    return new Promise((resolve) => {
      let closed: (code: number) => void = () => undefined;
      const closing = new Promise<number>((done) => (closed = done));
      const client = createClient({
        url: `ws://127.0.0.1:${portOf(app)}/graphql`,
        webSocketImpl: WebSocket,
        retryAttempts: 0,
        lazy: false,
        onNonLazyError: () => undefined,
        connectionParams: { Authorization: `Bearer ${key}` },
      });
      client.on('closed', (event) => closed((event as { code: number }).code));
      client.on('connected', () => {
        client.subscribe({ query: 'subscription { evictionEvents { kind } }' }, { next: () => undefined, error: () => undefined, complete: () => undefined });
        resolve({ closed: closing });
      });
    });
  }

  it('a watch on the replica that revokes ends at once; one on another replica within 5 s', async () => {
    const key = await keyFor('watcher');
    const here = await watch(t.app, key);
    const there = await watch(other, key);
    const revokedAt = Date.now();
    expect((await admin.del('/v1/apikeys/watcher')).statusCode).toBe(200);
    expect((await here.ended) - revokedAt).toBeLessThan(1_000);
    expect((await there.ended) - revokedAt).toBeLessThan(5_000);
    // And the key opens nothing again.
    expect((await t.api.as(key).get('/api/v1/nodes')).statusCode).toBe(401);
  }, 20_000);

  it('a graphql-ws socket is closed with 4403 on either replica within 5 s, its subscription with it', async () => {
    const key = await keyFor('subscriber');
    const here = await subscribe(t.app, key);
    const there = await subscribe(other, key);
    const revokedAt = Date.now();
    expect((await admin.del('/v1/apikeys/subscriber')).statusCode).toBe(200);
    expect(await here.closed).toBe(4403);
    expect(await there.closed).toBe(4403);
    expect(Date.now() - revokedAt).toBeLessThan(5_000);
  }, 20_000);
});

describe('a key holds at most TAINTGATE_MAX_STREAMS_PER_KEY streams on a replica', () => {
  const t = useApiFixture({ TAINTGATE_AUTH: 'on', TAINTGATE_ADMIN_TOKEN: ADMIN_TOKEN, TAINTGATE_MAX_STREAMS_PER_KEY: '2' });
  const admin = t.api.as(ADMIN_TOKEN);

  it('past it a watch answers 429 (a Status, with Retry-After) and a socket is closed with 4429; one closed makes room', async () => {
    await t.app.listen(0, '127.0.0.1');
    const port = (t.app.getHttpServer().address() as { port: number }).port;
    const key = (await admin.post('/v1/apikeys', { metadata: { name: 'busy' }, spec: { role: 'viewer' } })).json<{ key: string }>().key;
    const open = () =>
      new Promise<{ status: number; retryAfter: unknown; body: Promise<string>; close: () => void }>((resolve, reject) => {
        const request = http.get({ host: '127.0.0.1', port, path: '/api/v1/nodes?watch=true', headers: { authorization: `Bearer ${key}` } }, (response) => {
          const body = new Promise<string>((done) => {
            let text = '';
            response.on('data', (chunk) => (text += String(chunk)));
            response.on('close', () => done(text));
          });
          resolve({ status: response.statusCode ?? 0, retryAfter: response.headers['retry-after'], body, close: () => request.destroy() });
        });
        request.on('error', reject);
      });
    const first = await open();
    const second = await open();
    expect([first.status, second.status]).toEqual([200, 200]);
    const third = await open();
    expect(third.status).toBe(429);
    expect(third.retryAfter).toBe('5');
    expect(JSON.parse(await third.body)).toMatchObject({ kind: 'Status', reason: 'TooManyRequests', code: 429 });
    const socket = await new Promise<number | 'connected'>((resolve) => {
      const client = createClient({
        url: `ws://127.0.0.1:${port}/graphql`,
        webSocketImpl: WebSocket,
        retryAttempts: 0,
        lazy: false,
        onNonLazyError: () => undefined,
        connectionParams: { Authorization: `Bearer ${key}` },
      });
      client.on('connected', () => resolve('connected'));
      client.on('closed', (event) => resolve((event as { code: number }).code));
    });
    expect(socket).toBe(4429);
    first.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const again = await open();
    expect(again.status).toBe(200);
    second.close();
    again.close();
  }, 20_000);
});
