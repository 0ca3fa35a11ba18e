import { describe, expect, it } from 'vitest';
import { type Node, type NodeUsage, type Pod, addPodUsage, emptyNodeUsage, podResourceRequest } from '@taintgate/domain';
import {
  type InsufficientResource,
  type NodeAllocatable,
  fitsRequest,
  nodeCapacity,
  withoutMissingExtendedResources,
} from '../../../../libs/domain/src/scheduling/node-resources-fit';
import type { ResourceList } from '../../../../libs/domain/src/types';

/**
 * fitsRequest (pkg/scheduler/framework/plugins/noderesources/fit.go) through the helpers of
 * fit_test.go: newResourcePod's containers request cpu (millicores), memory and ephemeral-storage
 * always, at zero too, and the scalar resources given; a NodeInfo holds the pods given.
 */
interface Usage {
  milliCPU?: number;
  memory?: number;
  ephemeralStorage?: number;
  scalar?: Record<string, number>;
}
const extendedA = 'example.com/aaa';
const extendedB = 'example.com/bbb';
const kubernetesIOResourceA = 'kubernetes.io/something';
const kubernetesIOResourceB = 'subdomain.kubernetes.io/something';
const hugePageResourceA = 'hugepages-2Mi';

const requestsOf = (u: Usage): ResourceList => ({
  cpu: `${u.milliCPU ?? 0}m`,
  memory: String(u.memory ?? 0),
  'ephemeral-storage': String(u.ephemeralStorage ?? 0),
  ...Object.fromEntries(Object.entries(u.scalar ?? {}).map(([name, q]) => [name, String(q)])),
});
const containersOf = (usage: Usage[]) => usage.map((u, i) => ({ name: `c${i}`, resources: { requests: requestsOf(u) } }));
const newResourcePod = (...usage: Usage[]): Pod => ({ metadata: { name: 'p' }, spec: { containers: containersOf(usage) } });
const newResourceInitPod = (pod: Pod, ...usage: Usage[]): Pod => ({ ...pod, spec: { ...pod.spec, initContainers: containersOf(usage) } });
const newResourceOverheadPod = (pod: Pod, overhead: ResourceList): Pod => ({ ...pod, spec: { ...pod.spec, overhead } });
const newPodLevelResourcesPod = (pod: Pod, requests: ResourceList): Pod => ({ ...pod, spec: { ...pod.spec, resources: { requests } } });
const newNodeInfo = (...pods: Pod[]): NodeUsage => pods.reduce((usage, p) => addPodUsage(usage, podResourceRequest(p)), emptyNodeUsage);

/** makeAllocatableResources(milliCPU, memory, pods, extendedA, storage, hugePageA). */
const makeAllocatableResources = (milliCPU: number, memory: number, pods: number, extended: number, storage: number, hugePage: number): ResourceList => ({
  cpu: `${milliCPU}m`,
  memory: String(memory),
  pods: String(pods),
  [extendedA]: String(extended),
  'ephemeral-storage': String(storage),
  [hugePageResourceA]: String(hugePage),
});
const allocatableOf = (list: ResourceList): NodeAllocatable => {
  const capacity = nodeCapacity({ metadata: { name: 'n' }, status: { allocatable: list } });
  if (!capacity.limited) throw new Error('limited expected');
  return capacity.allocatable;
};

const short = (resourceName: string, requested: number, used: number, capacity: number, unresolvable = false): InsufficientResource => ({
  resourceName,
  reason: `Insufficient ${resourceName}`,
  requested: BigInt(requested),
  used: BigInt(used),
  capacity: BigInt(capacity),
  unresolvable,
});

