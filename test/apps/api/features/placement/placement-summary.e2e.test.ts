import { beforeAll, describe, expect, it } from 'vitest';
import type { Api } from '../../../../support/api-client';
import { scored } from '../../../../support/placement-scores';
import { useApiFixture } from '../../../../support/api-test-app';
import { gqlData } from '../../faces/graphql/graphql-client';

// The summary line of POST /v1/placement as kube-scheduler words it: TaintToleration's reason since
// kubernetes/kubernetes#134740, NodeAffinity's PreFilter (findNodesThatFitPod, FitError.Error), and
// the wording of earlier releases behind SCHEDULER_SUMMARY_WORDING=legacy.

const dedicated = { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' };
const maint = { key: 'maint', value: 'true', effect: 'NoExecute' };

/** Four nodes: one free, two tainted (a taint each), one cordoned. */
async function storeCluster(api: Api): Promise<void> {
  const nodes: [string, unknown][] = [
    ['cpu-1', { metadata: { labels: { pool: 'cpu' } } }],
    ['gpu-1', { metadata: { labels: { pool: 'gpu' } }, spec: { taints: [dedicated] } }],
    ['old-1', { metadata: { labels: { pool: 'cpu' } }, spec: { taints: [maint] } }],
    ['cordoned', { metadata: { labels: { pool: 'cpu' } }, spec: { unschedulable: true } }],
  ];
  for (const [name, node] of nodes) expect((await api.putNode(name, node)).statusCode).toBe(201);
}

/** A pod whose required node affinity names nodes by metadata.name: one term per list, one requirement per name. */
const namingNodes = (...terms: string[][]) => ({
  metadata: { name: 'pinned' },
  spec: {
    affinity: {
      nodeAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: {
          nodeSelectorTerms: terms.map((names) => ({ matchFields: names.map((name) => ({ key: 'metadata.name', operator: 'In', values: [name] })) })),
        },
      },
    },
  },
});

/** The nodes have no status.allocatable: each is taken as unlimited, and says so (a soft reason, last; never counted in the summary). */
const allocatableUnknown = { code: 'AllocatableUnknown', message: 'node has no status.allocatable: taken as unlimited, resources not checked' };

const legacyTaints =
  '1/4 nodes are available: 1 node(s) had untolerated taint {dedicated: gpu}, 1 node(s) had untolerated taint {maint: true}, 1 node(s) were unschedulable.';
/** DefaultPreemption's words when no node is worth preempting on (every status UnschedulableAndUnresolvable), after DynamicResources' in the current wording. */
const notHelpful = 'preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling.';
const afterClaims = (line: string) => `${line} no new claims to deallocate, ${notHelpful}`;
const legacyPinnedToGpu = `0/4 nodes are available: 1 node(s) had untolerated taint {dedicated: gpu}, 3 node(s) didn't satisfy plugin(s) [NodeAffinity]. ${notHelpful}`;
const conflictLine = '0/4 nodes are available: pod affinity terms conflict.';
const conflict = `${conflictLine} ${notHelpful}`;

