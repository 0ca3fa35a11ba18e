/**
 * Placement of pods that other pods decide for, at the scale docs/contract.md aims at: 10,000
 * nodes in three zones, 300,000 running pods of 1,000 workloads (ReplicaSets, so the default
 * spreading scores every replica), 5% of them with required anti-affinity on the hostname. The
 * summary (placementSummaryGrouped, with capacity and rooms, as the service answers) of pending
 * replicas of four kinds: a plain replica (the system default spreading only), one with required
 * pod anti-affinity on kubernetes.io/hostname, one with a DoNotSchedule zone spread, one with
 * preferred anti-affinity. The cluster's context is the service's: its snapshot, the index of
 * pods with affinity and the spread counts kept per revision (cachedPodCounter), so the replicas
 * of one workload asked one after another find their counts made; "cold" is each workload's first
 * replica, which counts its pods over the 10,000 nodes.
 *   npm run bench:inter-pod-placement
 * (BENCH_NODES, BENCH_PODS: the cluster's size; BENCH_WORKLOADS, BENCH_REPLICAS: how many are asked
 * about; BENCH_KIND: one kind only, by its index.)
 */
import { type Pod, indexedContext, nodeClassesOf, nodeRoomsOf, placementSummaryGrouped, snapshotOf, usageLookup } from '@taintgate/domain';
import { random, replicaContainers, runningReplicas, workloadReplica, zonedNodes } from './cluster-fixture';
import { machineLine } from './machine';

const NODES = Number(process.env.BENCH_NODES ?? 10_000);
const PODS = Number(process.env.BENCH_PODS ?? 300_000);
const WORKLOADS = 1_000;
const rand = random(7);

const nodes = zonedNodes(NODES);
const replica = workloadReplica;
const containers = replicaContainers;
const running = runningReplicas(nodes, PODS, WORKLOADS, rand);

const start = process.hrtime.bigint();
const usageOf = usageLookup(running);
const capacity = { usageOf, rooms: nodeRoomsOf(nodes, usageOf) };
const classes = nodeClassesOf(nodes);
const snapshot = snapshotOf(nodes, running);
// The cluster's context as the service keeps it for a revision: its indexes made on first asking.
const context = indexedContext(snapshot);
console.log(machineLine());
console.log(`cluster of ${NODES} nodes, ${PODS} pods of ${WORKLOADS} workloads built in ${(Number(process.hrtime.bigint() - start) / 1e6).toFixed(0)} ms`);

const kinds: { name: string; make: (w: number, i: number) => Pod }[] = [
  { name: 'replica, default spreading only', make: (w, i) => replica(w * 20 + 1, `p-${i}`, { containers }) },
  { name: 'required anti-affinity (hostname)', make: (w, i) => replica(w * 20, `p-${i}`, { containers }) },
  {
    name: 'DoNotSchedule zone spread, maxSkew 1',
    make: (w, i) =>
      replica(w * 20 + 2, `p-${i}`, {
        containers,
        topologySpreadConstraints: [
          {
            maxSkew: 1,
            topologyKey: 'topology.kubernetes.io/zone',
            whenUnsatisfiable: 'DoNotSchedule',
            labelSelector: { matchLabels: { app: `app-${w * 20 + 2}` } },
          },
        ],
      }),
  },
  {
    name: 'preferred anti-affinity (zone)',
    make: (w, i) =>
      replica(w * 20 + 3, `p-${i}`, {
        containers,
        affinity: {
          podAntiAffinity: {
            preferredDuringSchedulingIgnoredDuringExecution: [
              { weight: 100, podAffinityTerm: { labelSelector: { matchLabels: { app: `app-${w * 20 + 3}` } }, topologyKey: 'topology.kubernetes.io/zone' } },
            ],
          },
        },
      }),
  },
];

const ms = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e6;
const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;

const WORKLOADS_ASKED = Number(process.env.BENCH_WORKLOADS ?? 5);
const REPLICAS = Number(process.env.BENCH_REPLICAS ?? 10);
console.log(`placementSummaryGrouped with capacity, ${WORKLOADS_ASKED} workloads x ${REPLICAS} replicas of each kind:`);
for (const kind of kinds.filter((_, i) => process.env.BENCH_KIND === undefined || String(i) === process.env.BENCH_KIND)) {
  const cold: number[] = [];
  const warm: number[] = [];
  let feasible = 0;
  for (let w = 0; w < WORKLOADS_ASKED; w++) {
    for (let r = 0; r < REPLICAS; r++) {
      const pod = kind.make(w, w * REPLICAS + r);
      const t = process.hrtime.bigint();
      const answer = placementSummaryGrouped(pod, classes, undefined, capacity, 10, context);
      (r === 0 ? cold : warm).push(ms(t));
      feasible = answer.feasibleCount;
    }
  }
  warm.sort((a, b) => a - b);
  cold.sort((a, b) => a - b);
  const p50 = percentile(warm, 50);
  console.log(
    `  ${kind.name.padEnd(40)} p50 ${p50.toFixed(2)} ms (${Math.round(1000 / p50)}/s)  p99 ${percentile(warm, 99).toFixed(2)} ms  ` +
      `first replica p50 ${percentile(cold, 50).toFixed(1)} ms  (${feasible} feasible)`,
  );
}
