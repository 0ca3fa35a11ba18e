import { beforeAll, describe, expect, it } from 'vitest';
import { useApiFixture } from '../../../../support/api-test-app';
import { node, pod, poolNodes } from '../../../../support/drain-objects';

type Json = Record<string, any>;

/**
 * POST /v1/drain-impact over the stored cluster (the real Postgres behind it): what kubectl drain
 * would do with each pod of the nodes drained, the PodDisruptionBudgets imported, where the
 * replacements go placed together or alone; the same plan from GraphQL, and as a chat answer.
 * Nothing is changed.
 */
describe('POST /v1/drain-impact', () => {
  // The general pool's five pods are placed together; six are more.
  const t = useApiFixture({ PLACE_TOGETHER_MAX_PODS: '5' });
  const { api } = t;

  beforeAll(async () => {
    for (const n of poolNodes()) {
      expect((await api.putNode(n.metadata.name, n)).statusCode).toBe(201);
    }
    const pods = [
      pod('web-0', 'g1', 'web', 'ReplicaSet'),
      pod('web-1', 'g1', 'web', 'ReplicaSet'),
      pod('agent-g1', 'g1', 'agent', 'DaemonSet', '100m'),
      pod('db-0', 'g2', 'db', 'StatefulSet'),
      pod('cache-0', 'g2', 'cache', 'StatefulSet'),
    ];
    for (const p of pods) expect((await api.putPod('default', p.metadata.name, p)).statusCode).toBe(201);
    const imported = await api.post('/v1/import', {
      apiVersion: 'v1',
      kind: 'List',
      items: [
        {
          apiVersion: 'policy/v1',
          kind: 'PodDisruptionBudget',
          metadata: { name: 'db', namespace: 'default', generation: 1 },
          spec: { minAvailable: 1, selector: { matchLabels: { app: 'db' } } },
          status: { observedGeneration: 1, disruptionsAllowed: 0, currentHealthy: 1, desiredHealthy: 1, expectedPods: 1 },
        },
      ],
    });
    expect(imported.json()).toMatchObject({ rejected: [], podDisruptionBudgets: { created: 1 } });
  });

  it("drains g1 together: the two replicas find room on s1 and s2 (one each), the DaemonSet pod stays with kubectl's warning", async () => {
    const reply = await api.post('/v1/drain-impact', { nodes: ['g1'] });
    expect(reply.statusCode, reply.body).toBe(200);
    const plan = reply.json<Json>();
    expect(plan).toMatchObject({
      mode: 'together',
      verdict: 'AllFit',
      nodes: ['g1'],
      counts: { evicted: 2, placed: 2, stranded: 0, deleted: 0, blocked: 0, skipped: 1 },
      skipped: [{ pod: { namespace: 'default', name: 'agent-g1' }, from: 'g1', reason: 'DaemonSet', message: 'ignoring DaemonSet-managed Pods' }],
      warnings: ['ignoring DaemonSet-managed Pods: default/agent-g1'],
      blocked: [],
      undrained: [],
    });
    // g2 is busy (2 of 4 cpu); s1 (2 cpu) and s2 (1 cpu) are empty: web-0 takes g2 or s1 by score, and each replica takes its own room.
    const to = plan.evicted.map((e: Json) => e.to);
    expect(new Set(to).size).toBe(2);
    expect(plan.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  });

  it('drains the general pool by selector: the budget that allows no disruption blocks db-0, the rest are placed on the spare pool until it is full', async () => {
    const plan = (await api.post('/v1/drain-impact', { selector: 'pool=general' })).json<Json>();
    expect(plan.verdict).toBe('Blocked');
    expect(plan.blocked).toEqual([
      {
        pod: { namespace: 'default', name: 'db-0' },
        from: 'g2',
        reason: 'DisruptionBudget',
        disruptionBudget: 'db',
        message: "Cannot evict pod as it would violate the pod's disruption budget. The disruption budget db needs 1 healthy pods and has 1 currently",
      },
    ]);
    // web-0, web-1 and cache-0 (1 cpu each) for 3 cpu free on s1 and s2: all fit, together.
    expect(plan.counts).toMatchObject({ evicted: 3, placed: 3, stranded: 0, blocked: 1 });
    expect(plan.evicted.every((e: Json) => e.to === 's1' || e.to === 's2')).toBe(true);
  });

  it('alone, the same drain sends every replica to the node with the most room, judged on its own: s1 gets all three', async () => {
    const plan = (await api.post('/v1/drain-impact', { selector: 'pool=general', mode: 'alone' })).json<Json>();
    expect(plan.mode).toBe('alone');
    expect(plan.evicted.map((e: Json) => e.to)).toEqual(['s1', 's1', 's1']);
  });

  it('cluster-scoped, GraphQL and chat give the same plan', async () => {
    const rest = (await api.post('/v1/clusters/default/drain-impact', { nodes: ['g1'] })).json<Json>();
    const graphql = await api.post('/graphql', {
      query:
        '{ drainImpact(nodes: ["g1"]) { mode verdict counts { evicted placed stranded blocked skipped } evicted { pod { name } from to replaced } warnings } }',
    });
    expect(graphql.json<Json>().errors).toBeUndefined();
    const answer = graphql.json<Json>().data.drainImpact;
    expect(answer).toMatchObject({ mode: rest.mode, verdict: rest.verdict, warnings: rest.warnings });
    expect(answer.evicted).toEqual(rest.evicted.map((e: Json) => ({ pod: { name: e.pod.name }, from: e.from, to: e.to, replaced: e.replaced })));
    const chat = await api.post('/v1/drain-impact?format=markdown', { nodes: ['g1'] });
    expect(chat.headers['content-type']).toMatch(/^text\/markdown/);
    expect(chat.body).toContain('Drain of 1 node (`g1`), together: :white_check_mark: every replacement fits.');
    expect(chat.body).toContain('2 pods evicted: 2 placed, 0 stranded; 0 blocked, 1 skipped.');
  });

  it("GET /v1/nodes/{name}/removal: g1 can go (its replicas find room); g2 cannot (db-0's budget); GraphQL and chat agree; an unknown node is 404", async () => {
    const g1 = (await api.get('/v1/nodes/g1/removal')).json<Json>();
    expect(g1).toMatchObject({ node: 'g1', removable: true, verdict: 'AllFit', mode: 'together', counts: { evicted: 2, placed: 2 } });
    const g2 = (await api.get('/v1/clusters/default/nodes/g2/removal')).json<Json>();
    expect(g2).toMatchObject({ node: 'g2', removable: false, verdict: 'Blocked', blocked: [{ pod: { name: 'db-0' }, disruptionBudget: 'db' }] });
    const graphql = (
      await api.post('/graphql', { query: '{ nodeRemoval(name: "g2") { node removable verdict blocked { pod { name } disruptionBudget } } }' })
    ).json<Json>();
    expect(graphql.data.nodeRemoval).toEqual({
      node: 'g2',
      removable: false,
      verdict: 'Blocked',
      blocked: [{ pod: { name: 'db-0' }, disruptionBudget: 'db' }],
    });
    const chat = await api.get('/v1/nodes/g1/removal?format=markdown');
    expect(chat.body).toMatch(/^`g1` can be removed: its pods find room elsewhere\.\n/);
    expect((await api.get('/v1/nodes/nope/removal')).statusCode).toBe(404);
  });

  it('refuses a bad request by the field: an unknown mode, no target, a node that is not there; nothing is stored', async () => {
    const badMode = await api.post('/v1/drain-impact', { nodes: ['g1'], mode: 'sometimes' });
    expect(badMode.statusCode).toBe(400);
    expect(badMode.json<Json>().details).toEqual([expect.objectContaining({ field: 'mode' })]);
    expect((await api.post('/v1/drain-impact', {})).statusCode).toBe(400);
    expect((await api.post('/v1/drain-impact', { nodes: ['nope'] })).statusCode).toBe(404);
    expect((await api.post('/v1/drain-impact', { nodes: ['g1'], force: 'yes' })).statusCode).toBe(400);
    // Nothing changed: g1 is not cordoned, its pods are where they were.
    expect((await api.getNode('g1')).json<Json>().spec?.unschedulable).toBeUndefined();
    expect((await api.getPod('default', 'web-0')).json<Json>().spec.nodeName).toBe('g1');
  });

  it('nodes holding more pods than PLACE_TOGETHER_MAX_PODS: together is refused by `mode` before any is placed; alone is answered', async () => {
    const big = (path: string) => `/v1/clusters/big${path}`;
    expect((await api.put(big('/nodes/b1'), node('b1', '64'))).statusCode).toBe(201);
    expect((await api.put(big('/nodes/b2'), node('b2', '64'))).statusCode).toBe(201);
    for (let i = 0; i < 6; i++) expect((await api.put(big(`/namespaces/default/pods/w-${i}`), pod(`w-${i}`, 'b1', 'w', 'ReplicaSet'))).statusCode).toBe(201);
    const refused = await api.post(big('/drain-impact'), { nodes: ['b1'] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<Json>().details).toEqual([
      {
        field: 'mode',
        reason: 'Forbidden: 6 pods on these nodes are more than the 5 placed together at most (PLACE_TOGETHER_MAX_PODS): ask for fewer nodes, or mode alone',
      },
    ]);
    const alone = await api.post(big('/drain-impact'), { nodes: ['b1'], mode: 'alone' });
    expect(alone.json<Json>()).toMatchObject({ mode: 'alone', verdict: 'AllFit', counts: { evicted: 6, placed: 6 } });
  });

  it('a selector that matches no node: an empty plan, and the warning in the answer and its header', async () => {
    const reply = await api.post('/v1/drain-impact', { selector: 'pool=none' });
    expect(reply.json<Json>()).toMatchObject({ verdict: 'AllFit', nodes: [], counts: { evicted: 0 } });
    expect(reply.headers.warning).toBeDefined();
  });
});
