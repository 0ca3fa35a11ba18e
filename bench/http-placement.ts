/**
 * The service over loopback, driven by autocannon in a process of its own (4 connections, BENCH_SECONDS each): a stored
 * cluster of BENCH_NODES nodes (10,000 by default, docs/contract.md's scale) and 30 pods a node, on
 * the machine's Postgres in a database of its own, dropped at the end. The service is the built one
 * (bench/built-service.ts: `npm run build` first), in a process of its own, as `npm start` runs it.
 * Measures, each against it listening on 127.0.0.1:
 *   GET /v1/nodes/{name}            the framework's floor: a read with no decision in it
 *   POST /v1/placement              the default view (summary, top 10), the same pod each time
 *   POST /v1/placement?view=nodes   every node (limit 10,000: one page)
 *   POST /v1/taint-impact           the default view, the taint on every node
 *   POST /v1/placement, varied      pods of 997 cpu requests in turn (bench/http-placement-driver.ts):
 *                                   none asked again before its buckets are forgotten
 * and, in the same run, the domain's own time for the same placements (placementSummaryGrouped over
 * the snapshot's classes, with its capacity), and the ratio of the service's median to it.
 *   npm run build && npm run bench:http-placement
 *   BENCH_NODES=1000 BENCH_SECONDS=5 npm run bench:http-placement   (a small run)
 */
import 'reflect-metadata';
import type autocannon from 'autocannon';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { placementSummaryGrouped } from '@taintgate/domain';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { AppModule } from '../apps/api/src/app.module';
import { ClusterSnapshots } from '../apps/api/src/store/cluster-snapshots';
import { AppConfig } from '../apps/api/src/platform/config/app-config';
import { configureApp, createHttpAdapter } from '../apps/api/src/configure-app';
import { createBenchDatabase } from './bench-database';
import { makeNodes, makePods, medianMs } from './cluster-fixture';
import { type BuiltService, startBuiltService } from './built-service';
import { machineLine } from './machine';
import { storeClusterRows } from './stored-rows';
import { deleteRedisKeys } from '../test/support/redis-prefix';

const NODES = Number(process.env.BENCH_NODES ?? 10_000);
const PODS = 30 * NODES;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 4;
const run = promisify(execFile);

/** The pod placed: it tolerates the GPU nodes' taint, so most nodes are feasible and ranked. */
const pod = { metadata: { name: 'p', namespace: 'bench' }, spec: { tolerations: [{ key: 'dedicated', operator: 'Exists', effect: 'NoSchedule' }] } };

interface Target {
  label: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

interface Measured {
  label: string;
  perSecond: number;
  p50: number;
  p99: number;
  /** The mean latency, ms: autocannon's p50 is in whole ms, 0 for an answer under one. */
  mean: number;
  bytes: number;
  errors: number;
}

/**
 * autocannon's command line in a process of its own: in the service's process its client work
 * (writing requests, parsing answers) would share the one thread the service answers on.
 */
async function autocannonApart(url: string, method: string, headers: Record<string, string>, body: string | undefined): Promise<autocannon.Result> {
  const args = ['-c', String(CONNECTIONS), '-d', String(SECONDS), '-m', method, '-j'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  if (body !== undefined) args.push('-b', body);
  const { stdout } = await run(join('node_modules', '.bin', 'autocannon'), [...args, url], { maxBuffer: 64 * 2 ** 20 });
  return JSON.parse(stdout) as autocannon.Result;
}

/** One answer's size, then autocannon for SECONDS at CONNECTIONS. */
async function drive(base: string, target: Target): Promise<Measured> {
  const body = target.body === undefined ? undefined : JSON.stringify(target.body);
  const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
  const once = await fetch(base + target.path, { method: target.method, headers, body });
  if (once.status !== 200) throw new Error(`${target.label}: ${once.status} ${await once.text()}`);
  const bytes = (await once.arrayBuffer()).byteLength;
  const result = await autocannonApart(base + target.path, target.method, headers, body);
  return {
    label: target.label,
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: result.latency.average,
    bytes,
    errors: result.errors + result.non2xx,
  };
}

/** The median time of `runs` requests made one after the other, in milliseconds. */
async function medianOfRequests(base: string, target: Target, runs: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const answer = await fetch(base + target.path, {
      method: target.method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(target.body),
    });
    await answer.arrayBuffer();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)] as number;
}

