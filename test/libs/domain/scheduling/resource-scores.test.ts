import { describe, expect, it } from 'vitest';
import { type Node, type Pod, usageByNode } from '@taintgate/domain';
import type { ResourceList } from '../../../../libs/domain/src/types';
import {
  type ResourceSpec,
  balancedAllocationScores,
  balancedAllocationWeight,
  defaultScoringResources,
  nodeResourcesFitScores,
  nodeResourcesFitWeight,
} from '../../../../libs/domain/src/scheduling/resource-scores';

/** st.MakePod(): each Req adds a container requesting these. */
let serial = 0;
function makePod(nodeName: string | undefined, ...containerRequests: ResourceList[]): Pod {
  serial += 1;
  return {
    metadata: { name: `pod-${serial}`, namespace: 'ns' },
    spec: { ...(nodeName ? { nodeName } : {}), containers: containerRequests.map((requests, i) => ({ name: `c${i}`, resources: { requests } })) },
  };
}

/** st.MakeNode().Name(name).Capacity(resources): capacity and allocatable alike, with 32 pods; no Capacity, no resources. */
const makeNode = (name: string, resources?: ResourceList): Node => ({
  metadata: { name },
  ...(resources ? { status: { capacity: { pods: '32', ...resources }, allocatable: { pods: '32', ...resources } } } : {}),
});

/** test_util.go's makeNode: cpu in millicores, memory in bytes, and extended resources. */
const milliNode = (name: string, milliCPU: number, memory: number, extended: Record<string, number> = {}): Node => {
  const list: ResourceList = { cpu: `${milliCPU}m`, memory: String(memory) };
  for (const [res, q] of Object.entries(extended)) list[res] = String(q);
  return { metadata: { name }, status: { capacity: list, allocatable: list } };
};

const extendedRes = 'abc.com/xyz';
const extendedResourceSet: ResourceSpec[] = [
  { name: 'cpu', weight: 1 },
  { name: 'memory', weight: 1 },
  { name: extendedRes, weight: 1 },
];

function leastAllocated(pod: Pod, nodes: Node[], existing: Pod[], resources: readonly ResourceSpec[] = defaultScoringResources): number[] {
  const usage = usageByNode(existing);
  return nodeResourcesFitScores(pod, nodes, (name) => usage.get(name), resources);
}

describe('default weights (default_plugins.go)', () => {
  it('NodeResourcesFit 1, NodeResourcesBalancedAllocation 1', () => {
    expect([nodeResourcesFitWeight, balancedAllocationWeight]).toEqual([1, 1]);
  });
});

