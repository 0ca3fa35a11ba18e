import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Node,
  type PlacementContext,
  type Pod,
  failedSchedulingMessage,
  nodeClassesOf,
  nodeRoomsOf,
  placePod,
  placePodGrouped,
  placementSummary,
  placementSummaryGrouped,
  indexedContext,
  snapshotOf,
} from '@taintgate/domain';
import { placementOptions as options, usageOfPods } from '../support/placement-clusters';
import { interPodCluster as cluster, interPodIncoming as incoming, interPodRunning as running } from '../support/inter-pod-clusters';

/**
 * Pods that other pods decide for (PodTopologySpread, InterPodAffinity), summarized by buckets of
 * nodes (their Filters run once per set of the topology labels they read) against the every-node
 * answer (placePodGrouped runs them node by node): random clusters with zone and hostname labels,
 * running pods with labels and anti-affinity of their own, and pods with spread constraints and pod
 * affinity of every kind (inter-pod-clusters.ts); with and without the holder's indexes, with and
 * without capacity.
 */

/** The cluster as a holder gives it: its snapshot, and its indexes or none. */
function contexts(nodes: Node[], pods: Pod[]): PlacementContext[] {
  const snapshot = snapshotOf(nodes, pods);
  return [{ snapshot }, indexedContext(snapshot)];
}

describe('pods that other pods decide for: the summary by buckets is the summary of the every-node answer', () => {
  it('without capacity, with capacity from the usage, and from rooms', () => {
    fc.assert(
      fc.property(cluster, running, incoming, options, fc.integer({ min: 0, max: 13 }), (nodes, pods, pod, o, n) => {
        const classes = nodeClassesOf(nodes);
        const usageOf = usageOfPods(pods);
        const held = [...nodes].sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : 1));
        for (const context of contexts(nodes, pods)) {
          // placePod: every node filtered and scored one by one, the list as it is: the reference for all the columns.
          expect(placementSummaryGrouped(pod, classes, o, undefined, n, context)).toEqual(placementSummary(placePod(pod, held, o, undefined, context), n));
          const expected = placementSummary(placePod(pod, held, o, { usageOf }, context), n);
          expect(placementSummary(placePodGrouped(pod, classes, o, { usageOf }, context), n)).toEqual(expected);
          expect(placementSummaryGrouped(pod, classes, o, { usageOf }, n, context)).toEqual(expected);
          // The FailedScheduling event's line comes from the same buckets: the line when no node fits.
          expect(failedSchedulingMessage(pod, classes, o, { usageOf }, context)).toBe(expected.feasibleCount > 0 ? undefined : expected.summary);
          expect(placementSummaryGrouped(pod, classes, o, { usageOf, rooms: nodeRoomsOf(nodes, usageOf) }, n, context)).toEqual(expected);
        }
      }),
      { numRuns: 600 },
    );
  }, 60_000);
});
