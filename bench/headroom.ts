/**
 * Headroom at the scale docs/contract.md aims at: 10,000 nodes in three zones (20% a tainted GPU
 * pool with 8 GPUs a node), 300,000 running pods of 1,000 workloads (as bench/drain-plan.ts makes
 * them). How many more of: a web replica (100m cpu, 128Mi; its ReplicaSet's default spreading scores
 * it), a 1-GPU trainer that tolerates the GPU pool's taint (both counted node by node: `filled`), and
 * a replica with preferred pod anti-affinity (placed one by one, up to BENCH_MAX copies, 1,000 by
 * default). Medians of BENCH_RUNS runs (3), each over the same cluster, with its usage per node as
 * the cluster's holder keeps it (the service hands it in).
 *   npm run bench:headroom
 */
import { type Node, type Pod, headroom } from '@taintgate/domain';
import { heldCluster, makeNodes, random } from './cluster-fixture';
import { machineLine } from './machine';

const NODES = Number(process.env.BENCH_NODES ?? 10_000);
const PODS = Number(process.env.BENCH_PODS ?? 300_000);
const MAX = Number(process.env.BENCH_MAX ?? 1_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const WORKLOADS = 1_000;
const rand = random(7);

const nodes: Node[] = makeNodes(NODES).map((n) => {
  const gpu = n.metadata.labels?.dedicated === 'gpu';
  return {
    ...n,
    metadata: { ...n.metadata, labels: { ...n.metadata.labels, 'karpenter.sh/nodepool': gpu ? 'gpu' : 'general' } },
    status: { allocatable: { cpu: '64', memory: '256Gi', pods: '110', ...(gpu ? { 'nvidia.com/gpu': '8' } : {}) } },
  };
});
const owner = (w: number) => [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: `app-${w}-rs`, uid: `uid-${w}`, controller: true }];
const containers = [{ name: 'c', image: 'registry.example/app:1', resources: { requests: { cpu: '100m', memory: '128Mi' } } }];
const running: Pod[] = Array.from({ length: PODS }, (_, i) => {
  const w = i % WORKLOADS;
  const node = nodes[Math.floor(rand() * NODES)] as Node;
  return {
    metadata: { name: `run-${i}`, namespace: 'bench', labels: { app: `app-${w}` }, ownerReferences: owner(w) },
    spec: { nodeName: node.metadata.name, containers, tolerations: [{ operator: 'Exists' }] },
    status: { phase: 'Running' },
  };
});

const web: Pod = { metadata: { name: 'web', namespace: 'bench', labels: { app: 'app-1' }, ownerReferences: owner(1) }, spec: { containers } };
const trainer: Pod = {
  metadata: { name: 'trainer', namespace: 'ml', labels: { app: 'trainer' } },
  spec: {
    tolerations: [{ key: 'dedicated', operator: 'Exists', effect: 'NoSchedule' }],
    containers: [{ name: 't', image: 'trainer', resources: { requests: { cpu: '4', 'nvidia.com/gpu': '1' } } }],
  },
};
const preferring: Pod = {
  ...web,
  metadata: { ...web.metadata, name: 'spread-web' },
  spec: {
    ...web.spec,
    affinity: {
      podAntiAffinity: {
        preferredDuringSchedulingIgnoredDuringExecution: [
          { weight: 100, podAffinityTerm: { labelSelector: { matchLabels: { app: 'app-1' } }, topologyKey: 'kubernetes.io/hostname' } },
        ],
      },
    },
  },
};

// What the holder keeps for the revision, as the service hands it in.
const { usageOf, held } = heldCluster(nodes, running);

console.log(machineLine());
console.log(`${NODES} nodes, ${PODS} pods`);
for (const [name, pod] of [
  ['web replica', web],
  ['1-GPU trainer', trainer],
  ['web replica, preferred anti-affinity', preferring],
] as const) {
  const times: number[] = [];
  let answer: ReturnType<typeof headroom> | undefined;
  for (let r = 0; r < RUNS; r++) {
    const start = performance.now();
    answer = headroom({ nodes, pods: [], usageOf, held }, { pod, max: MAX });
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] as number;
  const a = answer as ReturnType<typeof headroom>;
  console.log(
    `${name}: ${a.method}, ${a.complete ? '' : 'at least '}${a.total} copies on ${a.nodes.length} nodes; median ${(median / 1000).toFixed(2)} s (${((median * 1000) / Math.max(1, a.method === 'placed' ? a.total : 1)).toFixed(0)} µs ${a.method === 'placed' ? 'a copy' : 'in all'})`,
  );
}
