import { describe, expect, it } from 'vitest';
import { type NodeUsage, type Pod, addPodUsage, emptyNodeUsage, holdsNodeResources, podResourceRequest, removePodUsage, usageByNode } from '@taintgate/domain';

const pod = (name: string, nodeName: string | undefined, requests: Record<string, string>, extra: Partial<Pod> = {}): Pod => ({
  metadata: { name, namespace: 'ns' },
  spec: { ...(nodeName ? { nodeName } : {}), containers: [{ name: 'c', resources: { requests } }] },
  ...extra,
});
const plain = (u: NodeUsage | undefined) => u && { ...u, requested: { ...u.requested, scalar: [...u.requested.scalar] } };

// NodeInfo.AddPod / RemovePod (pkg/scheduler/framework/types.go): Requested is the sum of the pods'
// requests (calculateResource: PodRequests, framework.Resource.Add), and the pods are counted.
describe('NodeUsage: adding and removing pods (NodeInfo.AddPod, NodeInfo.RemovePod)', () => {
  const a = podResourceRequest(pod('a', 'n1', { cpu: '500m', memory: '1Gi', 'nvidia.com/gpu': '1' }));
  const b = podResourceRequest(pod('b', 'n1', { cpu: '250m', 'ephemeral-storage': '1G', 'example.com/fpga': '2' }));

  it('sums the requests and counts the pods, scalar resources in name order', () => {
    expect(plain(addPodUsage(addPodUsage(emptyNodeUsage, a), b))).toEqual({
      requested: {
        milliCPU: 750n,
        memory: 1073741824n,
        ephemeralStorage: 1000000000n,
        scalar: [
          ['example.com/fpga', 2n],
          ['nvidia.com/gpu', 1n],
        ],
      },
      // b requests no memory: 200Mi counted for it (GetNonMissingContainerRequests).
      nonZeroRequested: { milliCPU: 750n, memory: 1283457024n },
      pods: 2,
    });
  });

  it('removing a pod undoes adding it (a scalar resource it alone requested stays, at 0, as in NodeInfo); the usage it came from is unchanged', () => {
    const withA = addPodUsage(emptyNodeUsage, a);
    const both = addPodUsage(withA, b);
    expect(plain(removePodUsage(both, b))).toEqual({
      requested: {
        milliCPU: 500n,
        memory: 1073741824n,
        ephemeralStorage: 0n,
        scalar: [
          ['example.com/fpga', 0n],
          ['nvidia.com/gpu', 1n],
        ],
      },
      nonZeroRequested: { milliCPU: 500n, memory: 1073741824n },
      pods: 1,
    });
    expect(plain(withA)).toEqual({
      requested: { milliCPU: 500n, memory: 1073741824n, ephemeralStorage: 0n, scalar: [['nvidia.com/gpu', 1n]] },
      nonZeroRequested: { milliCPU: 500n, memory: 1073741824n },
      pods: 1,
    });
    expect(plain(emptyNodeUsage)).toEqual({
      requested: { milliCPU: 0n, memory: 0n, ephemeralStorage: 0n, scalar: [] },
      nonZeroRequested: { milliCPU: 0n, memory: 0n },
      pods: 0,
    });
  });

  it('a pod requesting nothing still takes a pod slot', () => {
    expect(addPodUsage(emptyNodeUsage, podResourceRequest(pod('e', 'n1', {}))).pods).toBe(1);
  });
});

// The scheduler's pod informer (newPodInformer, scheduler.go) has field selector
// "status.phase!=Succeeded,status.phase!=Failed": finished pods hold nothing; terminating ones still do.
describe('holdsNodeResources and usageByNode', () => {
  it.each<[string, Pod, boolean]>([
    ['bound and running', pod('p', 'n1', {}, { status: { phase: 'Running' } }), true],
    ['bound, no phase yet', pod('p', 'n1', {}), true],
    ['bound and Pending (not started)', pod('p', 'n1', {}, { status: { phase: 'Pending' } }), true],
    ['bound and terminating', pod('p', 'n1', {}, { metadata: { name: 'p', deletionTimestamp: '2026-01-01T00:00:00Z' } }), true],
    ['Succeeded', pod('p', 'n1', {}, { status: { phase: 'Succeeded' } }), false],
    ['Failed', pod('p', 'n1', {}, { status: { phase: 'Failed' } }), false],
    ['not bound', pod('p', undefined, {}), false],
  ])('%s -> %s', (_name, p, expected) => {
    expect(holdsNodeResources(p)).toBe(expected);
  });

  it('builds the usage of every node from the pods that hold resources on it', () => {
    const usage = usageByNode([
      pod('a', 'n1', { cpu: '1' }),
      pod('b', 'n1', { cpu: '500m', memory: '1Mi' }),
      pod('c', 'n2', { cpu: '2' }),
      pod('done', 'n2', { cpu: '8' }, { status: { phase: 'Succeeded' } }),
      pod('pending', undefined, { cpu: '8' }),
    ]);
    expect([...usage.keys()].sort()).toEqual(['n1', 'n2']);
    expect(plain(usage.get('n1'))).toEqual({
      requested: { milliCPU: 1500n, memory: 1048576n, ephemeralStorage: 0n, scalar: [] },
      nonZeroRequested: { milliCPU: 1500n, memory: 210763776n },
      pods: 2,
    });
    expect(plain(usage.get('n2'))).toEqual({
      requested: { milliCPU: 2000n, memory: 0n, ephemeralStorage: 0n, scalar: [] },
      nonZeroRequested: { milliCPU: 2000n, memory: 209715200n },
      pods: 1,
    });
  });
});
