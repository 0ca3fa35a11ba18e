import { randomBytes } from 'node:crypto';
import { Client, escapeIdentifier } from 'pg';
import { ensureDatabase } from '../apps/api/src/platform/database/ensure-database';
import { findMigrationsDir } from '../apps/api/src/platform/database/migrations/migration-folder';
import { applyMigrations } from '../apps/api/src/platform/database/migrations/migration-runner';
import type { RealisticClusterOptions } from '../test/support/realistic-cluster';
import { deleteRedisKeys } from '../test/support/redis-prefix';
import { storeCluster } from './stored-objects';

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

/**
 * The database of a benchmark over the realistic cluster: BENCH_DATABASE_URL's, stored by an earlier
 * run (BENCH_KEEP=1 keeps one) and left as it is, or one of its own with the cluster of `size` stored
 * (setup, not measured; `generated`: bench:stored-cluster's small pods instead). `bench` is what
 * endBench drops.
 */
export async function storedClusterDatabase(
  size: RealisticClusterOptions,
  generated = false,
): Promise<{ bench: Awaited<ReturnType<typeof createBenchDatabase>> | undefined; databaseUrl: string }> {
  const given = process.env.BENCH_DATABASE_URL;
  if (given) return { bench: undefined, databaseUrl: given };
  const bench = await createBenchDatabase();
  const t = performance.now();
  const stored = await storeCluster(bench.databaseUrl, size, generated);
  console.log(`stored ${stored.nodes} nodes and ${stored.pods} pods in ${((performance.now() - t) / 1000).toFixed(1)} s (setup, not measured)`);
  return { bench, databaseUrl: bench.databaseUrl };
}
