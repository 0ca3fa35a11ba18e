/**
 * Importing a cluster at docs/contract.md's scale: 10,000 nodes and 300,000 pods as
 * `kubectl get nodes,pods -A -o json` prints them (the realistic GKE cluster of
 * test/support/realistic-cluster.ts, about 3 GiB), POSTed over HTTP to a running service on the
 * machine's Postgres, in a database of its own that is dropped at the end. Measured: the first
 * import (everything created); the same import again (everything unchanged), which first loads
 * the 310,000 pods the first one wrote into this replica's snapshot, as any first read after it
 * would; the same import a third time, with the snapshot current, as a periodic import runs; and
 * the process's peak memory; for each import, its writes' holds of the cluster's lock (how many,
 * their sum, median and longest), and the event loop's longest delays and busy time. Writing the file is setup, not measured.
 *   npm run bench:import
 *   BENCH_PROFILE=first.cpuprofile npm run bench:import   # and a CPU profile of the first import
 *   BENCH_IMPORTS=first BENCH_FILE=/tmp/cluster.json npm run bench:import   # the first import only, the file kept for the next run
 */
import 'reflect-metadata';
import { access, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from '../apps/api/src/app.module';
import { ClusterWriter } from '../apps/api/src/store/cluster-writer';
import { configureApp, createHttpAdapter } from '../apps/api/src/configure-app';
import { writeClusterJson } from '../test/support/realistic-cluster';
import { createBenchDatabase, endBench } from './bench-database';
import { machineLine } from './machine';
import { postFile } from './post-file';

const size = { nodes: Number(process.env.BENCH_NODES ?? 10_000), podsPerNode: 30 };

/** The cluster's lock held by each write of the import under way, in ms. */
const holds: number[] = [];

function holdsLine(): string {
  const sorted = holds.splice(0).sort((a, b) => a - b);
  if (sorted.length === 0) return 'no write held the lock';
  const sum = sorted.reduce((a, b) => a + b, 0);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return `${sorted.length} writes held the lock ${(sum / 1000).toFixed(1)} s in all, median ${at(0.5).toFixed(0)} ms, p99 ${at(0.99).toFixed(0)} ms, longest ${at(1).toFixed(0)} ms`;
}

/** The CPU profile of `run`, written to `file` (when named). */
async function profiled<T>(file: string | undefined, run: () => Promise<T>): Promise<T> {
  if (!file) return run();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    await writeFile(file, JSON.stringify(profile));
    session.disconnect();
  }
}

/**
 * How long the service's event loop was held during an import (what any other request waited for
 * at worst), and how much of the import's time it was busy (its utilization: what other requests
 * shared it with; the rest of the time it was idle).
 */
function loopDelays(): { line: () => string } {
  const histogram: IntervalHistogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const utilization = performance.eventLoopUtilization();
  return {
    line: () => {
      histogram.disable();
      const busy = performance.eventLoopUtilization(utilization);
      const ms = (ns: number) => (ns / 1e6).toFixed(0);
      return `event loop delay p50 ${ms(histogram.percentile(50))} ms, p99 ${ms(histogram.percentile(99))} ms, max ${ms(histogram.max)} ms; event loop busy ${(busy.active / 1000).toFixed(1)} s (${(busy.utilization * 100).toFixed(0)}%)`;
    },
  };
}

const counts = ({ created, updated, unchanged, deleted, rejected }: Record<string, unknown>) =>
  `created ${String(created)}, updated ${String(updated)}, unchanged ${String(unchanged)}, deleted ${String(deleted)}, rejected ${(rejected as unknown[]).length}`;

async function main(): Promise<void> {
  console.log(machineLine());
  const bench = await createBenchDatabase();
  const prefix = `taintgate_bench_import_${process.pid}`;
  const dir = await mkdtemp(path.join(tmpdir(), 'import-bench-'));
  let peakRss = 0;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 200);
  try {
    // A file named by BENCH_FILE is kept, and used as it is by the next run with the same name (of the same size).
    const file = process.env.BENCH_FILE ?? path.join(dir, 'cluster.json');
    const kept =
      process.env.BENCH_FILE !== undefined &&
      (await access(file).then(
        () => true,
        () => false,
      ));
    if (!kept) await writeClusterJson(file, size);
    const bytes = (await stat(file)).size;
    console.log(`kubectl JSON of ${size.nodes} nodes and ${size.nodes * size.podsPerNode} pods: ${(bytes / 2 ** 30).toFixed(2)} GiB (setup)`);

    process.env.DATABASE_URL = bench.databaseUrl;
    process.env.EVICTION_WORKER = 'false';
    // Its queues' keys of its own, deleted at the end: the evictions an import schedules are not left in the shared Redis.
    process.env.REDIS_PREFIX = prefix;
    // What is measured is the feature, not the key lookup.
    process.env.TAINTGATE_AUTH = 'off';
    const app = await NestFactory.create<NestFastifyApplication>(AppModule, createHttpAdapter(), { logger: ['log', 'warn', 'error'] });
    await configureApp(app);
    await app.listen(0, '127.0.0.1');
    const port = Number(new URL(await app.getUrl()).port);
    app.get(ClusterWriter).onHold((cluster, ms) => {
      if (cluster === 'bench') holds.push(ms);
    });
    try {
      let delays = loopDelays();
      const first = await profiled(process.env.BENCH_PROFILE, () => postFile(port, '/v1/clusters/bench/import', file));
      console.log(`first import: HTTP ${first.status} in ${first.seconds.toFixed(1)} s (${counts(first.body)}); ${holdsLine()}; ${delays.line()}`);
      if (process.env.BENCH_IMPORTS !== 'first') {
        delays = loopDelays();
        const again = await postFile(port, '/v1/clusters/bench/import', file);
        console.log(
          `same import again, snapshot loaded first: HTTP ${again.status} in ${again.seconds.toFixed(1)} s (${counts(again.body)}); ${holdsLine()}; ${delays.line()}`,
        );
        delays = loopDelays();
        const periodic = await postFile(port, '/v1/clusters/bench/import', file);
        console.log(
          `same import a third time, snapshot current: HTTP ${periodic.status} in ${periodic.seconds.toFixed(1)} s (${counts(periodic.body)}); ${holdsLine()}; ${delays.line()}`,
        );
      }
      console.log(`peak RSS ${(peakRss / 2 ** 30).toFixed(2)} GiB`);
    } finally {
      await app.close();
    }
  } finally {
    clearInterval(sampler);
    await rm(dir, { recursive: true, force: true });
    await endBench(bench, prefix);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
