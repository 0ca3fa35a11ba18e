import { describe, expect, it } from 'vitest';
import { rankRemovals, sweepRemovals } from '../../../../../libs/domain/src/scheduling/simulation/removal-sweep';
import { budget, node, pod } from '../../support/drain-objects';

/**
 * sweepRemovals: each node's removal as its own drain plan (no --force, replacements placed together
 * on the cluster without it), then rankRemovals, the easiest first; on a small cluster worked out by
 * hand.
 */

const now = Date.parse('2026-11-29T12:00:00Z');

/**
 * n1 (4 cpu) runs web (1 cpu). n2 (2 cpu) runs big (1 cpu) and db (0.5 cpu, its budget allows no
 * disruption). n3 (2 cpu) runs a bare pod (no controller). n4 (4 cpu) runs batch (3.5 cpu), which
 * fits nowhere else: n1 has 3 cpu free, n2 0.5, n3 1.
 */
const nodes = [node('n1', '4'), node('n2', '2'), node('n3', '2'), node('n4', '4')];
const pods = [
  pod('web', { on: 'n1', app: 'web' }),
  pod('big', { on: 'n2', app: 'big' }),
  pod('db', { on: 'n2', cpu: '500m', owner: 'StatefulSet', app: 'db' }),
  pod('bare', { on: 'n3', owner: '', app: 'bare' }),
  pod('batch', { on: 'n4', cpu: '3500m', owner: 'Job', app: 'batch' }),
];

describe('sweepRemovals', () => {
  const ranks = sweepRemovals({ nodes, pods, podDisruptionBudgets: [budget('db-pdb', 'db', 0)] }, ['n1', 'n2', 'n3', 'n4'], now);
  const byNode = new Map(ranks.map((r) => [r.node, r]));

  it("n1 is removable: web's replacement (1 cpu) fits on n3, which has 1 cpu free", () => {
    expect(byNode.get('n1')).toMatchObject({ removable: true, verdict: 'AllFit', counts: { evicted: 1, placed: 1, stranded: 0 }, reasons: [] });
  });

  it("n2 is blocked by db's budget, which allows no disruption (the Eviction API's 429); big is evicted and placed", () => {
    const n2 = byNode.get('n2');
    expect(n2).toMatchObject({ removable: false, verdict: 'Blocked', counts: { evicted: 1, blocked: 1 } });
    expect(n2?.reasons).toEqual([expect.stringMatching(/^default\/db: Cannot evict pod as it would violate the pod's disruption budget/)]);
  });

  it('n3 is not drained at all: its bare pod declares no controller (kubectl\'s "cannot delete" error)', () => {
    const n3 = byNode.get('n3');
    expect(n3).toMatchObject({ removable: false, verdict: 'Blocked', counts: { evicted: 0 } });
    expect(n3?.reasons[0]).toMatch(/^cannot delete Pods that declare no controller/);
  });

  it("n4's batch pod (3.5 cpu) fits nowhere else: stranded, with kube-scheduler's line", () => {
    const n4 = byNode.get('n4');
    expect(n4).toMatchObject({ removable: false, verdict: 'SomeStranded', counts: { evicted: 1, placed: 0, stranded: 1 } });
    expect(n4?.reasons).toEqual(['default/batch: 0/4 nodes are available: 1 node(s) were unschedulable, 3 Insufficient cpu.']);
  });

  it('ranks the removable first, then stranded replacements before a blocked drain, the fewer pods blocked first', () => {
    expect(rankRemovals(ranks).map((r) => r.node)).toEqual(['n1', 'n4', 'n3', 'n2']);
  });

  it('tells its progress after each node', () => {
    const seen: number[] = [];
    sweepRemovals({ nodes, pods }, ['n1', 'n3'], now, undefined, (done) => seen.push(done));
    expect(seen).toEqual([1, 2]);
  });
});