describe('fitsRequest: TestEnoughRequests (fit_test.go), allocatable makeAllocatableResources(10, 20, 32, 5, 20, 5)', () => {
  const allocatable = allocatableOf(makeAllocatableResources(10, 20, 32, 5, 20, 5));
  it.each<[string, Pod, NodeUsage, InsufficientResource[]]>([
    ['no resources requested always fits', { metadata: { name: 'p' } }, newNodeInfo(newResourcePod({ milliCPU: 10, memory: 20 })), []],
    [
      'too many resources fails',
      newResourcePod({ milliCPU: 1, memory: 1 }),
      newNodeInfo(newResourcePod({ milliCPU: 10, memory: 20 })),
      [short('cpu', 1, 10, 10), short('memory', 1, 20, 20)],
    ],
    [
      'too many resources fails due to init container cpu',
      newResourceInitPod(newResourcePod({ milliCPU: 1, memory: 1 }), { milliCPU: 3, memory: 1 }),
      newNodeInfo(newResourcePod({ milliCPU: 8, memory: 19 })),
      [short('cpu', 3, 8, 10)],
    ],
    [
      'too many resources fails due to highest init container cpu',
      newResourceInitPod(newResourcePod({ milliCPU: 1, memory: 1 }), { milliCPU: 3, memory: 1 }, { milliCPU: 2, memory: 1 }),
      newNodeInfo(newResourcePod({ milliCPU: 8, memory: 19 })),
      [short('cpu', 3, 8, 10)],
    ],
    [
      'too many resources fails due to init container memory',
      newResourceInitPod(newResourcePod({ milliCPU: 1, memory: 1 }), { milliCPU: 1, memory: 3 }),
      newNodeInfo(newResourcePod({ milliCPU: 9, memory: 19 })),
      [short('memory', 3, 19, 20)],
    ],
    [
      'too many resources fails due to highest init container memory',
      newResourceInitPod(newResourcePod({ milliCPU: 1, memory: 1 }), { milliCPU: 1, memory: 3 }, { milliCPU: 1, memory: 2 }),
      newNodeInfo(newResourcePod({ milliCPU: 9, memory: 19 })),
      [short('memory', 3, 19, 20)],
    ],
    [
      "init container fits because it's the max, not sum, of containers and init containers",
      newResourceInitPod(newResourcePod({ milliCPU: 1, memory: 1 }), { milliCPU: 1, memory: 1 }),
      newNodeInfo(newResourcePod({ milliCPU: 9, memory: 19 })),
      [],
    ],
    [
      "multiple init containers fit because it's the max, not sum, of containers and init containers",
      newResourceInitPod(newResourcePod({ milliCPU: 1, memory: 1 }), { milliCPU: 1, memory: 1 }, { milliCPU: 1, memory: 1 }),
      newNodeInfo(newResourcePod({ milliCPU: 9, memory: 19 })),
      [],
    ],
    ['both resources fit', newResourcePod({ milliCPU: 1, memory: 1 }), newNodeInfo(newResourcePod({ milliCPU: 5, memory: 5 })), []],
    ['one resource memory fits', newResourcePod({ milliCPU: 2, memory: 1 }), newNodeInfo(newResourcePod({ milliCPU: 9, memory: 5 })), [short('cpu', 2, 9, 10)]],
    [
      'one resource cpu fits',
      newResourcePod({ milliCPU: 1, memory: 2 }),
      newNodeInfo(newResourcePod({ milliCPU: 5, memory: 19 })),
      [short('memory', 2, 19, 20)],
    ],
    ['equal edge case', newResourcePod({ milliCPU: 5, memory: 1 }), newNodeInfo(newResourcePod({ milliCPU: 5, memory: 19 })), []],
    [
      'equal edge case for init container',
      newResourceInitPod(newResourcePod({ milliCPU: 4, memory: 1 }), { milliCPU: 5, memory: 1 }),
      newNodeInfo(newResourcePod({ milliCPU: 5, memory: 19 })),
      [],
    ],
    ['extended resource fits', newResourcePod({ scalar: { [extendedA]: 1 } }), newNodeInfo(newResourcePod({})), []],
    ['extended resource fits for init container', newResourceInitPod(newResourcePod({}), { scalar: { [extendedA]: 1 } }), newNodeInfo(newResourcePod({})), []],
    [
      'extended resource capacity enforced',
      newResourcePod({ milliCPU: 1, memory: 1, scalar: { [extendedA]: 10 } }),
      newNodeInfo(newResourcePod({ scalar: { [extendedA]: 0 } })),
      [short(extendedA, 10, 0, 5, true)],
    ],
    [
      'extended resource capacity enforced for init container',
      newResourceInitPod(newResourcePod({}), { milliCPU: 1, memory: 1, scalar: { [extendedA]: 10 } }),
      newNodeInfo(newResourcePod({ scalar: { [extendedA]: 0 } })),
      [short(extendedA, 10, 0, 5, true)],
    ],
    [
      'extended resource allocatable enforced',
      newResourcePod({ milliCPU: 1, memory: 1, scalar: { [extendedA]: 1 } }),
      newNodeInfo(newResourcePod({ scalar: { [extendedA]: 5 } })),
      [short(extendedA, 1, 5, 5)],
    ],
    [
      'extended resource allocatable enforced for init container',
      newResourceInitPod(newResourcePod({}), { milliCPU: 1, memory: 1, scalar: { [extendedA]: 1 } }),
      newNodeInfo(newResourcePod({ scalar: { [extendedA]: 5 } })),
      [short(extendedA, 1, 5, 5)],
    ],
    [
      'extended resource allocatable enforced for multiple containers',
      newResourcePod({ milliCPU: 1, memory: 1, scalar: { [extendedA]: 3 } }, { milliCPU: 1, memory: 1, scalar: { [extendedA]: 3 } }),
      newNodeInfo(newResourcePod({ scalar: { [extendedA]: 2 } })),
      [short(extendedA, 6, 2, 5, true)],
    ],
    [
      'extended resource allocatable admits multiple init containers',
      newResourceInitPod(newResourcePod({}), { milliCPU: 1, memory: 1, scalar: { [extendedA]: 3 } }, { milliCPU: 1, memory: 1, scalar: { [extendedA]: 3 } }),
      newNodeInfo(newResourcePod({ scalar: { [extendedA]: 2 } })),
      [],
    ],
    [
      'extended resource allocatable enforced for multiple init containers',
      newResourceInitPod(newResourcePod({}), { milliCPU: 1, memory: 1, scalar: { [extendedA]: 6 } }, { milliCPU: 1, memory: 1, scalar: { [extendedA]: 3 } }),
      newNodeInfo(newResourcePod({ scalar: { [extendedA]: 2 } })),
      [short(extendedA, 6, 2, 5, true)],
    ],
    [
      'extended resource allocatable enforced for unknown resource',
      newResourcePod({ milliCPU: 1, memory: 1, scalar: { [extendedB]: 1 } }),
      newNodeInfo(newResourcePod({})),
      [short(extendedB, 1, 0, 0, true)],
    ],
    [
      'extended resource allocatable enforced for unknown resource for init container',
      newResourceInitPod(newResourcePod({}), { milliCPU: 1, memory: 1, scalar: { [extendedB]: 1 } }),
      newNodeInfo(newResourcePod({})),
      [short(extendedB, 1, 0, 0, true)],
    ],
    [
      'kubernetes.io resource capacity enforced',
      newResourcePod({ milliCPU: 1, memory: 1, scalar: { [kubernetesIOResourceA]: 10 } }),
      newNodeInfo(newResourcePod({})),
      [short(kubernetesIOResourceA, 10, 0, 0, true)],
    ],
    [
      'kubernetes.io resource capacity enforced for init container',
      newResourceInitPod(newResourcePod({}), { milliCPU: 1, memory: 1, scalar: { [kubernetesIOResourceB]: 10 } }),
      newNodeInfo(newResourcePod({})),
      [short(kubernetesIOResourceB, 10, 0, 0, true)],
    ],
    [
      'hugepages resource capacity enforced',
      newResourcePod({ milliCPU: 1, memory: 1, scalar: { [hugePageResourceA]: 10 } }),
      newNodeInfo(newResourcePod({ scalar: { [hugePageResourceA]: 0 } })),
      [short(hugePageResourceA, 10, 0, 5, true)],
    ],
    [
      'hugepages resource capacity enforced for init container',
      newResourceInitPod(newResourcePod({}), { milliCPU: 1, memory: 1, scalar: { [hugePageResourceA]: 10 } }),
      newNodeInfo(newResourcePod({ scalar: { [hugePageResourceA]: 0 } })),
      [short(hugePageResourceA, 10, 0, 5, true)],
    ],
    [
      'hugepages resource allocatable enforced for multiple containers',
      newResourcePod({ milliCPU: 1, memory: 1, scalar: { [hugePageResourceA]: 3 } }, { milliCPU: 1, memory: 1, scalar: { [hugePageResourceA]: 3 } }),
      newNodeInfo(newResourcePod({ scalar: { [hugePageResourceA]: 2 } })),
      [short(hugePageResourceA, 6, 2, 5, true)],
    ],
    [
      'resources + pod overhead fits',
      newResourceOverheadPod(newResourcePod({ milliCPU: 1, memory: 1 }), { cpu: '3m', memory: '13' }),
      newNodeInfo(newResourcePod({ milliCPU: 5, memory: 5 })),
      [],
    ],
    [
      'requests + overhead does not fit for memory',
      newResourceOverheadPod(newResourcePod({ milliCPU: 1, memory: 1 }), { cpu: '1m', memory: '15' }),
      newNodeInfo(newResourcePod({ milliCPU: 5, memory: 5 })),
      [short('memory', 16, 5, 20)],
    ],
    [
      'skip checking extended resource request with quantity zero via resource groups',
      newResourcePod({ milliCPU: 1, memory: 1, scalar: { [extendedA]: 0 } }),
      newNodeInfo(newResourcePod({ scalar: { [extendedA]: 6 } })),
      [],
    ],
    [
      'skip checking resource request with quantity zero',
      newResourcePod({ scalar: { [extendedA]: 1 } }),
      newNodeInfo(newResourcePod({ milliCPU: 20, memory: 30, scalar: { [extendedA]: 1 } })),
      [],
    ],
    [
      'both pod-level and container-level resources fit',
      newPodLevelResourcesPod(newResourcePod({ milliCPU: 1, memory: 1 }), { cpu: '1m', memory: '2' }),
      newNodeInfo(newResourcePod({ milliCPU: 5, memory: 5 })),
      [],
    ],
    [
      'pod-level cpu resource not fit',
      newPodLevelResourcesPod(newResourcePod({ milliCPU: 1, memory: 1 }), { cpu: '7m', memory: '2' }),
      newNodeInfo(newResourcePod({ milliCPU: 5, memory: 5 })),
      [short('cpu', 7, 5, 10)],
    ],
    [
      'pod-level memory resource not fit',
      newPodLevelResourcesPod(newResourcePod({ milliCPU: 1, memory: 1 }), { cpu: '3m', memory: '2' }),
      newNodeInfo(newResourcePod({ milliCPU: 5, memory: 19 })),
      [short('memory', 2, 19, 20)],
    ],
    ['pod-level hugepages resource fit', newPodLevelResourcesPod(newResourcePod(), { cpu: '3m', memory: '2', [hugePageResourceA]: '5' }), newNodeInfo(), []],
    [
      'both pod-level and container-level hugepages resource fit',
      newPodLevelResourcesPod(newResourcePod({ milliCPU: 1, memory: 1, scalar: { [hugePageResourceA]: 3 } }), {
        cpu: '3m',
        memory: '2',
        [hugePageResourceA]: '5',
      }),
      newNodeInfo(),
      [],
    ],
    [
      'pod-level hugepages resource not fit',
      newPodLevelResourcesPod(newResourcePod(), { cpu: '3m', memory: '2', [hugePageResourceA]: '10' }),
      newNodeInfo(),
      [short(hugePageResourceA, 10, 0, 5, true)],
    ],
    [
      'one pod-level cpu resource fits and all init and non-init containers resources fit',
      newResourceInitPod(newPodLevelResourcesPod(newResourcePod({ milliCPU: 1, memory: 1 }), { cpu: '3m', memory: '2' }), { milliCPU: 1, memory: 1 }),
      newNodeInfo(newResourcePod({ milliCPU: 5, memory: 19 })),
      [short('memory', 2, 19, 20)],
    ],
    // Not ported: the cases of NodeResourcesFitArgs' IgnoredResources and IgnoredResourceGroups (the
    // default profile sets neither) and of DRAExtendedResource (device classes are not modelled).
  ])('%s', (_name, pod, nodeInfo, expected) => {
    expect(fitsRequest(podResourceRequest(pod), allocatable, nodeInfo)).toEqual(expected);
  });
});

