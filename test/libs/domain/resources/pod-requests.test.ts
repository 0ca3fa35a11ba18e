import { describe, expect, it } from 'vitest';
import { type Pod, podRequests, podResourceRequest } from '@taintgate/domain';
import { formatNanos, podNonZeroScoringRequest } from '../../../../libs/domain/src/resources/pod-requests';
import type { Container, PodSpec, ResourceList } from '../../../../libs/domain/src/types';

describe('formatNanos', () => {
  it.each([
    [2_000_000_000n, '2'],
    [1_500_000_000n, '1500m'],
    [250n, '250n'],
    [0n, '0'],
  ])('%s -> %s', (nanos, text) => {
    expect(formatNanos(nanos)).toBe(text);
  });
});

const pod = (spec: PodSpec): Pod => ({ metadata: { name: 'p' }, spec });
const requesting = (requests: ResourceList, name = 'c'): Container => ({ name, resources: { requests } });
const limiting = (limits: ResourceList, name = 'c'): Container => ({ name, resources: { limits } });
const sidecar = (requests: ResourceList, name = 'sidecar'): Container => ({ name, restartPolicy: 'Always', resources: { requests } });

describe('podRequests (resourcehelper.PodRequests)', () => {
  it('sums containers, takes limits for missing requests, and the largest init container when larger', () => {
    const p: Pod = {
      metadata: { name: 'p' },
      spec: {
        containers: [
          { name: 'a', resources: { requests: { cpu: '250m', memory: '64Mi' } } },
          { name: 'b', resources: { limits: { cpu: '1', 'nvidia.com/gpu': '1' } } },
        ],
        initContainers: [{ name: 'init', resources: { requests: { cpu: '2', memory: '32Mi' } } }],
      },
    };
    expect(podRequests(p)).toEqual({ cpu: '2', memory: '67108864', 'nvidia.com/gpu': '1' });
  });
  it('is empty for a pod without resources', () => {
    expect(podRequests({ metadata: { name: 'p' } })).toEqual({});
  });
});

// TestPodRequestsAndLimits (helpers_test.go), requests only. Its pods are not defaulted; the pods here
// are as the API server stores them, a container's limits standing in for its missing requests.
describe('podRequests: TestPodRequestsAndLimits', () => {
  const getPod = (r: {
    cpuRequest?: string;
    cpuLimit?: string;
    memoryRequest?: string;
    memoryLimit?: string;
    cpuOverhead?: string;
    memoryOverhead?: string;
  }) => {
    const requests: ResourceList = {};
    const limits: ResourceList = {};
    const overhead: ResourceList = {};
    if (r.cpuRequest) requests.cpu = r.cpuRequest;
    if (r.memoryRequest) requests.memory = r.memoryRequest;
    if (r.cpuLimit) limits.cpu = r.cpuLimit;
    if (r.memoryLimit) limits.memory = r.memoryLimit;
    if (r.cpuOverhead) overhead.cpu = r.cpuOverhead;
    if (r.memoryOverhead) overhead.memory = r.memoryOverhead;
    return pod({ containers: [{ name: 'foo', resources: { requests, limits } }], overhead });
  };
  it.each<[string, Parameters<typeof getPod>[0], Record<string, string>]>([
    ['just-limit-no-overhead (upstream {}: its pod is not defaulted; stored, the limit is the request)', { cpuLimit: '9' }, { cpu: '9' }],
    ['just-overhead', { cpuOverhead: '5', memoryOverhead: '5' }, { cpu: '5', memory: '5' }],
    ['req-and-overhead', { cpuRequest: '1', memoryRequest: '10', cpuOverhead: '5', memoryOverhead: '5' }, { cpu: '6', memory: '15' }],
    [
      'all-req-lim-and-overhead',
      { cpuRequest: '1', cpuLimit: '2', memoryRequest: '10', memoryLimit: '12', cpuOverhead: '5', memoryOverhead: '5' },
      { cpu: '6', memory: '15' },
    ],
    ['req-some-lim-and-overhead', { cpuRequest: '1', cpuLimit: '2', memoryRequest: '10', cpuOverhead: '5', memoryOverhead: '5' }, { cpu: '6', memory: '15' }],
  ])('%s', (_name, resources, expected) => {
    expect(podRequests(getPod(resources))).toEqual(expected);
  });
});

