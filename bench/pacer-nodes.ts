/**
 * What each pass of the NoExecute taint pacer reads in a cluster with a not-ready node: every node
 * as the pacer sees it (AwaitedTaintStore.nodes: its zone's labels, its Ready status, whether it
 * carries a condition NoExecute taint), over the realistic cluster (10,000 nodes, stored in a
 * database of its own, setup), the service in this process, its snapshot loaded first. BENCH_RUNS reads after two to warm up;
 * the median of the wall time and of this process's CPU time (user and system) per read.
 *   npm run bench:pacer-nodes
 *   BENCH_DATABASE_URL=postgres://…  a cluster stored by an earlier run (BENCH_KEEP=1 keeps one), not dropped
 */
import 'reflect-metadata';
import { AwaitedTaintStore } from '../apps/api/src/control-loops/node-lifecycle/awaited-taint-store';
import { PrismaService } from '../apps/api/src/platform/database/prisma.service';
import { ClusterSnapshots } from '../apps/api/src/store/cluster-snapshots';
import { endBench, storedClusterDatabase } from './bench-database';
import { withInProcessService } from './in-process-service';
import { machineLine } from './machine';

const size = { nodes: Number(process.env.BENCH_NODES ?? 10_000), podsPerNode: 30 };
const RUNS = Number(process.env.BENCH_RUNS ?? 15);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function main(): Promise<void> {
  console.log(machineLine());
  const { bench, databaseUrl } = await storedClusterDatabase(size);
  const prefix = `taintgate_bench_pacer_nodes_${process.pid}`;
  try {
    await withInProcessService(databaseUrl, prefix, async (app) => {
      // The replica loads the cluster when it starts: measured after, so that only the reads are.
      await app.get(ClusterSnapshots).view('default');
      const [cluster] = await app.get(PrismaService).cluster.findMany({ where: { name: 'default' } });
      const store = app.get(AwaitedTaintStore);
      const read = () => store.nodes(cluster?.id ?? 0);
      for (let i = 0; i < 2; i++) await read();
      const walls: number[] = [];
      const cpus: number[] = [];
      let count = 0;
      for (let i = 0; i < RUNS; i++) {
        const cpu = process.cpuUsage();
        const start = performance.now();
        count = (await read()).length;
        walls.push(performance.now() - start);
        const used = process.cpuUsage(cpu);
        cpus.push((used.user + used.system) / 1000);
      }
      console.log(`${count} nodes read ${RUNS} times: median ${median(walls).toFixed(1)} ms of wall time, ${median(cpus).toFixed(1)} ms of this process's CPU`);
    });
  } finally {
    await endBench(bench, prefix);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
