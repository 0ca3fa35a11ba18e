import { describe, expect, it } from 'vitest';
import type { Node, Pod } from '../../../../../libs/domain/src/types';
import { evictedPlacementOf, placeEvicted } from '../../../../../libs/domain/src/scheduling/simulation/evicted-placement';

/** placeEvicted: the pods a taint evicts, placed as their replacements, in the order they are evicted. */

const node = (name: string, cpu: string): Node => ({ metadata: { name }, status: { allocatable: { cpu, memory: '8Gi', pods: '110' } } });
const pod = (name: string, on: string, phase = 'Running'): Pod => ({
  metadata: { name, namespace: 'default' },
  spec: { nodeName: on, containers: [{ name: 'c', image: 'x', resources: { requests: { cpu: '1' } } }] },
  status: { phase },
});

describe('placeEvicted', () => {
  const cluster = { nodes: [node('t', '8'), node('n', '1')], pods: [pod('now', 't'), pod('later', 't'), pod('never', 't'), pod('done', 't', 'Succeeded')] };
  const evicted = [
    { pod: cluster.pods[1] as Pod, at: 2_000 },
    { pod: cluster.pods[0] as Pod, at: 1_000 },
    { pod: cluster.pods[2] as Pod, at: null },
    { pod: cluster.pods[3] as Pod, at: 1_000 },
  ];

  it('together: the pod evicted first takes the only room; one evicted later is stranded; never-in-practice and finished pods are not placed', () => {
    // The taint is not on t here: only the room decides, and t is left to the pods that stay.
    const placed = placeEvicted({ ...cluster, nodes: [node('n', '1')] }, evicted, 'together');
    expect(placed).toMatchObject({ mode: 'together', stranded: 1 });
    expect(evictedPlacementOf(placed, { namespace: 'default', name: 'now' })?.node).toBe('n');
    expect(evictedPlacementOf(placed, { namespace: 'default', name: 'later' })).toEqual({
      node: null,
      summary: '0/1 nodes are available: 1 Insufficient cpu.',
    });
    expect(evictedPlacementOf(placed, { namespace: 'default', name: 'never' })).toBeUndefined();
    expect(evictedPlacementOf(placed, { namespace: 'default', name: 'done' })).toBeUndefined();
  });

  it('alone: each finds the room the other would take', () => {
    const placed = placeEvicted({ ...cluster, nodes: [node('n', '1')] }, evicted, 'alone');
    expect(placed.stranded).toBe(0);
  });
});
