import { describe, expect, it } from 'vitest';
import {
  type Node,
  type NodePlacement,
  type Pod,
  type Taint,
  nodeClassesOf,
  placePod,
  placePodGrouped,
  placementNodesPage,
  placementSummary,
  usageByNode,
} from '@taintgate/domain';
import { decodeContinue } from '../../../../libs/domain/src/lists/continue-token';
import { placementNodeKey } from '../../../../libs/domain/src/scheduling/placement-views';

const gpu: Taint = { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' };
const spot: Taint = { key: 'spot', effect: 'PreferNoSchedule' };
const node = (name: string, taints: Taint[] = [], unschedulable = false, allocatable?: Record<string, string>): Node => ({
  metadata: { name },
  spec: { taints, unschedulable },
  ...(allocatable ? { status: { allocatable } } : {}),
});
const pod = (cpu = '0'): Pod => ({ metadata: { name: 'web', namespace: 'default' }, spec: { containers: [{ name: 'c', resources: { requests: { cpu } } }] } });

const nodes = [
  node('a1'),
  node('a2', [spot]),
  node('g1', [gpu]),
  node('g2', [gpu]),
  node('g3', [gpu]),
  node('c1', [], true),
  node('c2', [gpu], true),
  node('a3'),
];

describe('placementSummary', () => {
  const summary = placementSummary(placePodGrouped(pod(), nodeClassesOf(nodes)), 2);

  it('keeps the line, and counts the nodes', () => {
    expect(summary.summary).toBe('3/8 nodes are available: 2 node(s) were unschedulable, 3 node(s) had untolerated taint(s).');
    expect(summary).toMatchObject({ pod: { namespace: 'default', name: 'web' }, nodeCount: 8, feasibleCount: 3 });
  });

  it('names the best `top` feasible nodes, ranked', () => {
    expect(summary.feasibleNodes.map((n) => [n.name, n.rank, n.score])).toEqual([
      ['a1', 1, 300],
      ['a3', 2, 300],
    ]);
  });

  it('groups the infeasible nodes by identical reasons, the largest first, naming at most `top` of each', () => {
    expect(summary.infeasibleGroups.map((g) => [g.count, g.reasons.map((r) => r.code), g.nodes])).toEqual([
      [3, ['UntoleratedTaint'], ['g1', 'g2']],
      [1, ['Unschedulable'], ['c1']],
      [1, ['Unschedulable', 'UntoleratedTaint'], ['c2']],
    ]);
    expect(summary.infeasibleGroups[0]?.reasons[0]?.taint).toEqual(gpu);
  });

  it('counts the nodes that have each reason code, soft ones too', () => {
    expect(summary.reasonCounts).toEqual([
      { code: 'UntoleratedTaint', nodes: 4 },
      { code: 'Unschedulable', nodes: 2 },
      { code: 'UntoleratedPreferNoSchedule', nodes: 1 },
    ]);
  });

  it.each<[string, number, number]>([
    ['top 0 names none', 0, 0],
    ['top beyond the feasible names them all', 10, 3],
  ])('%s', (_, top, named) => {
    const s = placementSummary(placePod(pod(), nodes), top);
    expect(s.feasibleNodes).toHaveLength(named);
    expect(s.infeasibleGroups.every((g) => g.nodes.length <= top)).toBe(true);
    expect(s.infeasibleGroups.reduce((sum, g) => sum + g.count, 0)).toBe(5);
  });

  it("groups resource shortages by what the pod requests, without each node's amounts", () => {
    const small = [
      node('s1', [], false, { cpu: '1', pods: '110' }),
      node('s2', [], false, { cpu: '2', pods: '110' }),
      node('big', [], false, { cpu: '8', pods: '110' }),
    ];
    const used: Pod = { metadata: { name: 'r' }, spec: { nodeName: 's2', containers: [{ name: 'c', resources: { requests: { cpu: '500m' } } }] } };
    const usage = usageByNode([used]);
    const s = placementSummary(placePod(pod('3'), small, undefined, { usageOf: (name) => usage.get(name) }), 10);
    expect(s.capacityConsidered).toBe(true);
    expect(s.infeasibleGroups).toEqual([
      {
        count: 2,
        reasons: [{ code: 'InsufficientResource', message: 'Insufficient cpu', resource: { name: 'cpu', requested: 3000 } }],
        nodes: ['s1', 's2'],
      },
    ]);
  });
});

describe('placementNodeKey: keys in the order placement lists nodes', () => {
  const of = (name: string, score: number | null): NodePlacement => ({ name, feasible: score !== null, score, rank: null, reasons: [] });
  it.each<[NodePlacement, string]>([
    [of('a', 1200), '0/0000/a'],
    [of('a', 300), '0/0900/a'],
    [of('a', 7), '0/1193/a'],
    [of('a', 0), '0/1200/a'],
    [of('a', null), '1/a'],
  ])('%o: %s', (n, key) => {
    expect(placementNodeKey(n)).toBe(key);
  });
});

describe('placementNodesPage', () => {
  const placement = placePod(pod(), nodes);

  it('pages every node in the order of the answer, until no token remains', () => {
    const seen: NodePlacement[] = [];
    let start = '';
    for (let pages = 1; ; pages++) {
      const page = placementNodesPage(placement, { limit: 3, start }, 7n);
      seen.push(...page.items);
      if (page.continue === undefined) {
        expect(pages).toBe(3);
        break;
      }
      expect(page.remainingItemCount).toBe(nodes.length - seen.length);
      const token = decodeContinue(page.continue);
      if (!token.ok) throw new Error(token.error);
      expect(token.value.revision).toBe(7n);
      start = token.value.start;
    }
    expect(seen).toEqual(placement.nodes);
  });

  it('answers everything on one page when the limit allows', () => {
    expect(placementNodesPage(placement, { limit: 500, start: '' }, 1n)).toEqual({ items: placement.nodes });
  });
});
