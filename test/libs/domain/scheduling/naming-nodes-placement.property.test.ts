import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Pod,
  failedSchedulingMessage,
  nodeClassesOf,
  nodeRoomsOf,
  placePod,
  placementSummary,
  placementSummaryGrouped,
  snapshotOf,
} from '@taintgate/domain';
import type { NodeSelectorTerm } from '../../../../libs/domain/src/types';
import { requestingPod } from '../support/arbitraries';
import { placementOptions as options, placementNodeNames, runningPods, sizedCluster, usageOfPods } from '../support/placement-clusters';

/**
 * Pods that name nodes in their required node affinity (matchFields on metadata.name, as DaemonSet
 * pods do), summarized by class (placementNamingNodes: the named nodes one by one, the others by
 * group) against the every-node answer (placePod): terms naming held and unknown nodes with In and
 * NotIn, alone or with a zone requirement, one term or two.
 */

const names = fc.subarray([...placementNodeNames, 'ghost'], { minLength: 1, maxLength: 3 });
const term: fc.Arbitrary<NodeSelectorTerm> = fc
  .record({ operator: fc.constantFrom('In', 'NotIn'), values: names, zone: fc.option(fc.constantFrom('a', 'b'), { nil: undefined }) })
  .map(({ operator, values, zone }) => ({
    matchFields: [{ key: 'metadata.name', operator, values }],
    ...(zone ? { matchExpressions: [{ key: 'zone', operator: 'In', values: [zone] }] } : {}),
  }));
const zoneOnly: fc.Arbitrary<NodeSelectorTerm> = fc.constant({ matchExpressions: [{ key: 'zone', operator: 'Exists' }] });

const namingPod: fc.Arbitrary<Pod> = fc
  .tuple(requestingPod, fc.array(fc.oneof({ weight: 4, arbitrary: term }, { weight: 1, arbitrary: zoneOnly }), { minLength: 1, maxLength: 2 }))
  .map(([pod, nodeSelectorTerms]) => ({
    ...pod,
    spec: { ...pod.spec, nodeName: undefined, affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms } } } },
  }))
  // Only pods that name a node: the others are placed by class already.
  .filter((pod) => (pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms ?? []).some((t) => t.matchFields));

describe('pods naming nodes: the summary by class is the summary of the every-node answer', () => {
  it('without capacity, with the usage, and with rooms', () => {
    fc.assert(
      fc.property(sizedCluster, runningPods, namingPod, options, fc.integer({ min: 0, max: 13 }), (nodes, pods, pod, o, n) => {
        const classes = nodeClassesOf(nodes);
        const held = [...nodes].sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : 1));
        const context = { snapshot: snapshotOf(nodes, pods) };
        const usageOf = usageOfPods(pods);
        expect(placementSummaryGrouped(pod, classes, o, undefined, n, context)).toEqual(placementSummary(placePod(pod, held, o, undefined, context), n));
        const expected = placementSummary(placePod(pod, held, o, { usageOf }, context), n);
        expect(placementSummaryGrouped(pod, classes, o, { usageOf }, n, context)).toEqual(expected);
        // The FailedScheduling event's line comes from the same buckets: the line when no node fits.
        expect(failedSchedulingMessage(pod, classes, o, { usageOf }, context)).toBe(expected.feasibleCount > 0 ? undefined : expected.summary);
        expect(placementSummaryGrouped(pod, classes, o, { usageOf, rooms: nodeRoomsOf(nodes, usageOf) }, n, context)).toEqual(expected);
      }),
      { numRuns: 1000 },
    );
  }, 60_000);
});