const reasons = (found: InsufficientResource[]) => found.map((r) => r.reason);

describe('fitsRequest: TestNotEnoughRequests (fit_test.go), allocatable makeAllocatableResources(10, 20, 1, 0, 0, 0)', () => {
  const allocatable = allocatableOf(makeAllocatableResources(10, 20, 1, 0, 0, 0));
  it.each<[string, Pod, NodeUsage]>([
    [
      "even without specified resources, predicate fails when there's no space for additional pod",
      { metadata: { name: 'p' } },
      newNodeInfo(newResourcePod({ milliCPU: 10, memory: 20 })),
    ],
    [
      "even if both resources fit, predicate fails when there's no space for additional pod",
      newResourcePod({ milliCPU: 1, memory: 1 }),
      newNodeInfo(newResourcePod({ milliCPU: 5, memory: 5 })),
    ],
    [
      "even for equal edge case, predicate fails when there's no space for additional pod",
      newResourcePod({ milliCPU: 5, memory: 1 }),
      newNodeInfo(newResourcePod({ milliCPU: 5, memory: 19 })),
    ],
    [
      "even for equal edge case, predicate fails when there's no space for additional pod due to init container",
      newResourceInitPod(newResourcePod({ milliCPU: 5, memory: 1 }), { milliCPU: 5, memory: 1 }),
      newNodeInfo(newResourcePod({ milliCPU: 5, memory: 19 })),
    ],
  ])('%s', (_name, pod, nodeInfo) => {
    const found = fitsRequest(podResourceRequest(pod), allocatable, nodeInfo);
    expect(reasons(found)).toEqual(['Too many pods']);
    expect(found[0]).toEqual({ resourceName: 'pods', reason: 'Too many pods', requested: 1n, used: 1n, capacity: 1n, unresolvable: false });
  });
});

