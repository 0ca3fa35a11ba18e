import { describe, expect, it } from 'vitest';
import type { Pod } from '../../../../libs/domain/src/types';
import type { NodePlacement } from '../../../../libs/domain/src/scheduling/placement';
import { resourceHolders, withResourceHolders } from '../../../../libs/domain/src/scheduling/resource-holders';

const pod = (namespace: string, name: string, requests: Record<string, string>): Pod => ({
  metadata: { name, namespace },
  spec: { nodeName: 'n1', containers: [{ name: 'c', resources: { requests } }] },
});

describe('resourceHolders: the pods of a node that request a resource, the largest first', () => {
  const pods = [
    pod('a', 'small', { cpu: '100m' }),
    pod('b', 'big', { cpu: '2', memory: '1Gi' }),
    pod('a', 'mid', { cpu: '500m' }),
    pod('c', 'mid', { cpu: '500m' }),
    pod('a', 'none', { memory: '1Gi' }),
  ];

  it('counts every holder, names the three largest (ties by namespace, then name), in the scheduler units', () => {
    expect(resourceHolders(pods, 'cpu')).toEqual({
      pods: 4,
      largest: [
        { namespace: 'b', name: 'big', requested: 2000 },
        { namespace: 'a', name: 'mid', requested: 500 },
        { namespace: 'c', name: 'mid', requested: 500 },
      ],
    });
    expect(resourceHolders(pods, 'memory').largest.map((h) => h.requested)).toEqual([1024 ** 3, 1024 ** 3]);
    expect(resourceHolders(pods, 'nvidia.com/gpu')).toEqual({ pods: 0, largest: [] });
  });

  it('adds them to an insufficient resource reason, structured and in its message; other reasons and entries unchanged', () => {
    const short = {
      code: 'InsufficientResource' as const,
      message: 'Insufficient cpu: needs 1500m, 900m of 4000m free',
      resource: { name: 'cpu', requested: 1500, used: 3100, allocatable: 4000 },
    };
    const taint = { code: 'UntoleratedTaint' as const, message: 'untolerated taint a=b:NoSchedule' };
    const entries: NodePlacement[] = [
      { name: 'n1', feasible: false, score: null, rank: null, reasons: [taint, short] },
      { name: 'n2', feasible: true, score: 100, rank: 1, reasons: [] },
    ];
    const [n1, n2] = withResourceHolders(entries, (name) => (name === 'n1' ? pods : []));
    expect(n2).toBe(entries[1]);
    expect(n1?.reasons[0]).toBe(taint);
    expect(n1?.reasons[1]).toEqual({
      ...short,
      message: 'Insufficient cpu: needs 1500m, 900m of 4000m free; held by 4 pods, most by b/big (2000m), a/mid (500m), c/mid (500m)',
      resource: { ...short.resource, heldBy: resourceHolders(pods, 'cpu') },
    });
    const few = withResourceHolders(entries, () => pods.slice(0, 2))[0]?.reasons[1]?.message;
    expect(few).toBe('Insufficient cpu: needs 1500m, 900m of 4000m free; held by 2 pods: b/big (2000m), a/small (100m)');
    // No pod holds any (the pod asks more than the node has): the reason as it was.
    expect(withResourceHolders(entries, () => [])[0]?.reasons[1]).toBe(short);
  });
});
