import { Client } from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PrivateRedis } from '../../../support/private-services';
import { ServiceProcess } from '../../../support/service-process';
import { databaseUrlFor, dropDatabase, uniqueDatabaseName } from '../../../support/test-database';
import { sleep, waitUntil } from '../../../support/waiting';

// The service as production runs it, in a process of its own, killed and stopped by signals: a
// SIGKILL with deadlines pending (a restart carries each out exactly once), and SIGTERM during a
// burst of writes and during a Redis outage (it exits within 10 s, as the issue asks). Its Redis is
// the test's own; its database one of its own on the machine's Postgres, which nothing stops.

const EXIT_WITHIN_MS = 10_000;
const ON_TIME_MS = 2_000;
/**
 * Two service processes started from the sources (vite-node compiles them as they load), the
 * last deadline 13 s after the taint and up to 30 s to see every eviction: more than the default
 * 20 s a test may take on a loaded machine.
 */
const SIGKILL_TEST_MS = 60_000;
/** A service started from the sources, 1.5 s of Redis down, then up to 10 s to exit: past 20 s when the machine is loaded. */
const STOP_TEST_MS = 45_000;

describe('the service process, killed and stopped', () => {
  const databaseName = uniqueDatabaseName();
  let redis: PrivateRedis;
  let db: Client;
  const services: ServiceProcess[] = [];
  const start = async () => {
    const service = await ServiceProcess.start({
      DATABASE_URL: databaseUrlFor(databaseName),
      REDIS_URL: redis.url,
      EVICTION_RECONCILE_SECONDS: '1',
    });
    services.push(service);
    return service;
  };

  beforeAll(async () => {
    redis = await PrivateRedis.start();
  });
  afterEach(async () => {
    for (const service of services.splice(0)) await service.stop();
  });
  afterAll(async () => {
    await db?.end();
    await dropDatabase(databaseName);
    await redis?.remove();
  });

  const podWithin = (name: string, tolerationSeconds: number) => ({
    metadata: { name },
    spec: { nodeName: 'n1', terminationGracePeriodSeconds: 0, tolerations: [{ key: 'drain', operator: 'Exists', effect: 'NoExecute', tolerationSeconds }] },
  });
  /** The database, once the first service has created it. */
  const database = async () => {
    if (!db) {
      db = new Client({ connectionString: databaseUrlFor(databaseName) });
      await db.connect();
    }
    return db;
  };

  it(
    'SIGKILL with deadlines pending: after a restart each eviction is carried out exactly once, those due after it on time',
    async () => {
      const first = await start();
      expect((await first.request('PUT', '/v1/nodes/n1', { metadata: { name: 'n1' } })).status).toBe(201);
      const pods = Array.from({ length: 12 }, (_, i) => `p-${i}`);
      // Deadlines every second from 2 s to 13 s: some fall while no service runs, some after the restart.
      for (const [i, name] of pods.entries())
        expect((await first.request('PUT', `/v1/namespaces/default/pods/${name}`, podWithin(name, 2 + i))).status).toBe(201);
      expect((await first.request('POST', '/v1/nodes/n1/taints', { key: 'drain', effect: 'NoExecute' })).status).toBe(201);

      await first.signalAndTime('SIGKILL', EXIT_WITHIN_MS);
      const second = await start();
      const upAt = Date.now();

      const evictions = async () =>
        (
          await (
            await database()
          ).query<{ pod_name: string; status: string; scheduled_for: Date; fired_at: Date | null }>(
            'SELECT pod_name, status, scheduled_for, fired_at FROM evictions',
          )
        ).rows;
      await waitUntil(async () => (await evictions()).every((e) => e.status === 'Executed'), 30_000);

      const rows = await evictions();
      expect(rows.map((r) => r.pod_name).sort()).toEqual([...pods].sort());
      for (const row of rows.filter((r) => r.scheduled_for.getTime() > upAt)) {
        const lateness = (row.fired_at as Date).getTime() - row.scheduled_for.getTime();
        expect({ pod: row.pod_name, lateness, onTime: lateness >= 0 && lateness <= ON_TIME_MS }).toMatchObject({ onTime: true });
      }
      const audits = await (await database()).query<{ n: string }>(`SELECT count(*) AS n FROM audit_events WHERE action = 'pod.evict' GROUP BY name`);
      expect(audits.rows.map((r) => r.n)).toEqual(pods.map(() => '1'));
      const events = await (await database()).query<{ n: string }>(`SELECT count(*) AS n FROM events WHERE kind = 'EvictionExecuted' GROUP BY eviction_id`);
      expect(events.rows.map((r) => r.n)).toEqual(pods.map(() => '1'));
      for (const name of pods) expect((await second.request('GET', `/v1/namespaces/default/pods/${name}`)).status).toBe(404);
    },
    SIGKILL_TEST_MS,
  );

  it(
    'SIGTERM during a burst of writes: exits within 10 s, and every write it acknowledged is stored',
    async () => {
      const service = await start();
      const names = Array.from({ length: 40 }, (_, i) => `burst-${i}`);
      const writes = names.map((name) =>
        service.request('PUT', `/v1/nodes/${name}`, { metadata: { name } }).then(
          (reply) => ({ name, status: reply.status }),
          () => ({ name, status: 0 }),
        ),
      );
      await sleep(100);

      const took = await service.signalAndTime('SIGTERM', EXIT_WITHIN_MS);
      expect(took).toBeLessThan(EXIT_WITHIN_MS);

      const answered = await Promise.all(writes);
      const acknowledged = answered.filter((a) => a.status === 200 || a.status === 201).map((a) => a.name);
      const stored = new Set((await (await database()).query<{ name: string }>('SELECT name FROM nodes')).rows.map((r) => r.name));
      expect(acknowledged.filter((name) => !stored.has(name))).toEqual([]);
    },
    // The 10 s are measured above; the test also starts a service from the sources, which on a loaded machine takes as long.
    STOP_TEST_MS,
  );

  it(
    'SIGTERM while Redis is down: exits within 10 s',
    async () => {
      const service = await start();
      expect((await service.request('PUT', '/v1/namespaces/default/pods/waiting', podWithin('waiting', 600))).status).toBe(201);
      await redis.kill();
      try {
        // Long enough for every Redis client to be between reconnect attempts.
        await sleep(1_500);
        const readyz = await service.request('GET', '/readyz');
        expect([readyz.status, readyz.body]).toEqual([200, 'ok']);

        const took = await service.signalAndTime('SIGTERM', EXIT_WITHIN_MS);
        expect(took).toBeLessThan(EXIT_WITHIN_MS);
      } finally {
        await redis.start();
      }
      // The 10 s are measured above; the test also starts a service from the sources, which on a loaded machine takes as long.
    },
    STOP_TEST_MS,
  );
});
