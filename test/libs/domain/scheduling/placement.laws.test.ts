import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_TOTAL_SCORE, type PlacementCapacity, type Pod, type Toleration, placePod, usageByNode } from '@taintgate/domain';
import { defaultPlacementOptions, isFeasible } from '../../../../libs/domain/src/scheduling/placement';
import type { NodeSelectorTerm } from '../../../../libs/domain/src/types';
import { node, nodes, pod, requestingPod, runningPods, sizedNodes, taint, toleration } from '../support/arbitraries';

/** Terms naming nodes by metadata.name (In or NotIn, one name or more, none too), beside a label term at times. */
const nameTerms: fc.Arbitrary<NodeSelectorTerm[]> = fc.array(
  fc.oneof(
    fc.record({
      matchFields: fc.array(
        fc.record({
          key: fc.constant('metadata.name'),
          operator: fc.constantFrom('In', 'NotIn'),
          values: fc.uniqueArray(fc.constantFrom('n1', 'n2', 'n3', 'n4', 'ghost'), { maxLength: 2 }),
        }),
        { minLength: 1, maxLength: 2 },
      ),
    }),
    fc.constant<NodeSelectorTerm>({ matchExpressions: [{ key: 'zone', operator: 'Exists' }] }),
  ),
  { minLength: 1, maxLength: 3 },
);

/** The nodes a summary counts, however its reasons are worded: "0/3 nodes are available: 1 x, 2 y {k: v}." counts 3. */
const countedNodes = (line: string) =>
  line
    .slice(line.indexOf(': ') + 2)
    .split(', ')
    .map((part) => Number(/^\d+/.exec(part)?.[0] ?? 0))
    .reduce((a, b) => a + b, 0);

const withToleration = (p: Pod, extra: Toleration): Pod => ({
  ...p,
  spec: { ...p.spec, tolerations: [...(p.spec?.tolerations ?? []), extra] },
});

describe('laws of placement', () => {
  it('adding a toleration never turns a feasible node infeasible', () => {
    fc.assert(
      fc.property(pod, nodes, toleration, (p, ns, extra) => {
        const before = placePod(p, ns);
        const after = placePod(withToleration(p, extra), ns);
        for (const verdict of before.nodes.filter((n) => n.feasible)) {
          expect(after.nodes.find((n) => n.name === verdict.name)?.feasible).toBe(true);
        }
      }),
    );
  });

  it('adding a taint never turns an infeasible node feasible', () => {
    fc.assert(
      fc.property(pod, node, taint, (p, n, t) => {
        fc.pre(!(n.spec?.taints ?? []).some((x) => x.key === t.key && x.effect === t.effect));
        const tainted = { ...n, spec: { ...n.spec, taints: [...(n.spec?.taints ?? []), t] } };
        if (!placePod(p, [n]).nodes[0]?.feasible) expect(placePod(p, [tainted]).nodes[0]?.feasible).toBe(false);
      }),
    );
  });

  it('every node is answered once; feasible ones first, ranked 1..k by score, totals in 0..1200', () => {
    fc.assert(
      fc.property(pod, nodes, (p, ns) => {
        const result = placePod(p, ns);
        expect(result.nodes.map((n) => n.name).sort()).toEqual(ns.map((n) => n.metadata.name).sort());
        const feasible = result.nodes.filter((n) => n.feasible);
        expect(result.nodes.slice(0, feasible.length)).toEqual(feasible);
        expect(feasible.map((n) => n.rank)).toEqual(feasible.map((_, i) => i + 1));
        for (const n of feasible) expect(n.score).toSatisfy((s: number) => s >= 0 && s <= MAX_TOTAL_SCORE);
        // Equal raw counts all normalise to 0, so the best is not always 100; the order is what holds.
        for (let i = 1; i < feasible.length; i++) expect(feasible[i - 1]?.score).toBeGreaterThanOrEqual(feasible[i]?.score ?? 0);
        expect(result.feasibleCount).toBe(feasible.length);
        if (ns.length) expect(result.summary.startsWith(`${feasible.length}/${ns.length} nodes are available`)).toBe(true);
      }),
    );
  });

  it('an infeasible node always has a blocking reason; a feasible one never does', () => {
    const soft = new Set(['UntoleratedPreferNoSchedule']);
    fc.assert(
      fc.property(pod, nodes, (p, ns) => {
        for (const n of placePod(p, ns).nodes) {
          expect(n.reasons.some((r) => !soft.has(r.code))).toBe(!n.feasible);
        }
      }),
    );
  });

  it('the legacy summary is the detail, and both wordings count every infeasible node once', () => {
    fc.assert(
      fc.property(pod, nodes, (p, ns) => {
        const current = placePod(p, ns);
        const legacy = placePod(p, ns, { ...defaultPlacementOptions, summaryWording: 'legacy' });
        expect(legacy.summary).toBe(current.detail);
        if (ns.length) {
          expect(countedNodes(current.summary)).toBe(ns.length - current.feasibleCount);
          expect(countedNodes(current.detail)).toBe(ns.length - current.feasibleCount);
        }
      }),
    );
  });

  it("NodeAffinity's PreFilter turns no verdict: a pod naming nodes is feasible exactly where the filters let it", () => {
    fc.assert(
      fc.property(pod, nodes, nameTerms, (p, ns, nodeSelectorTerms) => {
        const naming: Pod = {
          ...p,
          spec: { ...p.spec, affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms } } } },
        };
        const result = placePod(naming, ns);
        for (const n of ns) expect(result.nodes.find((v) => v.name === n.metadata.name)?.feasible).toBe(isFeasible(naming, n));
      }),
    );
  });
});