// TestPodResourceRequests and TestPodRequestsAndLimitsWithoutOverhead (helpers_test.go): the cases with
// the scheduler's options (no ExcludeOverhead, no UseStatusResources).
describe('podRequests: TestPodResourceRequests, sidecars (KEP-753)', () => {
  it.each<[string, PodSpec, Record<string, string>]>([
    ['nil options, larger init container', { initContainers: [requesting({ cpu: '4' })], containers: [requesting({ cpu: '1' })] }, { cpu: '4' }],
    [
      'nil options, larger containers',
      { initContainers: [requesting({ cpu: '2' })], containers: [requesting({ cpu: '2' }), requesting({ cpu: '3' }, 'c2')] },
      { cpu: '5' },
    ],
    [
      'pod overhead included',
      {
        overhead: { cpu: '1', memory: '1Gi' },
        initContainers: [{ name: 'i', resources: { requests: { cpu: '2' }, limits: { cpu: '2' } } }],
        containers: [requesting({ cpu: '2' }), requesting({ cpu: '3' }, 'c2')],
      },
      { cpu: '6', memory: '1073741824' },
    ],
    [
      'restartable init container: restartable init + regular container',
      { initContainers: [sidecar({ cpu: '1' })], containers: [requesting({ cpu: '1' })] },
      { cpu: '2' },
    ],
    [
      'multiple restartable init containers: max(5, restartable init containers(3+2+1) + regular(1)) = 7',
      {
        initContainers: [requesting({ cpu: '5' }, 'init-1'), sidecar({ cpu: '1' }, 's1'), sidecar({ cpu: '2' }, 's2'), sidecar({ cpu: '3' }, 's3')],
        containers: [requesting({ cpu: '1' })],
      },
      { cpu: '7' },
    ],
    [
      'multiple restartable and regular init containers: init-2 requires 5 + the sidecars started before it (1+2) = 8',
      {
        initContainers: [
          requesting({ cpu: '5' }, 'init-1'),
          sidecar({ cpu: '1' }, 's1'),
          sidecar({ cpu: '2' }, 's2'),
          requesting({ cpu: '5' }, 'init-2'),
          sidecar({ cpu: '3' }, 's3'),
        ],
        containers: [requesting({ cpu: '1' })],
      },
      { cpu: '8' },
    ],
    [
      'restartable-init, init and regular: 200 + 10 before it',
      { initContainers: [sidecar({ cpu: '10' }), requesting({ cpu: '200' }, 'init-1')], containers: [requesting({ cpu: '100' })] },
      { cpu: '210' },
    ],
    [
      'TestPodRequestsAndLimitsWithoutOverhead: two container no overhead - should just be sum of containers',
      {
        containers: [
          { name: 'foobar', resources: { requests: { cpu: '1', memory: '5' }, limits: { cpu: '2', memory: '10' } } },
          { name: 'foobar2', resources: { requests: { cpu: '4', memory: '12' }, limits: { cpu: '8', memory: '24' } } },
        ],
      },
      { cpu: '5', memory: '17' },
    ],
    [
      'computePodResourceRequest (fit.go): IC1 2/1G, IC2 2/3G, C1 2/1G, C2 1/1G -> CPU 3, Memory 3G',
      {
        initContainers: [requesting({ cpu: '2', memory: '1G' }, 'ic1'), requesting({ cpu: '2', memory: '3G' }, 'ic2')],
        containers: [requesting({ cpu: '2', memory: '1G' }, 'c1'), requesting({ cpu: '1', memory: '1G' }, 'c2')],
      },
      { cpu: '3', memory: '3000000000' },
    ],
    [
      'a sidecar limited only: its limit is its request, held beside the containers',
      { initContainers: [{ ...limiting({ memory: '1Gi' }), restartPolicy: 'Always' }], containers: [requesting({ memory: '1Gi' }, 'app')] },
      { memory: '2147483648' },
    ],
    [
      'an init container with restartPolicy other than Always is an ordinary one',
      { initContainers: [{ ...requesting({ cpu: '1' }, 'i'), restartPolicy: 'Never' }], containers: [requesting({ cpu: '1' })] },
      { cpu: '1' },
    ],
    [
      'a resource named by an init container only, at zero, is still listed',
      { initContainers: [requesting({ 'example.com/foo': '0' })] },
      { 'example.com/foo': '0' },
    ],
  ])('%s', (_name, spec, expected) => {
    expect(podRequests(pod(spec))).toEqual(expected);
  });
});

