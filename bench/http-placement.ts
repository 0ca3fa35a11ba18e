/**
 * The service over loopback, driven by autocannon in a process of its own (4 connections, BENCH_SECONDS each): a stored
 * cluster of BENCH_NODES nodes (10,000 by default, docs/contract.md's scale) and 30 pods a node, on
 * the machine's Postgres in a database of its own, dropped at the end. Measures, each against the
 * real app listening on 127.0.0.1:
 *   GET /v1/nodes/{name}            the framework's floor: a read with no decision in it
 *   POST /v1/placement              the default view (summary, top 10)
 *   POST /v1/placement?view=nodes   every node (limit 10,000: one page)
 *   POST /v1/taint-impact           the default view, the taint on every node
 * and, in the same run, the domain's own time for the same placement (placementSummaryGrouped over the
 * snapshot's classes, with its capacity), and the ratio of the service's median to it.
 *   npm run bench:http-placement
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
import { ClusterSnapshots } from '../apps/api/src/cluster/cluster-snapshots';
import { AppConfig } from '../apps/api/src/config/app-config';
import { configureApp, createHttpAdapter } from '../apps/api/src/configure-app';
import { createBenchDatabase } from './bench-database';
import { makeNodes, makePods, medianMs } from './cluster-fixture';
import { machineLine } from './machine';
import { storeClusterRows } from './stored-rows';

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

async function main(): Promise<void> {
  console.log(machineLine());
  console.log(`cluster: ${NODES} nodes, ${PODS} pods; autocannon: ${CONNECTIONS} connections, ${SECONDS} s per target`);
  const bench = await createBenchDatabase();
  const nodes = makeNodes(NODES);
  await storeClusterRows(bench.databaseUrl, nodes, makePods(PODS, nodes, 0.01));

  process.env.DATABASE_URL = bench.databaseUrl;
  // What is measured is the feature, not the key lookup.
  process.env.TAINTGATE_AUTH = 'off';
  const app = await NestFactory.create<NestFastifyApplication>(AppModule, createHttpAdapter(), { logger: false });
  await configureApp(app);
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address();
  if (address === null || typeof address === 'string') throw new Error('the app listens on no port');
  const base = `http://127.0.0.1:${address.port}`;
  try {
    const snapshots = app.get(ClusterSnapshots);
    await snapshots.view('default');

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

    // Taint impact's latency alone: under autocannon's 4 connections each answer waits for the
    // others (one thread), so its p50 is about four answers' time.
    const impactTarget = targets[3] as Target;
    const alone = await medianOfRequests(base, impactTarget, 5);

    // The domain's own time for the same placement, in the same process and run.
    const view = await snapshots.view('default');
    const { tolerationComparisonOperators, summaryWording } = app.get(AppConfig).domain;
    const domain = medianMs(
      () => placementSummaryGrouped(pod, view.nodeClasses, { comparisonOperators: tolerationComparisonOperators, summaryWording }, view, 10),
      31,
    );

    console.log('');
    console.log('| call | answers/s | p50 ms | p99 ms | answer | errors |');
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const m of measured) console.log(`| ${m.label} | ${m.perSecond.toFixed(0)} | ${m.p50} | ${m.p99} | ${kb(m.bytes)} | ${m.errors} |`);
    const floor = measured[0] as Measured;
    const summary = measured[1] as Measured;
    console.log('');
    console.log(
      `domain: placementSummaryGrouped (the default view) over the same ${NODES} nodes, with capacity: median ${domain.median.toFixed(3)} ms (31 runs)`,
    );
    console.log(`service p50 / domain median (placement, summary): ${(summary.p50 / domain.median).toFixed(1)}x`);
    console.log(`placement (summary) / floor, answers/s: ${(summary.perSecond / floor.perSecond).toFixed(2)}`);
    console.log(`${impactTarget.label}, one request at a time: median ${alone.toFixed(0)} ms (5 requests)`);
  } finally {
    await app.close();
    await bench.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
