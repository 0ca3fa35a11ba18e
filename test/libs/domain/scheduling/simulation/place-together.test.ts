import { describe, expect, it } from 'vitest';
import type { Node, Pod } from '../../../../../libs/domain/src/types';
import { type QueuedPod, queueOrder, simulatePlacement } from '../../../../../libs/domain/src/scheduling/simulation/place-together';

/** A node of `cpu` cores (and room for 110 pods), with the hostname and zone labels. */
const node = (name: string, cpu: string, zone = 'a'): Node => ({
  metadata: { name, labels: { 'kubernetes.io/hostname': name, 'topology.kubernetes.io/zone': zone } },
  status: { allocatable: { cpu, memory: '64Gi', pods: '110' } },
});

/** A pod asking `cpu`, with labels and a spec of its own; bound when `on` is given. */
function pod(name: string, cpu: string, extra: { on?: string; labels?: Record<string, string>; spec?: Pod['spec']; priority?: number } = {}): Pod {
  return {
    metadata: { name, namespace: 'default', ...(extra.labels ? { labels: extra.labels } : {}) },
    spec: {
      ...extra.spec,
      ...(extra.on ? { nodeName: extra.on } : {}),
      ...(extra.priority !== undefined ? { priority: extra.priority } : {}),
      containers: [{ name: 'c', image: 'x', resources: { requests: { cpu } } }],
    },
    status: { phase: extra.on ? 'Running' : 'Pending' },
  };
}

const queued = (pods: Pod[], at = 0): QueuedPod[] => pods.map((p, i) => ({ pod: p, queuedAt: at + i }));
const where = (simulation: ReturnType<typeof simulatePlacement>) => simulation.placements.map((p) => [p.pod.name, p.node]);

const webAntiAffinity: Pod['spec'] = {
  affinity: {
    podAntiAffinity: {
      requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: 'web' } }, topologyKey: 'kubernetes.io/hostname' }],
    },
  },
};

describe('simulatePlacement: pods placed one after another, as kube-scheduler would', () => {
  it('together, two pods of 1 cpu where one node has 1.5 free and the other 1: the first takes the emptier node, the second the one left', () => {
    const cluster = { nodes: [node('n1', '2'), node('n2', '2')], pods: [pod('old', '500m', { on: 'n1' }), pod('older', '1', { on: 'n2' })] };
    const simulation = simulatePlacement(cluster, queued([pod('a', '1'), pod('b', '1')]));
    expect(simulation.mode).toBe('together');
    expect(where(simulation)).toEqual([
      ['a', 'n1'],
      ['b', 'n2'],
    ]);
    expect(simulation).toMatchObject({ placed: 2, stranded: 0 });
  });

  it('alone, the same two pods: each judged against the cluster as it is, both go to n1, which holds only one of them', () => {
    const cluster = { nodes: [node('n1', '2'), node('n2', '2')], pods: [pod('old', '500m', { on: 'n1' }), pod('older', '1', { on: 'n2' })] };
    const simulation = simulatePlacement(cluster, queued([pod('a', '1'), pod('b', '1')]), 'alone');
    expect(simulation.mode).toBe('alone');
    expect(where(simulation)).toEqual([
      ['a', 'n1'],
      ['b', 'n1'],
    ]);
  });

  it('together, three pods of 1 cpu and 2 cpu free in all: the third is stranded, with the scheduler line for its turn', () => {
    const simulation = simulatePlacement({ nodes: [node('n1', '1'), node('n2', '1')], pods: [] }, queued([pod('a', '1'), pod('b', '1'), pod('c', '1')]));
    expect(where(simulation)).toEqual([
      ['a', 'n1'],
      ['b', 'n2'],
      ['c', null],
    ]);
    expect(simulation.placements[2]?.summary).toBe('0/2 nodes are available: 2 Insufficient cpu.');
    expect(simulation).toMatchObject({ placed: 2, stranded: 1 });
  });

  it('together, a pod of higher priority queued later is placed first (PrioritySort) and takes the only room', () => {
    const low = pod('low', '1', { priority: 0 });
    const high = pod('high', '1', { priority: 1000 });
    const simulation = simulatePlacement({ nodes: [node('n1', '1')], pods: [] }, [
      { pod: low, queuedAt: 1 },
      { pod: high, queuedAt: 2 },
    ]);
    expect(where(simulation)).toEqual([
      ['high', 'n1'],
      ['low', null],
    ]);
  });

  it('queue order: priority first, then the time the pod entered the queue, then the order given', () => {
    const order = queueOrder([
      { pod: pod('late', '1'), queuedAt: 5 },
      { pod: pod('early', '1'), queuedAt: 1 },
      { pod: pod('urgent', '1', { priority: 10 }), queuedAt: 9 },
      { pod: pod('early-too', '1'), queuedAt: 1 },
    ]);
    expect(order.map((q) => q.pod.metadata.name)).toEqual(['urgent', 'early', 'early-too', 'late']);
  });

  it('together, replicas with required anti-affinity on the hostname: one a node, and the third of three on two nodes is stranded by the rule', () => {
    const replica = (name: string) => pod(name, '100m', { labels: { app: 'web' }, spec: webAntiAffinity });
    const simulation = simulatePlacement({ nodes: [node('n1', '8'), node('n2', '8')], pods: [] }, queued(['web-0', 'web-1', 'web-2'].map(replica)));
    expect(where(simulation)).toEqual([
      ['web-0', 'n1'],
      ['web-1', 'n2'],
      ['web-2', null],
    ]);
    expect(simulation.placements[2]?.summary).toBe("0/2 nodes are available: 2 node(s) didn't match pod anti-affinity rules.");
    // Alone, each sees only the running pods: all three would go to n1.
    expect(
      where(simulatePlacement({ nodes: [node('n1', '8'), node('n2', '8')], pods: [] }, queued(['web-0', 'web-1', 'web-2'].map(replica)), 'alone')),
    ).toEqual([
      ['web-0', 'n1'],
      ['web-1', 'n1'],
      ['web-2', 'n1'],
    ]);
  });

  it('together, two pods asking the same host port: the second goes to the smaller node, which it would not choose for its room', () => {
    const withPort = (name: string, port: number): Pod => {
      const base = pod(name, '100m');
      return {
        ...base,
        spec: { containers: [{ name: 'c', image: 'x', ports: [{ containerPort: 80, hostPort: port }], resources: { requests: { cpu: '100m' } } }] },
      };
    };
    const nodes = [node('big', '64'), node('small', '4')];
    expect(where(simulatePlacement({ nodes, pods: [] }, queued([withPort('a', 8080), withPort('b', 8080)])))).toEqual([
      ['a', 'big'],
      ['b', 'small'],
    ]);
    // Other ports: both on the node with the most room.
    expect(where(simulatePlacement({ nodes, pods: [] }, queued([withPort('a', 8080), withPort('b', 9090)])))).toEqual([
      ['a', 'big'],
      ['b', 'big'],
    ]);
  });

  it('says when nodes tied for the best total (kube-scheduler picks one at random; the answer takes the first by name)', () => {
    const simulation = simulatePlacement({ nodes: [node('n2', '4'), node('n1', '4')], pods: [] }, queued([pod('a', '1')]));
    expect(simulation.placements[0]).toMatchObject({ node: 'n1', bestTied: 2 });
  });
});