// TestPodLevelResourceRequests (helpers_test.go), SkipPodLevelResources false: kube-scheduler's
// options with PodLevelResources on (beta, on by default since 1.34).
describe('podRequests: pod-level resources (TestPodLevelResourceRequests)', () => {
  it.each<[string, PodSpec, Record<string, string>]>([
    ['nil', {}, {}],
    ['pod level memory resource with SkipPodLevelResources false', { resources: { requests: { memory: '2Mi' } } }, { memory: '2097152' }],
    [
      'pod level memory and container level cpu resources with SkipPodLevelResources false',
      { resources: { requests: { memory: '2Mi' } }, containers: [requesting({ cpu: '2m' })] },
      { cpu: '2m', memory: '2097152' },
    ],
    [
      'pod level unsupported resources set at both pod-level and container-level with SkipPodLevelResources false',
      { resources: { requests: { storage: '2Mi' } }, containers: [requesting({ storage: '3Mi' })] },
      { storage: '3145728' },
    ],
    [
      'pod level unsupported resources set at pod-level with SkipPodLevelResources false',
      { resources: { requests: { storage: '2Mi' } }, containers: [requesting({ memory: '3Mi' })] },
      { memory: '3145728' },
    ],
    [
      'both container-level and pod-level resources set with SkipPodLevelResources false',
      { resources: { requests: { memory: '6Mi', cpu: '8m' } }, containers: [requesting({ memory: '3Mi', cpu: '2m' })] },
      { cpu: '8m', memory: '6291456' },
    ],
    [
      'container-level resources and init container set with SkipPodLevelResources false',
      { containers: [requesting({ memory: '3Mi', cpu: '2m' })], initContainers: [requesting({ memory: '5Mi', cpu: '4m' }, 'i')] },
      { cpu: '4m', memory: '5242880' },
    ],
    [
      'container-level resources and sidecar container set with SkipPodLevelResources false',
      { containers: [requesting({ memory: '3Mi', cpu: '2m' })], initContainers: [sidecar({ memory: '5Mi', cpu: '4m' })] },
      { cpu: '6m', memory: '8388608' },
    ],
    [
      'container-level resources, init and sidecar container set with SkipPodLevelResources false',
      {
        containers: [requesting({ memory: '3Mi', cpu: '2m' })],
        initContainers: [sidecar({ memory: '5Mi', cpu: '4m' }), requesting({ memory: '6Mi', cpu: '8m' }, 'i')],
      },
      { cpu: '12m', memory: '11534336' },
    ],
    [
      'pod-level resources, container-level resources, init and sidecar container set with SkipPodLevelResources false',
      {
        resources: { requests: { memory: '15Mi', cpu: '18m' } },
        containers: [requesting({ memory: '3Mi', cpu: '2m' })],
        initContainers: [sidecar({ memory: '5Mi', cpu: '4m' }), requesting({ memory: '6Mi', cpu: '8m' }, 'i')],
      },
      { cpu: '18m', memory: '15728640' },
    ],
    [
      'pod-level resources, hugepage request/limit single page size',
      { resources: { limits: { 'hugepages-2Mi': '2Mi' }, requests: { memory: '10Mi', 'hugepages-2Mi': '2Mi' } } },
      { 'hugepages-2Mi': '2097152', memory: '10485760' },
    ],
    [
      'pod-level resources, hugepage request/limit multiple page sizes',
      { resources: { limits: { 'hugepages-2Mi': '2Mi', 'hugepages-1Gi': '1Gi' }, requests: { cpu: '1', 'hugepages-2Mi': '2Mi', 'hugepages-1Gi': '1Gi' } } },
      { cpu: '1', 'hugepages-1Gi': '1073741824', 'hugepages-2Mi': '2097152' },
    ],
    [
      'pod-level resources, container-level resources, hugepage request/limit single page size',
      {
        resources: { limits: { 'hugepages-2Mi': '10Mi' }, requests: { cpu: '1', 'hugepages-2Mi': '10Mi' } },
        containers: [{ name: 'c', resources: { limits: { 'hugepages-2Mi': '6Mi' }, requests: { 'hugepages-2Mi': '6Mi' } } }],
      },
      { cpu: '1', 'hugepages-2Mi': '10485760' },
    ],
    [
      'pod-level resources, container-level resources, hugepage request/limit multiple page sizes between pod-level and container-level',
      {
        resources: { limits: { 'hugepages-2Mi': '10Mi' }, requests: { cpu: '1', 'hugepages-2Mi': '10Mi' } },
        containers: [{ name: 'c', resources: { limits: { 'hugepages-1Gi': '1Gi' }, requests: { memory: '4Mi', 'hugepages-1Gi': '1Gi' } } }],
      },
      { cpu: '1', 'hugepages-1Gi': '1073741824', 'hugepages-2Mi': '10485760', memory: '4194304' },
    ],
    // defaultPodRequests (pkg/apis/core/v1/defaults.go), which the API server runs before any of this.
    [
      'defaultPodRequests: pod-level limits without requests, no container requesting: the limits are the requests',
      { resources: { limits: { cpu: '2', memory: '1Gi' } }, containers: [{ name: 'c' }] },
      { cpu: '2', memory: '1073741824' },
    ],
    [
      "defaultPodRequests: a resource the containers request takes the containers' aggregate, not the limit",
      { resources: { limits: { cpu: '2', memory: '1Gi' } }, containers: [requesting({ cpu: '500m' }), requesting({ cpu: '250m' }, 'c2')] },
      { cpu: '750m', memory: '1073741824' },
    ],
    [
      'defaultPodRequests: ephemeral-storage is no pod-level resource: its pod-level limit is no request',
      { resources: { limits: { 'ephemeral-storage': '1Gi' } }, containers: [requesting({ cpu: '1' })] },
      { cpu: '1' },
    ],
    [
      'overhead is added after the pod-level requests replace the aggregate',
      { resources: { requests: { cpu: '1' } }, containers: [requesting({ cpu: '3' })], overhead: { cpu: '250m' } },
      { cpu: '1250m' },
    ],
  ])('%s', (_name, spec, expected) => {
    expect(podRequests(pod(spec))).toEqual(expected);
  });
});

