import { describe, expect, it } from 'vitest';
import { type Node, type PlacementCapacity, type Pod, asRescheduled, excludingPod, placePod, usageByNode } from '@taintgate/domain';

const node = (name: string, cpu: string): Node => ({ metadata: { name }, spec: {}, status: { allocatable: { cpu, memory: '8Gi', pods: '110' } } });
const stored = (name: string, nodeName: string, cpu: string, phase = 'Running'): Pod => ({
  metadata: { name, namespace: 'ns' },
  spec: { nodeName, containers: [{ name: 'c', resources: { requests: { cpu } } }], tolerations: [{ key: 'k', operator: 'Exists' }] },
  status: { phase },
});
const cluster = [stored('web', 'n1', '1500m'), stored('db', 'n1', '500m'), stored('cache', 'n2', '1')];
const capacityOf = (pods: Pod[]): PlacementCapacity => {
  const usage = usageByNode(pods);
  return { usageOf: (name) => usage.get(name) };
};
const cpuUsed = (capacity: PlacementCapacity, name: string) => capacity.usageOf(name)?.requested.milliCPU;

describe('excludingPod: the usage without a stored pod, which counts in it already', () => {
  const capacity = capacityOf(cluster);
  it("takes the pod's request and slot off its own node, and nothing off the others", () => {
    const rest = excludingPod(capacity, cluster[0] as Pod);
    expect([cpuUsed(rest, 'n1'), rest.usageOf('n1')?.pods, cpuUsed(rest, 'n2')]).toEqual([500n, 1, 1000n]);
    expect(cpuUsed(capacity, 'n1')).toBe(2000n);
  });
  it('changes nothing for a pod that holds nothing: not bound, or finished', () => {
    expect(excludingPod(capacity, { metadata: { name: 'pending' }, spec: {} })).toBe(capacity);
    expect(excludingPod(capacity, stored('done', 'n1', '1', 'Succeeded'))).toBe(capacity);
  });
  it('takes nothing off a node the usage does not know (the pod was not counted)', () => {
    expect(excludingPod(capacity, stored('ghost', 'n9', '1')).usageOf('n9')).toBeUndefined();
  });
  it('a stored pod placed on its own node fits there only once taken out of the usage', () => {
    const nodes = [node('n1', '2')];
    const web = cluster[0] as Pod;
    expect(placePod(web, nodes, undefined, capacity).summary).toBe('0/1 nodes are available: 1 Insufficient cpu.');
    expect(placePod(web, nodes, undefined, excludingPod(capacity, web)).summary).toBe('1/1 nodes are available.');
  });
});

describe('asRescheduled: a stored bound pod as it would be scheduled again', () => {
  it('clears spec.nodeName, keeps the rest, and takes its request off the node it leaves', () => {
    const web = cluster[0] as Pod;
    const { pod, capacity } = asRescheduled(web, capacityOf(cluster));
    expect(pod.spec?.nodeName).toBeUndefined();
    expect(pod.spec?.tolerations).toEqual(web.spec?.tolerations);
    expect(pod.metadata).toBe(web.metadata);
    expect(web.spec?.nodeName).toBe('n1');
    expect(capacity && cpuUsed(capacity, 'n1')).toBe(500n);
  });
  it('without capacity, only the pod changes', () => {
    expect(asRescheduled(cluster[0] as Pod)).toEqual({ pod: { ...cluster[0], spec: { ...cluster[0]?.spec, nodeName: undefined } }, capacity: undefined });
  });
  it('the scheduler, not the kubelet, then decides: both nodes are looked at, its old room counted free', () => {
    const { pod, capacity } = asRescheduled(cluster[0] as Pod, capacityOf(cluster));
    const result = placePod(pod, [node('n1', '2'), node('n2', '2')], undefined, capacity);
    expect(result.nodes.map((n) => [n.name, n.feasible])).toEqual([
      ['n1', true],
      ['n2', false],
    ]);
  });
});
