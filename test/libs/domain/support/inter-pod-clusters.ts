import fc from 'fast-check';
import type { Node, Pod } from '@taintgate/domain';
import type { PodAffinityTerm, TopologySpreadConstraint } from '../../../../libs/domain/src/types';
import { requestingPod } from './arbitraries';
import { placementNodeNames, podRequests, sizedCluster } from './placement-clusters';

/**
 * Clusters for the property tests of pods that other pods decide for: nodes with zone and hostname
 * labels, running pods of two workloads (web, db) with labels, a controller and anti-affinity of
 * their own, and incoming pods with spread constraints and pod affinity of every kind.
 */

const hostname = 'kubernetes.io/hostname';
const topologyKey = fc.constantFrom('zone', hostname);
const app = fc.constantFrom('web', 'db');
const selector = fc.array(app, { minLength: 1, maxLength: 2 }).map((values) => ({ matchExpressions: [{ key: 'app', operator: 'In', values }] }));
const term: fc.Arbitrary<PodAffinityTerm> = fc.record({ labelSelector: selector, topologyKey });
const terms = fc.array(term, { maxLength: 2 });
const weighted = fc.array(fc.record({ weight: fc.integer({ min: 1, max: 100 }), podAffinityTerm: term }), { maxLength: 2 });

/** Nodes with a hostname label (most) and a zone label (some), as sizedCluster makes them otherwise. */
export const interPodCluster: fc.Arbitrary<Node[]> = fc
  .tuple(sizedCluster, fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }))
  .map(([nodes, unnamed]) =>
    nodes.map((node, i) =>
      unnamed[i] && i % 3 === 0 ? node : { ...node, metadata: { ...node.metadata, labels: { ...node.metadata.labels, [hostname]: node.metadata.name } } },
    ),
  );

export const interPodRunning: fc.Arbitrary<Pod[]> = fc
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

export const interPodIncoming: fc.Arbitrary<Pod> = fc
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