// computePodResourceRequest (fit.go): PodRequests, then framework.Resource.SetMaxResource: cpu as
// Quantity.MilliValue, the rest as Quantity.Value, both rounded up; names outside cpu, memory,
// ephemeral-storage and the scalar resources (IsScalarResourceName) are dropped.
describe('podResourceRequest: in the scheduler units', () => {
  it.each<[string, PodSpec, { milliCPU: bigint; memory: bigint; ephemeralStorage: bigint; scalar: [string, bigint][] }]>([
    ['nothing requested', {}, { milliCPU: 0n, memory: 0n, ephemeralStorage: 0n, scalar: [] }],
    [
      'cpu in millicores, memory and ephemeral-storage in bytes',
      { containers: [requesting({ cpu: '1500m', memory: '1Gi', 'ephemeral-storage': '2G' })] },
      { milliCPU: 1500n, memory: 1073741824n, ephemeralStorage: 2000000000n, scalar: [] },
    ],
    [
      'rounded up: 1n of cpu is 1m, 100m of memory is 1 byte, 1.5 is 2',
      { containers: [requesting({ cpu: '1n', memory: '100m', 'example.com/foo': '1500m' })] },
      { milliCPU: 1n, memory: 1n, ephemeralStorage: 0n, scalar: [['example.com/foo', 2n]] },
    ],
    [
      'scalar resources in name order: extended, hugepages, *kubernetes.io/, attachable volumes',
      {
        containers: [
          requesting({
            'nvidia.com/gpu': '2',
            'hugepages-2Mi': '4Mi',
            'kubernetes.io/something': '3',
            'attachable-volumes-csi-x': '1',
            'example.com/zero': '0',
          }),
        ],
      },
      {
        milliCPU: 0n,
        memory: 0n,
        ephemeralStorage: 0n,
        scalar: [
          ['attachable-volumes-csi-x', 1n],
          ['example.com/zero', 0n],
          ['hugepages-2Mi', 4194304n],
          ['kubernetes.io/something', 3n],
          ['nvidia.com/gpu', 2n],
        ],
      },
    ],
    [
      'pods, storage and names the scheduler does not know are dropped',
      { containers: [requesting({ pods: '1', storage: '1Gi', foo: '1', cpu: '1' })] },
      { milliCPU: 1000n, memory: 0n, ephemeralStorage: 0n, scalar: [] },
    ],
    [
      "beyond int64 (where Go's would wrap): exact",
      { containers: [requesting({ memory: '9E' }), requesting({ memory: '9E' }, 'c2')] },
      { milliCPU: 0n, memory: 18000000000000000000n, ephemeralStorage: 0n, scalar: [] },
    ],
  ])('%s', (_name, spec, { scalar, ...rest }) => {
    const { milliCPU, memory, ephemeralStorage, scalar: gotScalar } = podResourceRequest(pod(spec));
    expect({ milliCPU, memory, ephemeralStorage, scalar: [...gotScalar] }).toEqual({ ...rest, scalar });
  });
});

