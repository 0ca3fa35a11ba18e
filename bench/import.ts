/**
 * Importing a cluster at docs/contract.md's scale: 10,000 nodes and 300,000 pods as
 * `kubectl get nodes,pods -A -o json` prints them (the realistic GKE cluster of
 * test/support/realistic-cluster.ts, about 3 GiB), POSTed over HTTP to a running service on the
 * machine's Postgres, in a database of its own that is dropped at the end. Measured: the first
 * import (everything created); the same import again (everything unchanged), which first loads
 * the 310,000 pods the first one wrote into this replica's snapshot, as any first read after it
 * would; the same import a third time, with the snapshot current, as a periodic import runs; and
 * the process's peak memory. Writing the file is setup, not measured.
 *   npm run bench:import
 */
import 'reflect-metadata';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from '../apps/api/src/app.module';
import { configureApp, createHttpAdapter } from '../apps/api/src/configure-app';
import { writeClusterJson } from '../test/support/realistic-cluster';
import { createBenchDatabase } from './bench-database';
import { machineLine } from './machine';
import { postFile } from './post-file';

const size = { nodes: Number(process.env.BENCH_NODES ?? 10_000), podsPerNode: 30 };

const counts = ({ created, updated, unchanged, deleted, rejected }: Record<string, unknown>) =>
  `created ${String(created)}, updated ${String(updated)}, unchanged ${String(unchanged)}, deleted ${String(deleted)}, rejected ${(rejected as unknown[]).length}`;

async function main(): Promise<void> {
  console.log(machineLine());
  const bench = await createBenchDatabase();
  const dir = await mkdtemp(path.join(tmpdir(), 'import-bench-'));
  let peakRss = 0;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 200);
  try {
    const file = path.join(dir, 'cluster.json');
    await writeClusterJson(file, size);
    const bytes = (await stat(file)).size;
    console.log(`kubectl JSON of ${size.nodes} nodes and ${size.nodes * size.podsPerNode} pods: ${(bytes / 2 ** 30).toFixed(2)} GiB (setup)`);

    process.env.DATABASE_URL = bench.databaseUrl;
    process.env.EVICTION_WORKER = 'false';
    // What is measured is the feature, not the key lookup.
    process.env.TAINTGATE_AUTH = 'off';
    const app = await NestFactory.create<NestFastifyApplication>(AppModule, createHttpAdapter(), { logger: ['log', 'warn', 'error'] });
    await configureApp(app);
    await app.listen(0, '127.0.0.1');
    const port = Number(new URL(await app.getUrl()).port);
    try {
      const first = await postFile(port, '/v1/clusters/bench/import', file);
      console.log(`first import: HTTP ${first.status} in ${first.seconds.toFixed(1)} s (${counts(first.body)})`);
      const again = await postFile(port, '/v1/clusters/bench/import', file);
      console.log(`same import again, snapshot loaded first: HTTP ${again.status} in ${again.seconds.toFixed(1)} s (${counts(again.body)})`);
      const periodic = await postFile(port, '/v1/clusters/bench/import', file);
      console.log(`same import a third time, snapshot current: HTTP ${periodic.status} in ${periodic.seconds.toFixed(1)} s (${counts(periodic.body)})`);
      console.log(`peak RSS ${(peakRss / 2 ** 30).toFixed(2)} GiB`);
    } finally {
      await app.close();
    }
  } finally {
    clearInterval(sampler);
    await rm(dir, { recursive: true, force: true });
    await bench.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
