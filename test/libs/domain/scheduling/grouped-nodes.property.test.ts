import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nodeClassesOf, nodeRoomsOf, placePodGrouped, placementNodesGrouped, placementNodesPage, placementSummaryGrouped } from '@taintgate/domain';
import { placementNodeKey } from '../../../../libs/domain/src/scheduling/placement-views';
import { requestingPod } from '../support/arbitraries';
import { placementOptions as options, runningPods as running, sizedCluster as cluster, usageOfPods } from '../support/placement-clusters';

/**
 * The nodes view made from buckets of nodes (placementNodesGrouped) must be the page of the
 * every-node answer (placementNodesPage(placePodGrouped(...))), with its heading: random clusters,
 * pods and running pods (support/placement-clusters.ts), pages at any limit from any start; the
 * second page from the buckets the first remembered.
 */
describe('the nodes view from buckets of nodes is a page of the every-node answer', () => {
  it('the nodes view: every page at any limit, and its heading, as from the every-node answer', () => {
    const limit = fc.integer({ min: 1, max: 13 });
    fc.assert(
      fc.property(cluster, requestingPod, options, fc.option(running, { nil: undefined }), limit, fc.nat(13), (nodes, pod, o, bound, n, skip) => {
        const classes = nodeClassesOf(nodes);
        const capacity = bound && { usageOf: usageOfPods(bound), rooms: nodeRoomsOf(nodes, usageOfPods(bound)) };
        const placement = placePodGrouped(pod, classes, o, capacity);
        // The summary first: its buckets, remembered for the same rooms and request, have no positions, which the view needs.
        placementSummaryGrouped(pod, classes, o, capacity, n);
        // A page from the start, and one from a node's key on (as a continue token gives it).
        const starts = ['', placement.nodes[skip] ? `${placementNodeKey(placement.nodes[skip])}\u0000` : 'zzz'];
        for (const start of starts) {
          const { page, ...heading } = placementNodesGrouped(pod, classes, o, capacity, { limit: n, start }, 7n);
          expect(page).toEqual(placementNodesPage(placement, { limit: n, start }, 7n));
          expect(heading).toEqual({
            pod: placement.pod,
            summary: placement.summary,
            detail: placement.detail,
            nodeCount: placement.nodes.length,
            feasibleCount: placement.feasibleCount,
            ...(capacity ? { capacityConsidered: true } : {}),
            ...(placement.bestTied ? { bestTied: placement.bestTied } : {}),
          });
        }
      }),
      { numRuns: 1000 },
    );
  });
});
