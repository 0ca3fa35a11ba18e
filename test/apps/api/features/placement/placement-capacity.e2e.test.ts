import { beforeAll, describe, expect, it } from 'vitest';
import { everyNode } from '../../../../support/what-if-views';
import { scored } from '../../../../support/placement-scores';

/** A GPU node's resource scores for a pod asking one GPU and nothing else: 75 free after it (LeastAllocated on cpu and memory, its non-zero requests counted), evenly used. */
const gpuNodeScores = { NodeResourcesFit: 75, NodeResourcesBalancedAllocation: 100 };
import { type Api, expectApiError, expectNothingStored } from '../../../../support/api-client';
import { useApiFixture } from '../../../../support/api-test-app';
import { waitUntil } from '../../../../support/waiting';
import { gqlData } from '../../faces/graphql/graphql-client';
import { defaultTolerationsAdded } from '../../../../support/admitted-tolerations';

// Placement with kube-scheduler's NodeResourcesFit (noderesources/fit.go): each node's allocatable
// against what the pods bound to it request already, counted as the scheduler's cache counts them
// (a terminating pod until it is gone, a Succeeded or Failed one not at all). The summary is
// FitError.Error(): every reason of every node counted, "N reason" sorted as Go's sort.Strings sorts.
// Each scenario has a cluster of its own (/v1/clusters/{cluster}/...); the default one stays empty.

const Gi = 1024 ** 3;

/** DefaultPreemption's words when every pod on the nodes is of the pod's priority or higher: none to evict. */
const noVictims = (n: number) => `preemption: 0/${n} nodes are available: ${n} No preemption victims found for incoming pod.`;

