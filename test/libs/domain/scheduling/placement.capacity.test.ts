import { describe, expect, it } from 'vitest';
import { type Node, type NodeUsage, type Pod, type PlacementCapacity, type Taint, placePod, usageByNode } from '@taintgate/domain';
import { defaultPlacementOptions, feasibilityOf, filterNode, isFeasible } from '../../../../libs/domain/src/scheduling/placement';
import type { ResourceList } from '../../../../libs/domain/src/types';

const node = (name: string, allocatable: ResourceList | undefined, extra: { taints?: Taint[]; labels?: Record<string, string> } = {}): Node => ({
  metadata: { name, labels: extra.labels ?? {} },
  spec: { taints: extra.taints ?? [] },
  ...(allocatable ? { status: { allocatable } } : {}),
});
const pod = (requests: ResourceList, spec: Pod['spec'] = {}, name = 'web-1'): Pod => ({
  metadata: { name, namespace: 'default' },
  spec: { containers: [{ name: 'c', resources: { requests } }], ...spec },
});
const running = (name: string, nodeName: string, requests: ResourceList): Pod => ({ ...pod(requests, { nodeName }, name), status: { phase: 'Running' } });
const capacityOf = (pods: Pod[]): PlacementCapacity => {
  const usage = usageByNode(pods);
  return { usageOf: (name) => usage.get(name) };
};
const none: PlacementCapacity = { usageOf: () => undefined };
const small = { cpu: '2', memory: '4Gi', pods: '110' };
const legacy = { ...defaultPlacementOptions, summaryWording: 'legacy' as const };

describe('placePod with capacity: NodeResourcesFit', () => {
  it('without capacity nothing about resources is said, as before', () => {
    const result = placePod(pod({ cpu: '64' }), [node('n1', small)]);
    expect(result).toMatchObject({ feasibleCount: 1, summary: '1/1 nodes are available.' });
    expect(result.capacityConsidered).toBeUndefined();
    expect(result.nodes[0]?.reasons).toEqual([]);
  });

  it('a node short of cpu and memory: both reasons, with the amounts, and both counted in the summary', () => {
    const result = placePod(
      pod({ cpu: '1500m', memory: '3Gi' }),
      [node('n1', small)],
      defaultPlacementOptions,
      capacityOf([running('a', 'n1', { cpu: '1', memory: '2Gi' })]),
    );
    expect(result.capacityConsidered).toBe(true);
    expect(result.nodes[0]?.reasons).toEqual([
      {
        code: 'InsufficientResource',
        resource: { name: 'cpu', requested: 1500, used: 1000, allocatable: 2000 },
        message: 'Insufficient cpu: needs 1500m, 1000m of 2000m free',
      },
      {
        code: 'InsufficientResource',
        resource: { name: 'memory', requested: 3221225472, used: 2147483648, allocatable: 4294967296 },
        message: 'Insufficient memory: needs 3221225472, 2147483648 of 4294967296 free',
      },
    ]);
    expect(result.summary).toBe('0/1 nodes are available: 1 Insufficient cpu, 1 Insufficient memory.');
  });

  // TestSchedulerFailedSchedulingReasons (pkg/scheduler/schedule_one_test.go): 100 nodes of cpu 2 and
  // memory 100, a pod asking 4 and 500. Each node's status holds "Insufficient cpu" and "Insufficient
  // memory", and FitError.Error counts every reason of every status: 100 of each, one short line.
  it('TestSchedulerFailedSchedulingReasons: every reason of a status is counted, not one per node', () => {
    const nodes = Array.from({ length: 100 }, (_, i) => node(`node${i}`, { cpu: '2', memory: '100', pods: '10' }));
    const result = placePod(pod({ cpu: '4', memory: '500' }), nodes, defaultPlacementOptions, none);
    expect(result.summary).toBe('0/100 nodes are available: 100 Insufficient cpu, 100 Insufficient memory.');
    expect(result.summary.length).toBeLessThanOrEqual(150);
  });

  it('Too many pods: one reason, with how many pods are there and how many are allowed', () => {
    const full = capacityOf([running('a', 'n1', {}), running('b', 'n1', {})]);
    const result = placePod(pod({}), [node('n1', { ...small, pods: '2' }), node('n2', small)], defaultPlacementOptions, full);
    expect(result.nodes.map((n) => [n.name, n.feasible])).toEqual([
      ['n2', true],
      ['n1', false],
    ]);
    expect(result.nodes[1]?.reasons).toEqual([
      { code: 'TooManyPods', resource: { name: 'pods', requested: 1, used: 2, allocatable: 2 }, message: 'Too many pods: 2 pods on the node, 2 allowed' },
    ]);
    expect(result.summary).toBe('1/2 nodes are available: 1 Too many pods.');
  });

  it('a node with status.allocatable but no pods in it takes no pod: every pod is Too many pods', () => {
    const result = placePod(pod({}), [node('n1', { cpu: '4', memory: '8Gi' })], defaultPlacementOptions, none);
    expect(result.summary).toBe('0/1 nodes are available: 1 Too many pods.');
  });

  it('a node with no status.allocatable (nor capacity) is taken as unlimited, and says so without blocking', () => {
    const result = placePod(pod({ cpu: '1000' }), [node('n1', undefined)], defaultPlacementOptions, none);
    expect(result.nodes[0]).toEqual({
      name: 'n1',
      feasible: true,
      // TaintToleration 100 x 3; BalancedAllocation 100 (no resource to be uneven in); NodeResourcesFit 0 (an empty NodeInfo's).
      score: 400,
      scores: {
        TaintToleration: 100,
        NodeAffinity: 0,
        NodeResourcesFit: 0,
        PodTopologySpread: 0,
        InterPodAffinity: 0,
        NodeResourcesBalancedAllocation: 100,
        ImageLocality: 0,
      },
      rank: 1,
      reasons: [{ code: 'AllocatableUnknown', message: 'node has no status.allocatable: taken as unlimited, resources not checked' }],
    });
    expect(result.summary).toBe('1/1 nodes are available.');
  });

  it('a node with status.capacity only is limited by it (SetDefaults_NodeStatus)', () => {
    const capacityOnly: Node = { metadata: { name: 'n1' }, status: { capacity: { cpu: '1', pods: '10' } } };
    expect(placePod(pod({ cpu: '2' }), [capacityOnly], defaultPlacementOptions, none).summary).toBe('0/1 nodes are available: 1 Insufficient cpu.');
  });

  it('extended resources: a node without the resource has 0 of it', () => {
    const result = placePod(
      pod({ 'nvidia.com/gpu': '1' }),
      [node('cpu-1', small), node('gpu-1', { ...small, 'nvidia.com/gpu': '4' })],
      defaultPlacementOptions,
      none,
    );
    expect(result.nodes.map((n) => [n.name, n.feasible])).toEqual([
      ['gpu-1', true],
      ['cpu-1', false],
    ]);
    expect(result.summary).toBe('1/2 nodes are available: 1 Insufficient nvidia.com/gpu.');
  });
});

