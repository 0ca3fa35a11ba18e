/**
 * Writes and reads through the real service on a loopback port, driven by autocannon, over a
 * stored cluster (docs/contract.md's scale by default: 10,000 nodes, 300,000 pods; smaller with
 * BENCH_NODES and BENCH_PODS), in a database of its own that is dropped at the end:
 *   - GET /v1/nodes/{name} at 4 connections (every read checks that the snapshot is current);
 *   - PUT of new pods, PUT replacing those pods, PUT replacing nodes, each at 8 connections.
 * Each run lasts BENCH_SECONDS (10 by default).
 *   BENCH_NODES=1000 BENCH_PODS=30000 npm run bench:http-writes
 */
import 'reflect-metadata';
import autocannon from 'autocannon';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Node, Pod } from '@taintgate/domain';
import { AppModule } from '../apps/api/src/app.module';
import { ClusterWriter } from '../apps/api/src/cluster/cluster-writer';
import { configureApp, createHttpAdapter } from '../apps/api/src/configure-app';
import { createBenchDatabase } from './bench-database';
import { makeNodes, makePods } from './cluster-fixture';
import { storeClusterRows } from './stored-rows';
import { machineLine } from './machine';

const NODES = Number(process.env.BENCH_NODES ?? 10_000);
const PODS = Number(process.env.BENCH_PODS ?? 300_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

/** One autocannon run; `next` makes each request (path and body), in the order they are sent. */
async function run(
  label: string,
  url: string,
  connections: number,
  next: () => { method: 'GET' | 'PUT'; path: string; body?: unknown },
  holds?: number[],
): Promise<void> {
  if (holds) holds.length = 0;
  const result = await autocannon({
    url,
    connections,
    duration: SECONDS,
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (request) => {
          const { method, path, body } = next();
          return { ...request, method, path, body: body === undefined ? undefined : JSON.stringify(body) };
        },
      },
    ],
  });
  const perSecond = result.requests.total / result.duration;
  const held = holds && holds.length > 0 ? `, lock held p50 ${percentile(holds, 0.5).toFixed(1)} ms` : '';
  console.log(
    `${label.padEnd(34)} ${perSecond.toFixed(0).padStart(6)}/s  p50 ${result.latency.p50.toFixed(1)} ms  p99 ${result.latency.p99.toFixed(1)} ms` +
      `  (${result.requests.total} answers, ${result.non2xx} not 2xx, ${result.errors} errors${held})`,
  );
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] as number;
}

async function main(): Promise<void> {
  console.log(machineLine());
  const bench = await createBenchDatabase();
  const nodes = makeNodes(NODES);
  const pods = makePods(PODS, nodes, 0.01);
  const started = Date.now();
  await storeClusterRows(bench.databaseUrl, nodes, pods);
  console.log(`stored ${NODES} nodes and ${PODS} pods in ${((Date.now() - started) / 1000).toFixed(1)} s (setup); ${SECONDS} s per run`);

  process.env.DATABASE_URL = bench.databaseUrl;
  process.env.TAINTGATE_AUTH = 'off';
  const app = await NestFactory.create<NestFastifyApplication>(AppModule, createHttpAdapter(), { logger: ['warn', 'error'] });
  await configureApp(app);
  await app.listen(0, '127.0.0.1');
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  const holds: number[] = [];
  app.get(ClusterWriter).onHold((_cluster, ms) => holds.push(ms));
  try {
    // The first read loads the cluster, and the first seconds warm the code up; what follows is measured warm.
    await fetch(`${url}/v1/nodes/node-0`);
    let i = 0;
    await autocannon({ url: `${url}/v1/nodes/node-0`, connections: 4, duration: 3 });
    await run('GET /v1/nodes/{name} (4 conn.)', url, 4, () => ({ method: 'GET', path: `/v1/nodes/node-${i++ % NODES}` }));

    // New pods, bound to the nodes in turn, tolerations as the fixture mixes them; then the same bodies again (200, unchanged).
    const made: Pod[] = [];
    const newPod = (n: number): Pod => {
      const pod = makePods(1, [nodes[n % NODES] as Node], 0, () => (n % 10) / 10)[0] as Pod;
      return { ...pod, metadata: { name: `new-${n}`, namespace: 'bench' } };
    };
    let n = 0;
    await run(
      'PUT pod, new (8 conn.)',
      url,
      8,
      () => {
        const pod = newPod(n++);
        made.push(pod);
        return { method: 'PUT', path: `/v1/namespaces/bench/pods/${pod.metadata.name}`, body: pod };
      },
      holds,
    );
    let r = 0;
    await run(
      'PUT pod, replacing (8 conn.)',
      url,
      8,
      () => {
        const pod = made[r++ % made.length] as Pod;
        return { method: 'PUT', path: `/v1/namespaces/bench/pods/${pod.metadata.name}`, body: pod };
      },
      holds,
    );
    let k = 0;
    await run(
      'PUT node, replacing (8 conn.)',
      url,
      8,
      () => {
        const node = nodes[k % NODES] as Node;
        const body = { ...node, metadata: { ...node.metadata, labels: { ...node.metadata.labels, bench: String(k++) } } };
        return { method: 'PUT', path: `/v1/nodes/${node.metadata.name}`, body };
      },
      holds,
    );
    await run('GET /v1/nodes/{name} after writes', url, 4, () => ({ method: 'GET', path: `/v1/nodes/node-${i++ % NODES}` }));
  } finally {
    await app.close();
    await bench.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