const capacityOf = (pods: Pod[]): PlacementCapacity => {
  const usage = usageByNode(pods);
  return { usageOf: (name) => usage.get(name) };
};

describe('laws of placement with capacity (NodeResourcesFit)', () => {
  it('capacity only takes nodes away: a node feasible with it is feasible without it', () => {
    fc.assert(
      fc.property(requestingPod, sizedNodes, runningPods, (p, ns, others) => {
        const without = placePod(p, ns);
        for (const verdict of placePod(p, ns, defaultPlacementOptions, capacityOf(others)).nodes.filter((n) => n.feasible)) {
          expect(without.nodes.find((n) => n.name === verdict.name)?.feasible).toBe(true);
        }
      }),
    );
  });

  it('one more pod on the nodes never turns an infeasible node feasible', () => {
    fc.assert(
      fc.property(requestingPod, sizedNodes, runningPods, runningPods, (p, ns, others, more) => {
        const before = placePod(p, ns, defaultPlacementOptions, capacityOf(others));
        const after = placePod(
          p,
          ns,
          defaultPlacementOptions,
          capacityOf([...others, ...more.map((m, i) => ({ ...m, metadata: { ...m.metadata, name: `m${i}` } }))]),
        );
        for (const verdict of before.nodes.filter((n) => !n.feasible)) expect(after.nodes.find((n) => n.name === verdict.name)?.feasible).toBe(false);
      }),
    );
  });

  it('an infeasible node has a blocking reason, a feasible one none; the summary counts every infeasible node at least once', () => {
    const soft = new Set(['UntoleratedPreferNoSchedule', 'AllocatableUnknown']);
    fc.assert(
      fc.property(requestingPod, sizedNodes, runningPods, (p, ns, others) => {
        const result = placePod(p, ns, defaultPlacementOptions, capacityOf(others));
        for (const n of result.nodes) expect(n.reasons.some((r) => !soft.has(r.code))).toBe(!n.feasible);
        if (ns.length) expect(countedNodes(result.summary)).toBeGreaterThanOrEqual(ns.length - result.feasibleCount);
      }),
    );
  });

  it('isFeasible with capacity gives the verdicts placePod gives', () => {
    fc.assert(
      fc.property(requestingPod, sizedNodes, runningPods, (p, ns, others) => {
        const capacity = capacityOf(others);
        const result = placePod(p, ns, defaultPlacementOptions, capacity);
        for (const n of ns) expect(result.nodes.find((v) => v.name === n.metadata.name)?.feasible).toBe(isFeasible(p, n, undefined, capacity));
      }),
    );
  });
});
