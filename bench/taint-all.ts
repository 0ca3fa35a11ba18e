/**
 * `kubectl taint nodes --all bench=x:NoExecute` at docs/contract.md's scale, and how long it keeps
 * the cluster's other writers waiting: the realistic GKE cluster of test/support/realistic-cluster.ts
 * (10,000 nodes, 30 pods a node) imported into a running service on the machine's Postgres and
 * Redis (a database and key prefix of its own, dropped at the end), then
 * `POST /v1/clusters/bench/taint {"all":true,"taints":["bench=x:NoExecute"]}` over loopback HTTP,
 * while every 100 ms a small write to the same cluster (a pending pod PUT), a read of one node and
 * `/healthz` are sent, each timed; how long each write held the cluster's lock (ClusterWriter.onHold):
 * the command's, then the controller's node queue's (NodeUpdateQueue) while it decides the pods,
 * until no node is queued; then the terminating pods' removal (TerminatingPodReaper) with the
 * same probes; then the reverse (`bench=x:NoExecute-`). Building the cluster is setup, not measured.
 *   npm run bench:taint-all            (BENCH_NODES=1000 for a tenth)
 */
import 'reflect-metadata';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConsoleLogger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Client } from 'pg';
import { AppModule } from '../apps/api/src/app.module';
import { ClusterSnapshots } from '../apps/api/src/store/cluster-snapshots';
import { ClusterWriter } from '../apps/api/src/store/cluster-writer';
import { configureApp, createHttpAdapter } from '../apps/api/src/configure-app';
import { writeClusterJson } from '../test/support/realistic-cluster';
import { deleteRedisKeys } from '../test/support/redis-prefix';
import { createBenchDatabase } from './bench-database';
import { machineLine } from './machine';
import { postFile } from './post-file';

const size = { nodes: Number(process.env.BENCH_NODES ?? 10_000), podsPerNode: 30 };
const PROBE_EVERY_MS = 100;

/** How long each write to the bench cluster held its lock, from `since` on. */
class Holds {
  private readonly all: { at: number; ms: number; what: string }[] = [];
  constructor(writer: ClusterWriter) {
    writer.onHold((cluster, ms, what) => {
      if (cluster === 'bench') this.all.push({ at: performance.now(), ms, what: what ?? 'a request' });
    });
  }
  /** The holds since `start`: in all, and the longest of each kind of write. */
  since(start: number): string {
    const holds = this.all.filter((h) => h.at >= start).sort((a, b) => a.ms - b.ms);
    if (holds.length === 0) return 'no write';
    const longest = new Map<string, { n: number; ms: number }>();
    for (const h of holds) longest.set(h.what, { n: (longest.get(h.what)?.n ?? 0) + 1, ms: h.ms });
    const kinds = [...longest].map(([what, { n, ms }]) => `${what}: ${n}, longest ${ms.toFixed(0)} ms`).join('; ');
    return `${holds.length} writes, median ${(holds[Math.floor(holds.length / 2)]?.ms ?? 0).toFixed(0)} ms (${kinds})`;
  }
}

interface Probe {
  ms: number;
  status: number;
}

/** Requests sent every 100 ms, each timed on its own (a slow one does not hold back the next). */
class Probes {
  private readonly timer: NodeJS.Timeout;
  private readonly pending: Promise<void>[] = [];
  readonly writes: Probe[] = [];
  readonly reads: Probe[] = [];
  readonly health: Probe[] = [];
  private i = 0;

  constructor(base: string, node: string, tag: string) {
    const time = async (into: Probe[], url: string, init?: RequestInit) => {
      const start = performance.now();
      const status = await fetch(url, { ...init, signal: AbortSignal.timeout(120_000) }).then(
        async (r) => (await r.arrayBuffer(), r.status),
        () => 0,
      );
      into.push({ ms: performance.now() - start, status });
    };
    this.timer = setInterval(() => {
      const name = `probe-${tag}-${this.i++}`;
      const pod = { metadata: { name }, spec: { containers: [{ name: 'c', image: 'nginx' }] } };
      this.pending.push(
        time(this.writes, `${base}/v1/clusters/bench/namespaces/probe/pods/${name}`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(pod),
        }),
        time(this.reads, `${base}/v1/clusters/bench/nodes/${node}`),
        time(this.health, `${base}/healthz`),
      );
    }, PROBE_EVERY_MS);
  }

  async stop(): Promise<string> {
    clearInterval(this.timer);
    await Promise.all(this.pending);
    const line = (what: string, probes: Probe[], ok: number) => {
      const ms = probes.map((p) => p.ms).sort((a, b) => a - b);
      const failed = probes.filter((p) => p.status !== ok);
      const statuses = [...new Set(failed.map((p) => p.status))].join('/');
      const median = ms[Math.floor(ms.length / 2)] ?? 0;
      return `  ${what}: ${probes.length} sent, median ${median.toFixed(0)} ms, max ${(ms[ms.length - 1] ?? 0).toFixed(0)} ms, ${failed.length} not ${ok}${failed.length ? ` (${statuses})` : ''}`;
    };
    return [line('pod PUT to the same cluster', this.writes, 201), line('GET one node', this.reads, 200), line('GET /healthz', this.health, 200)].join('\n');
  }
}

