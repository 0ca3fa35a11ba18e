import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Node, type Pod, cachedPodCounter, nodeClassesOf, podLabelIndexOf, snapshotOf } from '@taintgate/domain';
import type { TopologySpreadConstraint } from '../../../../../libs/domain/src/types';
import { heldFeasibleNodes } from '../../../../../libs/domain/src/scheduling/held-feasible-nodes';
import { nodesInOrder } from '../../../../../libs/domain/src/scheduling/node-classes';
import { topologySpreadScoreColumn, topologySpreadScores } from '../../../../../libs/domain/src/scheduling/topology-spread/spread-score';

/**
 * PodTopologySpread's scores by sets of nodes alike in their topology values (the column a placement
 * by class scores with) against the scores node by node (topologySpreadScores over the list): random
 * nodes lacking some topology labels, pods of two workloads (some terminating, some elsewhere), and
 * pods with ScheduleAnyway constraints of their own or the system defaults.
 */

const hostname = 'kubernetes.io/hostname';
const names = Array.from({ length: 10 }, (_, i) => `n${i}`);
const owner = (app: string) => [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: `${app}-rs`, uid: `uid-${app}`, controller: true }];

const nodes: fc.Arbitrary<Node[]> = fc
  .array(
    fc.record({
      zone: fc.option(fc.constantFrom('a', 'b', 'c'), { nil: undefined }),
      rack: fc.option(fc.constantFrom('r1', 'r2'), { nil: undefined }),
      named: fc.nat(9),
    }),
    {
      minLength: 10,
      maxLength: 10,
    },
  )
  .map((shapes) =>
    shapes.map((s, i) => ({
      metadata: {
        name: names[i] as string,
        labels: { ...(s.zone ? { zone: s.zone } : {}), ...(s.rack ? { rack: s.rack } : {}), ...(s.named > 0 ? { [hostname]: names[i] } : {}) },
      },
    })),
  );

const running: fc.Arbitrary<Pod[]> = fc
  .array(
    fc.record({ on: fc.constantFrom(...names), app: fc.constantFrom('web', 'db'), namespace: fc.constantFrom('default', 'other'), leaving: fc.boolean() }),
    { maxLength: 25 },
  )
  .map((pods) =>
    pods.map((p, i) => ({
      metadata: {
        name: `r${i}`,
        namespace: p.namespace,
        labels: { app: p.app },
        ownerReferences: owner(p.app),
        ...(p.leaving && i % 3 === 0 ? { deletionTimestamp: '2026-01-01T00:00:00Z' } : {}),
      },
      spec: { nodeName: p.on },
    })),
  );

const constraint: fc.Arbitrary<TopologySpreadConstraint> = fc.record({
  maxSkew: fc.integer({ min: 1, max: 3 }),
  topologyKey: fc.constantFrom('zone', 'rack', hostname),
  whenUnsatisfiable: fc.constant('ScheduleAnyway'),
  labelSelector: fc.constantFrom('web', 'db').map((app) => ({ matchLabels: { app } })),
  nodeAffinityPolicy: fc.constantFrom('Honor', 'Ignore', undefined),
});

const incoming: fc.Arbitrary<Pod> = fc.record({ app: fc.constantFrom('web', 'db'), own: fc.array(constraint, { maxLength: 3 }) }).map(({ app, own }) => ({
  metadata: { name: 'p', namespace: 'default', labels: { app }, ownerReferences: owner(app) },
  spec: own.length > 0 ? { topologySpreadConstraints: own } : {},
}));

describe('topologySpreadScoreColumn is topologySpreadScores, by sets of nodes alike', () => {
  it('for any feasible subset of the nodes', () => {
    fc.assert(
      fc.property(nodes, running, incoming, fc.array(fc.boolean(), { minLength: 10, maxLength: 10 }), (held, pods, pod, feasibleAt) => {
        const snapshot = snapshotOf(held, pods);
        const labels = podLabelIndexOf(snapshot);
        const counter = cachedPodCounter(snapshot, () => labels);
        const classes = nodeClassesOf(held);
        const positions = nodesInOrder(classes).flatMap((_, i) => (feasibleAt[i] ? [i] : []));
        const feasible = heldFeasibleNodes(pod, classes, positions, undefined);
        const list = positions.map((_, k) => feasible.nodeAt(k));
        const { labelSets, placeOf } = feasible;
        if (!labelSets || !placeOf) throw new Error('held nodes have label sets');
        const column = topologySpreadScoreColumn(pod, { ...feasible, labelSets, placeOf }, snapshot, counter);
        // Undefined where it does not apply: the list is then scored as before.
        if (column === undefined) return;
        expect(column).toEqual(topologySpreadScores(pod, list, snapshot, {}, counter));
        expect(column).toEqual(topologySpreadScores(pod, list, snapshot));
      }),
      { numRuns: 2000 },
    );
  });
});
