import fc from 'fast-check';
import type { Node, Pod, Taint, Toleration } from '@taintgate/domain';

/** Small alphabets on purpose, so that generated tolerations and taints often meet. */
const key = fc.constantFrom('a', 'b', 'example.com/gpu', 'node.kubernetes.io/unreachable');
const value = fc.constantFrom('', 'x', 'y', '1', '10', '-5');
const effect = fc.constantFrom('NoSchedule', 'PreferNoSchedule', 'NoExecute');

export const taint: fc.Arbitrary<Taint> = fc.record({ key, value, effect });

export const toleration: fc.Arbitrary<Toleration> = fc.oneof(
  fc.record({ key, operator: fc.constant('Equal'), value, effect: fc.constantFrom('', 'NoSchedule', 'PreferNoSchedule', 'NoExecute') }),
  fc.record({ key: fc.constantFrom('', 'a', 'b'), operator: fc.constant('Exists'), effect: fc.constantFrom('', 'NoSchedule', 'NoExecute') }),
  fc.record({ key, operator: fc.constantFrom('Gt', 'Lt'), value: fc.constantFrom('0', '5', '-3'), effect: fc.constantFrom('', 'NoSchedule') }),
  fc.record({
    key,
    operator: fc.constant('Exists'),
    effect: fc.constant('NoExecute'),
    tolerationSeconds: fc.option(fc.integer({ min: -5, max: 600 }), { nil: undefined }),
  }),
);

/** Taints unique by key and effect, as validation guarantees. */
export const taints = fc.uniqueArray(taint, { maxLength: 5, selector: (t) => `${t.key}/${t.effect}` });

export const node: fc.Arbitrary<Node> = fc
  .record({
    name: fc.constantFrom('n1', 'n2', 'n3', 'n4'),
    taints,
    unschedulable: fc.boolean(),
    zone: fc.constantFrom('a', 'b', undefined),
  })
  .map(({ name, taints: t, unschedulable, zone }): Node => ({
    metadata: { name, labels: zone ? { zone } : {} },
    spec: { taints: t, unschedulable },
  }));

export const nodes = fc.uniqueArray(node, { maxLength: 4, selector: (n) => n.metadata.name });

export const pod: fc.Arbitrary<Pod> = fc
  .record({
    tolerations: fc.array(toleration, { maxLength: 4 }),
    zone: fc.constantFrom('a', 'b', undefined),
    nodeName: fc.constantFrom(undefined, 'n1'),
  })
  .map(({ tolerations, zone, nodeName }): Pod => ({
    metadata: { name: 'p', namespace: 'default' },
    spec: { tolerations, ...(zone ? { nodeSelector: { zone } } : {}), ...(nodeName ? { nodeName } : {}) },
  }));

/** Node sizes in a few steps, without status.allocatable at times (taken as unlimited). */
const allocatable = fc.option(
  fc.record({
    cpu: fc.constantFrom('500m', '1', '2'),
    memory: fc.constantFrom('1Gi', '2Gi'),
    pods: fc.constantFrom('0', '1', '2', '110'),
    'example.com/gpu': fc.constantFrom('0', '1', '2'),
  }),
  { nil: undefined },
);

export const sizedNodes: fc.Arbitrary<Node[]> = fc
  .tuple(nodes, fc.array(allocatable, { minLength: 4, maxLength: 4 }))
  .map(([ns, sizes]) => ns.map((n, i) => (sizes[i] ? { ...n, status: { allocatable: sizes[i] } } : n)));

const requests = fc.record(
  { cpu: fc.constantFrom('0', '250m', '1', '2'), memory: fc.constantFrom('256Mi', '1Gi'), 'example.com/gpu': fc.constantFrom('0', '1') },
  { requiredKeys: [] },
);

/** A pod with requests in the nodes' range (see pod). */
export const requestingPod: fc.Arbitrary<Pod> = fc
  .tuple(pod, requests)
  .map(([p, r]) => ({ ...p, spec: { ...p.spec, containers: [{ name: 'c', resources: { requests: r } }] } }));

/** Running pods bound to the nodes n1..n4, what their usage is built from. */
export const runningPods: fc.Arbitrary<Pod[]> = fc.array(fc.tuple(fc.constantFrom('n1', 'n2', 'n3', 'n4'), requests), { maxLength: 5 }).map((bound) =>
  bound.map(([nodeName, r], i): Pod => ({
    metadata: { name: `r${i}`, namespace: 'default' },
    spec: { nodeName, containers: [{ name: 'c', resources: { requests: r } }] },
  })),
);
