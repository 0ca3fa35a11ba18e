import { describe, expect, it } from 'vitest';
import type { Node, Pod } from '../../../../../libs/domain/src/types';
import { headroom } from '../../../../../libs/domain/src/scheduling/simulation/headroom';

/**
 * headroom: how many more copies of a pod fit, as cluster-capacity counts them (its clones scheduled
 * one after another until one fits nowhere), on small clusters worked out by hand.
 */

const node = (name: string, allocatable: Record<string, string>, labels: Record<string, string> = {}, taint?: string): Node => ({
  metadata: { name, labels: { 'kubernetes.io/hostname': name, ...labels } },
  spec: taint ? { taints: [{ key: taint, value: 'true', effect: 'NoSchedule' }] } : {},
  status: { allocatable: { memory: '64Gi', pods: '110', ...allocatable } },
});

function pod(name: string, requests: Record<string, string>, extra: { on?: string; spec?: Pod['spec'] } = {}): Pod {
  return {
    metadata: { name, namespace: 'default', labels: { app: name } },
    spec: { ...extra.spec, ...(extra.on ? { nodeName: extra.on } : {}), containers: [{ name: 'c', image: 'x', resources: { requests } }] },
    status: { phase: extra.on ? 'Running' : 'Pending' },
  };
}

describe('headroom', () => {
  it('1-cpu copies on a 4-cpu node with 1.5 cpu used and an empty 2-cpu one: 2 and 2, cpu binding both, and the line for the fifth', () => {
    const cluster = { nodes: [node('a', { cpu: '4' }), node('b', { cpu: '2' })], pods: [pod('old', { cpu: '1500m' }, { on: 'a' })] };
    const answer = headroom(cluster, { pod: pod('web', { cpu: '1' }), max: 100 });
    expect(answer).toEqual({
      total: 4,
      complete: true,
      method: 'filled',
      poolLabel: null,
      groups: [{ pool: null, count: 4 }],
      nodes: [
        { name: 'a', count: 2, bindingResource: 'cpu' },
        { name: 'b', count: 2, bindingResource: 'cpu' },
      ],
      failReason: '0/2 nodes are available: 2 Insufficient cpu.',
    });
  });

  it('the same placed one by one (a pod with pod anti-affinity of its own elsewhere) gives the same counts', () => {
    const cluster = { nodes: [node('a', { cpu: '4' }), node('b', { cpu: '2' })], pods: [pod('old', { cpu: '1500m' }, { on: 'a' })] };
    const preferred: Pod['spec'] = {
      affinity: {
        podAntiAffinity: {
          preferredDuringSchedulingIgnoredDuringExecution: [
            { weight: 1, podAffinityTerm: { labelSelector: { matchLabels: { app: 'none' } }, topologyKey: 'kubernetes.io/hostname' } },
          ],
        },
      },
    };
    const answer = headroom(cluster, { pod: pod('web', { cpu: '1' }, { spec: preferred }), max: 100 });
    expect(answer).toMatchObject({ total: 4, method: 'placed', complete: true, failReason: '0/2 nodes are available: 2 Insufficient cpu.' });
    expect(answer.nodes.map((n) => [n.name, n.count])).toEqual([
      ['a', 2],
      ['b', 2],
    ]);
  });

  it('1-GPU trainers count by GPUs, per pool: 2 on gpu-a (a 1-GPU node, and one of 2 with one in use), none where the taint keeps them off', () => {
    const pool = (p: string) => ({ 'cloud.google.com/gke-nodepool': p });
    const cluster = {
      nodes: [
        node('g1', { cpu: '32', 'nvidia.com/gpu': '1' }, pool('gpu-a')),
        node('g2', { cpu: '32', 'nvidia.com/gpu': '2' }, pool('gpu-a')),
        node('g3', { cpu: '32', 'nvidia.com/gpu': '8' }, pool('gpu-b'), 'reserved'),
        node('c1', { cpu: '32' }, pool('cpu')),
      ],
      pods: [pod('busy', { 'nvidia.com/gpu': '1' }, { on: 'g2' })],
    };
    const answer = headroom(cluster, { pod: pod('trainer', { cpu: '4', 'nvidia.com/gpu': '1' }), max: 1000 });
    expect(answer).toMatchObject({ total: 2, poolLabel: 'cloud.google.com/gke-nodepool', groups: [{ pool: 'gpu-a', count: 2 }] });
    expect(answer.nodes).toEqual([
      { name: 'g1', count: 1, bindingResource: 'nvidia.com/gpu' },
      { name: 'g2', count: 1, bindingResource: 'nvidia.com/gpu' },
    ]);
    expect(answer.failReason).toBe('0/4 nodes are available: 1 node(s) had untolerated taint(s), 3 Insufficient nvidia.com/gpu.');
  });

  it('stops at max when placed one by one: the first copies as kube-scheduler places them (the emptiest node first), and no line, as more would fit', () => {
    const cluster = { nodes: [node('a', { cpu: '8' }), node('b', { cpu: '4' })], pods: [] };
    const preferred: Pod['spec'] = {
      affinity: {
        podAffinity: {
          preferredDuringSchedulingIgnoredDuringExecution: [
            { weight: 1, podAffinityTerm: { labelSelector: { matchLabels: { app: 'none' } }, topologyKey: 'kubernetes.io/hostname' } },
          ],
        },
      },
    };
    const answer = headroom(cluster, { pod: pod('web', { cpu: '1' }, { spec: preferred }), max: 3 });
    expect(answer).toMatchObject({ total: 3, complete: false, method: 'placed', failReason: null });
    expect(answer.nodes).toEqual([
      { name: 'a', count: 2, bindingResource: null },
      { name: 'b', count: 1, bindingResource: null },
    ]);
  });

  it('counts a pod filled node by node whole, whatever max: max bounds only the copies placed one by one', () => {
    const cluster = { nodes: [node('a', { cpu: '8' }), node('b', { cpu: '4' })], pods: [] };
    expect(headroom(cluster, { pod: pod('web', { cpu: '1' }), max: 3 })).toMatchObject({ total: 12, complete: true, method: 'filled' });
  });

  it('the pod count binds a node of room to spare; copies kept to the nodes asked, the others left out by the PreFilter of NodeAffinity', () => {
    const cluster = { nodes: [node('a', { cpu: '8', pods: '3' }), node('b', { cpu: '8' })], pods: [pod('old', { cpu: '100m' }, { on: 'a' })] };
    const answer = headroom(cluster, { pod: pod('web', { cpu: '100m' }), nodes: ['a'], max: 1000 });
    expect(answer.nodes).toEqual([{ name: 'a', count: 2, bindingResource: 'pods' }]);
    expect(answer.failReason).toBe("0/2 nodes are available: 1 Too many pods, 1 node(s) didn't satisfy plugin(s) [NodeAffinity].");
  });

  it('kept to two nodes of three: copies on those two only, each a term of its own (a field requirement holds one name)', () => {
    const cluster = { nodes: [node('a', { cpu: '2' }), node('b', { cpu: '1' }), node('c', { cpu: '8' })], pods: [] };
    const answer = headroom(cluster, { pod: pod('web', { cpu: '1' }), nodes: ['a', 'b'], max: 100 });
    expect(answer.nodes.map((n) => [n.name, n.count])).toEqual([
      ['a', 2],
      ['b', 1],
    ]);
  });

  it('a node of unknown size takes copies without end: placed one by one up to max', () => {
    const cluster = { nodes: [{ metadata: { name: 'x' } }], pods: [] };
    expect(headroom(cluster, { pod: pod('web', { cpu: '1' }), max: 5 })).toMatchObject({ total: 5, complete: false, method: 'placed' });
  });

  it('copies with required anti-affinity on the hostname against each other: one a node', () => {
    const anti: Pod['spec'] = {
      affinity: {
        podAntiAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: 'web' } }, topologyKey: 'kubernetes.io/hostname' }],
        },
      },
    };
    const cluster = { nodes: [node('a', { cpu: '8' }), node('b', { cpu: '8' }), node('c', { cpu: '8' })], pods: [pod('web', { cpu: '1' }, { on: 'c' })] };
    const answer = headroom(cluster, { pod: pod('web', { cpu: '1' }, { spec: anti }), max: 100 });
    expect(answer).toMatchObject({ total: 2, method: 'placed' });
    expect(answer.failReason).toBe("0/3 nodes are available: 3 node(s) didn't match pod anti-affinity rules.");
  });
});
