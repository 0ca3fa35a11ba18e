import { beforeAll, describe, expect, it } from 'vitest';
import { everyPod } from '../../../../support/what-if-views';
import {
  type Detail,
  type Reply,
  detailLines,
  expectApiError,
  expectCommandRefused,
  expectNothingStored,
  expectNotJsonRefused,
} from '../../../../support/api-client';
import { useApiFixture } from '../../../../support/api-test-app';
import { k8sTime } from '../../../../support/server-fields';
import { msg } from '../../../../libs/domain/validation/messages';
import { defaultTolerationsAdded } from '../../../../support/admitted-tolerations';

const isoMillis = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const drainNoExecute = { key: 'drain', effect: 'NoExecute' };
const ref = (name: string, namespace = 'prod') => ({ namespace, name });
// The same rules and words as /v1/taint (parseNodeTarget), the field to fix in the details.
const noTarget = "at least one resource name must be specified since 'all' parameter is not set";
const noTargetDetails = [{ field: 'nodes', reason: 'Required value: name the nodes, or give a selector, or all: true' }];

describe('POST /v1/taint-impact', () => {
  const { api, db } = useApiFixture();
  /** Asks, checking that nothing was stored by asking; returns the reply and the time around the request. */
  const impact = async (body: unknown): Promise<{ reply: Reply; before: number; after: number }> => {
    const before = Date.now();
    const reply = await expectNothingStored(api, db, () => api.post('/v1/taint-impact?view=pods', body));
    return { reply, before, after: Date.now() };
  };

  beforeAll(async () => {
    for (const [name, pool] of [
      ['g1', 'gpu'],
      ['g2', 'gpu'],
      ['c1', 'cpu'],
    ]) {
      expect((await api.putNode(name as string, { metadata: { labels: { pool } } })).statusCode).toBe(201);
    }
    const drain = (seconds?: number, key = 'drain') => ({
      key,
      operator: 'Exists',
      effect: 'NoExecute',
      ...(seconds === undefined ? {} : { tolerationSeconds: seconds }),
    });
    const pods: [string, Record<string, unknown>][] = [
      ['db', { spec: { nodeName: 'g1' }, status: { phase: 'Running' } }],
      ['cache', { spec: { nodeName: 'g1', tolerations: [drain(60)] }, status: { phase: 'Running' } }],
      ['done', { spec: { nodeName: 'g1' }, status: { phase: 'Succeeded' } }],
      ['agent', { spec: { nodeName: 'g2', tolerations: [drain()] }, status: { phase: 'Running' } }],
      ['zero', { spec: { nodeName: 'g2', tolerations: [drain(0)] }, status: { phase: 'Running' } }],
      ['negative', { spec: { nodeName: 'g2', tolerations: [drain(-5)] }, status: { phase: 'Running' } }],
      // only the first toleration matching a taint is in use (GetMatchingTolerations): 120, not 30
      [
        'two',
        {
          spec: { nodeName: 'g2', tolerations: [drain(120), { operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 30 }] },
          status: { phase: 'Running' },
        },
      ],
      ['web', { spec: { nodeName: 'c1' }, status: { phase: 'Running' } }],
      ['pending-gpu', { spec: { nodeSelector: { pool: 'gpu' } } }],
      ['pending-any', {}],
      ['pending-tolerant', { spec: { nodeSelector: { pool: 'gpu' }, tolerations: [{ key: 'drain', operator: 'Exists' }] } }],
      ['pending-nowhere', { spec: { nodeSelector: { pool: 'none' } } }],
    ];
    for (const [name, body] of pods) expect((await api.putPod('prod', name, body)).statusCode).toBe(201);
  });

  describe('over the stored cluster', () => {
    it('a NoExecute taint by selector: evicted now, evicted after tolerationSeconds (at a time), tolerated forever, pending pods left with no node', async () => {
      const { reply, before, after } = await impact({ taint: drainNoExecute, selector: 'pool=gpu' });
      expect(reply.statusCode).toBe(200);
      const body = reply.json();
      expect(everyPod(body)).toEqual({
        taint: drainNoExecute,
        nodes: ['g1', 'g2'],
        at: expect.stringMatching(k8sTime),
        evictions: [
          // c1, the one node left untainted, is where each evicted pod could go (no node here has an
          // allocatable: room is unlimited), alone (`elsewhere`) and placed together (`to`, the default mode)
          { pod: ref('db'), node: 'g1', when: 'Immediately', at: expect.stringMatching(isoMillis), neverInPractice: false, elsewhere: 'c1', to: 'c1' },
          // Succeeded, and evicted all the same: the controller does not look at the phase; nothing schedules it again, so no `elsewhere`
          { pod: ref('done'), node: 'g1', when: 'Immediately', at: expect.stringMatching(isoMillis), neverInPractice: false },
          { pod: ref('negative'), node: 'g2', when: 'Immediately', at: expect.stringMatching(isoMillis), neverInPractice: false, elsewhere: 'c1', to: 'c1' },
          { pod: ref('zero'), node: 'g2', when: 'Immediately', at: expect.stringMatching(isoMillis), neverInPractice: false, elsewhere: 'c1', to: 'c1' },
          {
            pod: ref('cache'),
            node: 'g1',
            when: 'AfterTolerationSeconds',
            tolerationSeconds: 60,
            at: expect.stringMatching(isoMillis),
            neverInPractice: false,
            elsewhere: 'c1',
            to: 'c1',
          },
          {
            pod: ref('two'),
            node: 'g2',
            when: 'AfterTolerationSeconds',
            tolerationSeconds: 120,
            at: expect.stringMatching(isoMillis),
            neverInPractice: false,
            elsewhere: 'c1',
            to: 'c1',
          },
        ],
        unaffected: [{ pod: ref('agent'), node: 'g2', reason: 'ToleratesForever' }],
        unschedulable: [{ pod: ref('pending-gpu') }],
        rescheduling: { capacityConsidered: true, stranded: 0, mode: 'together' },
      });
      // "now" is one instant for the whole answer, taken while the request ran
      const now = Date.parse(body.evictions[0].at);
      expect(now).toBeGreaterThanOrEqual(before);
      expect(now).toBeLessThanOrEqual(after);
      for (const e of body.evictions.slice(0, 4)) expect(e.at).toBe(body.evictions[0].at);
      expect(Date.parse(body.evictions[4].at) - now).toBe(60_000);
      expect(Date.parse(body.evictions[5].at) - now).toBe(120_000);
      // the answer's own `at` is the same instant, to the second
      expect(now - Date.parse(body.at)).toBeGreaterThanOrEqual(0);
      expect(now - Date.parse(body.at)).toBeLessThan(1000);
    });

    it('by node names: only the pods bound there; a pending pod with another feasible node loses nothing', async () => {
      const { reply } = await impact({ taint: drainNoExecute, nodes: ['g1'] });
      const body = reply.json();
      expect(body.nodes).toEqual(['g1']);
      expect(body.evictions.map((e: { pod: { name: string }; when: string }) => [e.pod.name, e.when])).toEqual([
        ['db', 'Immediately'],
        ['done', 'Immediately'],
        ['cache', 'AfterTolerationSeconds'],
      ]);
      expect(body.unaffected).toEqual([]);
      expect(body.unschedulable).toEqual([]);
    });

    it('all: every node; pending pods with no node left at all', async () => {
      const { reply } = await impact({ taint: drainNoExecute, all: true });
      const body = reply.json();
      expect(body.nodes).toEqual(['c1', 'g1', 'g2']);
      expect(body.evictions.map((e: { pod: { name: string } }) => e.pod.name)).toEqual(['db', 'done', 'negative', 'web', 'zero', 'cache', 'two']);
      expect(body.unschedulable).toEqual([{ pod: ref('pending-any') }, { pod: ref('pending-gpu') }]);
    });

    it('a NoSchedule taint evicts nobody: bound pods are NotNoExecute, pending ones may still lose their last node', async () => {
      const { reply } = await impact({ taint: { key: 'drain', value: 'soon', effect: 'NoSchedule' }, selector: 'pool=gpu' });
      expect(everyPod(reply.json())).toEqual({
        taint: { key: 'drain', value: 'soon', effect: 'NoSchedule' },
        nodes: ['g1', 'g2'],
        at: expect.stringMatching(k8sTime),
        evictions: [],
        unaffected: ['agent', 'cache', 'db', 'done', 'negative', 'two', 'zero'].map((name) => ({
          pod: ref(name),
          node: ['db', 'cache', 'done'].includes(name) ? 'g1' : 'g2',
          reason: 'NotNoExecute',
        })),
        unschedulable: [{ pod: ref('pending-gpu') }],
        rescheduling: { capacityConsidered: true, stranded: 0, mode: 'together' },
      });
    });

    it('a PreferNoSchedule taint changes nothing for anybody', async () => {
      const { reply } = await impact({ taint: { key: 'drain', effect: 'PreferNoSchedule' }, all: true });
      const body = reply.json();
      expect(body.evictions).toEqual([]);
      expect(body.unschedulable).toEqual([]);
      expect(body.unaffected.every((u: { reason: string }) => u.reason === 'NotNoExecute')).toBe(true);
      expect(body.unaffected).toHaveLength(8);
    });

    it('a default toleration in use: node.kubernetes.io/unreachable evicts after the 300 s DefaultTolerationSeconds', async () => {
      const { reply } = await impact({ taint: { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' }, nodes: ['c1'] });
      expect(reply.json().evictions).toEqual([
        {
          pod: ref('web'),
          node: 'c1',
          when: 'AfterTolerationSeconds',
          tolerationSeconds: 300,
          at: expect.stringMatching(isoMillis),
          neverInPractice: false,
          elsewhere: 'g1',
          to: 'c1',
        },
      ]);
    });

    it('a selector that matches no node is an empty answer', async () => {
      const { reply } = await impact({ taint: drainNoExecute, selector: 'pool=none' });
      expect(reply.json()).toMatchObject({ nodes: [], evictions: [], unaffected: [], unschedulable: [] });
    });

    it('changes nothing: the nodes keep their taints and every pod is still there', async () => {
      const nodes = (await api.get('/v1/nodes')).json().items;
      expect(nodes.every((n: { spec: { taints?: unknown[] } }) => n.spec.taints === undefined)).toBe(true);
      expect((await api.get('/v1/pods')).json().items).toHaveLength(12);
    });
  });

  describe('over an inline hypothetical cluster', () => {
    it('tells which toleration of the taint admission added: an inline pod with none of its own is evicted after 300 s', async () => {
      const { reply } = await impact({
        taint: { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' },
        nodes: ['u1'],
        inline: { nodes: [{ metadata: { name: 'u1' } }], pods: [{ metadata: { name: 'plain', namespace: 'team' }, spec: { nodeName: 'u1' } }] },
      });
      const [eviction] = reply.json().evictions;
      expect(eviction).toMatchObject({ when: 'AfterTolerationSeconds', tolerationSeconds: 300 });
      expect(eviction.admission.tolerations).toEqual(defaultTolerationsAdded);
    });

    it('answers over the inline nodes and pods only, by the names of inline nodes', async () => {
      const { reply } = await impact({
        taint: { key: 'maint', value: 'kernel', effect: 'NoExecute' },
        nodes: ['i1'],
        inline: {
          nodes: [{ metadata: { name: 'i1', labels: { pool: 'x' } } }, { metadata: { name: 'i2', labels: { pool: 'y' } } }],
          pods: [
            { metadata: { name: 'p1', namespace: 'team' }, spec: { nodeName: 'i1' } },
            {
              metadata: { name: 'p2', namespace: 'team' },
              spec: { nodeName: 'i1', tolerations: [{ key: 'maint', operator: 'Equal', value: 'kernel', effect: 'NoExecute', tolerationSeconds: 45 }] },
            },
            { metadata: { name: 'p3', namespace: 'team' }, spec: { nodeName: 'i1', tolerations: [{ key: 'maint', operator: 'Exists' }] } },
            { metadata: { name: 'p4', namespace: 'team' }, spec: { nodeName: 'i2' } },
            { metadata: { name: 'p5', namespace: 'team' }, spec: { nodeSelector: { pool: 'x' } } },
            { spec: { nodeName: 'i1', tolerations: [{ key: 'maint', operator: 'Equal', value: 'other', effect: 'NoExecute', tolerationSeconds: 10 }] } },
          ],
        },
      });
      expect(reply.statusCode).toBe(200);
      const body = reply.json();
      expect(everyPod(body)).toEqual({
        taint: { key: 'maint', value: 'kernel', effect: 'NoExecute' },
        nodes: ['i1'],
        at: expect.stringMatching(k8sTime),
        evictions: [
          // an inline pod without name or namespace is default/what-if; a toleration for another value does not tolerate
          {
            pod: ref('what-if', 'default'),
            node: 'i1',
            when: 'Immediately',
            at: expect.stringMatching(isoMillis),
            neverInPractice: false,
            elsewhere: 'i2',
            to: 'i2',
          },
          { pod: ref('p1', 'team'), node: 'i1', when: 'Immediately', at: expect.stringMatching(isoMillis), neverInPractice: false, elsewhere: 'i2', to: 'i2' },
          {
            pod: ref('p2', 'team'),
            node: 'i1',
            when: 'AfterTolerationSeconds',
            tolerationSeconds: 45,
            at: expect.stringMatching(isoMillis),
            neverInPractice: false,
            elsewhere: 'i2',
            // It tolerates maint=kernel for 45 s: kube-scheduler may put it back on i1, the first node by name of the best.
            to: 'i1',
          },
        ],
        unaffected: [{ pod: ref('p3', 'team'), node: 'i1', reason: 'ToleratesForever' }],
        unschedulable: [{ pod: ref('p5', 'team') }],
        rescheduling: { capacityConsidered: true, stranded: 0, mode: 'together' },
      });
      expect(Date.parse(body.evictions[2].at) - Date.parse(body.evictions[0].at)).toBe(45_000);
      // nothing of it was stored
      expectApiError(await api.getNode('i1'), 404, 'nodes "i1" not found');
      expectApiError(await api.getPod('team', 'p1'), 404, 'pods "p1" not found');
    });

    it('by selector and all over inline nodes; stored nodes do not count', async () => {
      const inline = {
        nodes: [{ metadata: { name: 'g1', labels: { pool: 'other' } } }, { metadata: { name: 'z', labels: { pool: 'gpu' } } }],
        pods: [{ metadata: { name: 'q' }, spec: { nodeName: 'z' } }],
      };
      const bySelector = (await impact({ taint: drainNoExecute, selector: 'pool=gpu', inline })).reply.json();
      expect(bySelector.nodes).toEqual(['z']);
      expect(bySelector.evictions.map((e: { pod: { name: string } }) => e.pod.name)).toEqual(['q']);
      expect((await impact({ taint: drainNoExecute, all: true, inline })).reply.json().nodes).toEqual(['g1', 'z']);
    });

    it('an inline cluster with no pods, or no nodes', async () => {
      const empty = (await impact({ taint: drainNoExecute, all: true, inline: {} })).reply;
      expect(empty.statusCode).toBe(200);
      expect(empty.json()).toMatchObject({ nodes: [], evictions: [], unaffected: [], unschedulable: [] });
    });

    it('answers 404 for a named node the inline cluster does not have, even one that is stored', async () => {
      const { reply } = await impact({ taint: drainNoExecute, nodes: ['g1'], inline: { nodes: [{ metadata: { name: 'i1' } }], pods: [] } });
      expectApiError(reply, 404, 'nodes "g1" not found');
    });
  });

  describe('where each evicted pod could go: capacity considered (cluster drain)', () => {
    const drain = (path: string) => `/v1/clusters/drain${path}`;
    const sized = (name: string) => ({ metadata: { name }, status: { allocatable: { cpu: '4', memory: '16Gi', pods: '110' } } });
    const asking = (name: string, cpu: string, nodeName: string, phase = 'Running') => ({
      metadata: { name },
      spec: { nodeName, containers: [{ name: 'main', image: 'app', resources: { requests: { cpu } } }] },
      status: { phase },
    });
    const pods = [
      // new-1 has 1 cpu left beside it
      asking('resident', '3', 'new-1'),
      asking('small', '500m', 'old'),
      asking('small-2', '600m', 'old'),
      asking('big', '2', 'old'),
      asking('finished', '2', 'old', 'Succeeded'),
    ];

    beforeAll(async () => {
      for (const node of [sized('old'), sized('new-1')]) expect((await api.put(drain(`/nodes/${node.metadata.name}`), node)).statusCode).toBe(201);
      for (const pod of pods) expect((await api.put(drain(`/namespaces/default/pods/${pod.metadata.name}`), pod)).statusCode).toBe(201);
    });

    it('draining old: small fits on new-1, big is stranded (1 cpu left there, 2 asked); a finished pod is looked for no place', async () => {
      const reply = await expectNothingStored(api, db, () => api.post(drain('/taint-impact?view=pods'), { taint: drainNoExecute, nodes: ['old'] }));
      expect(reply.statusCode).toBe(200);
      const body = reply.json();
      const now = { when: 'Immediately', at: expect.stringMatching(isoMillis), neverInPractice: false };
      expect(body.evictions).toEqual([
        { pod: ref('big', 'default'), node: 'old', ...now, elsewhere: null, to: null },
        // Succeeded: evicted, and nothing schedules it again
        { pod: ref('finished', 'default'), node: 'old', ...now },
        { pod: ref('small', 'default'), node: 'old', ...now, elsewhere: 'new-1', to: 'new-1' },
        // Alone (`elsewhere`), each pod is looked for a place on its own: small and small-2 would not
        // both fit in new-1's 1 cpu, and both are sent there. Placed together (`to`), small takes
        // 500m of it first and small-2 (600m) fits nowhere.
        { pod: ref('small-2', 'default'), node: 'old', ...now, elsewhere: 'new-1', to: null },
      ]);
      expect(body.rescheduling).toEqual({ capacityConsidered: true, stranded: 2, mode: 'together' });
      expect(body.unschedulable).toEqual([]);

      // the same cluster inline: the inline pods' requests take room on the inline nodes the same way
      const inline = {
        nodes: (await api.get(drain('/nodes'))).json().items,
        pods: (await api.get(drain('/pods'))).json().items,
      };
      const whatIf = (await impact({ taint: drainNoExecute, nodes: ['old'], inline })).reply.json();
      const places = (b: { evictions: { pod: { name: string }; elsewhere?: string | null }[] }) => b.evictions.map((e) => [e.pod.name, e.elsewhere]);
      expect(places(whatIf)).toEqual(places(body));
      expect(whatIf.rescheduling).toEqual({ capacityConsidered: true, stranded: 2, mode: 'together' });
    });

    it('with room made on new-1 (the resident gone), big has somewhere to go too', async () => {
      expect((await api.del(drain('/namespaces/default/pods/resident'))).statusCode).toBe(200);
      const body = (await api.post(drain('/taint-impact?view=pods'), { taint: drainNoExecute, nodes: ['old'] })).json();
      expect(body.evictions.map((e: { pod: { name: string }; elsewhere?: string | null }) => [e.pod.name, e.elsewhere])).toEqual([
        ['big', 'new-1'],
        ['finished', undefined],
        ['small', 'new-1'],
        ['small-2', 'new-1'],
      ]);
      // Together: big (2 cpu) then small fill new-1's 4 cpu but 1.5; small-2 (600m) still fits.
      expect(body.rescheduling).toEqual({ capacityConsidered: true, stranded: 0, mode: 'together' });
    });
  });

  describe('bad requests, nothing changed', () => {
    it.each<[string, unknown, Detail[]]>([
      ['no taint', { all: true }, [{ field: 'taint', reason: 'Required value: a taint, or several in taints' }]],
      [
        'a taint in kubectl syntax with an unknown effect (the syntax itself is taken: chat-answers.e2e.test.ts)',
        { taint: 'drain:Evict', all: true },
        [{ field: 'taint', reason: 'Invalid value: "drain:Evict": invalid taint effect: Evict, unsupported taint effect' }],
      ],
      ['a taint that is neither an object nor a string', { taint: 5, all: true }, [{ field: 'taint', reason: 'Invalid value: 5: must be an object' }]],
      ['a taint without effect', { taint: { key: 'drain' }, all: true }, [{ field: 'taint.effect', reason: 'Required value' }]],
      [
        'an unknown effect',
        { taint: { key: 'drain', effect: 'Evict' }, all: true },
        [{ field: 'taint.effect', reason: `Unsupported value: "Evict": ${msg.effects}` }],
      ],
      [
        'a bad key and value',
        { taint: { key: 'bad key', value: 'a b', effect: 'NoExecute' }, all: true },
        [
          { field: 'taint.key', reason: `Invalid value: "bad key": ${msg.nameRegex}` },
          { field: 'taint.value', reason: `Invalid value: "a b": ${msg.labelValueRegex}` },
        ],
      ],
      [
        'a taint key that is a number',
        { taint: { key: 1, effect: 'NoExecute' }, all: true },
        [{ field: 'taint.key', reason: 'Invalid value: 1: must be a string' }],
      ],
      ['nodes that are not a list', { taint: drainNoExecute, nodes: 'g1' }, [{ field: 'nodes', reason: 'Invalid value: "g1": must be an array' }]],
      ['a node name that is a number', { taint: drainNoExecute, nodes: [1] }, [{ field: 'nodes[0]', reason: 'Invalid value: 1: must be a string' }]],
      [
        'a selector that is not a string',
        { taint: drainNoExecute, selector: { pool: 'gpu' } },
        [{ field: 'selector', reason: 'Invalid value: {"pool":"gpu"}: must be a string' }],
      ],
      ['all that is not a boolean', { taint: drainNoExecute, all: 'true' }, [{ field: 'all', reason: 'Invalid value: "true": must be a boolean' }]],
      ['inline that is a list', { taint: drainNoExecute, all: true, inline: [] }, [{ field: 'inline', reason: 'Invalid value: []: must be an object' }]],
      [
        'inline nodes that are not a list',
        { taint: drainNoExecute, all: true, inline: { nodes: {} } },
        [{ field: 'inline.nodes', reason: 'Invalid value: {}: must be an array' }],
      ],
      [
        'bad inline nodes and pods, with their paths',
        {
          taint: { key: 'drain', effect: 'Bad' },
          all: true,
          inline: {
            nodes: [{ metadata: { name: 'ok' } }, { metadata: { name: 'Bad' } }],
            pods: [{ spec: { tolerations: [{ key: 'k', operator: 'Exists', effect: 'NoSchedule', tolerationSeconds: 5 }] } }],
          },
        },
        [
          { field: 'taint.effect', reason: `Unsupported value: "Bad": ${msg.effects}` },
          { field: 'inline.nodes[1].metadata.name', reason: `Invalid value: "Bad": ${msg.subdomainRegex}` },
          {
            field: 'inline.pods[0].spec.tolerations[0].effect',
            reason: `Invalid value: "NoSchedule": effect must be 'NoExecute' when \`tolerationSeconds\` is set`,
          },
        ],
      ],
    ])('%s: 400 naming the field', async (_, body, details) => {
      const { reply } = await impact(body);
      expectApiError(reply, 400, detailLines(details), details);
    });

    it.each([
      ['no target at all', { taint: drainNoExecute }, noTarget, noTargetDetails],
      ['an empty list of nodes', { taint: drainNoExecute, nodes: [] }, noTarget, noTargetDetails],
      ['an empty selector', { taint: drainNoExecute, selector: '' }, noTarget, noTargetDetails],
      ['no target with an inline cluster', { taint: drainNoExecute, inline: { nodes: [{ metadata: { name: 'i1' } }] } }, noTarget, noTargetDetails],
      [
        'all with a selector',
        { taint: drainNoExecute, all: true, selector: 'pool=gpu' },
        "setting 'all' parameter with a non empty selector is prohibited",
        [{ field: 'selector', reason: 'Forbidden: not with all' }],
      ],
      // kubectl would ignore the names; both endpoints refuse them rather than act on nodes not meant.
      [
        'names with a selector',
        { taint: drainNoExecute, nodes: ['n1'], selector: 'pool=gpu' },
        'name the nodes, or give a selector, or all: true, not several',
        [{ field: 'nodes', reason: 'Forbidden: not with selector or all' }],
      ],
    ])('%s: 400', async (_, body, message, details) => {
      const { reply } = await impact(body);
      expectApiError(reply, 400, message, details);
    });

    it('a bad selector: 400 naming the selector field', async () => {
      const reason = 'unable to parse selector "pool in (gpu": unbalanced parentheses';
      const { reply } = await impact({ taint: drainNoExecute, selector: 'pool in (gpu' });
      expectApiError(reply, 400, `selector: ${reason}`, [{ field: 'selector', reason }]);
    });

    it('an unknown node: 404, even beside known ones', async () => {
      expectApiError((await impact({ taint: drainNoExecute, nodes: ['ghost'] })).reply, 404, 'nodes "ghost" not found');
      expectApiError((await impact({ taint: drainNoExecute, nodes: ['g1', 'ghost'] })).reply, 404, 'nodes "ghost" not found');
    });

    it('bodies that are not an object', async () => {
      await expectCommandRefused(api, db, '/v1/taint-impact?view=pods', '[]', [
        { field: '<body>', reason: 'Invalid value: []: must be an object' },
        { field: 'taint', reason: 'Required value: a taint, or several in taints' },
      ]);
      await expectNotJsonRefused(api, db, 'POST', '/v1/taint-impact?view=pods', '{"taint": {');
    });
  });
});