// RunFilterPlugins stops at the first filter that rejects a node, and only that status is counted;
// NodeResourcesFit runs after NodeAffinity (and NodePorts, not modelled) in getDefaultPlugins.
describe('placePod with capacity: NodeResourcesFit in the filter order', () => {
  const gpu: Taint = { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' };
  it('a node failing an earlier filter is counted for it alone; its resource reasons are still listed, after', () => {
    const p = pod({ cpu: '8' }, { nodeSelector: { zone: 'a' } });
    const nodes = [
      node('tainted', small, { taints: [gpu], labels: { zone: 'a' } }),
      node('elsewhere', small, { labels: { zone: 'b' } }),
      node('small', small, { labels: { zone: 'a' } }),
    ];
    const result = placePod(p, nodes, defaultPlacementOptions, none);
    expect(result.summary).toBe(
      "0/3 nodes are available: 1 Insufficient cpu, 1 node(s) didn't match Pod's node affinity/selector, 1 node(s) had untolerated taint(s).",
    );
    expect(placePod(p, nodes, legacy, none).summary).toBe(
      "0/3 nodes are available: 1 Insufficient cpu, 1 node(s) didn't match Pod's node affinity/selector, 1 node(s) had untolerated taint {dedicated: gpu}.",
    );
    const reasonsOf = (name: string) => result.nodes.find((n) => n.name === name)?.reasons.map((r) => r.code);
    expect(reasonsOf('tainted')).toEqual(['UntoleratedTaint', 'InsufficientResource']);
    expect(reasonsOf('elsewhere')).toEqual(['NodeSelectorMismatch', 'InsufficientResource']);
  });

  it('blocking reasons first, then the soft ones: PreferNoSchedule, then the unknown allocatable', () => {
    const soft: Taint = { key: 'slow', effect: 'PreferNoSchedule' };
    const [verdict] = placePod(pod({}), [node('n1', undefined, { taints: [soft] })], defaultPlacementOptions, none).nodes;
    expect(verdict?.reasons.map((r) => r.code)).toEqual(['UntoleratedPreferNoSchedule', 'AllocatableUnknown']);
  });

  it("the nodes NodeAffinity's PreFilter leaves out are counted for it, whatever their resources", () => {
    const byName: Pod['spec'] = {
      affinity: {
        nodeAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['n1'] }] }] },
        },
      },
    };
    const result = placePod(pod({ cpu: '8' }, byName), [node('n1', small), node('n2', small)], defaultPlacementOptions, none);
    expect(result.summary).toBe("0/2 nodes are available: 1 Insufficient cpu, 1 node(s) didn't satisfy plugin(s) [NodeAffinity].");
  });

  it('Go sorts the whole "N reason" strings byte-wise: the count first, then Insufficient before Too', () => {
    const tiny = { cpu: '1', memory: '4Gi', pods: '10' };
    const noRoom = { ...small, pods: '0' };
    expect(placePod(pod({ cpu: '2' }), [node('a', noRoom), node('b', tiny), node('c', tiny)], defaultPlacementOptions, none).summary).toBe(
      '0/3 nodes are available: 1 Too many pods, 2 Insufficient cpu.',
    );
    expect(placePod(pod({ cpu: '2' }), [node('a', noRoom), node('b', tiny)], defaultPlacementOptions, none).summary).toBe(
      '0/2 nodes are available: 1 Insufficient cpu, 1 Too many pods.',
    );
  });
});

