import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Node,
  type PlacementCapacity,
  type PlacementOptions,
  type Pod,
  type Taint,
  nodeClassesOf,
  placePod,
  placePodGrouped,
  placementByClass,
  putNode,
  removeNode,
  summaryWordings,
  usageByNode,
} from '@taintgate/domain';
import { groupedFeasibility } from '../../../../libs/domain/src/scheduling/grouped-placement';
import { feasibilityOf } from '../../../../libs/domain/src/scheduling/placement';
import type { NodeSelectorRequirement, NodeSelectorTerm } from '../../../../libs/domain/src/types';
import { toleration } from '../support/arbitraries';

/**
 * Placement by class of nodes must answer exactly as placePod, node by node: random clusters whose
 * nodes often share taints and labels (small pools, so that classes hold several nodes and pods'
 * views merge classes), and random pods reading them every way NodeAffinity can.
 */

const names = ['n1', 'n2', 'n3', 'n4', 'n5', 'n6', 'n7', 'n8'];
const labelKeys = ['zone', 'pool', 'size', 'kubernetes.io/hostname'];
const labelValues = ['a', 'b', '1', '10', '-5', 'x y'];

const taint: fc.Arbitrary<Taint> = fc
  .record(
    {
      key: fc.constantFrom('a', 'b', 'dedicated', 'node.kubernetes.io/unreachable'),
      value: fc.constantFrom(undefined, '', 'x', 'gpu', '1', '10', '-5'),
      effect: fc.constantFrom('NoSchedule', 'PreferNoSchedule', 'NoExecute'),
      timeAdded: fc.constantFrom(undefined, '2026-11-22T00:00:00Z', '2026-11-23T00:00:00Z'),
    },
    { requiredKeys: ['key', 'effect'] },
  )
  .map((t) => Object.fromEntries(Object.entries(t).filter(([, v]) => v !== undefined)) as unknown as Taint);

const taints = fc.oneof(fc.constant<Taint[]>([]), fc.uniqueArray(taint, { maxLength: 2, selector: (t) => `${t.key}/${t.effect}` }));

const labels = fc.dictionary(fc.constantFrom(...labelKeys), fc.constantFrom(...labelValues), { maxKeys: 3 });

const allocatable = fc.option(
  fc.record({ cpu: fc.constantFrom('500m', '1', '2'), memory: fc.constantFrom('1Gi', '2Gi'), pods: fc.constantFrom('0', '1', '110') }, { requiredKeys: [] }),
  { nil: undefined },
);

const nodeOf = (name: string) =>
  fc
    .record({ taints, unschedulable: fc.oneof({ arbitrary: fc.constant(false), weight: 3 }, { arbitrary: fc.constant(true), weight: 1 }), labels, allocatable })
    .map(({ taints: t, unschedulable, labels: l, allocatable: a }): Node => ({
      metadata: { name, labels: l },
      spec: { taints: t, unschedulable },
      ...(a ? { status: { allocatable: a } } : {}),
    }));

/**
 * Up to 8 nodes; a few shapes repeated under other names, so that classes often hold several, and
 * at times a hostname label of each node's own, as kubelets set it, which only pods that read it see.
 */
const cluster: fc.Arbitrary<Node[]> = fc
  .tuple(
    fc.subarray(names),
    fc.array(nodeOf('shape'), { minLength: 1, maxLength: 4 }),
    fc.array(fc.nat(), { minLength: 8, maxLength: 8 }),
    fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
  )
  .map(([chosen, shapes, picks, hostnames]) =>
    chosen.map((name, i) => {
      const shape = shapes[(picks[i] ?? 0) % shapes.length] as Node;
      const labels = hostnames[i] ? { ...shape.metadata.labels, 'kubernetes.io/hostname': name } : shape.metadata.labels;
      return { ...shape, metadata: { ...shape.metadata, name, labels } };
    }),
  );

/** Nodes with shapes of their own, to replace a node by in incremental updates. */
const anyNode = fc.constantFrom(...names, 'n9').chain(nodeOf);

const requirement: fc.Arbitrary<NodeSelectorRequirement> = fc.oneof(
  fc.record({ key: fc.constantFrom(...labelKeys), operator: fc.constantFrom('In', 'NotIn'), values: fc.subarray(labelValues, { maxLength: 2 }) }),
  fc.record({ key: fc.constantFrom(...labelKeys), operator: fc.constantFrom('Exists', 'DoesNotExist') }),
  fc.record({ key: fc.constantFrom(...labelKeys), operator: fc.constantFrom('Gt', 'Lt'), values: fc.subarray(['0', '5', 'x'], { maxLength: 2 }) }),
);

const fieldRequirement: fc.Arbitrary<NodeSelectorRequirement> = fc.record({
  key: fc.constantFrom('metadata.name', 'metadata.name', 'spec.other'),
  operator: fc.constantFrom('In', 'NotIn', 'Exists'),
  values: fc.subarray([...names.slice(0, 3), 'ghost'], { maxLength: 2 }),
});

const term: fc.Arbitrary<NodeSelectorTerm> = fc.record(
  {
    matchExpressions: fc.array(requirement, { maxLength: 3 }),
    matchFields: fc.oneof(
      { arbitrary: fc.constant<NodeSelectorRequirement[]>([]), weight: 6 },
      { arbitrary: fc.array(fieldRequirement, { minLength: 1, maxLength: 1 }), weight: 1 },
    ),
  },
  { requiredKeys: [] },
);