const oneMi = 1048576n;
/** schedutil.DefaultMilliCPURequest and DefaultMemoryRequest. */
const defaultMilliCPU = 100n;
const defaultMemory = 200n * oneMi;
const cpuAndMemory = (request: { milliCPU: bigint; memory: bigint }) => ({ milliCPU: request.milliCPU, memory: request.memory });

// Kubernetes' TestResourceAllocationScorerCalculateRequests (noderesources/resource_allocation_test.go):
// calculatePodResourceRequest with NonMissingContainerRequests, case by case. Without pod-level
// requests, NodeInfo's Non0CPU / Non0Mem (PodInfo.CalculateResource) count the same.
describe('non-zero requests: 100m and 200Mi for each container missing them', () => {
  it.each<[string, PodSpec, bigint, bigint]>([
    ['overhead only', { overhead: { cpu: '1', memory: '1Mi' } }, 1000n, oneMi],
    ['1x requestless container', { containers: [{ name: 'a' }] }, defaultMilliCPU, defaultMemory],
    ['2x requestless container', { containers: [{ name: 'a' }, { name: 'b' }] }, 2n * defaultMilliCPU, 2n * defaultMemory],
    [
      'request container + requestless container',
      { containers: [requesting({ cpu: '1', memory: '1Mi' }), { name: 'b' }] },
      1000n + defaultMilliCPU,
      oneMi + defaultMemory,
    ],
    [
      'container + requestless container + overhead',
      { overhead: { cpu: '1', memory: '1Mi' }, containers: [requesting({ cpu: '1', memory: '1Mi' }), { name: 'b' }] },
      2000n + defaultMilliCPU,
      2n * oneMi + defaultMemory,
    ],
    [
      'init container + container + requestless container + overhead',
      {
        overhead: { cpu: '1', memory: '1Mi' },
        initContainers: [requesting({ cpu: '3' }, 'init')],
        containers: [requesting({ cpu: '1', memory: '1Mi' }), { name: 'b' }],
      },
      4000n,
      2n * oneMi + defaultMemory,
    ],
    [
      'requestless init container + small init container + small container ',
      { initContainers: [{ name: 'i1' }, requesting({ cpu: '1m', memory: '1' }, 'i2')], containers: [requesting({ cpu: '3m', memory: '3' })] },
      defaultMilliCPU,
      defaultMemory,
    ],
    [
      'requestless init container + small init container + small container + requestless container ',
      {
        initContainers: [{ name: 'i1' }, requesting({ cpu: '1m', memory: '1' }, 'i2')],
        containers: [requesting({ cpu: '3m', memory: '3' }), { name: 'b' }],
      },
      3n + defaultMilliCPU,
      3n + defaultMemory,
    ],
  ])('%s', (_name, spec, milliCPU, memory) => {
    expect(cpuAndMemory(podNonZeroScoringRequest(pod(spec)))).toEqual({ milliCPU, memory });
    expect(podResourceRequest(pod(spec)).nonZero).toEqual({ milliCPU, memory });
  });

  it('a request written as zero is kept: only a missing one is filled (applyNonMissing)', () => {
    const spec: PodSpec = { containers: [requesting({ cpu: '0', memory: '0' })] };
    expect(podResourceRequest(pod(spec)).nonZero).toEqual({ milliCPU: 0n, memory: 0n });
    expect(cpuAndMemory(podNonZeroScoringRequest(pod(spec)))).toEqual({ milliCPU: 0n, memory: 0n });
  });

  it('a limit is a request (SetDefaults_Pod): nothing filled', () => {
    expect(podResourceRequest(pod({ containers: [limiting({ cpu: '2', memory: '1Mi' })] })).nonZero).toEqual({ milliCPU: 2000n, memory: oneMi });
  });

  it('a sidecar without requests counts the defaults for as long as the pod runs', () => {
    const spec: PodSpec = { initContainers: [sidecar({})], containers: [requesting({ cpu: '1', memory: '1Mi' })] };
    expect(podResourceRequest(pod(spec)).nonZero).toEqual({ milliCPU: 1100n, memory: oneMi + defaultMemory });
    expect(cpuAndMemory(podNonZeroScoringRequest(pod(spec)))).toEqual({ milliCPU: 1100n, memory: oneMi + defaultMemory });
  });

  it('the requests themselves are left as they are', () => {
    const request = podResourceRequest(pod({ containers: [{ name: 'a' }] }));
    expect([request.milliCPU, request.memory]).toEqual([0n, 0n]);
  });
});