// generalFilter (pkg/kubelet/lifecycle/predicate.go): the kubelet admits a pod bound by spec.nodeName
// with scheduler.AdmissionCheck, whose first check is noderesources.Fits, after dropping the extended
// resources its node does not list (removeMissingExtendedResources).
describe('placePod with capacity: a pod bound by spec.nodeName (the kubelet admission)', () => {
  it('is checked for resources on its node, the usage there not counting it', () => {
    const bound = pod({ cpu: '1500m' }, { nodeName: 'n1' });
    const others = capacityOf([running('a', 'n1', { cpu: '1' })]);
    const result = placePod(bound, [node('n1', small), node('n2', small)], defaultPlacementOptions, others);
    expect(result.nodes.map((n) => [n.name, n.feasible, n.reasons.map((r) => r.code)])).toEqual([
      ['n1', false, ['InsufficientResource']],
      ['n2', false, ['NodeNameMismatch']],
    ]);
    expect(result.summary).toBe("0/2 nodes are available: 1 Insufficient cpu, 1 node(s) didn't match the requested node name.");
  });

  it("an extended resource its node does not list at all is not the kubelet's to refuse; one listed at 0 is", () => {
    const bound = pod({ 'example.com/cluster-licence': '1' }, { nodeName: 'n1' });
    expect(placePod(bound, [node('n1', small)], defaultPlacementOptions, none).feasibleCount).toBe(1);
    expect(placePod(bound, [node('n1', { ...small, 'example.com/cluster-licence': '0' })], defaultPlacementOptions, none).summary).toBe(
      '0/1 nodes are available: 1 Insufficient example.com/cluster-licence.',
    );
    // The scheduler has no such leniency: unbound, the pod fits nowhere.
    expect(placePod(pod({ 'example.com/cluster-licence': '1' }), [node('n1', small)], defaultPlacementOptions, none).feasibleCount).toBe(0);
  });

  it('Too many pods holds for the kubelet too', () => {
    const bound = pod({}, { nodeName: 'n1' });
    expect(placePod(bound, [node('n1', { ...small, pods: '1' })], defaultPlacementOptions, capacityOf([running('a', 'n1', {})])).summary).toBe(
      '0/1 nodes are available: 1 Too many pods.',
    );
  });
});

describe('filterNode, isFeasible and feasibilityOf with capacity agree', () => {
  const usage: NodeUsage | undefined = usageByNode([running('a', 'n1', { cpu: '1500m' })]).get('n1');
  const capacity: PlacementCapacity = { usageOf: (name) => (name === 'n1' ? usage : undefined) };
  const nodes = [node('n1', small), node('n2', small), node('n3', undefined), node('n4', { cpu: '100m', pods: '1' })];
  it.each([
    ['a small pod', pod({ cpu: '250m' })],
    ['a large pod', pod({ cpu: '1' })],
    ['a pod requesting nothing', pod({})],
  ])('%s', (_name, p) => {
    const feasible = feasibilityOf(p, undefined, capacity);
    for (const n of nodes) {
      const explained = filterNode(p, n, undefined, capacity).rejection === undefined;
      expect(isFeasible(p, n, undefined, capacity)).toBe(explained);
      expect(feasible(n)).toBe(explained);
    }
  });
});
