import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiTestApp, startApiApp, useApiFixture } from '../../../../support/api-test-app';
import { PrivateRedis } from '../../../../support/private-services';

/**
 * Rate limits (@fastify/rate-limit, counted in Redis): per client address before a key is looked
 * up, per API key once it is; past either, 429 with Retry-After on every face, counted together by
 * the replicas. Health checks are never limited; with Redis away nothing is counted.
 */

const ADMIN_TOKEN = 'request-rates-admin-token-0123456789abcd';
const LIMITS = { TAINTGATE_RATE_LIMIT_PER_ADDRESS: '20', TAINTGATE_RATE_LIMIT_PER_KEY: '8' };

/** A request from the address given (each test has addresses of its own: the counts last a minute). */
const from = (app: NestFastifyApplication, address: string, url: string, key?: string) =>
  app.inject({ method: 'GET', url, remoteAddress: address, headers: key ? { authorization: `Bearer ${key}` } : {} });

describe('rate limits per key and per address (TAINTGATE_AUTH=on)', () => {
  const t = useApiFixture({ TAINTGATE_AUTH: 'on', TAINTGATE_ADMIN_TOKEN: ADMIN_TOKEN, ...LIMITS });
  const keys: string[] = [];

  beforeAll(async () => {
    for (const name of ['one', 'two', 'three']) {
      const made = await t.api.as(ADMIN_TOKEN).post('/v1/apikeys', { metadata: { name }, spec: { role: 'viewer' } });
      keys.push(made.json<{ key: string }>().key);
    }
  });

  it('a key past its limit: 429 with Retry-After and a message saying which limit; another key goes on', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 9; i += 1) statuses.push((await from(t.app, '10.0.0.1', '/v1/nodes', keys[0])).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429]);
    const refused = await from(t.app, '10.0.0.2', '/v1/nodes', keys[0]);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.json().message).toMatch(/^Too many requests: this API key is limited to 8 requests a minute; try again in \d+ s$/);
    expect((await from(t.app, '10.0.0.1', '/v1/nodes', keys[1])).statusCode).toBe(200);
  });

  it('an address past its limit: 429 before any key is looked up, made-up keys and good ones alike', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 20; i += 1) statuses.push((await from(t.app, '10.0.1.1', '/v1/nodes', `tg_made-up-${i}`)).statusCode);
    expect(new Set(statuses)).toEqual(new Set([401]));
    const next = await from(t.app, '10.0.1.1', '/v1/nodes', keys[2]);
    expect(next.statusCode).toBe(429);
    expect(next.json().message).toMatch(/this address is limited to 20 requests a minute/);
    expect((await from(t.app, '10.0.1.2', '/v1/nodes', keys[2])).statusCode).toBe(200);
  });

  it('the Kubernetes API answers a Status 429, and the health checks are never limited', async () => {
    for (let i = 0; i < 20; i += 1) await from(t.app, '10.0.2.1', '/livez');
    for (let i = 0; i < 20; i += 1) await from(t.app, '10.0.2.1', '/api/v1/nodes', ADMIN_TOKEN);
    const kube = await from(t.app, '10.0.2.1', '/api/v1/nodes', ADMIN_TOKEN);
    expect(kube.statusCode).toBe(429);
    expect(kube.json()).toMatchObject({ kind: 'Status', reason: 'TooManyRequests', code: 429, details: { retryAfterSeconds: expect.any(Number) } });
    expect((await from(t.app, '10.0.2.1', '/livez')).statusCode).toBe(200);
  });

  it('replicas count together: a key is limited over all of them', async () => {
    const other = await t.bootReplica();
    const statuses: number[] = [];
    for (let i = 0; i < 9; i += 1) statuses.push((await from(i % 2 === 0 ? t.app : other, `10.0.3.${i}`, '/v1/nodes', keys[1])).statusCode);
    // keys[1] spent one request in the first test.
    expect(statuses.filter((s) => s === 429).length).toBe(2);
  });
});

describe('rate limits with Redis away', () => {
  let redis: PrivateRedis;
  let t: ApiTestApp;
  beforeAll(async () => {
    redis = await PrivateRedis.start();
    t = await startApiApp({ REDIS_URL: redis.url, ...LIMITS, TAINTGATE_RATE_LIMIT_PER_ADDRESS: '3' });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await redis.remove();
  });

  it('nothing is counted and every request goes on, promptly; counted again once it is back', async () => {
    await redis.kill();
    const started = Date.now();
    for (let i = 0; i < 6; i += 1) expect((await from(t.app, '10.0.4.1', '/v1/nodes')).statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(3_000);
    await redis.start();
    const until = Date.now() + 15_000;
    let status = 200;
    while (status !== 429 && Date.now() < until) status = (await from(t.app, '10.0.4.2', '/v1/nodes')).statusCode;
    expect(status).toBe(429);
  }, 30_000);
});
