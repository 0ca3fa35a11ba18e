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
import type { PodAffinityTerm, TopologySpreadConstraint } from '../../../../libs/domain/src/types';
import { requestingPod } from '../support/arbitraries';
import { placementOptions as options, placementNodeNames, podRequests, sizedCluster, usageOfPods } from '../support/placement-clusters';

/**
 * Pods that other pods decide for (PodTopologySpread, InterPodAffinity), summarized by buckets of
 * nodes (their Filters run once per set of the topology labels they read) against the every-node
 * answer (placePodGrouped runs them node by node): random clusters with zone and hostname labels,
 * running pods with labels and anti-affinity of their own, and pods with spread constraints and pod
 * affinity of every kind; with and without the holder's indexes, with and without capacity.
 */

const hostname = 'kubernetes.io/hostname';
const topologyKey = fc.constantFrom('zone', hostname);
const app = fc.constantFrom('web', 'db');
const selector = fc.array(app, { minLength: 1, maxLength: 2 }).map((values) => ({ matchExpressions: [{ key: 'app', operator: 'In', values }] }));
const term: fc.Arbitrary<PodAffinityTerm> = fc.record({ labelSelector: selector, topologyKey });
const terms = fc.array(term, { maxLength: 2 });
const weighted = fc.array(fc.record({ weight: fc.integer({ min: 1, max: 100 }), podAffinityTerm: term }), { maxLength: 2 });

/** Nodes with a hostname label (most) and a zone label (some), as sizedCluster makes them otherwise. */
const cluster: fc.Arbitrary<Node[]> = fc
  .tuple(sizedCluster, fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }))
  .map(([nodes, unnamed]) =>
    nodes.map((node, i) =>
      unnamed[i] && i % 3 === 0 ? node : { ...node, metadata: { ...node.metadata, labels: { ...node.metadata.labels, [hostname]: node.metadata.name } } },
    ),
  );

const running: fc.Arbitrary<Pod[]> = fc
  .array(
    fc.record({ on: fc.constantFrom(...placementNodeNames), app, requests: podRequests, anti: fc.option(terms, { nil: undefined }), leaving: fc.boolean() }),
    {
      maxLength: 14,
    },
  )
  .map((pods) =>
    pods.map((p, i): Pod => ({
      metadata: {
        name: `r${i}`,
        namespace: 'default',
        labels: { app: p.app },
        ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: `${p.app}-rs`, uid: `uid-${p.app}`, controller: true }],
        ...(p.leaving && i % 4 === 0 ? { deletionTimestamp: '2026-01-01T00:00:00Z' } : {}),
      },
      spec: {
        nodeName: p.on,
        containers: [{ name: 'c', resources: { requests: p.requests } }],
        ...(p.anti ? { affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: p.anti } } } : {}),
      },
      status: { phase: 'Running' },
    })),
  );

const spreadConstraint: fc.Arbitrary<TopologySpreadConstraint> = fc.record({
  maxSkew: fc.integer({ min: 1, max: 2 }),
  topologyKey,
  whenUnsatisfiable: fc.constantFrom('DoNotSchedule', 'ScheduleAnyway'),
  labelSelector: selector,
});

const incoming: fc.Arbitrary<Pod> = fc
  .record({
    pod: requestingPod,
    app: fc.option(app, { nil: undefined }),
    owned: fc.boolean(),
    spread: fc.array(spreadConstraint, { maxLength: 2 }),
    affinity: terms,
    anti: terms,
    preferred: weighted,
    preferredAnti: weighted,
  })
  .map(({ pod, app: label, owned, spread, affinity, anti, preferred, preferredAnti }) => ({
    metadata: {
      ...pod.metadata,
      namespace: 'default',
      labels: { ...pod.metadata.labels, ...(label ? { app: label } : {}) },
      ...(owned && label
        ? { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: `${label}-rs`, uid: `uid-${label}`, controller: true }] }
        : {}),
    },
    spec: {
      ...pod.spec,
      ...(spread.length ? { topologySpreadConstraints: spread } : {}),
      affinity: {
        ...pod.spec?.affinity,
        podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: affinity, preferredDuringSchedulingIgnoredDuringExecution: preferred },
        podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: anti, preferredDuringSchedulingIgnoredDuringExecution: preferredAnti },
      },
    },
  }));

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
