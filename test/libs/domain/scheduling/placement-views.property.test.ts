import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Node,
  type Placement,
  type PlacementReason,
  type Pod,
  nodeClassesOf,
  placePodGrouped,
  placementNodesPage,
  placementSummary,
  usageByNode,
} from '@taintgate/domain';
import { decodeContinue } from '../../../../libs/domain/src/lists/continue-token';
import { requestingPod, runningPods, taints } from '../support/arbitraries';

/**
 * The summary view must say what the every-node answer says, only shorter: random clusters of up
 * to 12 nodes sharing a few shapes (so that groups hold several nodes), random pods, with and
 * without capacity; and the nodes view, paged at any limit, must give back the every-node answer.
 */

const names = Array.from({ length: 12 }, (_, i) => `n${i + 1}`);

const shape = fc.record({
  taints,
  unschedulable: fc.boolean(),
  zone: fc.constantFrom('a', 'b', undefined),
  allocatable: fc.option(fc.record({ cpu: fc.constantFrom('500m', '1', '2'), memory: fc.constantFrom('1Gi', '2Gi'), pods: fc.constantFrom('1', '110') }), {
    nil: undefined,
  }),
});

const cluster: fc.Arbitrary<Node[]> = fc
  .tuple(fc.subarray(names), fc.array(shape, { minLength: 1, maxLength: 3 }), fc.array(fc.nat(), { minLength: 12, maxLength: 12 }))
  .map(([chosen, shapes, picks]) =>
    chosen.map((name, i): Node => {
      const s = shapes[(picks[i] ?? 0) % shapes.length] as (typeof shapes)[number];
      return {
        metadata: { name, labels: s.zone ? { zone: s.zone } : {} },
        spec: { taints: s.taints, unschedulable: s.unschedulable },
        ...(s.allocatable ? { status: { allocatable: s.allocatable } } : {}),
      };
    }),
  );

/** runningPods binds to n1..n4: among the nodes here, so some nodes are full. */
const placementOf = (nodes: Node[], pod: Pod, running: Pod[] | undefined): Placement => {
  if (!running) return placePodGrouped(pod, nodeClassesOf(nodes));
  const usage = usageByNode(running);
  return placePodGrouped(pod, nodeClassesOf(nodes), undefined, { usageOf: (name) => usage.get(name) });
};

/** A reason with the node's own amounts taken out, as a group states it: by a path of its own. */
const shared = (r: PlacementReason) =>
  r.resource ? { code: r.code, message: r.message.replace(/:.*$/, ''), resource: { name: r.resource.name, requested: r.resource.requested } } : r;

describe('the summary view agrees with the every-node answer', () => {
  it('counts, top nodes, groups and reason counts', () => {
    fc.assert(
      fc.property(cluster, requestingPod, fc.option(runningPods, { nil: undefined }), fc.integer({ min: 0, max: 13 }), (nodes, pod, running, top) => {
        const placement = placementOf(nodes, pod, running);
        const summary = placementSummary(placement, top);
        const infeasible = placement.nodes.filter((n) => !n.feasible);

        expect(summary).toMatchObject({
          summary: placement.summary,
          detail: placement.detail,
          nodeCount: nodes.length,
          feasibleCount: placement.feasibleCount,
        });
        expect(summary.feasibleNodes).toEqual(placement.nodes.filter((n) => n.feasible).slice(0, top));
        expect(summary.feasibleCount + summary.infeasibleGroups.reduce((sum, g) => sum + g.count, 0)).toBe(nodes.length);

        // Each infeasible node is in the one group of its reasons; a group names its first `top` nodes.
        const expected = new Map<string, string[]>();
        for (const n of infeasible) {
          const key = JSON.stringify(n.reasons.map(shared));
          expected.set(key, [...(expected.get(key) ?? []), n.name]);
        }
        expect(summary.infeasibleGroups).toHaveLength(expected.size);
        for (const group of summary.infeasibleGroups) {
          const members = expected.get(JSON.stringify(group.reasons)) ?? [];
          expect(group.count).toBe(members.length);
          expect(group.nodes).toEqual(members.slice(0, top));
        }

        for (const { code, nodes: count } of summary.reasonCounts) {
          expect(count).toBe(placement.nodes.filter((n) => n.reasons.some((r) => r.code === code)).length);
        }
        const codes = new Set(placement.nodes.flatMap((n) => n.reasons.map((r) => r.code)));
        expect(summary.reasonCounts.map((c) => c.code).sort()).toEqual([...codes].sort());
      }),
      { numRuns: 500 },
    );
  });

  it('the nodes view, paged at any limit, is the every-node answer', () => {
    fc.assert(
      fc.property(cluster, requestingPod, fc.option(runningPods, { nil: undefined }), fc.integer({ min: 1, max: 5 }), (nodes, pod, running, limit) => {
        const placement = placementOf(nodes, pod, running);
        const seen = [];
        let start = '';
        for (;;) {
          const page = placementNodesPage(placement, { limit, start }, 3n);
          expect(page.items.length).toBeLessThanOrEqual(limit);
          seen.push(...page.items);
          if (page.continue === undefined) break;
          const token = decodeContinue(page.continue);
          if (!token.ok) throw new Error(token.error);
          start = token.value.start;
        }
        expect(seen).toEqual(placement.nodes);
      }),
      { numRuns: 300 },
    );
  });
});
