import { type Node, type Pod, type Taint, indexedContext, snapshotOf, usageLookup } from '@taintgate/domain';

/** A deterministic pseudo-random cluster for benchmarks (mulberry32), the same on every run. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const zones = ['a', 'b', 'c'];

/** Nodes with a realistic mix: dedicated GPU nodes, soft taints, cordoned nodes, zones. */
export function makeNodes(count: number, rand = random(1)): Node[] {
  return Array.from({ length: count }, (_, i) => {
    const taints: Taint[] = [];
    const labels: Record<string, string> = { zone: zones[i % 3] as string, 'kubernetes.io/hostname': `node-${i}` };
    const r = rand();
    if (r < 0.2) {
      taints.push({ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' });
      labels.dedicated = 'gpu';
    } else if (r < 0.3) {
      taints.push({ key: 'spot', value: 'true', effect: 'PreferNoSchedule' });
    } else if (r < 0.32) {
      taints.push({ key: 'node.kubernetes.io/unreachable', effect: 'NoExecute', timeAdded: '2026-11-22T00:00:00Z' });
    }
    return { metadata: { name: `node-${i}`, labels }, spec: { taints, unschedulable: r > 0.97 } };
  });
}

/** Pods spread over the nodes (bound) plus a share of pending ones, with mixed tolerations. */
export function makePods(count: number, nodes: readonly Node[], pendingShare: number, rand = random(2)): Pod[] {
  return Array.from({ length: count }, (_, i) => {
    const r = rand();
    const tolerations =
      r < 0.3
        ? [{ key: 'drain', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 1 + Math.floor(rand() * 600) }]
        : r < 0.4
          ? [{ key: 'drain', operator: 'Exists', effect: 'NoExecute' }]
          : [];
    const pending = rand() < pendingShare;
    const spec: Pod['spec'] = { tolerations };
    if (pending) spec.nodeSelector = { zone: zones[i % 3] as string };
    else spec.nodeName = nodes[i % nodes.length]?.metadata.name;
    return { metadata: { name: `pod-${i}`, namespace: 'bench' }, spec, status: { phase: pending ? 'Pending' : 'Running' } };
  });
}

/** Median of `runs` timings of `fn`, in milliseconds, after `warmup` untimed runs. */
export function medianMs(fn: () => unknown, runs: number, warmup = 3): { median: number; min: number; max: number } {
  for (let i = 0; i < warmup; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    fn();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)] as number, min: times[0] as number, max: times[times.length - 1] as number };
}

/**
 * What a cluster's holder keeps for a revision and the service hands a simulation: each node's usage,
 * and its scheduling view with its indexes, made here once (as the revision's first question makes
 * them), outside what a bench times.
 */
export function heldCluster(nodes: readonly Node[], pods: readonly Pod[]) {
  const context = indexedContext(snapshotOf(nodes, pods));
  const held = { podsOn: context.snapshot.podsOn, podLabels: () => context.indexes?.podLabels, affinityPods: () => context.indexes?.affinityPods };
  held.podLabels();
  held.affinityPods();
  return { usageOf: usageLookup(pods), podsOn: context.snapshot.podsOn, held };
}

/** Nodes of 64 cpu, 256Gi and 110 pods with the zone label too, as the workload benches' clusters have them (makeNodes' mix otherwise). */
export function zonedNodes(count: number): Node[] {
  return makeNodes(count).map((n) => ({
    ...n,
    metadata: { ...n.metadata, labels: { ...n.metadata.labels, 'topology.kubernetes.io/zone': n.metadata.labels?.zone as string } },
    status: { allocatable: { cpu: '64', memory: '256Gi', pods: '110' } },
  }));
}

/** What each workload replica runs: one container of 100m and 128Mi. */
export const replicaContainers = [{ name: 'c', image: 'registry.example/app:1', resources: { requests: { cpu: '100m', memory: '128Mi' } } }];

/** A replica of workload w: labels, its ReplicaSet, and required anti-affinity on the hostname for one workload in 20. */
export function workloadReplica(w: number, name: string, spec: Pod['spec']): Pod {
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

/** `count` running replicas of `workloads` workloads in turn, each on a node picked by `rand`. */
export function runningReplicas(nodes: readonly Node[], count: number, workloads: number, rand: () => number): Pod[] {
  return Array.from({ length: count }, (_, i) => {
    const node = nodes[Math.floor(rand() * nodes.length)] as Node;
    return { ...workloadReplica(i % workloads, `run-${i}`, { nodeName: node.metadata.name, containers: replicaContainers }), status: { phase: 'Running' } };
  });
}
