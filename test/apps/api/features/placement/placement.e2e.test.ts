import { beforeAll, describe, expect, it } from 'vitest';
import { everyNode } from '../../../../support/what-if-views';
import { scored } from '../../../../support/placement-scores';
import { type Detail, detailLines, expectApiError, expectCommandRefused, expectNothingStored, expectNotJsonRefused } from '../../../../support/api-client';
import { useApiFixture } from '../../../../support/api-test-app';
import { kubectlNode } from '../../../../support/kubectl-objects';
import { msg } from '../../../../libs/domain/validation/messages';
import { defaultTolerationsAdded } from '../../../../support/admitted-tolerations';

const soft = { key: 'soft', value: 'yes', effect: 'PreferNoSchedule' };
const other = { key: 'other', value: 'x', effect: 'PreferNoSchedule' };
const dedicated = { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' };
const maint = { key: 'maint', value: 'true', effect: 'NoExecute' };
const preferReason = (t: { key: string; value: string; effect: string }) => ({
  code: 'UntoleratedPreferNoSchedule',
  taint: t,
  message: `untolerated taint ${t.key}=${t.value}:${t.effect} lowers the node's score`,
});
const taintReason = (t: { key: string; value: string; effect: string }) => ({
  code: 'UntoleratedTaint',
  taint: t,
  message: `untolerated taint ${t.key}=${t.value}:${t.effect}`,
});
const cordoned = { code: 'Unschedulable', message: 'node is cordoned (spec.unschedulable is true)' };
/** A node stored with spec.unschedulable has the unschedulable taint too (doNoScheduleTaintingPass): both filters fail. */
const cordonedReasons = [
  cordoned,
  {
    code: 'UntoleratedTaint',
    taint: { key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' },
    message: 'untolerated taint node.kubernetes.io/unschedulable:NoSchedule',
  },
];
/** The stored nodes here have no status.allocatable: each is taken as unlimited, and says so (a soft reason, last). */
const allocatableUnknown = { code: 'AllocatableUnknown', message: 'node has no status.allocatable: taken as unlimited, resources not checked' };
const boundElsewhere = (node: string) => ({
  name: expect.any(String),
  feasible: false,
  score: null,
  rank: null,
  reasons: [{ code: 'NodeNameMismatch', message: `pod is bound to node ${node} by spec.nodeName` }],
});

describe('placement', () => {
  const { api, db } = useApiFixture();
  const place = (body: unknown) => api.post('/v1/placement?view=nodes', body);

  beforeAll(async () => {
    const nodes: [string, Record<string, string>, unknown[], boolean?][] = [
      ['a', { zone: 'a', disk: 'ssd' }, []],
      ['b', { zone: 'a' }, [soft]],
      ['c', { zone: 'b' }, [dedicated]],
      ['d', { zone: 'b' }, [], true],
      ['e', { zone: 'c' }, [maint]],
      ['f', { zone: 'c' }, [soft, other]],
    ];
    for (const [name, labels, taints, unschedulable] of nodes) {
      expect((await api.putNode(name, { metadata: { labels }, spec: { taints, unschedulable } })).statusCode).toBe(201);
    }
  });

  describe('POST /v1/placement over the stored nodes', () => {
    it('answers every node: feasible by score then name with ranks, the rest by name with every reason, and the summary', async () => {
      const reply = await expectNothingStored(api, db, () => place({ pod: { metadata: { name: 'web-1', namespace: 'web' } } }));
      expect(reply.statusCode).toBe(200);
      expect(everyNode(reply.json())).toEqual({
        pod: { namespace: 'web', name: 'web-1' },
        nodes: [
          { name: 'a', feasible: true, ...scored(100), rank: 1, reasons: [allocatableUnknown] },
          { name: 'b', feasible: true, ...scored(50), rank: 2, reasons: [preferReason(soft), allocatableUnknown] },
          { name: 'f', feasible: true, ...scored(0), rank: 3, reasons: [preferReason(soft), preferReason(other), allocatableUnknown] },
          { name: 'c', feasible: false, score: null, rank: null, reasons: [taintReason(dedicated), allocatableUnknown] },
          { name: 'd', feasible: false, score: null, rank: null, reasons: [...cordonedReasons, allocatableUnknown] },
          { name: 'e', feasible: false, score: null, rank: null, reasons: [taintReason(maint), allocatableUnknown] },
        ],
        feasibleCount: 3,
        summary: '3/6 nodes are available: 1 node(s) were unschedulable, 2 node(s) had untolerated taint(s).',
        detail:
          '3/6 nodes are available: 1 node(s) had untolerated taint {dedicated: gpu}, 1 node(s) had untolerated taint {maint: true}, 1 node(s) were unschedulable.',
        capacityConsidered: true,
        // the pod as admission left it: the tolerations it got, each marked with the step that added it
        admission: { tolerations: defaultTolerationsAdded },
      });
    });

    it('a pod without name or namespace is asked about as default/what-if', async () => {
      const reply = await place({ pod: {} });
      expect(reply.statusCode).toBe(200);
      expect(reply.json().pod).toEqual({ namespace: 'default', name: 'what-if' });
    });

    it('tolerating a PreferNoSchedule taint raises the score of its nodes; ties rank by name', async () => {
      const reply = await place({ pod: { spec: { tolerations: [{ key: 'soft', operator: 'Exists', effect: 'PreferNoSchedule' }] } } });
      expect(reply.json().nodes.filter((n: { feasible: boolean }) => n.feasible)).toEqual([
        { name: 'a', feasible: true, ...scored(100), rank: 1, reasons: [allocatableUnknown] },
        { name: 'b', feasible: true, ...scored(100), rank: 2, reasons: [allocatableUnknown] },
        { name: 'f', feasible: true, ...scored(0), rank: 3, reasons: [preferReason(other), allocatableUnknown] },
      ]);
    });

    it('a toleration of everything makes every node feasible, the cordoned one too', async () => {
      const reply = await place({ pod: { spec: { tolerations: [{ operator: 'Exists' }] } } });
      const body = reply.json();
      expect(body.summary).toBe('6/6 nodes are available.');
      expect(body.nodes.map((n: { name: string; score: number; rank: number }) => [n.name, n.score, n.rank])).toEqual([
        ['a', 300, 1],
        ['b', 300, 2],
        ['c', 300, 3],
        ['d', 300, 4],
        ['e', 300, 5],
        ['f', 300, 6],
      ]);
    });

    it('nodeSelector and tolerations: the matching node only; a node failing twice gets both reasons, counted once by the first filter', async () => {
      const pod = { spec: { nodeSelector: { zone: 'b' }, tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' }] } };
      const body = (await place({ pod })).json();
      const miss = (has: string) => ({
        code: 'NodeSelectorMismatch',
        field: 'spec.nodeSelector[zone]',
        message: `nodeSelector wants zone=b, node has zone=${has}`,
      });
      expect(body.nodes).toEqual([
        { name: 'c', feasible: true, ...scored(100), rank: 1, reasons: [allocatableUnknown] },
        { name: 'a', feasible: false, score: null, rank: null, reasons: [miss('a'), allocatableUnknown] },
        { name: 'b', feasible: false, score: null, rank: null, reasons: [miss('a'), preferReason(soft), allocatableUnknown] },
        { name: 'd', feasible: false, score: null, rank: null, reasons: [...cordonedReasons, allocatableUnknown] },
        { name: 'e', feasible: false, score: null, rank: null, reasons: [taintReason(maint), miss('c'), allocatableUnknown] },
        { name: 'f', feasible: false, score: null, rank: null, reasons: [miss('c'), preferReason(soft), preferReason(other), allocatableUnknown] },
      ]);
      expect(body.summary).toBe(
        "1/6 nodes are available: 1 node(s) had untolerated taint(s), 1 node(s) were unschedulable, 3 node(s) didn't match Pod's node affinity/selector.",
      );
      expect(body.detail).toBe(
        "1/6 nodes are available: 1 node(s) had untolerated taint {maint: true}, 1 node(s) were unschedulable, 3 node(s) didn't match Pod's node affinity/selector.",
      );
    });

    it('required node affinity, by label and by metadata.name', async () => {
      const required = (terms: unknown[]) => ({
        pod: { spec: { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: terms } } } } },
      });
      const zoneC = (await place(required([{ matchExpressions: [{ key: 'zone', operator: 'In', values: ['c'] }] }]))).json();
      expect(zoneC.nodes.filter((n: { feasible: boolean }) => n.feasible).map((n: { name: string }) => n.name)).toEqual(['f']);
      expect(zoneC.summary).toBe(
        "1/6 nodes are available: 1 node(s) were unschedulable, 2 node(s) didn't match Pod's node affinity/selector, 2 node(s) had untolerated taint(s).",
      );
      expect(zoneC.nodes.find((n: { name: string }) => n.name === 'a').reasons).toEqual([
        {
          code: 'NodeAffinityMismatch',
          field: 'spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0]',
          message: 'zone In [c]: node has zone=a',
        },
        allocatableUnknown,
      ]);
      const byName = (await place(required([{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['b'] }] }]))).json();
      expect(byName.nodes.filter((n: { feasible: boolean }) => n.feasible).map((n: { name: string }) => n.name)).toEqual(['b']);
      // NodeAffinity's PreFilter narrowed the nodes to b: the others are counted as not satisfying it
      expect(byName.summary).toBe("1/6 nodes are available: 5 node(s) didn't satisfy plugin(s) [NodeAffinity].");
      const ssd = (
        await place(
          required([
            { matchExpressions: [{ key: 'disk', operator: 'Exists' }] },
            { matchExpressions: [{ key: 'zone', operator: 'NotIn', values: ['a', 'b'] }] },
          ]),
        )
      ).json();
      expect(ssd.nodes.filter((n: { feasible: boolean }) => n.feasible).map((n: { name: string }) => n.name)).toEqual(['a', 'f']);
    });

    it('a pod with spec.nodeName: only that node, NoSchedule and cordon ignored (kubelet admission)', async () => {
      const onC = (await place({ pod: { spec: { nodeName: 'c' } } })).json();
      expect(onC.nodes).toEqual([
        { name: 'c', feasible: true, ...scored(100), rank: 1, reasons: [allocatableUnknown] },
        ...['a', 'b', 'd', 'e', 'f'].map(() => boundElsewhere('c')),
      ]);
      expect(onC.nodes.slice(1).map((n: { name: string }) => n.name)).toEqual(['a', 'b', 'd', 'e', 'f']);
      expect(onC.summary).toBe("1/6 nodes are available: 5 node(s) didn't match the requested node name.");
      const onD = (await place({ pod: { spec: { nodeName: 'd' } } })).json();
      expect(onD.nodes[0]).toEqual({ name: 'd', feasible: true, ...scored(100), rank: 1, reasons: [allocatableUnknown] });
    });

    it('a pod with spec.nodeName is still kept off by an untolerated NoExecute taint', async () => {
      const onE = (await place({ pod: { spec: { nodeName: 'e' } } })).json();
      expect(onE.nodes.find((n: { name: string }) => n.name === 'e')).toEqual({
        name: 'e',
        feasible: false,
        score: null,
        rank: null,
        reasons: [taintReason(maint), allocatableUnknown],
      });
      expect(onE.feasibleCount).toBe(0);
      expect(onE.summary).toBe("0/6 nodes are available: 1 node(s) had untolerated taint(s), 5 node(s) didn't match the requested node name.");
      expect(onE.detail).toBe("0/6 nodes are available: 1 node(s) had untolerated taint {maint: true}, 5 node(s) didn't match the requested node name.");
      const nowhere = (await place({ pod: { spec: { nodeName: 'ghost' } } })).json();
      expect(nowhere.summary).toBe("0/6 nodes are available: 6 node(s) didn't match the requested node name.");
    });

    it('the pod is admitted first: its default tolerations apply (not-ready NoExecute tolerated for 300 s)', async () => {
      await api.putNode('nr', { metadata: { labels: { zone: 'nr' } }, spec: { taints: [{ key: 'node.kubernetes.io/not-ready', effect: 'NoExecute' }] } });
      try {
        const body = (await place({ pod: { spec: { nodeSelector: { zone: 'nr' } } } })).json();
        expect(body.nodes[0]).toEqual({ name: 'nr', feasible: true, ...scored(100), rank: 1, reasons: [allocatableUnknown] });
        expect(body.admission).toEqual({ tolerations: defaultTolerationsAdded });
      } finally {
        // the tests below count six nodes: gone even if this one fails
        await api.del('/v1/nodes/nr');
      }
    });
  });

  describe('GET /v1/namespaces/{ns}/pods/{name}/placement?view=nodes', () => {
    it('places a stored pod over the stored nodes, as POST /v1/placement places the same pod', async () => {
      const pod = {
        metadata: { name: 'gpu-job', namespace: 'ml' },
        spec: { tolerations: [{ key: 'dedicated', operator: 'Exists' }], containers: [{ name: 'c', resources: { requests: { cpu: '1' } } }] },
      };
      expect((await api.putPod('ml', 'gpu-job', pod)).statusCode).toBe(201);
      const stored = await expectNothingStored(api, db, () => api.get('/v1/namespaces/ml/pods/gpu-job/placement?view=nodes'));
      expect(stored.statusCode).toBe(200);
      // the same answer, but for `admission`: a stored pod was admitted when it was stored, and only an inline pod's answer shows it
      const { admission, ...inline } = (await place({ pod })).json();
      expect(stored.json()).toEqual(inline);
      expect(admission).toEqual({ tolerations: [{ key: 'dedicated', operator: 'Exists' }, ...defaultTolerationsAdded] });
      expect(stored.json()).toMatchObject({
        capacityConsidered: true,
        pod: { namespace: 'ml', name: 'gpu-job' },
        feasibleCount: 4,
        summary: '4/6 nodes are available: 1 node(s) had untolerated taint(s), 1 node(s) were unschedulable.',
        detail: '4/6 nodes are available: 1 node(s) had untolerated taint {maint: true}, 1 node(s) were unschedulable.',
      });
    });

    it('sees the nodes as they are now: a taint added is in the next answer', async () => {
      await api.post('/v1/nodes/a/taints', { key: 'late', effect: 'NoSchedule' });
      const body = (await api.get('/v1/namespaces/ml/pods/gpu-job/placement?view=nodes')).json();
      expect(body.nodes.find((n: { name: string }) => n.name === 'a')).toMatchObject({
        feasible: false,
        reasons: [{ code: 'UntoleratedTaint', taint: { key: 'late', effect: 'NoSchedule' } }, { code: 'AllocatableUnknown' }],
      });
      await api.del('/v1/nodes/a/taints?key=late');
    });

    it('places a stored pod bound by spec.nodeName on that node only', async () => {
      expect((await api.putPod('ml', 'bound', { spec: { nodeName: 'a' } })).statusCode).toBe(201);
      const stored = await api.get('/v1/namespaces/ml/pods/bound/placement?view=nodes');
      expect(stored.json().summary).toBe("1/6 nodes are available: 5 node(s) didn't match the requested node name.");
    });

    it('answers 404 for a pod that is not stored (in that namespace)', async () => {
      expectApiError(await api.get('/v1/namespaces/ml/pods/nope/placement?view=nodes'), 404, 'pods "nope" not found');
      expectApiError(await api.get('/v1/namespaces/other/pods/gpu-job/placement?view=nodes'), 404, 'pods "gpu-job" not found');
    });
  });

  describe('POST /v1/placement with inline nodes: a hypothetical cluster, nothing stored', () => {
    it('places over the inline nodes only, even where names clash with stored ones', async () => {
      const reply = await expectNothingStored(api, db, () =>
        place({
          pod: { metadata: { name: 'p' } },
          nodes: [
            { metadata: { name: 'a' }, spec: { taints: [dedicated] } },
            { metadata: { name: 'h1' } },
            { metadata: { name: 'h2' }, spec: { taints: [soft] } },
          ],
        }),
      );
      expect(reply.statusCode).toBe(200);
      expect(everyNode(reply.json())).toEqual({
        pod: { namespace: 'default', name: 'p' },
        nodes: [
          { name: 'h1', feasible: true, ...scored(100), rank: 1, reasons: [allocatableUnknown] },
          { name: 'h2', feasible: true, ...scored(0), rank: 2, reasons: [preferReason(soft), allocatableUnknown] },
          { name: 'a', feasible: false, score: null, rank: null, reasons: [taintReason(dedicated), allocatableUnknown] },
        ],
        feasibleCount: 2,
        summary: '2/3 nodes are available: 1 node(s) had untolerated taint(s).',
        detail: '2/3 nodes are available: 1 node(s) had untolerated taint {dedicated: gpu}.',
        capacityConsidered: true,
        admission: { tolerations: defaultTolerationsAdded },
      });
      expectApiError(await api.getNode('h1'), 404, 'nodes "h1" not found');
      expect((await api.getNode('a')).json().spec.taints).toBeUndefined();
    });

    it('takes kubectl get node -o json output inline', async () => {
      const gpu = { key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' };
      const nodes = [kubectlNode('gpu-1'), kubectlNode('gpu-2')];
      // the nodes are unreachable: their NoSchedule taint keeps new pods away...
      const reply = await place({ pod: { spec: { tolerations: [gpu] } }, nodes });
      expect(reply.statusCode).toBe(200);
      // (an untolerated taint is UnschedulableAndUnresolvable: no preemption helps, which the line ends with)
      const notHelpful = 'preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.';
      expect(reply.json()).toMatchObject({
        summary: `0/2 nodes are available: 2 node(s) had untolerated taint(s). no new claims to deallocate, ${notHelpful}`,
        detail: `0/2 nodes are available: 2 node(s) had untolerated taint {node.kubernetes.io/unreachable: }. ${notHelpful}`,
      });
      // ...and a pod tolerating it too gets in: the NoExecute one is tolerated for 300 s by default
      const unreachable = { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoSchedule' };
      expect((await place({ pod: { spec: { tolerations: [gpu, unreachable] } }, nodes })).json().summary).toBe('2/2 nodes are available.');
    });

    it('an empty inline cluster has no nodes available', async () => {
      const reply = await place({ pod: {}, nodes: [] });
      expect(everyNode(reply.json())).toEqual({
        pod: { namespace: 'default', name: 'what-if' },
        nodes: [],
        feasibleCount: 0,
        summary: 'no nodes available to schedule pods',
        detail: 'no nodes available to schedule pods',
        capacityConsidered: true,
        admission: { tolerations: defaultTolerationsAdded },
      });
    });
  });

  describe('bad requests: 400 naming request paths (pod..., nodes[i]...), nothing stored', () => {
    it.each<[string, unknown, Detail[]]>([
      ['no pod', {}, [{ field: 'pod', reason: 'Required value' }]],
      ['no pod, only nodes', { nodes: [{ metadata: { name: 'x' } }] }, [{ field: 'pod', reason: 'Required value' }]],
      ['a pod that is a string', { pod: 'web-1' }, [{ field: 'pod', reason: 'Invalid value: "web-1": must be an object' }]],
      ['a pod that is null', { pod: null }, [{ field: 'pod', reason: 'Required value' }]],
      [
        'a bad toleration',
        { pod: { spec: { tolerations: [{ key: 'k', operator: 'Foo' }] } } },
        [{ field: 'pod.spec.tolerations[0].operator', reason: 'Unsupported value: "Foo": supported values: "Equal", "Exists"' }],
      ],
      [
        'a toleration of the wrong type',
        { pod: { spec: { tolerations: [{ key: 'k', tolerationSeconds: 'x' }] } } },
        [{ field: 'pod.spec.tolerations[0].tolerationSeconds', reason: 'Invalid value: "x": must be an integer' }],
      ],
      [
        'a bad pod namespace',
        { pod: { metadata: { namespace: 'Web' } } },
        [{ field: 'pod.metadata.namespace', reason: `Invalid value: "Web": ${msg.dnsLabelRegex}` }],
      ],
      ['nodes that are not a list', { pod: {}, nodes: { a: {} } }, [{ field: 'nodes', reason: 'Invalid value: {"a":{}}: must be an array' }]],
      ['a node that is a string', { pod: {}, nodes: ['a'] }, [{ field: 'nodes[0]', reason: 'Invalid value: "a": must be an object' }]],
      ['a node without metadata', { pod: {}, nodes: [{ spec: {} }] }, [{ field: 'nodes[0].metadata', reason: 'Required value' }]],
      [
        'a node without name',
        { pod: {}, nodes: [{ metadata: {} }] },
        [{ field: 'nodes[0].metadata.name', reason: 'Required value: name or generateName is required' }],
      ],
      [
        'a bad taint on the second node',
        { pod: {}, nodes: [{ metadata: { name: 'n1' } }, { metadata: { name: 'n2' }, spec: { taints: [{ key: 'k', effect: 'Bad' }] } }] },
        [{ field: 'nodes[1].spec.taints[0].effect', reason: `Unsupported value: "Bad": ${msg.effects}` }],
      ],
      [
        'two nodes with one name',
        { pod: {}, nodes: [{ metadata: { name: 'n1' } }, { metadata: { name: 'n2' } }, { metadata: { name: 'n1' } }] },
        [{ field: 'nodes[2].metadata.name', reason: 'Duplicate value: "n1"' }],
      ],
      [
        'errors in the pod and in several nodes, all reported',
        {
          pod: { spec: { tolerations: [{ operator: 'Equal' }] } },
          nodes: [
            { metadata: { name: 'N1' } },
            {
              metadata: { name: 'n2' },
              spec: {
                taints: [
                  { key: 'k', effect: 'NoSchedule' },
                  { key: 'k', effect: 'NoSchedule' },
                ],
              },
            },
          ],
        },
        [
          {
            field: 'pod.spec.tolerations[0].operator',
            reason: 'Invalid value: "Equal": operator must be Exists when `key` is empty, which means "match all values and all keys"',
          },
          { field: 'nodes[0].metadata.name', reason: `Invalid value: "N1": ${msg.subdomainRegex}` },
          {
            field: 'nodes[1].spec.taints[1]',
            reason: 'Duplicate value: {"Key":"k","Value":"","Effect":"NoSchedule","TimeAdded":null}: taints must be unique by key and effect pair',
          },
        ],
      ],
    ])('%s', async (_, body, details) => {
      const reply = await expectNothingStored(api, db, () => place(body));
      expectApiError(reply, 400, detailLines(details), details);
    });

    it('bodies that are not an object', async () => {
      await expectCommandRefused(api, db, '/v1/placement?view=nodes', '[{"pod": {}}]', [
        { field: '<body>', reason: 'Invalid value: [{"pod":{}}]: must be an object' },
        { field: 'pod', reason: 'Required value' },
      ]);
      await expectNotJsonRefused(api, db, 'POST', '/v1/placement?view=nodes', '{"pod": ');
    });
  });
});
