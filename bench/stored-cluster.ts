/**
 * The service over a stored cluster of 10,000 nodes and 300,000 pods (docs/contract.md's scale), on
 * the machine's Postgres, in a database of its own that is dropped at the end:
 * cold snapshot load, placement and taint-impact over HTTP (in-process inject), and how long
 * a write takes to show in the next read.
 *   npm run bench:stored-cluster
 */
import 'reflect-metadata';
import { machineLine } from './machine';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from '../apps/api/src/app.module';
import { createBenchDatabase, endBench } from './bench-database';
import { configureApp, createHttpAdapter } from '../apps/api/src/configure-app';
import { ClusterSnapshots } from '../apps/api/src/store/cluster-snapshots';
import { makeNodes, makePods } from './cluster-fixture';
import { storeClusterRows } from './stored-rows';

const NODES = 10_000;
const PODS = 300_000;

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = process.hrtime.bigint();
  const value = await work();
  return { value, ms: Number(process.hrtime.bigint() - start) / 1e6 };
}

async function medianAsync(work: () => Promise<unknown>, runs: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push((await timed(work)).ms);
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)] as number;
}

async function main(): Promise<void> {
  const bench = await createBenchDatabase();
  const { databaseUrl } = bench;
  console.log(machineLine());

  const nodes = makeNodes(NODES);
  const pods = makePods(PODS, nodes, 0.01);
  const load = await timed(() => storeClusterRows(databaseUrl, nodes, pods));
  console.log(`stored ${NODES} nodes and ${PODS} pods in ${(load.ms / 1000).toFixed(1)} s (setup, not measured further)`);

  // The app reads its configuration from the environment, as `npm start` does.
  process.env.DATABASE_URL = databaseUrl;
  // Its queues' keys under a prefix of its own, deleted at the end (endBench): none left beside the service's.
  const prefix = `taintgate_bench_stored_cluster_${process.pid}`;
  process.env.REDIS_PREFIX = prefix;
  // A fresh process-like start: the app's first read loads the whole cluster.
  // What is measured is the feature, not the key lookup.
  process.env.TAINTGATE_AUTH = 'off';
  const api = await NestFactory.create<NestFastifyApplication>(AppModule, createHttpAdapter(), { logger: false });
  await configureApp(api);
  await api.init();
  await api.getHttpAdapter().getInstance().ready();
  try {
    const snapshots = api.get(ClusterSnapshots);
    const cold = await timed(() => snapshots.view('default'));
    console.log(`cold snapshot load (10,000 nodes, 300,000 pods): ${(cold.ms / 1000).toFixed(2)} s`);
    const warmRead = await medianAsync(() => snapshots.view('default'), 51);
    console.log(`revision check when nothing changed: median ${warmRead.toFixed(2)} ms (51 runs)`);

    const place = () =>
      api.inject({
        method: 'POST',
        url: '/v1/placement',
        payload: { pod: { metadata: { name: 'p' }, spec: { tolerations: [{ key: 'dedicated', operator: 'Exists', effect: 'NoSchedule' }] } } },
      });
    const placement = await medianAsync(place, 21);
    console.log(`POST /v1/placement over 10,000 stored nodes: median ${placement.toFixed(1)} ms (21 runs)`);

    const impact = () => api.inject({ method: 'POST', url: '/v1/taint-impact', payload: { taint: { key: 'drain', effect: 'NoExecute' }, selector: 'zone=a' } });
    const impactMs = await medianAsync(impact, 5);
    console.log(`POST /v1/taint-impact on 3,334 nodes (zone=a) of 300,000 pods: median ${impactMs.toFixed(0)} ms (5 runs)`);

    let i = 0;
    const writeThenRead = async () => {
      i++;
      await api.inject({
        method: 'POST',
        url: '/v1/nodes/node-7/taints?overwrite=true',
        payload: { key: 'bench', value: String(i), effect: 'PreferNoSchedule' },
      });
      const read = await api.inject({ method: 'GET', url: '/v1/nodes/node-7' });
      if (!read.body.includes(`"value":"${i}"`)) throw new Error('the read did not see the write');
    };
    const rw = await medianAsync(writeThenRead, 21);
    console.log(`add a taint, then read the node (the snapshot catches up): median ${rw.toFixed(1)} ms per pair (21 runs)`);
  } finally {
    await api.close();
    await endBench(bench, prefix);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