// Kubernetes' TestLeastAllocatedScoringStrategy (noderesources/least_allocated_test.go), case by case.
// Left out: "Resources not set, pods scheduled with error" (below, as the error it is) and the
// three cases of weights refused by the arguments' validation (negative, zero, above 100): profiles
// are not configured here.
describe('NodeResourcesFit Score, LeastAllocated (TestLeastAllocatedScoringStrategy)', () => {
  const twoSmall = () => makePod(undefined, { cpu: '1000', memory: '2000' }, { cpu: '2000', memory: '3000' });
  it.each<[string, Pod, Node[], Pod[], number[], (readonly ResourceSpec[])?]>([
    [
      'nothing scheduled, nothing requested',
      makePod(undefined),
      [makeNode('node1', { cpu: '4000', memory: '10000' }), makeNode('node2', { cpu: '4000', memory: '10000' })],
      [],
      [100, 100],
    ],
    [
      'nothing scheduled, resources requested, differently sized nodes',
      twoSmall(),
      [makeNode('node1', { cpu: '4000', memory: '10000' }), makeNode('node2', { cpu: '6000', memory: '10000' })],
      [],
      [37, 50],
    ],
    [
      'no resources requested, pods scheduled',
      makePod(undefined),
      [makeNode('node1', { cpu: '4000', memory: '10000' }), makeNode('node2', { cpu: '4000', memory: '10000' })],
      [makePod('node1'), makePod('node1'), makePod('node2'), makePod('node2')],
      [100, 100],
    ],
    [
      'no resources requested, pods scheduled with resources',
      makePod(undefined),
      [makeNode('node1', { cpu: '10000', memory: '20000' }), makeNode('node2', { cpu: '10000', memory: '20000' })],
      [
        makePod('node1', { cpu: '3000', memory: '0' }),
        makePod('node1', { cpu: '3000', memory: '0' }),
        makePod('node2', { cpu: '3000', memory: '0' }),
        makePod('node2', { cpu: '3000', memory: '5000' }),
      ],
      [70, 57],
    ],
    [
      'resources requested, pods scheduled with resources',
      twoSmall(),
      [makeNode('node1', { cpu: '10000', memory: '20000' }), makeNode('node2', { cpu: '10000', memory: '20000' })],
      [makePod('node1', { cpu: '3000', memory: '0' }), makePod('node2', { cpu: '3000', memory: '5000' })],
      [57, 45],
    ],
    [
      'resources requested, pods scheduled with resources, differently sized nodes',
      twoSmall(),
      [makeNode('node1', { cpu: '10000', memory: '20000' }), makeNode('node2', { cpu: '10000', memory: '50000' })],
      [makePod('node1', { cpu: '3000', memory: '0' }), makePod('node2', { cpu: '3000', memory: '5000' })],
      [57, 60],
    ],
    [
      'requested resources exceed node capacity',
      makePod(undefined, { cpu: '3000', memory: '0' }),
      [makeNode('node1', { cpu: '4000', memory: '10000' }), makeNode('node2', { cpu: '4000', memory: '10000' })],
      [makePod('node1', { cpu: '3000', memory: '0' }), makePod('node2', { cpu: '3000', memory: '5000' })],
      [50, 25],
    ],
    [
      'zero node resources, pods scheduled with resources',
      makePod(undefined),
      [makeNode('node1'), makeNode('node2')],
      [makePod('node1', { cpu: '3000', memory: '0' }), makePod('node2', { cpu: '3000', memory: '5000' })],
      [0, 0],
    ],
    [
      'nothing scheduled, resources requested with different weight on CPU and memory, differently sized nodes',
      twoSmall(),
      [makeNode('node1', { cpu: '4000', memory: '10000' }), makeNode('node2', { cpu: '6000', memory: '10000' })],
      [],
      [41, 50],
      [
        { name: 'memory', weight: 2 },
        { name: 'cpu', weight: 1 },
      ],
    ],
    [
      'bypass extended resource if the pod does not request',
      twoSmall(),
      [makeNode('node1', { cpu: '6000', memory: '10000' }), makeNode('node2', { cpu: '6000', memory: '10000', [extendedRes]: '4' })],
      [],
      [50, 50],
      extendedResourceSet,
    ],
    [
      'honor extended resource if the pod requests',
      makePod(undefined, { cpu: '3000', memory: '5000', [extendedRes]: '2' }),
      [makeNode('node1', { cpu: '6000', memory: '10000', [extendedRes]: '4' }), makeNode('node2', { cpu: '6000', memory: '10000', [extendedRes]: '10' })],
      [],
      [50, 60],
      extendedResourceSet,
    ],
    [
      "if the node doesn't have a resource",
      makePod(undefined, { cpu: '3000', memory: '4000' }),
      [makeNode('node1', { cpu: '6000', memory: '10000' }), makeNode('node2', { cpu: '6000', memory: '10000', [extendedRes]: '4' })],
      [],
      [55, 55],
      [
        { name: extendedRes, weight: 2 },
        { name: 'cpu', weight: 1 },
        { name: 'memory', weight: 1 },
      ],
    ],
  ])('%s', (_name, pod, nodes, existing, expected, resources) => {
    expect(leastAllocated(pod, nodes, existing, resources)).toEqual(expected);
  });

  it('Resources not set, pods scheduled with error', () => {
    expect(() => leastAllocated(makePod(undefined, { cpu: '1000' }), [makeNode('node1', { cpu: '4000', memory: '10000' })], [], [])).toThrow(
      'resources not found',
    );
  });
});

// What LeastAllocated counts of a pod that requests nothing: 100m of cpu and 200Mi of memory per
// container (schedutil.DefaultMilliCPURequest / DefaultMemoryRequest), on the pods of the node too.
describe('NodeResourcesFit Score: non-zero requests', () => {
  const node = milliNode('n1', 1000, 1000 * 1024 * 1024);
  it('an incoming container without requests counts 100m and 200Mi', () => {
    // cpu (1000-100)*100/1000 = 90, memory (1000Mi-200Mi)*100/1000Mi = 80: (90+80)/2 = 85.
    expect(leastAllocated(makePod(undefined, {}), [node], [])).toEqual([85]);
  });

  it('so does each container on the node without requests (NonZeroRequested)', () => {
    // Two requestless pods on the node and the incoming one: 300m and 600Mi. (70+40)/2 = 55.
    expect(leastAllocated(makePod(undefined, {}), [node], [makePod('n1', {}), makePod('n1', {})])).toEqual([55]);
  });

  it('an explicit zero is a request: nothing counted', () => {
    expect(leastAllocated(makePod(undefined, { cpu: '0', memory: '0' }), [node], [makePod('n1', { cpu: '0', memory: '0' })])).toEqual([100]);
  });
});

