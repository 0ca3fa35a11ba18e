/**
 * How long the realistic cluster at docs/contract.md's scale (10,000 nodes, 300,000 pods) takes
 * to build in memory and to stream to disk as kubectl's JSON, and how big the file is: the input
 * of the import benchmark. The file is written to the OS temp directory and removed.
 *   npx vite-node --config vitest.config.ts bench/realistic-cluster-file.ts
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { realisticCluster, writeClusterJson } from '../test/support/realistic-cluster';
import { machineLine } from './machine';

const size = { nodes: 10_000, podsPerNode: 30 };

async function timed<T>(work: () => T | Promise<T>): Promise<{ value: T; wall: number; cpu: number }> {
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  const value = await work();
  const used = process.cpuUsage(cpu);
  return { value, wall: Number(process.hrtime.bigint() - start) / 1e9, cpu: (used.user + used.system) / 1e6 };
}

async function main(): Promise<void> {
  console.log(machineLine());
  const dir = await mkdtemp(path.join(tmpdir(), 'realistic-cluster-'));
  try {
    const file = path.join(dir, 'cluster.json');
    const written = await timed(() => writeClusterJson(file, size));
    console.log(
      `writeClusterJson: ${(written.value / 2 ** 30).toFixed(2)} GiB (${written.value} bytes) in ${written.wall.toFixed(1)} s (${written.cpu.toFixed(1)} s CPU)`,
    );
    const built = await timed(() => realisticCluster(size));
    const heap = process.memoryUsage().heapUsed / 2 ** 20;
    console.log(
      `realisticCluster: ${built.value.nodes.length} nodes, ${built.value.pods.length} pods in memory in ${built.wall.toFixed(1)} s (${built.cpu.toFixed(1)} s CPU), heap ${heap.toFixed(0)} MiB`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
