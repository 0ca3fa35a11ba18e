import { beforeAll, describe, expect, it } from 'vitest';
import { useApiFixture } from '../../../../support/api-test-app';
import { gqlData, gqlError } from './graphql-client';

const gpu = { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' };

/** GraphQL's placement and taintImpact answer REST's views, with the same arguments and the same 400s. */
describe('GraphQL: the views of placement and taint impact', () => {
  const t = useApiFixture();
  const rest = async (url: string, payload: Record<string, unknown>) => (await t.app.inject({ method: 'POST', url, payload })).json();

  beforeAll(async () => {
    for (const [name, taints] of [
      ['a1', []],
      ['a2', []],
      ['g1', [gpu]],
      ['g2', [gpu]],
      ['g3', [gpu]],
    ] as const) {
      expect((await t.api.putNode(name, { spec: { taints } })).statusCode).toBe(201);
    }
    expect((await t.api.put('/v1/namespaces/default/pods/w', { spec: { nodeName: 'g1' } })).statusCode).toBe(201);
  });

  it('placement: the summary by default, as REST answers it', async () => {
    const { placement } = await gqlData(
      t.app,
      `query { placement(pod: {}, top: 1) { view summary nodeCount feasibleCount reasonCounts { code nodes }
         feasibleNodes { name rank score } infeasibleGroups { count nodes reasons { code message taint { key value effect } } } nodes { name } metadata { continue } } }`,
    );
    const answer = await rest('/v1/placement?top=1', { pod: {} });
    expect(placement).toEqual({
      view: 'summary',
      summary: answer.summary,
      nodeCount: 5,
      feasibleCount: 2,
      reasonCounts: answer.reasonCounts,
      feasibleNodes: [{ name: 'a1', rank: 1, score: 300 }],
      infeasibleGroups: [{ count: 3, nodes: ['g1'], reasons: answer.infeasibleGroups[0].reasons.map((r: object) => ({ taint: null, ...r })) }],
      nodes: null,
      metadata: null,
    });
  });

  it('placement: every node on request, paged through continue to the whole', async () => {
    const query = `query($continue: String) { placement(pod: {}, view: "nodes", limit: 2, continue: $continue) {
      view feasibleNodes { name } nodes { name feasible } metadata { continue remainingItemCount } } }`;
    const names: string[] = [];
    let token: string | null = null;
    do {
      const { placement }: { placement: { nodes: { name: string }[]; metadata: { continue: string | null } } } = await gqlData(t.app, query, {
        continue: token,
      });
      expect(placement).toMatchObject({ view: 'nodes', feasibleNodes: null });
      names.push(...placement.nodes.map((n: { name: string }) => n.name));
      token = placement.metadata.continue;
    } while (token);
    expect(names).toEqual((await rest('/v1/placement?view=nodes', { pod: {} })).nodes.map((n: { name: string }) => n.name));
  });

  it.each<[string, string, string]>([
    ['top: 1001', 'top: 1001', 'top'],
    ['view: "all"', 'view: "all"', 'view'],
    ['limit with the summary view', 'limit: 2', 'limit'],
    ['a bad continue', 'view: "nodes", continue: "%%"', 'continue'],
  ])('placement with %s: BAD_REQUEST naming the field', async (_, args, field) => {
    const error = await gqlError(t.app, `query { placement(pod: {}, ${args}) { summary } }`, undefined, 'BAD_REQUEST');
    expect(error.extensions?.details?.map((d) => d.field)).toEqual([field]);
  });

  it('taintImpact: counts and a timeline by default, every pod on request, as REST answers them', async () => {
    const taint = { key: 'drain', effect: 'NoExecute' };
    const { taintImpact } = await gqlData(
      t.app,
      'query { taintImpact(taint: {key: "drain", effect: "NoExecute"}, all: true) { view nodeCount counts { evictedNow evictedLater unaffected unschedulable } timeline { withinSeconds count } evictions { node } } }',
    );
    const answer = await rest('/v1/taint-impact', { taint, all: true });
    expect(taintImpact).toEqual({
      view: 'summary',
      nodeCount: 5,
      counts: { evictedNow: 1, evictedLater: 0, unaffected: 0, unschedulable: 0 },
      timeline: answer.timeline.map(({ withinSeconds, count }: { withinSeconds: number; count: number }) => ({ withinSeconds, count })),
      evictions: null,
    });
    const pods = await gqlData(
      t.app,
      'query { taintImpact(taint: {key: "drain", effect: "NoExecute"}, all: true, view: "pods", limit: 1) { view evictions { pod { name } node } metadata { continue } } }',
    );
    expect(pods.taintImpact).toEqual({ view: 'pods', evictions: [{ pod: { name: 'w' }, node: 'g1' }], metadata: { continue: null } });
    const bad = await gqlError(
      t.app,
      'query { taintImpact(taint: {key: "drain", effect: "NoExecute"}, all: true, limit: 5) { view } }',
      undefined,
      'BAD_REQUEST',
    );
    expect(bad.extensions?.details?.map((d) => d.field)).toEqual(['limit']);
  });
});