describe('POST /v1/placement: the summary line of current kube-scheduler (the default)', () => {
  const { api } = useApiFixture();
  const place = async (pod: unknown) => {
    const reply = await api.post('/v1/placement?view=nodes', { pod });
    expect(reply.statusCode).toBe(200);
    return reply.json();
  };
  beforeAll(() => storeCluster(api));

  it('untolerated taints: "node(s) had untolerated taint(s)", one count for every taint; the detail names them', async () => {
    const body = await place({ metadata: { name: 'web' } });
    expect(body.summary).toBe('1/4 nodes are available: 1 node(s) were unschedulable, 2 node(s) had untolerated taint(s).');
    expect(body.detail).toBe(legacyTaints);
    expect(body.nodes.find((n: { name: string }) => n.name === 'gpu-1').reasons).toEqual([
      { code: 'UntoleratedTaint', taint: dedicated, message: 'untolerated taint dedicated=gpu:NoSchedule' },
      allocatableUnknown,
    ]);
  });

  it('matchFields on metadata.name: the nodes outside the named set are never filtered and count as not satisfying NodeAffinity', async () => {
    const onGpu = await place(namingNodes(['gpu-1']));
    expect(onGpu.summary).toBe(afterClaims("0/4 nodes are available: 1 node(s) had untolerated taint(s), 3 node(s) didn't satisfy plugin(s) [NodeAffinity]."));
    expect(onGpu.detail).toBe(legacyPinnedToGpu);
    // every node still has its own reasons: the cordoned one is cordoned (spec and its taint) and not named
    expect(onGpu.nodes.find((n: { name: string }) => n.name === 'cordoned').reasons.map((r: { code: string }) => r.code)).toEqual([
      'Unschedulable',
      'UntoleratedTaint',
      'NodeAffinityMismatch',
      'AllocatableUnknown',
    ]);

    const onCpu = await place(namingNodes(['cpu-1']));
    expect(onCpu).toMatchObject({ feasibleCount: 1, summary: "1/4 nodes are available: 3 node(s) didn't satisfy plugin(s) [NodeAffinity]." });
    expect(onCpu.nodes[0]).toEqual({ name: 'cpu-1', feasible: true, ...scored(100), rank: 1, reasons: [allocatableUnknown] });
  });

  it('terms that cannot both hold: "pod affinity terms conflict" is the whole line, and no node is counted', async () => {
    const body = await place(namingNodes(['cpu-1', 'gpu-1']));
    expect(body).toMatchObject({ feasibleCount: 0, summary: afterClaims(conflictLine), detail: conflict });
    expect(body.nodes.map((n: { name: string; feasible: boolean }) => [n.name, n.feasible])).toEqual([
      ['cordoned', false],
      ['cpu-1', false],
      ['gpu-1', false],
      ['old-1', false],
    ]);
    expect(body.nodes.find((n: { name: string }) => n.name === 'cpu-1').reasons).toEqual([
      {
        code: 'NodeAffinityMismatch',
        field: 'spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchFields[1]',
        message: 'metadata.name In [gpu-1]: node is cpu-1',
      },
      allocatableUnknown,
    ]);
  });
});

describe('POST /v1/placement: the summaries of replicas asked in turn (kept per revision of the cluster)', () => {
  const { api } = useApiFixture();
  const summary = async (name: string) => {
    const reply = await api.post('/v1/placement', { pod: { metadata: { name, labels: { app: 'web' } } } });
    expect(reply.statusCode).toBe(200);
    return reply.json();
  };
  beforeAll(() => storeCluster(api));

  it('answers the second replica as the first, but for its name, and a write to the cluster is seen at once', async () => {
    const first = await summary('web-1');
    const second = await summary('web-2');
    expect(second.pod).toEqual({ namespace: 'default', name: 'web-2' });
    expect({ ...second, pod: first.pod }).toEqual(first);
    expect(first.feasibleCount).toBe(1);
    // Uncordoned: the next revision, a new answer.
    expect((await api.putNode('cordoned', { metadata: { labels: { pool: 'cpu' } } })).statusCode).toBe(200);
    const third = await summary('web-3');
    expect(third.feasibleCount).toBe(2);
    expect(third.pod.name).toBe('web-3');
  });
});

describe('POST /v1/placement with SCHEDULER_SUMMARY_WORDING=legacy: the wording of earlier kube-scheduler releases', () => {
  const t = useApiFixture({ SCHEDULER_SUMMARY_WORDING: 'legacy' });
  const { api } = t;
  const place = async (pod: unknown) => (await api.post('/v1/placement?view=nodes', { pod })).json();
  beforeAll(() => storeCluster(api));

  it('names the first untolerated taint of each node, in the summary and the detail alike', async () => {
    expect(await place({ metadata: { name: 'web' } })).toMatchObject({ summary: legacyTaints, detail: legacyTaints });
  });

  it("keeps NodeAffinity's PreFilter and its words", async () => {
    // The legacy wording: DefaultPreemption's words alone, as before DynamicResources ran its PostFilter first.
    expect(await place(namingNodes(['gpu-1']))).toMatchObject({ summary: legacyPinnedToGpu, detail: legacyPinnedToGpu });
    expect(await place(namingNodes(['cpu-1', 'gpu-1']))).toMatchObject({ summary: conflict, detail: conflict });
  });

  it('words a stored pod the same, and GraphQL too', async () => {
    expect((await api.putPod('default', 'web', { spec: {} })).statusCode).toBe(201);
    expect((await api.get('/v1/namespaces/default/pods/web/placement?view=nodes')).json().summary).toBe(legacyTaints);
    const { placement } = await gqlData(t.app, 'query { placement(pod: {}) { summary detail } }');
    expect(placement).toEqual({ summary: legacyTaints, detail: legacyTaints });
  });
});