describe('fitsRequest: TestStorageRequests (fit_test.go)', () => {
  const allocatable = allocatableOf(makeAllocatableResources(10, 20, 32, 5, 20, 5));
  it.each<[string, Pod, NodeUsage, InsufficientResource[]]>([
    ['empty storage requested, and pod fits', newResourcePod({ milliCPU: 1, memory: 1 }), newNodeInfo(newResourcePod({ milliCPU: 2, memory: 10 })), []],
    [
      'storage ephemeral local storage request exceeds allocatable',
      newResourcePod({ ephemeralStorage: 25 }),
      newNodeInfo(newResourcePod({ milliCPU: 2, memory: 2 })),
      [short('ephemeral-storage', 25, 0, 20, true)],
    ],
    [
      'ephemeral local storage is sufficient',
      newResourceInitPod(newResourcePod({ ephemeralStorage: 5 })),
      newNodeInfo(newResourcePod({ milliCPU: 2, memory: 2, ephemeralStorage: 10 })),
      [],
    ],
    ['pod fits', newResourcePod({ ephemeralStorage: 10 }), newNodeInfo(newResourcePod({ milliCPU: 2, memory: 2 })), []],
  ])('%s', (_name, pod, nodeInfo, expected) => {
    expect(fitsRequest(podResourceRequest(pod), allocatable, nodeInfo)).toEqual(expected);
  });
});

