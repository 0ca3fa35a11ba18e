import { beforeAll, describe, expect, it } from 'vitest';
import { detailFields, expectNothingStored } from '../../../../support/api-client';
import { scored } from '../../../../support/placement-scores';
import { useApiFixture } from '../../../../support/api-test-app';

const gpu = { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' };
const soft = { key: 'spot', value: 'yes', effect: 'PreferNoSchedule' };
const unlimited = { code: 'AllocatableUnknown', message: 'node has no status.allocatable: taken as unlimited, resources not checked' };
const untolerated = { code: 'UntoleratedTaint', taint: gpu, message: 'untolerated taint dedicated=gpu:NoSchedule' };

/**
 * Placement's views over REST: the summary by default (the line, counts, the best nodes, the others
 * grouped by their reasons), and every node a page at a time on request, which pages back to the
 * whole answer.
 */
describe('placement views', () => {
  const { api, db } = useApiFixture();
  const pod = { metadata: { name: 'web', namespace: 'shop' } };

  beforeAll(async () => {
    const nodes: [string, unknown[], boolean?][] = [
      ['a1', []],
      ['a2', []],
      ['a3', []],
      ['s1', [soft]],
      ['g1', [gpu]],
      ['g2', [gpu]],
      ['g3', [gpu]],
      ['g4', [gpu]],
      ['c1', [], true],
      ['c2', [], true],
    ];
    for (const [name, taints, unschedulable] of nodes) {
      expect((await api.putNode(name, { spec: { taints, unschedulable } })).statusCode).toBe(201);
    }
  });

  it('answers the summary by default: the line, counts per reason, the best nodes ranked, the others grouped by identical reasons', async () => {
    const reply = await expectNothingStored(api, db, () => api.post('/v1/placement?top=2', { pod }));
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = reply.json();
    const { admission, ...rest } = body;
    expect(admission.tolerations).toHaveLength(2);
    expect(rest).toEqual({
      view: 'summary',
      pod: { namespace: 'shop', name: 'web' },
      summary: '4/10 nodes are available: 2 node(s) were unschedulable, 4 node(s) had untolerated taint(s).',
      detail: '4/10 nodes are available: 2 node(s) were unschedulable, 4 node(s) had untolerated taint {dedicated: gpu}.',
      nodeCount: 10,
      feasibleCount: 4,
      capacityConsidered: true,
      // a1, a2, a3 and s1 alike but s1's PreferNoSchedule taint: three share the best total.
      bestTied: 3,
      reasonCounts: [
        { code: 'AllocatableUnknown', nodes: 10 },
        { code: 'UntoleratedTaint', nodes: 6 },
        { code: 'Unschedulable', nodes: 2 },
        { code: 'UntoleratedPreferNoSchedule', nodes: 1 },
      ],
      feasibleNodes: [
        { name: 'a1', feasible: true, ...scored(100), rank: 1, reasons: [unlimited] },
        { name: 'a2', feasible: true, ...scored(100), rank: 2, reasons: [unlimited] },
      ],
      infeasibleGroups: [
        { count: 4, reasons: [untolerated, unlimited], nodes: ['g1', 'g2'] },
        {
          count: 2,
          reasons: [
            { code: 'Unschedulable', message: 'node is cordoned (spec.unschedulable is true)' },
            {
              code: 'UntoleratedTaint',
              taint: { key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' },
              message: 'untolerated taint node.kubernetes.io/unschedulable:NoSchedule',
            },
            unlimited,
          ],
          nodes: ['c1', 'c2'],
        },
      ],
    });
  });

  it('names 10 nodes per list when top is not given, and none with top=0', async () => {
    const body = (await api.post('/v1/placement', { pod })).json();
    expect(body.feasibleNodes.map((n: { name: string }) => n.name)).toEqual(['a1', 'a2', 'a3', 's1']);
    expect(body.infeasibleGroups[0].nodes).toEqual(['g1', 'g2', 'g3', 'g4']);
    const none = (await api.post('/v1/placement?top=0', { pod })).json();
    expect(none.feasibleNodes).toEqual([]);
    expect(none.infeasibleGroups.map((g: { count: number; nodes: string[] }) => [g.count, g.nodes])).toEqual([
      [4, []],
      [2, []],
    ]);
  });

  it('answers every node on request, a page at a time: the pages, followed through continue, are the whole', async () => {
    const whole = (await api.post('/v1/placement?view=nodes', { pod })).json();
    expect(whole.metadata.continue).toBeUndefined();
    expect(whole.nodes.map((n: { name: string }) => n.name)).toEqual(['a1', 'a2', 'a3', 's1', 'c1', 'c2', 'g1', 'g2', 'g3', 'g4']);

    const pages: { nodes: unknown[]; metadata: { continue?: string; remainingItemCount?: number; resourceVersion: string } }[] = [];
    let token: string | undefined;
    do {
      const url = `/v1/placement?view=nodes&limit=4${token ? `&continue=${encodeURIComponent(token)}` : ''}`;
      const reply = await api.post(url, { pod });
      expect(reply.statusCode, reply.body).toBe(200);
      const page = reply.json();
      expect(page).toMatchObject({ view: 'nodes', summary: whole.summary, nodeCount: 10, feasibleCount: 4 });
      pages.push(page);
      token = page.metadata.continue;
    } while (token);
    expect(pages.map((p) => [p.nodes.length, p.metadata.remainingItemCount])).toEqual([
      [4, 6],
      [4, 2],
      [2, undefined],
    ]);
    expect(pages[0]?.metadata.resourceVersion).toBe(whole.metadata.resourceVersion);
    expect(pages.flatMap((p) => p.nodes)).toEqual(whole.nodes);
  });

  it("pages a stored pod's placement and an inline cluster's the same way", async () => {
    expect((await api.put('/v1/namespaces/shop/pods/stored', { spec: { containers: [{ name: 'c', image: 'x' }] } })).statusCode).toBe(201);
    const summary = (await api.get('/v1/namespaces/shop/pods/stored/placement?top=1')).json();
    expect(summary).toMatchObject({ view: 'summary', feasibleCount: 4, feasibleNodes: [{ name: 'a1', rank: 1 }] });
    const first = (await api.get('/v1/namespaces/shop/pods/stored/placement?view=nodes&limit=9')).json();
    expect(first.nodes).toHaveLength(9);
    const rest = (await api.get(`/v1/namespaces/shop/pods/stored/placement?view=nodes&continue=${first.metadata.continue}`)).json();
    expect(rest.nodes.map((n: { name: string }) => n.name)).toEqual(['g4']);

    const nodes = [{ metadata: { name: 'h1' } }, { metadata: { name: 'h2' } }, { metadata: { name: 'h3' }, spec: { taints: [gpu] } }];
    const inline = (await api.post('/v1/placement?view=nodes&limit=2', { pod, nodes })).json();
    expect(inline.metadata.resourceVersion).toBeUndefined();
    const after = (await api.post(`/v1/placement?view=nodes&limit=2&continue=${inline.metadata.continue}`, { pod, nodes })).json();
    expect([...inline.nodes, ...after.nodes].map((n: { name: string }) => n.name)).toEqual(['h1', 'h2', 'h3']);
  });

  it.each<[string, string, string, string]>([
    ['a view that does not exist', 'view=all', 'view', 'Unsupported value: "all": supported values: "summary", "nodes"'],
    ['top that is no number', 'top=ten', 'top', 'Invalid value: "ten": strconv.ParseInt: parsing "ten": invalid syntax'],
    ['top below 0', 'top=-1', 'top', 'Invalid value: "-1": must be between 0 and 1000'],
    ['top above 1000', 'top=1001', 'top', 'Invalid value: "1001": must be between 0 and 1000'],
    ['top with the nodes view', 'view=nodes&top=3', 'top', 'Forbidden: only with view=summary'],
    ['limit with the summary view', 'limit=3', 'limit', 'Forbidden: only with view=nodes'],
    ['continue with the summary view', 'continue=abc', 'continue', 'Forbidden: only with view=nodes'],
    ['a negative limit', 'view=nodes&limit=-1', 'limit', 'Invalid value: "-1": must be greater than or equal to 0'],
    ['a limit that is no number', 'view=nodes&limit=ten', 'limit', 'Invalid value: "ten": strconv.ParseInt: parsing "ten": invalid syntax'],
    ['a continue token that is not one', 'view=nodes&continue=%25%25', 'continue', 'continue key is not valid: illegal base64 data at input byte 0'],
  ])('%s: 400 naming the field, nothing stored', async (_, query, field, reason) => {
    for (const reply of [
      await expectNothingStored(api, db, () => api.post(`/v1/placement?${query}`, { pod })),
      await api.get(`/v1/namespaces/shop/pods/stored/placement?${query}`),
    ]) {
      expect(reply.statusCode, reply.body).toBe(400);
      expect(detailFields(reply)).toEqual([field]);
      expect(reply.json().message).toContain(reason);
    }
  });
});
