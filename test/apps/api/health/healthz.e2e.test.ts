import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureDatabase } from '../../../../apps/api/src/database/ensure-database';
import { type ConfigOverrides, bootApp } from '../../../support/boot-app';
import { databaseUrlFor, dropDatabase, uniqueDatabaseName } from '../../../support/test-database';

// Real Postgres and Redis, nothing mocked: the service is only healthy if they truly answer.
// 127.0.0.1:1 is a port nothing listens on, so a connection there is refused at once.
const CLOSED_PORT_REDIS = 'redis://127.0.0.1:1';
const CLOSED_PORT_POSTGRES = 'postgresql://postgres@127.0.0.1:1/taintgate';

describe('GET /healthz', () => {
  const databaseName = uniqueDatabaseName();
  const databaseUrl = databaseUrlFor(databaseName);
  let app: NestFastifyApplication | undefined;

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
  });

  it('answers 200 when Postgres and Redis both answer', async () => {
    app = await bootApp({ DATABASE_URL: databaseUrl });

    const response = await app.inject({ method: 'GET', url: '/healthz' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ status: 'ok', checks: { postgres: 'ok', redis: 'ok' } });
  });

  it.each<[string, string, ConfigOverrides, { checks: Record<string, string>; errors: Record<string, unknown> }]>([
    [
      'redis',
      'Redis',
      { DATABASE_URL: databaseUrl, REDIS_URL: CLOSED_PORT_REDIS },
      { checks: { postgres: 'ok', redis: 'failed' }, errors: { redis: expect.stringContaining('ECONNREFUSED') } },
    ],
    [
      'postgres',
      'Postgres',
      { DATABASE_URL: CLOSED_PORT_POSTGRES },
      { checks: { postgres: 'failed', redis: 'ok' }, errors: { postgres: expect.stringContaining("Can't reach database server at 127.0.0.1:1") } },
    ],
  ])('answers 503 naming %s when %s does not answer', async (_down, _service, env, { checks, errors }) => {
    app = await bootApp(env);

    const response = await app.inject({ method: 'GET', url: '/healthz' });

    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable', checks, errors });
  });
});
