/**
 * Writes and reads through the real service on a loopback port, driven by autocannon in a process
 * of its own (bench/http-writes-driver.ts, so that its work takes no CPU from the service's event
 * loop), over a stored cluster (docs/contract.md's scale by default: 10,000 nodes, 300,000 pods;
 * smaller with BENCH_NODES and BENCH_PODS; nodes reporting Ready as bench/http-writes-nodes.ts
 * says), in a database of its own that is dropped at the end:
 *   - GET /v1/nodes/{name} at 4 connections (every read checks that the snapshot is current);
 *   - PUT of new pods, PUT replacing those pods, PUT replacing nodes (a label), each at 8 connections.
 * Each run lasts BENCH_SECONDS (10 by default); BENCH_RUNS names the runs to make (all by default:
 * get,new-pod,replace-pod,replace-node). The lock's hold is the median time a transaction held the
 * cluster's revision row; "writes a group" is how many writes shared each transaction.
 *   BENCH_NODES=1000 BENCH_PODS=30000 npm run bench:http-writes
 */
import 'reflect-metadata';
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from '../apps/api/src/app.module';
import { ClusterWriter } from '../apps/api/src/store/cluster-writer';
import { NoExecuteTaintPacer } from '../apps/api/src/control-loops/node-lifecycle/no-execute-taint-pacer';
import { configureApp, createHttpAdapter } from '../apps/api/src/configure-app';
import { createBenchDatabase, endBench } from './bench-database';
import { makePods } from './cluster-fixture';
import { reportingNodes } from './http-writes-nodes';
import type { DriverResult, DriverRun } from './http-writes-driver';
import { storeClusterRows } from './stored-rows';
import { machineLine } from './machine';

const NODES = Number(process.env.BENCH_NODES ?? 10_000);
const PODS = Number(process.env.BENCH_PODS ?? 300_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RUNS = new Set((process.env.BENCH_RUNS ?? 'get,new-pod,replace-pod,replace-node').split(','));

/** The driver process: vite-node runs it as it runs this file, without this process's flags (a --cpu-prof is the service's). */
function startDriver(): Promise<ChildProcess> {
  const root = path.resolve(__dirname, '..');
  const child = fork(path.join(root, 'node_modules/vite-node/vite-node.mjs'), ['--config', 'vitest.config.ts', 'bench/http-writes-driver.ts'], {
    cwd: root,
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`the load driver exited (${String(code)})`)));
  });
}

/** One autocannon run in the driver; the lock's holds and the group sizes the writer told meanwhile. */
async function run(driver: ChildProcess, label: string, asked: Omit<DriverRun, 'seconds' | 'nodes'>, writes?: WriteLog): Promise<DriverResult> {
  writes?.clear();
  const result = await new Promise<DriverResult>((resolve, reject) => {
    driver.once('message', (answer: { ok: true; result: DriverResult } | { ok: false; error: string }) =>
      answer.ok ? resolve(answer.result) : reject(new Error(answer.error)),
    );
    driver.send({ ...asked, seconds: SECONDS, nodes: NODES } satisfies DriverRun);
  });
  const perSecond = result.total / result.duration;
  const held = writes && writes.holds.length > 0 ? `, lock held p50 ${percentile(writes.holds, 0.5).toFixed(1)} ms, ${writes.perGroup()} writes a group` : '';
  console.log(
    `${label.padEnd(34)} ${perSecond.toFixed(0).padStart(6)}/s  p50 ${result.p50.toFixed(1)} ms  p99 ${result.p99.toFixed(1)} ms` +
      `  (${result.total} answers, ${result.non2xx} not 2xx, ${result.errors} errors${held})`,
  );
  return result;
}

/** The writer's transactions during a run: how long each held the lock, how many writes they ran. */
class WriteLog {
  holds: number[] = [];
  written = 0;
  clear(): void {
    this.holds = [];
    this.written = 0;
  }
  perGroup(): string {
    return (this.written / this.holds.length).toFixed(1);
  }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] as number;
}

async function main(): Promise<void> {
  console.log(machineLine());
  const bench = await createBenchDatabase();
  const nodes = reportingNodes(NODES);
  const pods = makePods(PODS, nodes, 0.01);
  const started = Date.now();
  await storeClusterRows(bench.databaseUrl, nodes, pods);
  console.log(`stored ${NODES} nodes and ${PODS} pods in ${((Date.now() - started) / 1000).toFixed(1)} s (setup); ${SECONDS} s per run`);

  process.env.DATABASE_URL = bench.databaseUrl;

  // Its queues' keys under a prefix of its own, deleted at the end (endBench): none left beside the service's.

  const prefix = `taintgate_bench_http_writes_${process.pid}`;

  process.env.REDIS_PREFIX = prefix;
  process.env.TAINTGATE_AUTH = 'off';
  const app = await NestFactory.create<NestFastifyApplication>(AppModule, createHttpAdapter(), { logger: ['warn', 'error'] });
  await configureApp(app);
  await app.listen(0, '127.0.0.1');
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  const writes = new WriteLog();
  app.get(ClusterWriter).onHold((_cluster, ms, _what, count) => {
    writes.holds.push(ms);
    writes.written += count;
  });
  // The start's passes are not the runs': the NoExecute taint pacer's first (which, at 300,000 pods, held the lock
  // 5 to 18 s, into the write runs) is over before anything is measured.
  await app.get(NoExecuteTaintPacer).pace();
  const driver = await startDriver();
  try {
    // The first read loads the cluster, and the first seconds warm the code up; what follows is measured warm.
    await fetch(`${url}/v1/nodes/node-0`);
    await autocannon({ url: `${url}/v1/nodes/node-0`, connections: 4, duration: 3 });
    if (RUNS.has('get')) await run(driver, 'GET /v1/nodes/{name} (4 conn.)', { run: 'get-node', url, connections: 4 });
    let made = 0;
    if (RUNS.has('new-pod') || RUNS.has('replace-pod'))
      made = (await run(driver, 'PUT pod, new (8 conn.)', { run: 'new-pod', url, connections: 8 }, writes)).sent;
    if (RUNS.has('replace-pod')) await run(driver, 'PUT pod, replacing (8 conn.)', { run: 'replace-pod', url, connections: 8, made }, writes);
    if (RUNS.has('replace-node')) await run(driver, 'PUT node, replacing (8 conn.)', { run: 'replace-node', url, connections: 8 }, writes);
    if (RUNS.has('get')) await run(driver, 'GET /v1/nodes/{name} after writes', { run: 'get-node', url, connections: 4 });
    // Requests autocannon left in flight at its end are still being answered: let them finish before the pool closes.
    await new Promise((resolve) => setTimeout(resolve, 1000));
  } finally {
    driver.kill();
    await app.close();
    await endBench(bench, prefix);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