const kb = (bytes: number) => (bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 2 ** 20).toFixed(2)} MiB`);

/** The placement's own time in the domain, over the snapshot a service of this process loads from the same rows (closed before the measured service starts). */
async function domainTimes(databaseUrl: string): Promise<{ remembered: number; counted: number }> {
  process.env.DATABASE_URL = databaseUrl;
  const app = await NestFactory.create<NestFastifyApplication>(AppModule, createHttpAdapter(), { logger: false });
  await configureApp(app);
  try {
    const view = await app.get(ClusterSnapshots).view('default');
    const { tolerationComparisonOperators, summaryWording } = app.get(AppConfig).domain;
    const options = { comparisonOperators: tolerationComparisonOperators, summaryWording };
    const remembered = medianMs(() => placementSummaryGrouped(pod, view.nodeClasses, options, view, 10), 31);
    // As the driver asks: a cpu amount not asked before each time, so the buckets are counted again.
    let cpu = 0;
    const counted = medianMs(() => placementSummaryGrouped(requesting(`${++cpu}m`), view.nodeClasses, options, view, 10), 31);
    return { remembered: remembered.median, counted: counted.median };
  } finally {
    await app.close();
  }
}

/** The pod placed, requesting some cpu. */
const requesting = (cpu: string) => ({
  ...pod,
  spec: { ...pod.spec, containers: [{ name: 'c', image: 'nginx', resources: { requests: { cpu, memory: '64Mi' } } }] },
});

/** bench/http-placement-driver.ts in a process of its own: placements of 997 requests in turn. */
async function driveVaried(base: string): Promise<Measured> {
  const driver = join('node_modules', 'vite-node', 'vite-node.mjs');
  const { stdout } = await run(
    process.execPath,
    [driver, '--config', 'vitest.config.ts', 'bench/http-placement-driver.ts', base, String(CONNECTIONS), String(SECONDS)],
    {
      maxBuffer: 64 * 2 ** 20,
    },
  );
  const result = JSON.parse(stdout) as autocannon.Result;
  return {
    label: 'POST /v1/placement (summary), 997 requests in turn',
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: result.latency.average,
    bytes: 0,
    errors: result.errors + result.non2xx,
  };
}

async function main(): Promise<void> {
  console.log(machineLine());
  console.log(
    `cluster: ${NODES} nodes, ${PODS} pods; autocannon: ${CONNECTIONS} connections, ${SECONDS} s per target; the service built, in a process of its own`,
  );
  const bench = await createBenchDatabase();
  const nodes = makeNodes(NODES);
  await storeClusterRows(bench.databaseUrl, nodes, makePods(PODS, nodes, 0.01));
  const prefix = `taintgate_bench_placement_${process.pid}`;
  let service: BuiltService | undefined;
  try {
    const domain = await domainTimes(bench.databaseUrl);
    // Ready once a placement answers: the first waits for the cluster's load.
    service = await startBuiltService(bench.databaseUrl, 3400 + (process.pid % 500), prefix, async (base) => {
      const answer = await fetch(`${base}/v1/placement`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pod }) });
      await answer.arrayBuffer();
      return answer.status === 200;
    });
    const { base } = service;

    const targets: Target[] = [
      { label: 'GET /v1/nodes/{name} (floor)', method: 'GET', path: '/v1/nodes/node-7' },
      { label: 'POST /v1/placement (summary)', method: 'POST', path: '/v1/placement', body: { pod } },
      { label: 'POST /v1/placement?view=nodes', method: 'POST', path: `/v1/placement?view=nodes&limit=${NODES}`, body: { pod } },
      {
        label: 'POST /v1/taint-impact (summary, all)',
        method: 'POST',
        path: '/v1/taint-impact',
        body: { taint: { key: 'drain', effect: 'NoExecute' }, all: true },
      },
    ];
    const measured: Measured[] = [];
    for (const target of targets) measured.push(await drive(base, target));
    measured.push(await driveVaried(base));

    // Taint impact's latency alone: under autocannon's 4 connections each answer waits for the
    // others (one thread), so its p50 is about four answers' time.
    const impactTarget = targets[3] as Target;
    const alone = await medianOfRequests(base, impactTarget, 5);

    console.log('');
    console.log('| call | answers/s | p50 ms | p99 ms | answer | errors |');
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const m of measured) console.log(`| ${m.label} | ${m.perSecond.toFixed(0)} | ${m.p50} | ${m.p99} | ${m.bytes ? kb(m.bytes) : ''} | ${m.errors} |`);
    const [floor, summary, , , varied] = measured as [Measured, Measured, Measured, Measured, Measured];
    console.log('');
    console.log(
      `domain: placementSummaryGrouped (the default view) over the same ${NODES} nodes, with capacity, median of 31: ` +
        `${domain.remembered.toFixed(3)} ms asked again (its buckets remembered), ${domain.counted.toFixed(3)} ms for a request not asked before (counted over every node)`,
    );
    console.log(
      `service mean latency / domain median (placement, summary): ${summary.mean.toFixed(2)} ms, ${(summary.mean / domain.remembered).toFixed(1)}x; 997 requests in turn: ${varied.mean.toFixed(2)} ms, ${(varied.mean / domain.counted).toFixed(1)}x`,
    );
    console.log(
      `placement (summary) / floor, answers/s: ${(summary.perSecond / floor.perSecond).toFixed(2)}; 997 requests in turn: ${(varied.perSecond / floor.perSecond).toFixed(2)}`,
    );
    console.log(`${impactTarget.label}, one request at a time: median ${alone.toFixed(0)} ms (5 requests)`);
  } finally {
    await service?.stop();
    await deleteRedisKeys(prefix);
    await bench.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