async function main(): Promise<void> {
  console.log(machineLine());
  const bench = await createBenchDatabase();
  const prefix = `${bench.name}_q`;
  const dir = await mkdtemp(path.join(tmpdir(), 'taint-all-bench-'));
  let peakRss = 0;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 200);
  const db = new Client({ connectionString: bench.databaseUrl });
  await db.connect();
  try {
    const file = path.join(dir, 'cluster.json');
    await writeClusterJson(file, size);
    process.env.DATABASE_URL = bench.databaseUrl;
    process.env.REDIS_PREFIX = prefix;
    // What is measured is the command, not the key lookup.
    process.env.TAINTGATE_AUTH = 'off';
    const log = new ConsoleLogger();
    log.setLogLevels(['warn', 'error']);
    const app = await NestFactory.create<NestFastifyApplication>(AppModule, createHttpAdapter(), { logger: log });
    await configureApp(app);
    await app.listen(0, '127.0.0.1');
    const port = Number(new URL(await app.getUrl()).port);
    const base = `http://127.0.0.1:${port}`;
    const holds = new Holds(app.get(ClusterWriter));
    try {
      // A node of the probes' own, so that they have one to read while the import runs.
      await fetch(`${base}/v1/clusters/bench/nodes/probe-node`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ metadata: { name: 'probe-node' } }),
      });
      const importStarted = performance.now();
      const importProbes = new Probes(base, 'probe-node', 'import');
      const imported = await postFile(port, '/v1/clusters/bench/import', file);
      if (imported.status !== 200) throw new Error(`import failed: ${JSON.stringify(imported.body).slice(0, 500)}`);
      const load = performance.now();
      await app.get(ClusterSnapshots).view('bench');
      const { rows } = await db.query<{ name: string; pods: string }>(
        `SELECT (SELECT name FROM nodes ORDER BY name LIMIT 1) AS name, (SELECT count(*) FROM pods) AS pods`,
      );
      const node = rows[0]?.name ?? '';
      console.log(
        `setup: ${size.nodes} nodes and ${rows[0]?.pods ?? '?'} pods imported in ${imported.seconds.toFixed(1)} s, snapshot loaded in ${((performance.now() - load) / 1000).toFixed(1)} s`,
      );
      console.log(`  the cluster's lock during the import: ${holds.since(importStarted)}`);
      console.log(await importProbes.stop());

      const queued = async () => Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM pending_node_updates`)).rows[0]?.n);
      const command = async (what: string, taint: string, tag: string) => {
        const probes = new Probes(base, node, tag);
        const start = performance.now();
        const reply = await fetch(`${base}/v1/clusters/bench/taint`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ all: true, taints: [taint] }),
          signal: AbortSignal.timeout(600_000),
        });
        const body = (await reply.json()) as { results?: unknown[]; message?: string };
        const seconds = (performance.now() - start) / 1000;
        const summary = await probes.stop();
        const evictions = await db.query<{ status: string; n: string }>(`SELECT status::text, count(*) AS n FROM evictions GROUP BY 1 ORDER BY 1`);
        console.log(
          `${what} (POST /v1/clusters/bench/taint {"all":true,"taints":["${taint}"]}): HTTP ${reply.status} in ${seconds.toFixed(2)} s, ` +
            `${String(body.results?.length ?? body.message)} results; evictions now ${evictions.rows.map((r) => `${r.status} ${r.n}`).join(', ') || 'none'}`,
        );
        console.log(`  the cluster's lock meanwhile: ${holds.since(start)}`);
        console.log(summary);
        const nodes = await queued();
        if (nodes === 0) return;
        // The command queued its nodes: the controller decides their pods in bounded writes.
        const decided = performance.now();
        const during = new Probes(base, node, `${tag}-queue`);
        while ((await queued()) > 0 && performance.now() - decided < 600_000) await new Promise((r) => setTimeout(r, 250));
        const after = await db.query<{ status: string; n: string }>(`SELECT status::text, count(*) AS n FROM evictions GROUP BY 1 ORDER BY 1`);
        console.log(
          `  the ${nodes} queued nodes' pods decided (NodeUpdateQueue) within ${((performance.now() - decided) / 1000).toFixed(1)} s ` +
            `after the answer; evictions now ${after.rows.map((r) => `${r.status} ${r.n}`).join(', ')}`,
        );
        console.log(`  the cluster's lock meanwhile: ${holds.since(decided)}`);
        console.log(await during.stop());
      };

      await command('taint --all', 'bench=x:NoExecute', 'all');

      // The evicted pods are terminating for their grace period (25-120 s); the reaper removes them.
      // Those the command's evictions made terminating (pods imported as terminating stay so: their kubelet ends them).
      const terminating = async () =>
        Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM evictions WHERE status = 'Executed' AND pod_removed_at IS NULL`)).rows[0]?.n);
      const probes = new Probes(base, node, 'reaper');
      const start = performance.now();
      const before = await terminating();
      while ((await terminating()) > 0 && performance.now() - start < 600_000) await new Promise((r) => setTimeout(r, 1000));
      console.log(
        `the ${before} terminating pods removed (TerminatingPodReaper) within ${((performance.now() - start) / 1000).toFixed(0)} s; ` +
          `the cluster's lock meanwhile: ${holds.since(start)}`,
      );
      console.log(await probes.stop());

      await command('the reverse', 'bench=x:NoExecute-', 'reverse');
      console.log(`peak RSS ${(peakRss / 2 ** 30).toFixed(2)} GiB`);
    } finally {
      await app.close();
    }
  } finally {
    clearInterval(sampler);
    await db.end();
    await rm(dir, { recursive: true, force: true });
    await deleteRedisKeys(prefix);
    await bench.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
