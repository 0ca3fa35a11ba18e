import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureDatabase } from '../../../../../apps/api/src/platform/database/ensure-database';
import { bootApp } from '../../../../support/boot-app';
import { databaseUrlFor, dropDatabase, uniqueDatabaseName } from '../../../../support/test-database';
import { deleteRedisKeys, uniqueRedisPrefix } from '../../../../support/redis-prefix';

// Real Postgres and Redis, nothing mocked: the service is only ready if they truly answer.
// 127.0.0.1:1 is a port nothing listens on, so a connection there is refused at once.
const CLOSED_PORT_REDIS = 'redis://127.0.0.1:1';
const CLOSED_PORT_POSTGRES = 'postgresql://postgres@127.0.0.1:1/taintgate';

describe('GET /livez, /readyz and /healthz', () => {
  const databaseName = uniqueDatabaseName();
  const databaseUrl = databaseUrlFor(databaseName);
  // Its own BullMQ prefix: the service's queues are made at boot, on the machine's Redis.
  const redisPrefix = uniqueRedisPrefix();
  let app: NestFastifyApplication | undefined;
  const get = (url: string) => (app as NestFastifyApplication).inject({ method: 'GET', url });

  beforeAll(async () => {
    // Created the way `npm start` creates it.
    await ensureDatabase(databaseUrl);
  });

  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  afterAll(async () => {
    await dropDatabase(databaseName);
    await deleteRedisKeys(redisPrefix);
  });

  describe('with Postgres and Redis answering', () => {
    it('/livez and /readyz answer `ok` as kube-apiserver does, and list their checks with ?verbose', async () => {
      app = await bootApp({ DATABASE_URL: databaseUrl, REDIS_PREFIX: redisPrefix });

      for (const url of ['/livez', '/readyz']) {
        const response = await get(url);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.body).toBe('ok');
      }
      expect((await get('/livez?verbose')).body).toBe('[+]ping ok\nlivez check passed\n');
      expect((await get('/readyz?verbose')).body).toBe('[+]ping ok\n[+]postgres ok\nreadyz check passed\n');
      expect((await get('/readyz?verbose&exclude=postgres&exclude=etcd')).body).toBe(
        '[+]ping ok\n[+]postgres excluded: ok\nwarn: some health checks cannot be excluded: no matches for "etcd"\nreadyz check passed\n',
      );
    });

    it('/healthz answers its JSON report, 200', async () => {
      app = await bootApp({ DATABASE_URL: databaseUrl, REDIS_PREFIX: redisPrefix });

      const response = await get('/healthz');

      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ status: 'ok', checks: { postgres: 'ok', redis: 'ok' } });
    });
  });

  describe('with Redis unreachable', () => {
    it('stays ready: /readyz and /healthz answer 200, /healthz reporting redis failed', async () => {
      app = await bootApp({ DATABASE_URL: databaseUrl, REDIS_URL: CLOSED_PORT_REDIS, REDIS_PREFIX: redisPrefix });

      expect((await get('/livez')).statusCode).toBe(200);
      const readyz = await get('/readyz');
      expect([readyz.statusCode, readyz.body]).toEqual([200, 'ok']);
      const healthz = await get('/healthz');
      expect(healthz.statusCode).toBe(200);
      expect(healthz.json()).toEqual({ status: 'ok', checks: { postgres: 'ok', redis: 'failed' } });
    });
  });

  describe('with Postgres unreachable', () => {
    it('is alive but not ready: /readyz answers 503 naming the check, and no host or error', async () => {
      app = await bootApp({ DATABASE_URL: CLOSED_PORT_POSTGRES, REDIS_PREFIX: redisPrefix });

      const livez = await get('/livez');
      expect([livez.statusCode, livez.body]).toEqual([200, 'ok']);
      for (const url of ['/readyz', '/readyz?verbose']) {
        const readyz = await get(url);
        expect(readyz.statusCode).toBe(503);
        expect(readyz.headers['content-type']).toBe('text/plain; charset=utf-8');
        expect(readyz.body).toBe('[+]ping ok\n[-]postgres failed: reason withheld\nreadyz check failed\n');
      }
    });

    it('/healthz answers 503 with the report, and tells anonymous callers neither host nor error', async () => {
      app = await bootApp({ DATABASE_URL: CLOSED_PORT_POSTGRES, REDIS_PREFIX: redisPrefix });

      const response = await get('/healthz');

      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable', checks: { postgres: 'failed', redis: 'ok' } });
      expect(response.body).not.toMatch(/127\.0\.0\.1|reach|ECONNREFUSED/);
    });
  });
});