// TestRestartableInitContainers (fit_test.go), SidecarContainers on (GA): allocatable (2, 0, 1, 0, 0, 0).
describe('fitsRequest: TestRestartableInitContainers (fit_test.go)', () => {
  const allocatable = allocatableOf(makeAllocatableResources(2, 0, 1, 0, 0, 0));
  const withSidecar = (request?: ResourceList, sidecarRequest?: ResourceList): Pod => ({
    metadata: { name: 'p' },
    spec: {
      containers: [{ name: 'regular', ...(request ? { resources: { requests: request } } : {}) }],
      initContainers: [{ name: 'restartable-init', restartPolicy: 'Always', ...(sidecarRequest ? { resources: { requests: sidecarRequest } } : {}) }],
    },
  });
  it.each<[string, Pod, string[]]>([
    ['allow pod with restartable init containers if sidecar containers is enabled', withSidecar(), []],
    ["allow pod if the total requested resources do not exceed the node's allocatable resources", withSidecar({ cpu: '1m' }, { cpu: '1m' }), []],
    [
      "not allow pod if the total requested resources do exceed the node's allocatable resources",
      withSidecar({ cpu: '1m' }, { cpu: '2m' }),
      ['Insufficient cpu'],
    ],
  ])('%s', (_name, pod, expected) => {
    expect(reasons(fitsRequest(podResourceRequest(pod), allocatable, emptyNodeUsage))).toEqual(expected);
  });
});