// Kubernetes' TestNodeResourcesBalancedAllocation (noderesources/balanced_allocation_test.go), case by case.
// Left out: the two DRA extended-resource cases (the DRAExtendedResource feature, off by default in
// 1.34, is not modeled). "... if PreScore not called" is the same computation here.
describe('NodeResourcesBalancedAllocation Score (TestNodeResourcesBalancedAllocation)', () => {
  const cpuAndMemoryAndGPU = (nodeName?: string): Pod =>
    makePod(nodeName, { cpu: '1000m', memory: '2000' }, { cpu: '2000m', memory: '3000', 'nvidia.com/gpu': '3' });
  const cpuOnly = (nodeName?: string): Pod => makePod(nodeName, { cpu: '1000m', memory: '0' }, { cpu: '2000m', memory: '0' });
  const cpuAndMemory = (nodeName?: string): Pod => makePod(nodeName, { cpu: '1000m', memory: '2000' }, { cpu: '2000m', memory: '3000' });
  const withGPU: ResourceSpec[] = [
    { name: 'cpu', weight: 1 },
    { name: 'memory', weight: 1 },
    { name: 'nvidia.com/gpu', weight: 1 },
  ];
  const scalarResource = { 'nvidia.com/gpu': 8 };

  it.each<[string, Pod, Node[], Pod[], number[], (readonly ResourceSpec[])?]>([
    [
      // PreScore returns Skip: the plugin adds nothing to any node.
      'nothing scheduled, nothing requested, skip in PreScore',
      makePod(undefined),
      [milliNode('node1', 4000, 10000), milliNode('node2', 4000, 10000)],
      [],
      [0, 0],
    ],
    [
      'nothing scheduled, resources requested, differently sized nodes',
      cpuAndMemory(),
      [milliNode('node1', 4000, 10000), milliNode('node2', 6000, 10000)],
      [],
      [87, 100],
    ],
    [
      'resources requested, pods scheduled with resources',
      cpuAndMemory(),
      [milliNode('node1', 10000, 20000), milliNode('node2', 10000, 20000)],
      [cpuOnly('node1'), cpuAndMemory('node2')],
      [82, 95],
    ],
    [
      'resources requested, pods scheduled with resources, differently sized nodes',
      cpuAndMemory(),
      [milliNode('node1', 10000, 20000), milliNode('node2', 10000, 50000)],
      [cpuOnly('node1'), cpuAndMemory('node2')],
      [82, 80],
    ],
    [
      'requested resources at node capacity',
      cpuOnly(),
      [milliNode('node1', 6000, 10000), milliNode('node2', 6000, 10000)],
      [cpuOnly('node1'), cpuAndMemory('node2')],
      [50, 75],
    ],
    [
      'include scalar resource on a node for balanced resource allocation',
      makePod(undefined, { memory: '0', 'nvidia.com/gpu': '1' }),
      [milliNode('node1', 3500, 40000, scalarResource), milliNode('node2', 3500, 40000, scalarResource)],
      [cpuAndMemory('node2'), cpuAndMemoryAndGPU('node1')],
      [70, 65],
      withGPU,
    ],
    [
      'node without the scalar resource should skip the scalar resource',
      cpuAndMemory(),
      [milliNode('node1', 3500, 40000, scalarResource), milliNode('node2', 3500, 40000)],
      [],
      [63, 63],
      withGPU,
    ],
    [
      'resources requested, pods scheduled with resources if PreScore not called',
      cpuAndMemory(),
      [milliNode('node1', 10000, 20000), milliNode('node2', 10000, 20000)],
      [cpuOnly('node1'), cpuAndMemory('node2')],
      [82, 95],
    ],
  ])('%s', (_name, pod, nodes, existing, expected, resources) => {
    const usage = usageByNode(existing);
    expect(balancedAllocationScores(pod, nodes, (name) => usage.get(name), resources)).toEqual(expected);
  });

  it('requests as they are: a container without requests counts nothing (useRequested)', () => {
    // cpu 1000m of 4000m, memory 0: std (0.25-0)/2, (1-0.125)*100 = 87.
    const usage = usageByNode([makePod('node1', {})]);
    expect(balancedAllocationScores(makePod(undefined, { cpu: '1000m' }), [milliNode('node1', 4000, 10000)], (name) => usage.get(name))).toEqual([87]);
  });
});
