/**
 * A drain plan at the scale docs/contract.md aims at: 10,000 nodes in three zones, 300,000 running
 * pods of 1,000 workloads (ReplicaSets, so the system default spreading scores every replica; one
 * workload in 20 with required anti-affinity on the hostname). drainPlan drains pools of growing
 * size (BENCH_DRAINS, 10,100 nodes by default: about 300 and 3,000 pods; 1000 for the issue's
 * 30,000) and places their replacements together and alone: the time, and the time per pod moved.
 *   npm run bench:drain-plan
 * (BENCH_NODES, BENCH_PODS: the cluster's size; BENCH_DRAINS: the pools' sizes; BENCH_MODES: together,alone; BENCH_RUNS: each drain's runs.)
 */
import { drainPlan } from '@taintgate/domain';
import { heldCluster, random, runningReplicas, zonedNodes } from './cluster-fixture';
import { machineLine } from './machine';

const NODES = Number(process.env.BENCH_NODES ?? 10_000);
const PODS = Number(process.env.BENCH_PODS ?? 300_000);
const DRAINS = (process.env.BENCH_DRAINS ?? '10,100').split(',').map(Number);
const MODES = (process.env.BENCH_MODES ?? 'together,alone').split(',') as ('together' | 'alone')[];
/** How many times each drain is planned in a row (the service plans many over one revision of a cluster): quote the median. */
const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const WORKLOADS = 1_000;
const rand = random(7);

const nodes = zonedNodes(NODES);
const running = runningReplicas(nodes, PODS, WORKLOADS, rand);

// The pools drained: the first nodes without a NoSchedule taint nor a cordon (the general pool).
const general = nodes.filter((n) => !n.spec?.taints?.some((t) => t.effect !== 'PreferNoSchedule') && !n.spec?.unschedulable).map((n) => n.metadata.name);

// What the holder keeps for the revision, as the service hands it in.
const { usageOf, podsOn, held } = heldCluster(nodes, running);

console.log(machineLine());
console.log(`${NODES} nodes, ${PODS} pods`);
for (const size of DRAINS) {
  for (const mode of MODES) {
    for (let run = 0; run < RUNS; run++) drainOnce(size, mode);
  }
}

function drainOnce(size: number, mode: 'together' | 'alone'): void {
  const pool = general.slice(0, size);
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  const plan = drainPlan({ nodes, pods: [], podsBoundTo: podsOn, usageOf, held }, { nodes: pool, force: false, mode, now: Date.now() });
  const ms = performance.now() - start;
  // The process's own CPU time too: on a shared machine the wall time also counts what others ran.
  const cpu = process.cpuUsage(cpuStart);
  const { evicted, placed, stranded } = plan.counts;
  console.log(
    `drain ${size} nodes, ${mode}: ${(ms / 1000).toFixed(2)} s (CPU ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s) for ${evicted} pods (${((ms * 1000) / Math.max(1, evicted)).toFixed(0)} µs a pod); placed ${placed}, stranded ${stranded}`,
  );
}