describe('fitsRequest: every shortage at once, scalar resources in name order (Go ranges over a map)', () => {
  it('Too many pods first, then cpu, memory, ephemeral-storage, then the scalar resources by name', () => {
    const allocatable = allocatableOf({ cpu: '1', memory: '1Gi', 'ephemeral-storage': '1Gi', pods: '1', 'nvidia.com/gpu': '1', 'example.com/fpga': '1' });
    const pod = newResourcePod({ milliCPU: 2000, memory: 2 ** 31, ephemeralStorage: 2 ** 31, scalar: { 'nvidia.com/gpu': 2, 'example.com/fpga': 2 } });
    expect(reasons(fitsRequest(podResourceRequest(pod), allocatable, newNodeInfo(newResourcePod({}))))).toEqual([
      'Too many pods',
      'Insufficient cpu',
      'Insufficient memory',
      'Insufficient ephemeral-storage',
      'Insufficient example.com/fpga',
      'Insufficient nvidia.com/gpu',
    ]);
  });
  it('an overcommitted node rejects no zero request: only what the pod asks for is compared with what is left', () => {
    const allocatable = allocatableOf({ cpu: '1', memory: '1Gi', pods: '10' });
    const used = newNodeInfo(newResourcePod({ milliCPU: 5000, memory: 2 ** 31 }));
    expect(fitsRequest(podResourceRequest(newResourcePod({ milliCPU: 0, memory: 1 })), allocatable, used).map((r) => r.resourceName)).toEqual(['memory']);
  });
});

