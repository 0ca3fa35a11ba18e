import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../../../../apps/api/src/platform/config/app-config';
import { ensureDatabase } from '../../../../../apps/api/src/platform/database/ensure-database';
import { PrismaService } from '../../../../../apps/api/src/platform/database/prisma.service';
import { databaseUrlFor, dropDatabase, uniqueDatabaseName, withMaintenanceClient } from '../../../../support/test-database';
import { sleep } from '../../../../support/waiting';

// A server that cuts its connections (a restart, a failover, an administrator's
// pg_terminate_backend) makes pg emit 'error' on each cut client: on the pool for an idle one, on
// the client for a held one. An event with no listener ends the process, so the pool's clients must
// always have one, whoever holds them.

describe('PrismaService: connections cut by the server (real Postgres)', () => {
  const name = uniqueDatabaseName();
  let prisma: PrismaService;
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown) => uncaught.push(error);

  beforeAll(async () => {
    await ensureDatabase(databaseUrlFor(name));
    prisma = new PrismaService({ databaseUrl: databaseUrlFor(name) } as AppConfig);
    process.prependListener('uncaughtException', onUncaught);
  });
  afterAll(async () => {
    process.removeListener('uncaughtException', onUncaught);
    await prisma?.onModuleDestroy();
    await dropDatabase(name);
  });

  it('survives its idle and its held connections cut, and answers again on new ones', async () => {
    // Two connections: one idle in the pool, one held by a caller that listens for nothing.
    const held = await prisma.connect();
    await prisma.rows('SELECT 1', []);
    await withMaintenanceClient((admin) => admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]));
    // The held one's next statement fails; the cut arrives as events meanwhile.
    await expect(held.query('SELECT 1')).rejects.toThrow();
    await sleep(200);
    held.release(new Error('cut'));
    expect(uncaught).toEqual([]);
    expect(await prisma.rows<{ one: number }>('SELECT 1 AS one', [])).toEqual([{ one: 1 }]);
  });
});
