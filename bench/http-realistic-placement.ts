/**
 * Placement through the service over the realistic cluster (test/support/realistic-cluster.ts:
 * 10,000 nodes and 300,000 pods as kubectl prints them, stored in a database of its own, setup),
 * against the framework's floor in the same run: the built service in a process of its own,
 * autocannon in another (4 connections, BENCH_SECONDS each), for
 *   GET /v1/nodes/{name}        the floor: a read with no decision in it
 *   POST /v1/placement          a plain pod (500m, 1Gi), the same each time
 *   POST /v1/placement          a GPU pod (1 nvidia.com/gpu, tolerating the GPU pools), the same each time
 *   POST /v1/placement          the 20-pod mix (one pod of each of 20 controllers of the cluster), in turn
 * each rate and its ratio to the floor's (docs/contract.md: the mix at least 0.3 of the floor, GPU pods
 * at least half the plain pod's rate).
 *   npm run build && npm run bench:http-realistic-placement
 *   BENCH_NODES=2000 BENCH_SECONDS=5
 *   BENCH_DATABASE_URL=postgres://…  a cluster stored by an earlier run (BENCH_KEEP=1 keeps one), not dropped
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Pod } from '@taintgate/domain';
import type autocannon from 'autocannon';
import { realisticCluster } from '../test/support/realistic-cluster';
import { endBench, storedClusterDatabase } from './bench-database';
import { startBuiltService } from './built-service';
import { machineLine } from './machine';
import { gpuPod, mixOf, plainPod } from './realistic-pods';

const run = promisify(execFile);
const size = { nodes: Number(process.env.BENCH_NODES ?? 10_000), podsPerNode: 30 };
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 4;

/** autocannon in a process of its own: a GET, or POSTs of `bodies` in turn (bench/autocannon-bodies.ts). */
async function rate(url: string, bodies?: readonly unknown[]): Promise<{ perSecond: number; p50: number; p99: number; errors: number }> {
  let stdout: string;
  if (bodies === undefined) {
    ({ stdout } = await run(join('node_modules', '.bin', 'autocannon'), ['-c', String(CONNECTIONS), '-d', String(SECONDS), '-j', url], { maxBuffer: 2 ** 26 }));
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'taintgate-bench-'));
    const file = join(dir, 'bodies.json');
    writeFileSync(file, JSON.stringify(bodies));
    try {
      const driver = join('node_modules', 'vite-node', 'vite-node.mjs');
      ({ stdout } = await run(
        process.execPath,
        [driver, '--config', 'vitest.config.ts', 'bench/autocannon-bodies.ts', url, String(CONNECTIONS), String(SECONDS), file],
        { maxBuffer: 2 ** 26 },
      ));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const result = JSON.parse(stdout) as autocannon.Result;
  return { perSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function main(): Promise<void> {
  console.log(machineLine());
  const { bench, databaseUrl } = await storedClusterDatabase(size);
  // The mix from the same cluster, built again in memory (the generator is seeded: the stored one's pods).
  const mix = mixOf(realisticCluster(size).pods);
  const prefix = `taintgate_bench_http_realistic_${process.pid}`;
  const place = (pod: Pod) => ({ pod });
  const ready = async (base: string) =>
    (await fetch(`${base}/v1/placement`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(place(plainPod())) })).ok;
  const service = await startBuiltService(databaseUrl, 4800 + (process.pid % 500), prefix, ready);
  try {
    const { base } = service;
    // Every pod of the mix answered once before it is measured (its kinds' buckets made), as the others.
    for (const pod of [...mix, gpuPod()]) {
      const answer = await fetch(`${base}/v1/placement`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(place(pod)) });
      if (!answer.ok) throw new Error(`${pod.metadata.namespace ?? 'default'}/${pod.metadata.name}: ${answer.status} ${await answer.text()}`);
    }
    const first = ((await (await fetch(`${base}/v1/nodes?limit=1`)).json()) as { items: { metadata: { name: string } }[] }).items[0]?.metadata.name ?? '';
    const floor = await rate(`${base}/v1/nodes/${first}`);
    const rows: [string, Awaited<ReturnType<typeof rate>>][] = [
      ['GET /v1/nodes/{name} (the floor)', floor],
      ['POST /v1/placement, a plain pod', await rate(`${base}/v1/placement`, [place(plainPod())])],
      ['POST /v1/placement, a GPU pod', await rate(`${base}/v1/placement`, [place(gpuPod())])],
      ['POST /v1/placement, the 20-pod mix in turn', await rate(`${base}/v1/placement`, mix.map(place))],
    ];
    console.log(`${size.nodes} nodes, ${size.nodes * size.podsPerNode} pods; ${CONNECTIONS} connections, ${SECONDS} s each`);
    console.log('| request | answers/s | p50 | p99 | errors | of the floor |');
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const [label, r] of rows) {
      console.log(`| ${label} | ${r.perSecond.toFixed(0)} | ${r.p50} ms | ${r.p99} ms | ${r.errors} | ${(r.perSecond / floor.perSecond).toFixed(3)} |`);
    }
    const plain = rows[1]?.[1].perSecond ?? 0;
    const gpu = rows[2]?.[1].perSecond ?? 0;
    console.log(`GPU pod against the plain pod: ${(gpu / plain).toFixed(2)} of its rate`);
  } finally {
    await service.stop();
    await endBench(bench, prefix);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