describe('nodeCapacity: the allocatable the node offers (NodeInfo.SetNode, framework.NewResource)', () => {
  const node = (status: Node['status']): Node => ({ metadata: { name: 'n' }, ...(status ? { status } : {}) });
  const plainAllocatable = (n: Node) => {
    const capacity = nodeCapacity(n);
    return capacity.limited ? { from: capacity.from, ...capacity.allocatable, scalar: [...capacity.allocatable.scalar] } : capacity;
  };
  it.each<[string, Node, unknown]>([
    [
      'status.allocatable, in the scheduler units; scalar resources kept at zero too, other names dropped',
      node({
        allocatable: { cpu: '3500m', memory: '7Gi', pods: '110', 'ephemeral-storage': '100G', 'nvidia.com/gpu': '0', 'hugepages-2Mi': '0', storage: '1Ti' },
      }),
      {
        from: 'allocatable',
        milliCPU: 3500n,
        memory: 7516192768n,
        pods: 110n,
        ephemeralStorage: 100000000000n,
        scalar: [
          ['hugepages-2Mi', 0n],
          ['nvidia.com/gpu', 0n],
        ],
      },
    ],
    [
      'no status.allocatable but status.capacity: SetDefaults_NodeStatus copies capacity into it',
      node({ capacity: { cpu: '4', memory: '8Gi', pods: '110' } }),
      { from: 'capacity', milliCPU: 4000n, memory: 8589934592n, pods: 110n, ephemeralStorage: 0n, scalar: [] },
    ],
    ['neither: taken as unlimited (taintgate, on purpose)', node({ conditions: [] }), { limited: false }],
    ['no status at all: unlimited', node(undefined), { limited: false }],
    [
      'status.allocatable without pods: 0 pods allowed, as upstream',
      node({ allocatable: { cpu: '4' } }),
      { from: 'allocatable', milliCPU: 4000n, memory: 0n, pods: 0n, ephemeralStorage: 0n, scalar: [] },
    ],
    [
      // omitempty drops an empty list when the API server stores the node, and SetDefaults_NodeStatus
      // copies capacity into the missing allocatable when it is read back: what the scheduler sees.
      'an empty status.allocatable is none: capacity stands in',
      node({ allocatable: {}, capacity: { cpu: '4' } }),
      { from: 'capacity', milliCPU: 4000n, memory: 0n, pods: 0n, ephemeralStorage: 0n, scalar: [] },
    ],
    [
      'a quantity that does not parse is left out',
      node({ allocatable: { cpu: 'lots', memory: '1Ki', pods: '3' } }),
      { from: 'allocatable', milliCPU: 0n, memory: 1024n, pods: 3n, ephemeralStorage: 0n, scalar: [] },
    ],
  ])('%s', (_name, n, expected) => {
    expect(plainAllocatable(n)).toEqual(expected);
  });

  it('a node with status.allocatable but no pods in it takes no pod at all: Too many pods', () => {
    const capacity = nodeCapacity(node({ allocatable: { cpu: '4', memory: '8Gi' } }));
    if (!capacity.limited) throw new Error('limited expected');
    expect(reasons(fitsRequest(podResourceRequest({ metadata: { name: 'p' } }), capacity.allocatable, emptyNodeUsage))).toEqual(['Too many pods']);
  });
});

// removeMissingExtendedResources (pkg/kubelet/lifecycle/predicate.go): cluster-level extended resources,
// unknown to the node, are not the kubelet's to refuse.
describe('withoutMissingExtendedResources: the request the kubelet admits a bound pod with', () => {
  const allocatable = allocatableOf({ cpu: '1', pods: '10', [extendedA]: '0' });
  it('drops the extended resources the node does not list, keeps the listed ones (at 0 too) and every other resource', () => {
    const request = podResourceRequest(
      newResourcePod({ milliCPU: 1, scalar: { [extendedA]: 1, [extendedB]: 1, [hugePageResourceA]: 1, [kubernetesIOResourceA]: 1 } }),
    );
    expect([...withoutMissingExtendedResources(request, allocatable).scalar]).toEqual([
      [extendedA, 1n],
      [hugePageResourceA, 1n],
      [kubernetesIOResourceA, 1n],
    ]);
  });
  it('returns the request itself when nothing is dropped', () => {
    const request = podResourceRequest(newResourcePod({ milliCPU: 1, scalar: { [extendedA]: 1 } }));
    expect(withoutMissingExtendedResources(request, allocatable)).toBe(request);
  });
});
