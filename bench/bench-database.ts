import { randomBytes } from 'node:crypto';
import { Client, escapeIdentifier } from 'pg';
import { ensureDatabase } from '../apps/api/src/platform/database/ensure-database';
import { findMigrationsDir } from '../apps/api/src/platform/database/migrations/migration-folder';
import { applyMigrations } from '../apps/api/src/platform/database/migrations/migration-runner';
import { deleteRedisKeys } from '../test/support/redis-prefix';

/** A migrated database of the benchmark's own on the local Postgres, and the way to drop it. */
export async function createBenchDatabase(): Promise<{ name: string; databaseUrl: string; drop(): Promise<void> }> {
  const name = `taintgate_bench_${randomBytes(4).toString('hex')}`;
  const server = new URL(process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/postgres');
  const url = new URL(server.href);
  url.pathname = `/${name}`;
  const databaseUrl = url.href;
  await ensureDatabase(databaseUrl);
  await applyMigrations(databaseUrl, findMigrationsDir(__dirname), { log: () => undefined, warn: console.warn });
  return {
    name,
    databaseUrl,
    async drop() {
      server.pathname = '/postgres';
      const admin = new Client({ connectionString: server.href });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${escapeIdentifier(name)} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/**
 * A benchmark's end: its Redis keys deleted, and the database it made dropped, or kept when
 * BENCH_KEEP=1 (its address printed, for BENCH_DATABASE_URL). `bench` undefined: the database was
 * given, and is left as it was.
 */
export async function endBench(bench: { databaseUrl: string; drop(): Promise<void> } | undefined, redisPrefix: string): Promise<void> {
  await deleteRedisKeys(redisPrefix);
  if (bench && process.env.BENCH_KEEP !== '1') await bench.drop();
  else if (bench) console.log(`kept ${bench.databaseUrl} (drop it when done)`);
}
