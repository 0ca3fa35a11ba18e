/**
 * A drain plan at the scale docs/contract.md aims at: 10,000 nodes in three zones, 300,000 running
 * pods of 1,000 workloads (ReplicaSets, so the system default spreading scores every replica; one
 * workload in 20 with required anti-affinity on the hostname). The plan drains a pool of nodes
 * (BENCH_DRAIN, 1,000 by default: about 30,000 pods) and places their replacements together and
 * alone (simulatePlacement over the cluster with the pool cordoned and its pods gone).
 *   npm run bench:drain-plan
 * (BENCH_NODES, BENCH_PODS: the cluster's size; BENCH_DRAIN: the nodes drained; BENCH_MOVED: place
 * only the first N pods, to see how the cost grows with the pods moved; BENCH_MODES: together,alone.)
 */
import { type Node, type Pod } from '@taintgate/domain';
import { simulatePlacement } from '../libs/domain/src/scheduling/simulation/place-together';
import { makeNodes, random } from './cluster-fixture';
import { machineLine } from './machine';

const NODES = Number(process.env.BENCH_NODES ?? 10_000);
const PODS = Number(process.env.BENCH_PODS ?? 300_000);
const DRAIN = Number(process.env.BENCH_DRAIN ?? 1_000);
const MOVED = Number(process.env.BENCH_MOVED ?? Infinity);
const MODES = (process.env.BENCH_MODES ?? 'together,alone').split(',') as ('together' | 'alone')[];
const WORKLOADS = 1_000;
const rand = random(7);

const nodes: Node[] = makeNodes(NODES).map((n) => ({
  ...n,
  metadata: { ...n.metadata, labels: { ...n.metadata.labels, 'topology.kubernetes.io/zone': n.metadata.labels?.zone as string } },
  status: { allocatable: { cpu: '64', memory: '256Gi', pods: '110' } },
}));

function replica(w: number, name: string, spec: Pod['spec']): Pod {
  const app = `app-${w}`;
  const antiAffinity = {
    podAntiAffinity: {
      requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app } }, topologyKey: 'kubernetes.io/hostname' }],
    },
  };
  return {
    metadata: {
      name,
      namespace: 'bench',
      labels: { app },
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: `${app}-rs`, uid: `uid-${w}`, controller: true }],
    },
    spec: { ...(w % 20 === 0 ? { affinity: antiAffinity } : {}), ...spec },
  };
}

const containers = [{ name: 'c', image: 'registry.example/app:1', resources: { requests: { cpu: '100m', memory: '128Mi' } } }];
const running: Pod[] = Array.from({ length: PODS }, (_, i) => {
  const node = nodes[Math.floor(rand() * NODES)] as Node;
  return { ...replica(i % WORKLOADS, `run-${i}`, { nodeName: node.metadata.name, containers }), status: { phase: 'Running' } };
});

// The pool drained: the first DRAIN nodes without a NoSchedule taint (the general pool), cordoned.
const pool = new Set(
  nodes
    .filter((n) => !n.spec?.taints?.some((t) => t.effect !== 'PreferNoSchedule') && !n.spec?.unschedulable)
    .slice(0, DRAIN)
    .map((n) => n.metadata.name),
);
const cordoned = nodes.map((n) => (pool.has(n.metadata.name) ? { ...n, spec: { ...n.spec, unschedulable: true } } : n));
const evicted = running.filter((p) => pool.has(p.spec?.nodeName as string));
const staying = running.filter((p) => !pool.has(p.spec?.nodeName as string));
const moved = evicted.slice(0, MOVED).map((p, i) => ({ pod: { ...p, spec: { ...p.spec, nodeName: undefined }, status: {} }, queuedAt: i }));

console.log(machineLine());
console.log(`${NODES} nodes, ${PODS} pods; drained ${pool.size} nodes, ${moved.length} of their ${evicted.length} pods placed`);
for (const mode of MODES) {
  const start = performance.now();
  const simulation = simulatePlacement({ nodes: cordoned, pods: staying }, moved, mode);
  const ms = performance.now() - start;
  console.log(
    `${mode}: ${(ms / 1000).toFixed(2)} s (${((ms * 1000) / Math.max(1, moved.length)).toFixed(0)} µs a pod); placed ${simulation.placed}, stranded ${simulation.stranded}`,
  );
}