const requests = fc.record({ cpu: fc.constantFrom('0', '250m', '1', '2'), memory: fc.constantFrom('256Mi', '1Gi') }, { requiredKeys: [] });

const pod: fc.Arbitrary<Pod> = fc
  .record({
    tolerations: fc.array(toleration, { maxLength: 3 }),
    nodeSelector: fc.option(fc.dictionary(fc.constantFrom(...labelKeys), fc.constantFrom(...labelValues), { maxKeys: 1 }), { nil: undefined, freq: 2 }),
    // Mostly pods read labels only; a few name nodes (matchFields) or are bound by spec.nodeName.
    terms: fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: fc.array(term, { maxLength: 3 }), weight: 2 }),
    nodeName: fc.oneof({ arbitrary: fc.constant(undefined), weight: 8 }, { arbitrary: fc.constantFrom('n1', 'n5', 'ghost'), weight: 1 }),
    requests,
  })
  .map(({ tolerations, nodeSelector, terms, nodeName, requests: r }): Pod => ({
    metadata: { name: 'p', namespace: 'default' },
    spec: {
      tolerations,
      containers: [{ name: 'c', resources: { requests: r } }],
      ...(nodeSelector ? { nodeSelector } : {}),
      ...(terms ? { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: terms } } } } : {}),
      ...(nodeName ? { nodeName } : {}),
    },
  }));

/** Pods running on the nodes, what usage is built from. */
const running = fc
  .array(fc.tuple(fc.constantFrom(...names), requests), { maxLength: 6 })
  .map((bound) =>
    bound.map(([nodeName, r], i): Pod => ({ metadata: { name: `r${i}` }, spec: { nodeName, containers: [{ name: 'c', resources: { requests: r } }] } })),
  );

const options: fc.Arbitrary<PlacementOptions> = fc.record({ comparisonOperators: fc.boolean(), summaryWording: fc.constantFrom(...summaryWordings) });

const capacityOf = (pods: Pod[]): PlacementCapacity => {
  const usage = usageByNode(pods);
  return { usageOf: (name) => usage.get(name) };
};

// More runs than the default: the space is wide, and each run is cheap.
const runs = { numRuns: Math.max(1000, Number(process.env.FAST_CHECK_RUNS ?? 0)) };

describe('placement by class of nodes answers as placePod', () => {
  it('without capacity', () => {
    fc.assert(
      fc.property(cluster, pod, options, (nodes, p, o) => {
        expect(placePodGrouped(p, nodeClassesOf(nodes), o)).toEqual(placePod(p, nodes, o));
      }),
      runs,
    );
  });

  it('with capacity', () => {
    fc.assert(
      fc.property(cluster, pod, options, running, (nodes, p, o, bound) => {
        const capacity = capacityOf(bound);
        expect(placePodGrouped(p, nodeClassesOf(nodes), o, capacity)).toEqual(placePod(p, nodes, o, capacity));
      }),
      runs,
    );
  });

  it('for many pods over one grouping, which keeps their views', () => {
    fc.assert(
      fc.property(cluster, fc.array(pod, { minLength: 2, maxLength: 6 }), options, (nodes, pods, o) => {
        const classes = nodeClassesOf(nodes);
        for (const p of pods) expect(placePodGrouped(p, classes, o)).toEqual(placePod(p, nodes, o));
      }),
      { numRuns: 300 },
    );
  });

  it('after nodes are added, replaced and removed one by one, views kept up to date', () => {
    const change = fc.oneof(
      anyNode.map((node) => ({ put: node })),
      fc.constantFrom(...names, 'n9').map((name) => ({ remove: name })),
    );
    fc.assert(
      fc.property(cluster, fc.array(change, { maxLength: 8 }), fc.array(pod, { minLength: 1, maxLength: 3 }), options, (nodes, changes, pods, o) => {
        const classes = nodeClassesOf(nodes);
        // Views built before the changes are the ones to keep right.
        for (const p of pods) placementByClass(p, classes, o);
        const now = new Map(nodes.map((n) => [n.metadata.name, n]));
        for (const c of changes) {
          if ('put' in c) {
            putNode(classes, c.put);
            now.set(c.put.metadata.name, c.put);
          } else {
            expect(removeNode(classes, c.remove)).toBe(now.delete(c.remove));
          }
        }
        const current = [...now.values()];
        for (const p of pods) expect(placePodGrouped(p, classes, o)).toEqual(placePod(p, current, o));
      }),
      { numRuns: 500 },
    );
  });

  it('groupedFeasibility is feasibilityOf, node by node, and for nodes it does not hold', () => {
    fc.assert(
      fc.property(cluster, pod, options, running, fc.boolean(), anyNode, (nodes, p, o, bound, withCapacity, stranger) => {
        const capacity = withCapacity ? capacityOf(bound) : undefined;
        const grouped = groupedFeasibility(p, nodeClassesOf(nodes), o, capacity);
        const single = feasibilityOf(p, o, capacity);
        for (const n of [...nodes, stranger]) expect(grouped(n)).toBe(single(n));
      }),
      runs,
    );
  });
});
