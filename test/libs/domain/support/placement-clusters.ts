import fc from 'fast-check';
import { type Node, type PlacementCapacity, type PlacementOptions, type Pod, summaryWordings, usageByNode } from '@taintgate/domain';
import { taints } from './arbitraries';

/**
 * Clusters for the placement views' property tests: up to 12 nodes sharing a few shapes (so that
 * groups hold several nodes), sizes that run out, are unknown or too large for a double, and pods
 * running on them.
 */

export const placementNodeNames = Array.from({ length: 12 }, (_, i) => `n${String(i + 1).padStart(2, '0')}`);

const allocatable = fc.option(
  fc.record(
    {
      cpu: fc.constantFrom('500m', '1', '2'),
      // 8Ei is past what a double holds exactly: such a node is checked with bigints.
      memory: fc.constantFrom('1Gi', '2Gi', '8Ei'),
      pods: fc.constantFrom('0', '1', '2', '110'),
      'example.com/gpu': fc.constantFrom('0', '1', '2'),
    },
    { requiredKeys: [] },
  ),
  { nil: undefined },
);

export const nodeShape = fc.record({ taints, unschedulable: fc.boolean(), zone: fc.constantFrom('a', 'b', undefined), allocatable });

type Shape = typeof nodeShape extends fc.Arbitrary<infer S> ? S : never;

export const nodeNamed = (name: string, s: Shape): Node => ({
  metadata: { name, labels: s.zone ? { zone: s.zone } : {} },
  spec: { taints: s.taints, unschedulable: s.unschedulable },
  ...(s.allocatable ? { status: { allocatable: s.allocatable } } : {}),
});

export const sizedCluster: fc.Arbitrary<Node[]> = fc
  .tuple(fc.subarray(placementNodeNames), fc.array(nodeShape, { minLength: 1, maxLength: 3 }), fc.array(fc.nat(), { minLength: 12, maxLength: 12 }))
  .map(([chosen, shapes, picks]) => chosen.map((name, i) => nodeNamed(name, shapes[(picks[i] ?? 0) % shapes.length] as (typeof shapes)[number])));

export const podRequests = fc.record(
  { cpu: fc.constantFrom('0', '250m', '1', '2'), memory: fc.constantFrom('256Mi', '1Gi'), 'example.com/gpu': fc.constantFrom('0', '1') },
  { requiredKeys: [] },
);

export const runningPods: fc.Arbitrary<Pod[]> = fc
  .array(fc.tuple(fc.constantFrom(...placementNodeNames, 'ghost'), podRequests), { maxLength: 12 })
  .map((bound) =>
    bound.map(([nodeName, r], i): Pod => ({
      metadata: { name: `r${i}`, namespace: 'default' },
      spec: { nodeName, containers: [{ name: 'c', resources: { requests: r } }] },
    })),
  );

export const placementOptions: fc.Arbitrary<PlacementOptions> = fc.record({
  comparisonOperators: fc.boolean(),
  summaryWording: fc.constantFrom(...summaryWordings),
});

export const usageOfPods = (pods: Pod[]): PlacementCapacity['usageOf'] => {
  const usage = usageByNode(pods);
  return (name) => usage.get(name);
};
