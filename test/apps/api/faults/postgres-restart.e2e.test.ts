import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import http from 'node:http';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDatabase } from '../../../../apps/api/src/platform/database/ensure-database';
import { findMigrationsDir } from '../../../../apps/api/src/platform/database/migrations/migration-folder';
import { applyMigrations } from '../../../../apps/api/src/platform/database/migrations/migration-runner';
import { bootApp } from '../../../support/boot-app';
import { PrivatePostgres } from '../../../support/private-services';
import { deleteRedisKeys, uniqueRedisPrefix } from '../../../support/redis-prefix';
import { sleep, waitUntil } from '../../../support/waiting';

// A Postgres of the test's own, stopped as a crash stops it (pg_ctl -m immediate: every
// connection cut) and started again while writes keep arriving. What was acknowledged must be
// there after; while it is down, answers are 503 with Retry-After, never 500.

const quiet = { log: () => undefined, warn: () => undefined };

describe('Postgres restarted during writes', () => {
  let postgres: PrivatePostgres;
  let app: NestFastifyApplication | undefined;
  const redisPrefix = uniqueRedisPrefix();

  beforeAll(async () => {
    postgres = await PrivatePostgres.start();
    const url = postgres.urlOf('taintgate');
    await ensureDatabase(url);
    await applyMigrations(url, findMigrationsDir(__dirname), quiet);
    app = await bootApp({ DATABASE_URL: url, REDIS_PREFIX: redisPrefix });
  });
  afterAll(async () => {
    await app?.close();
    await postgres?.remove();
    await deleteRedisKeys(redisPrefix);
  });

  it('loses no acknowledged write, and answers 503 with Retry-After (never 500) while it is down', async () => {
    const service = app as NestFastifyApplication;
    const answers: { name: string; status: number; retryAfter: unknown; body: string }[] = [];
    let writing = true;
    let next = 0;
    const writer = async () => {
      while (writing) {
        const name = `w-${next++}`;
        const reply = await service.inject({ method: 'PUT', url: `/v1/nodes/${name}`, payload: { metadata: { name } } });
        answers.push({ name, status: reply.statusCode, retryAfter: reply.headers['retry-after'], body: reply.body });
        await sleep(10);
      }
    };
    const succeeded = () => answers.filter((a) => a.status < 300).length;
    let graphql: { retryAfter: unknown; extensions: unknown } | undefined;

    const writers = [writer(), writer()];
    try {
      await waitUntil(() => Promise.resolve(succeeded() >= 10), 15_000);
      await postgres.stop('immediate');
      await waitUntil(() => Promise.resolve(answers.filter((a) => a.status === 503).length >= 10), 15_000);
      // GraphQL says the same, in its own shape.
      const reply = await service.inject({
        method: 'POST',
        url: '/graphql',
        payload: { query: 'mutation { upsertNode(name: "g1", node: {metadata: {name: "g1"}}) { created } }' },
      });
      graphql = { retryAfter: reply.headers['retry-after'], extensions: reply.json().errors?.[0]?.extensions };
      const before = succeeded();
      await postgres.start();
      await waitUntil(() => Promise.resolve(succeeded() >= before + 10), 20_000);
    } finally {
      writing = false;
      await Promise.all(writers);
    }

    expect(graphql).toMatchObject({ retryAfter: '5', extensions: { code: 'SERVICE_UNAVAILABLE', statusCode: 503 } });
    const unexpected = answers.filter((a) => ![200, 201, 503].includes(a.status));
    expect(unexpected).toEqual([]);
    const unavailable = answers.filter((a) => a.status === 503);
    expect(unavailable.every((a) => a.retryAfter === '5')).toBe(true);
    // No host, no driver text: those go to the log.
    expect(JSON.parse(unavailable[0]?.body ?? '{}')).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'the database is unavailable; retry in 5 seconds',
    });

    const db = new Client({ connectionString: postgres.urlOf('taintgate') });
    await db.connect();
    try {
      const stored = new Set((await db.query<{ name: string }>('SELECT name FROM nodes')).rows.map((r) => r.name));
      const acknowledged = answers.filter((a) => a.status < 300).map((a) => a.name);
      expect(acknowledged.filter((name) => !stored.has(name))).toEqual([]);
    } finally {
      await db.end();
    }
    // And the service reads them back as it answers any read.
    const listed = await service.inject({ method: 'GET', url: '/v1/nodes' });
    expect(listed.statusCode).toBe(200);
  });

  it('an import cut by Postgres going away midway answers 503 saying how many objects were stored', async () => {
    const service = app as NestFastifyApplication;
    await service.listen(0, '127.0.0.1');
    const port = (service.getHttpServer().address() as { port: number }).port;
    const node = (i: number) => JSON.stringify({ kind: 'Node', metadata: { name: `imp-${i}` } });
    const request = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/v1/clusters/imp/import', headers: { 'content-type': 'application/json' } });
    const answer = new Promise<{ status: number; retryAfter: unknown; body: string }>((resolve, reject) => {
      request.on('response', (response) => {
        let body = '';
        response.on('data', (chunk) => (body += String(chunk)));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, retryAfter: response.headers['retry-after'], body }));
      });
      request.on('error', reject);
    });
    // Told to the answer's promise; a test that failed before reading it must not leave it unhandled.
    answer.catch(() => undefined);
    // The first write's 500 objects (FLUSH_EVERY), stored once the next begins to arrive.
    request.write(`{"kind":"List","items":[${Array.from({ length: 510 }, (_, i) => node(i)).join(',')}`);
    const db = new Client({ connectionString: postgres.urlOf('taintgate') });
    await db.connect();
    try {
      await waitUntil(async () => (await db.query("SELECT count(*)::int AS n FROM nodes WHERE name LIKE 'imp-%'")).rows[0]?.n === 500, 15_000);
    } finally {
      await db.end();
    }
    await postgres.stop('immediate');
    try {
      request.end(`,${Array.from({ length: 100 }, (_, i) => node(510 + i)).join(',')}]}`);
      const got = await answer;
      expect(got.status).toBe(503);
      expect(got.retryAfter).toBe('5');
      expect(JSON.parse(got.body).message).toBe(
        'the database is unavailable; retry in 5 seconds (the 500 objects before it were stored; import the whole body again to finish)',
      );
    } finally {
      await postgres.start();
    }
  });
});