// With pod-level requests, NodeInfo (getNonMissingContainerRequests) fills a resource only where
// neither the pod level nor any container names it; the scoring of the incoming pod
// (calculatePodResourceRequest) fills every container and lets the pod level replace the sum.
describe('non-zero requests with pod-level requests', () => {
  it('the pod level names cpu, no container memory: both fill memory per container', () => {
    const spec: PodSpec = { resources: { requests: { cpu: '2' } }, containers: [{ name: 'a' }, { name: 'b' }] };
    expect(podResourceRequest(pod(spec)).nonZero).toEqual({ milliCPU: 2000n, memory: 2n * defaultMemory });
    expect(cpuAndMemory(podNonZeroScoringRequest(pod(spec)))).toEqual({ milliCPU: 2000n, memory: 2n * defaultMemory });
  });

  it('a container names memory: NodeInfo fills nothing, the scoring fills the other container', () => {
    const spec: PodSpec = { resources: { requests: { cpu: '2' } }, containers: [requesting({ memory: '1Mi' }), { name: 'b' }] };
    expect(podResourceRequest(pod(spec)).nonZero).toEqual({ milliCPU: 2000n, memory: oneMi });
    expect(cpuAndMemory(podNonZeroScoringRequest(pod(spec)))).toEqual({ milliCPU: 2000n, memory: oneMi + defaultMemory });
  });

  it('the pod level names both: its values, whatever the containers miss', () => {
    const spec: PodSpec = { resources: { requests: { cpu: '2', memory: '2Mi' } }, containers: [{ name: 'a' }] };
    expect(podResourceRequest(pod(spec)).nonZero).toEqual({ milliCPU: 2000n, memory: 2n * oneMi });
    expect(cpuAndMemory(podNonZeroScoringRequest(pod(spec)))).toEqual({ milliCPU: 2000n, memory: 2n * oneMi });
  });
});
