import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Pod } from '@taintgate/domain';
import { headroom, placeOneByOne } from '../../../../../libs/domain/src/scheduling/simulation/headroom';
import { requestingPod } from '../../support/arbitraries';
import { placementOptions as options, placementNodeNames, runningPods, sizedCluster } from '../../support/placement-clusters';

/**
 * Headroom filled node by node (each node's count from its room) is headroom placed one copy after
 * another: the same count on every node, the same binding resource, the same line for the copy that
 * fits nowhere; past max (which only bounds the copies placed one by one), at least as many on each node. Random clusters of up to 12 nodes (sizes that run out, unknown ones, taints,
 * cordons), pods running on them, and a pod of random requests, tolerations and selectors, kept to
 * some nodes or not.
 */

/** Any pod (selectors, tolerations, affinity), or, as often, one of small requests that tolerates every taint: copies that fit many times over. */
const copied = fc.oneof(
  requestingPod.map((p): Pod => ({ ...p, metadata: { ...p.metadata, name: 'web' }, spec: { ...p.spec, nodeName: undefined } })),
  fc
    .record({
      cpu: fc.constantFrom('0', '100m', '250m', '500m'),
      memory: fc.constantFrom('0', '64Mi', '256Mi'),
      'example.com/gpu': fc.constantFrom('0', '1'),
    })
    .map((requests): Pod => ({
      metadata: { name: 'web', namespace: 'default', labels: { app: 'web' } },
      spec: { tolerations: [{ operator: 'Exists' }], containers: [{ name: 'c', resources: { requests } }] },
    })),
);
const kept = fc.option(fc.subarray(placementNodeNames, { minLength: 1 }), { nil: undefined });

describe('headroom, filled', () => {
  it('answers as placed one copy after another', () => {
    fc.assert(
      fc.property(sizedCluster, runningPods, copied, kept, options, (nodes, running, pod, names, o) => {
        const cluster = { nodes, pods: running };
        const request = { pod, max: 1500, ...(names ? { nodes: names } : {}) };
        const answer = headroom(cluster, request, o);
        const reference = placeOneByOne(cluster, request, o);
        if (answer.method === 'placed' || reference.complete) expect({ ...answer, method: 'placed' }).toEqual(reference);
        else {
          // Past max, filled counts the whole: every node holds at least the copies the first max put there.
          expect(answer.complete).toBe(true);
          const filled = new Map(answer.nodes.map((n) => [n.name, n.count]));
          for (const n of reference.nodes) expect(filled.get(n.name) ?? 0).toBeGreaterThanOrEqual(n.count);
          expect(answer.total).toBeGreaterThan(reference.total - 1);
        }
      }),
      { numRuns: 200 },
    );
  }, 120_000);
});