const cordonedReasons = [
  { code: 'Unschedulable', message: 'node is cordoned (spec.unschedulable is true)' },
  {
    code: 'UntoleratedTaint',
    taint: { key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' },
    message: 'untolerated taint node.kubernetes.io/unschedulable:NoSchedule',
  },
];

const tooManyPods = (used: number, allocatable: number) => ({
  code: 'TooManyPods',
  resource: { name: 'pods', requested: 1, used, allocatable },
  message: `Too many pods: ${used} pods on the node, ${allocatable} allowed`,
});

/** A pod with one container asking for these requests (and these limits). */
function podAsking(name: string, requests: Record<string, string>, more: { nodeName?: string; limits?: Record<string, string>; spec?: object } = {}) {
  const resources = { requests, ...(more.limits ? { limits: more.limits } : {}) };
  return {
    metadata: { name },
    spec: { ...(more.nodeName ? { nodeName: more.nodeName } : {}), ...more.spec, containers: [{ name: 'main', image: 'app', resources }] },
  };
}

const placementOf = async (api: Api, url: string, body?: unknown) => {
  const reply = body === undefined ? await api.get(url) : await api.post(url, body);
  expect(reply.statusCode, reply.body).toBe(200);
  return everyNode(reply.json());
};

interface Reason {
  code: string;
  message: string;
  resource?: {
    name: string;
    requested: number;
    used: number;
    allocatable: number;
    heldBy?: { pods: number; largest: { namespace: string; name: string; requested: number }[] };
  };
}
interface NodeAnswer {
  name: string;
  scores?: Record<string, number>;
  reasons: Reason[];
}

/** A node's answer, which must be there. */
function byName(body: { nodes: NodeAnswer[] }, name: string): NodeAnswer {
  const node = body.nodes.find((n) => n.name === name);
  if (!node) throw new Error(`no node ${name} in the answer`);
  return node;
}

describe('placement with capacity (NodeResourcesFit)', () => {
  const t = useApiFixture();
  const { api, db } = t;

  describe('a GPU pool with every GPU taken (cluster gpu)', () => {
    const gpu = (path: string) => `/v1/clusters/gpu${path}`;
    const gpuTaint = { key: 'nvidia.com/gpu', value: 'present', effect: 'NoSchedule' };
    const gpuToleration = { key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' };
    const gpuNode = (name: string) => ({
      metadata: { name, labels: { pool: 'gpu' } },
      spec: { taints: [gpuTaint] },
      status: { allocatable: { cpu: '32', memory: '256Gi', 'nvidia.com/gpu': '2', pods: '110' } },
    });
    /** One GPU, asked by its limit (an extended resource's request defaults to it), and some cpu and memory. */
    const gpuPod = (name: string, cpu: string, memory: string, nodeName?: string) => ({
      ...podAsking(name, { cpu, memory }, { nodeName, limits: { 'nvidia.com/gpu': '1' }, spec: { tolerations: [gpuToleration] } }),
      metadata: { name, namespace: 'ml' },
    });
    const nodes = ['gpu-1', 'gpu-2', 'gpu-3'].map(gpuNode);
    /** Two jobs on each node, a GPU each: 2 of 2 taken everywhere. */
    const jobs = [1, 2, 3].flatMap((n) => ['a', 'b'].map((x) => gpuPod(`job-${n}${x}`, '4', '32Gi', `gpu-${n}`)));
    const trainer = gpuPod('trainer', '8', '60Gi');
    /** The jobs of gpu-n, as the nodes view names the pods holding a resource: the largest first, then by name. */
    const heldBy = (n: number, amount: number) => ({
      pods: 2,
      largest: ['a', 'b'].map((x) => ({ namespace: 'ml', name: `job-${n}${x}`, requested: amount })),
    });
    const heldText = (n: number, amount: string) => `held by 2 pods: ml/job-${n}a (${amount}), ml/job-${n}b (${amount})`;
    const noGpu = (n: number) => ({
      code: 'InsufficientResource',
      resource: { name: 'nvidia.com/gpu', requested: 1, used: 2, allocatable: 2, heldBy: heldBy(n, 1) },
      message: `Insufficient nvidia.com/gpu: needs 1, 0 of 2 free; ${heldText(n, '1')}`,
    });

    beforeAll(async () => {
      for (const node of nodes) expect((await api.put(gpu(`/nodes/${node.metadata.name}`), node)).statusCode).toBe(201);
      for (const job of jobs) expect((await api.put(gpu(`/namespaces/ml/pods/${job.metadata.name}`), job)).statusCode).toBe(201);
    });

    it('a pending trainer asking nvidia.com/gpu: 1, cpu: 8, memory: 60Gi: "3 Insufficient nvidia.com/gpu", as kube-scheduler says it', async () => {
      const reply = await expectNothingStored(api, db, () => api.post(gpu('/placement?view=nodes'), { pod: trainer }));
      expect(reply.statusCode).toBe(200);
      expect(everyNode(reply.json())).toEqual({
        pod: { namespace: 'ml', name: 'trainer' },
        nodes: [1, 2, 3].map((n) => ({ name: `gpu-${n}`, feasible: false, score: null, rank: null, reasons: [noGpu(n)] })),
        feasibleCount: 0,
        // Every GPU is held by a pod of the same priority (0): preemption finds no victim, and says so after the line.
        summary: `0/3 nodes are available: 3 Insufficient nvidia.com/gpu. no new claims to deallocate, ${noVictims(3)}`,
        detail: `0/3 nodes are available: 3 Insufficient nvidia.com/gpu. ${noVictims(3)}`,
        preemption: { candidates: 0, message: noVictims(3) },
        capacityConsidered: true,
        admission: { tolerations: [gpuToleration, ...defaultTolerationsAdded] },
      });
    });

    it('a node short of two resources counts once for each, as FitError does: 6 reasons over 3 nodes', async () => {
      const body = await placementOf(api, gpu('/placement?view=nodes'), { pod: gpuPod('big', '8', '300Gi') });
      // 300Gi is more than any node's whole allocatable: UnschedulableAndUnresolvable, where preemption cannot help.
      expect(body.summary).toBe(
        '0/3 nodes are available: 3 Insufficient memory, 3 Insufficient nvidia.com/gpu. no new claims to deallocate, preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.',
      );
      expect(byName(body, 'gpu-2').reasons).toEqual([
        {
          code: 'InsufficientResource',
          resource: { name: 'memory', requested: 300 * Gi, used: 64 * Gi, allocatable: 256 * Gi, heldBy: heldBy(2, 32 * Gi) },
          message: `Insufficient memory: needs ${300 * Gi}, ${192 * Gi} of ${256 * Gi} free; ${heldText(2, String(32 * Gi))}`,
        },
        noGpu(2),
      ]);
      // cpu in millicores: 8 asked, 8 of 32 taken
      const cpuHungry = await placementOf(api, gpu('/placement?view=nodes'), { pod: gpuPod('cpu-hungry', '25', '1Gi') });
      expect(byName(cpuHungry, 'gpu-1').reasons[0]).toEqual({
        code: 'InsufficientResource',
        resource: { name: 'cpu', requested: 25_000, used: 8000, allocatable: 32_000, heldBy: heldBy(1, 4000) },
        message: `Insufficient cpu: needs 25000m, 24000m of 32000m free; ${heldText(1, '4000m')}`,
      });
    });

    it('per cluster: the default cluster has none of these nodes or pods', async () => {
      expect((await placementOf(api, '/v1/placement?view=nodes', { pod: trainer })).summary).toBe('no nodes available to schedule pods');
      expectApiError(await api.get('/v1/namespaces/ml/pods/job-1a/placement?view=nodes'), 404, 'pods "job-1a" not found');
      expectApiError(await api.get('/v1/clusters/gpu/namespaces/ml/pods/trainer/placement?view=nodes'), 404, 'pods "trainer" not found');
    });

    it('inline nodes and inline pods bound to them count the same way as the stored ones', async () => {
      const stored = await placementOf(api, gpu('/placement?view=nodes'), { pod: trainer });
      const inline = await expectNothingStored(api, db, () => api.post('/v1/placement?view=nodes', { pod: trainer, nodes, pods: jobs }));
      expect(inline.statusCode).toBe(200);
      expect(everyNode(inline.json())).toEqual(stored);
      // without the pods, the inline nodes are empty: every one has room
      const empty = await placementOf(api, '/v1/placement?view=nodes', { pod: trainer, nodes });
      expect(empty.summary).toBe('3/3 nodes are available.');
      expect(empty.nodes.map((n: { reasons: unknown[] }) => n.reasons)).toEqual([[], [], []]);
    });

    it('inline pods only with inline nodes: the stored nodes count the stored pods', async () => {
      const reply = await expectNothingStored(api, db, () => api.post(gpu('/placement?view=nodes'), { pod: trainer, pods: jobs }));
      const details = [{ field: 'pods', reason: 'Forbidden: only with inline nodes: the stored nodes count the stored pods' }];
      expectApiError(reply, 400, 'pods: Forbidden: only with inline nodes: the stored nodes count the stored pods', details);
    });

    it('a stored bound pod: its own room is not counted against it; ?reschedule=true places it as scheduled again', async () => {
      // As it is: bound to gpu-1 (the kubelet's admission), where its own GPU is its room
      const asIs = await expectNothingStored(api, db, () => api.get(gpu('/namespaces/ml/pods/job-1a/placement?view=nodes')));
      expect(asIs.json()).toMatchObject({ feasibleCount: 1, summary: "1/3 nodes are available: 2 node(s) didn't match the requested node name." });
      expect(asIs.json().nodes[0]).toEqual({ name: 'gpu-1', feasible: true, ...scored(100, gpuNodeScores), rank: 1, reasons: [] });
      expect(asIs.json().rescheduled).toBeUndefined();
      expect(asIs.json().admission).toBeUndefined();

      // Rescheduled: nodeName cleared, the scheduler's filters; gpu-1 keeps the room it leaves, the others are full
      const again = await expectNothingStored(api, db, () => api.get(gpu('/namespaces/ml/pods/job-1a/placement?view=nodes&reschedule=true')));
      expect(again.statusCode).toBe(200);
      expect(everyNode(again.json())).toEqual({
        pod: { namespace: 'ml', name: 'job-1a' },
        nodes: [
          { name: 'gpu-1', feasible: true, ...scored(100, gpuNodeScores), rank: 1, reasons: [] },
          { name: 'gpu-2', feasible: false, score: null, rank: null, reasons: [noGpu(2)] },
          { name: 'gpu-3', feasible: false, score: null, rank: null, reasons: [noGpu(3)] },
        ],
        feasibleCount: 1,
        summary: '1/3 nodes are available: 2 Insufficient nvidia.com/gpu.',
        detail: '1/3 nodes are available: 2 Insufficient nvidia.com/gpu.',
        capacityConsidered: true,
        rescheduled: true,
      });
    });

    it('?reschedule=true while draining: gpu-1 cordoned, the pod could go where a job has finished', async () => {
      // job-3b Succeeded: it holds no GPU any more
      const finished = (await api.get(gpu('/namespaces/ml/pods/job-3b'))).json();
      expect((await api.put(gpu('/namespaces/ml/pods/job-3b'), { ...finished, status: { ...finished.status, phase: 'Succeeded' } })).statusCode).toBe(200);
      expect((await api.post(gpu('/nodes/gpu-1/cordon'), {})).statusCode).toBe(200);

      const body = await placementOf(api, gpu('/namespaces/ml/pods/job-1a/placement?view=nodes&reschedule=true'));
      expect(body).toMatchObject({ rescheduled: true, capacityConsidered: true, feasibleCount: 1 });
      expect(body.summary).toBe('1/3 nodes are available: 1 Insufficient nvidia.com/gpu, 1 node(s) were unschedulable.');
      expect(body.nodes).toEqual([
        { name: 'gpu-3', feasible: true, ...scored(100, gpuNodeScores), rank: 1, reasons: [] },
        // cordoned, and that is all: without itself it would fit there
        { name: 'gpu-1', feasible: false, score: null, rank: null, reasons: cordonedReasons },
        { name: 'gpu-2', feasible: false, score: null, rank: null, reasons: [noGpu(2)] },
      ]);
      // a new trainer fits there too: one GPU free on gpu-3 (one job left), none on gpu-1 (both jobs still there)
      const trainerNow = await placementOf(api, gpu('/placement?view=nodes'), { pod: trainer });
      expect(trainerNow.nodes.map((n: { name: string; feasible: boolean }) => [n.name, n.feasible])).toEqual([
        ['gpu-3', true],
        ['gpu-1', false],
        ['gpu-2', false],
      ]);
      expect(byName(trainerNow, 'gpu-1').reasons).toEqual([...cordonedReasons, noGpu(1)]);
      expect(trainerNow.summary).toBe('1/3 nodes are available: 1 Insufficient nvidia.com/gpu, 1 node(s) were unschedulable.');

      // GraphQL's placement(namespace:, name:, reschedule: true) answers the same
      const selection =
        'pod { namespace name } nodes { name feasible score rank scores { TaintToleration NodeAffinity NodeResourcesFit PodTopologySpread InterPodAffinity NodeResourcesBalancedAllocation ImageLocality } reasons { code message resource { name requested used allocatable heldBy { pods largest { namespace name requested } } } } } feasibleCount summary detail capacityConsidered rescheduled';
      const { placement } = await gqlData(
        t.app,
        `query { placement(cluster: "gpu", namespace: "ml", name: "job-1a", reschedule: true, view: "nodes") { ${selection} } }`,
      );
      expect(placement).toMatchObject({ rescheduled: true, capacityConsidered: true, summary: body.summary, detail: body.detail, feasibleCount: 1 });
      expect(placement.nodes).toEqual(
        body.nodes.map((n: NodeAnswer) => ({
          ...n,
          scores: n.scores ?? null,
          reasons: n.reasons.map(({ code, message, resource }) => ({
            code,
            message,
            // Int64 amounts are decimal strings in GraphQL
            resource: resource
              ? {
                  ...resource,
                  requested: String(resource.requested),
                  used: String(resource.used),
                  allocatable: String(resource.allocatable),
                  heldBy: resource.heldBy
                    ? { ...resource.heldBy, largest: resource.heldBy.largest.map((h) => ({ ...h, requested: String(h.requested) })) }
                    : null,
                }
              : null,
          })),
        })),
      );
      const asIs = await gqlData(t.app, `query { placement(cluster: "gpu", namespace: "ml", name: "job-1a") { summary rescheduled } }`);
      expect(asIs.placement).toEqual({ summary: "1/3 nodes are available: 2 node(s) didn't match the requested node name.", rescheduled: null });
    });

    it('reschedule is for a stored pod only, and is true or false', async () => {
      const inline = await expectNothingStored(api, db, () => api.post(gpu('/placement?view=nodes'), { pod: trainer, reschedule: true }));
      expectApiError(inline, 400, 'reschedule: Forbidden: only with a stored pod (name)', [
        { field: 'reschedule', reason: 'Forbidden: only with a stored pod (name)' },
      ]);
      expectApiError(
        await api.get(gpu('/namespaces/ml/pods/job-1a/placement?reschedule=maybe')),
        400,
        'reschedule: Invalid value: "maybe": must be true or false',
        [{ field: 'reschedule', reason: 'Invalid value: "maybe": must be true or false' }],
      );
    });
  });

  describe('room for pods: allocatable `pods`, terminating and finished pods', () => {
    const smallNode = (name: string) => ({ metadata: { name }, status: { allocatable: { cpu: '4', memory: '8Gi', pods: '2' } } });

    it('pods: "2" allocatable and 2 pods bound: "Too many pods"; each reason of the node counted; a pod deleted frees its room', async () => {
      const full = (path: string) => `/v1/clusters/full${path}`;
      await api.put(full('/nodes/small'), smallNode('small'));
      for (const name of ['a', 'b'])
        expect((await api.put(full(`/namespaces/default/pods/${name}`), podAsking(name, { cpu: '1' }, { nodeName: 'small' }))).statusCode).toBe(201);

      const any = await placementOf(api, full('/placement?view=nodes'), { pod: {} });
      expect(any).toMatchObject({
        feasibleCount: 0,
        summary: `0/1 nodes are available: 1 Too many pods. no new claims to deallocate, ${noVictims(1)}`,
        capacityConsidered: true,
      });
      expect(any.nodes).toEqual([{ name: 'small', feasible: false, score: null, rank: null, reasons: [tooManyPods(2, 2)] }]);

      // short of cpu too: both reasons, both counted ("I" sorts before "T")
      const big = await placementOf(api, full('/placement?view=nodes'), { pod: podAsking('big', { cpu: '3' }) });
      expect(big.summary).toBe(`0/1 nodes are available: 1 Insufficient cpu, 1 Too many pods. no new claims to deallocate, ${noVictims(1)}`);
      expect(big.nodes[0].reasons).toEqual([
        tooManyPods(2, 2),
        {
          code: 'InsufficientResource',
          resource: {
            name: 'cpu',
            requested: 3000,
            used: 2000,
            allocatable: 4000,
            heldBy: { pods: 2, largest: ['a', 'b'].map((name) => ({ namespace: 'default', name, requested: 1000 })) },
          },
          message: 'Insufficient cpu: needs 3000m, 2000m of 4000m free; held by 2 pods: default/a (1000m), default/b (1000m)',
        },
      ]);

      expect((await api.del(full('/namespaces/default/pods/b'))).statusCode).toBe(200);
      const after = await placementOf(api, full('/placement?view=nodes'), { pod: podAsking('fits', { cpu: '3' }) });
      expect(after.summary).toBe('1/1 nodes are available.');
      expect(after.nodes[0].reasons).toEqual([]);
    });

    it('a terminating pod still holds its room; a Succeeded pod does not; inline pods count the same way', async () => {
      const ending = (path: string) => `/v1/clusters/ending${path}`;
      await api.put(ending('/nodes/n'), smallNode('n'));
      const stays = podAsking('stays', { cpu: '1' }, { nodeName: 'n', spec: { tolerations: [{ key: 'drain', operator: 'Exists', effect: 'NoExecute' }] } });
      const leaving = podAsking('leaving', { cpu: '1' }, { nodeName: 'n', spec: { terminationGracePeriodSeconds: 3600 } });
      await api.put(ending('/namespaces/default/pods/stays'), stays);
      await api.put(ending('/namespaces/default/pods/leaving'), leaving);
      // evicted by a NoExecute taint, with an hour to go: terminating; the taint then goes
      expect((await api.post(ending('/nodes/n/taints'), { key: 'drain', effect: 'NoExecute' })).statusCode).toBe(201);
      await waitUntil(async () => Boolean((await api.get(ending('/namespaces/default/pods/leaving'))).json().metadata.deletionTimestamp), 5000);
      expect((await api.del(ending('/nodes/n/taints?key=drain'))).statusCode).toBe(200);
      const done = { ...podAsking('done', { cpu: '1' }, { nodeName: 'n' }), status: { phase: 'Succeeded' } };
      expect((await api.put(ending('/namespaces/default/pods/done'), done)).statusCode).toBe(201);

      // three pods bound, two holding room: the terminating one and the running one
      const stored = await placementOf(api, ending('/placement?view=nodes'), { pod: {} });
      expect(stored.summary).toBe(`0/1 nodes are available: 1 Too many pods. no new claims to deallocate, ${noVictims(1)}`);
      expect(stored.nodes[0].reasons).toEqual([tooManyPods(2, 2)]);
      const cpu = await placementOf(api, ending('/placement?view=nodes'), { pod: podAsking('cpu', { cpu: '3' }) });
      expect(cpu.nodes[0].reasons[1]).toMatchObject({ resource: { name: 'cpu', requested: 3000, used: 2000, allocatable: 4000 } });

      // the same, inline: a pod with a deletionTimestamp counts, a Succeeded one does not
      const terminating = { ...leaving, metadata: { ...leaving.metadata, deletionTimestamp: '2030-01-01T00:00:00Z', deletionGracePeriodSeconds: 3600 } };
      const inline = await placementOf(api, '/v1/placement?view=nodes', { pod: {}, nodes: [smallNode('n')], pods: [stays, terminating, done] });
      expect(inline).toEqual(stored);

      // the running one finishes: its room is free
      const read = (await api.get(ending('/namespaces/default/pods/stays'))).json();
      expect((await api.put(ending('/namespaces/default/pods/stays'), { ...read, status: { ...read.status, phase: 'Succeeded' } })).statusCode).toBe(200);
      const freed = await placementOf(api, ending('/placement?view=nodes'), { pod: {} });
      expect(freed.summary).toBe('1/1 nodes are available.');
      expect(freed.nodes[0].reasons).toEqual([]);
    });
  });

  describe('nodes that do not say how large they are', () => {
    it('no status.allocatable: status.capacity stands in for it; with neither the node is unlimited, and says so', async () => {
      const mixed = (path: string) => `/v1/clusters/mixed${path}`;
      await api.put(mixed('/nodes/sized'), { metadata: { name: 'sized' }, status: { allocatable: { cpu: '2', memory: '4Gi', pods: '110' } } });
      await api.put(mixed('/nodes/capacity-only'), { metadata: { name: 'capacity-only' }, status: { capacity: { cpu: '4', memory: '8Gi', pods: '110' } } });
      await api.put(mixed('/nodes/unsized'), { metadata: { name: 'unsized' } });
      // far more than any node could hold, bound to the one nobody measured
      await api.put(mixed('/namespaces/default/pods/huge'), podAsking('huge', { cpu: '64', memory: '512Gi' }, { nodeName: 'unsized' }));

      const body = await placementOf(api, mixed('/placement?view=nodes'), { pod: podAsking('job', { cpu: '8' }) });
      expect(body).toMatchObject({ feasibleCount: 1, capacityConsidered: true, summary: '1/3 nodes are available: 2 Insufficient cpu.' });
      expect(body.nodes).toEqual([
        {
          name: 'unsized',
          feasible: true,
          // No resource to be uneven in: BalancedAllocation's 100; NodeResourcesFit scores an unsized node 0.
          ...scored(100, { NodeResourcesBalancedAllocation: 100 }),
          rank: 1,
          reasons: [{ code: 'AllocatableUnknown', message: 'node has no status.allocatable: taken as unlimited, resources not checked' }],
        },
        {
          name: 'capacity-only',
          feasible: false,
          score: null,
          rank: null,
          reasons: [
            {
              code: 'InsufficientResource',
              resource: { name: 'cpu', requested: 8000, used: 0, allocatable: 4000 },
              message: 'Insufficient cpu: needs 8000m, 4000m of 4000m free',
            },
          ],
        },
        {
          name: 'sized',
          feasible: false,
          score: null,
          rank: null,
          reasons: [
            {
              code: 'InsufficientResource',
              resource: { name: 'cpu', requested: 8000, used: 0, allocatable: 2000 },
              message: 'Insufficient cpu: needs 8000m, 2000m of 2000m free',
            },
          ],
        },
      ]);
      // the same nodes inline
      const inline = await placementOf(api, '/v1/placement?view=nodes', {
        pod: podAsking('job', { cpu: '8' }),
        nodes: (await api.get(mixed('/nodes'))).json().items,
        pods: [podAsking('huge', { cpu: '64', memory: '512Gi' }, { nodeName: 'unsized' })],
      });
      expect(inline).toEqual(body);
    });
  });
});
