import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Node, type Pod, snapshotOf } from '@taintgate/domain';
import { prepareFilters } from '../../../../../libs/domain/src/scheduling/framework/default-filters';
import { interPodAffinityPreFilter } from '../../../../../libs/domain/src/scheduling/inter-pod-affinity/pre-filter';
import { runFilters } from '../../../../../libs/domain/src/scheduling/node-filters';
import { defaultMatchOptions } from '../../../../../libs/domain/src/tolerations/match';
import type { PodAffinityTerm, TopologySpreadConstraint } from '../../../../../libs/domain/src/types';

/**
 * PreparedFilters.withoutPods, the plugins with some pods of one node taken off (what the PreFilter
 * extensions' RemovePod leave), must decide every node as the PreFilters run afresh over the
 * cluster without those pods would: the counts lowered in place are the counts counted again.
 */

type ValueOf<A> = A extends fc.Arbitrary<infer T> ? T : never;

const zones = ['z1', 'z2', 'z3'];
const hostname = 'kubernetes.io/hostname';

const nodeArb = (i: number) =>
  fc.record({ zone: fc.option(fc.constantFrom(...zones), { nil: undefined }) }).map(({ zone }): Node => ({
    metadata: { name: `n${i}`, labels: { [hostname]: `n${i}`, ...(zone ? { zone } : {}) } },
  }));

const term = (key: 'app', value: string, topologyKey: string): PodAffinityTerm => ({ labelSelector: { matchLabels: { [key]: value } }, topologyKey });

const existingPodArb = fc.record({
  node: fc.integer({ min: 0, max: 4 }),
  app: fc.constantFrom('a', 'b', 'c'),
  other: fc.boolean(),
  terminating: fc.boolean(),
  antiAffinity: fc.option(fc.constantFrom(hostname, 'zone'), { nil: undefined }),
});

const incomingArb = fc.record({
  app: fc.constantFrom('a', 'b'),
  spread: fc.option(fc.constantFrom(hostname, 'zone'), { nil: undefined }),
  antiAffinity: fc.option(fc.constantFrom(hostname, 'zone'), { nil: undefined }),
  affinity: fc.option(fc.constantFrom(hostname, 'zone'), { nil: undefined }),
});

function existingPod(i: number, p: ValueOf<typeof existingPodArb>): Pod {
  return {
    metadata: {
      name: `p${i}`,
      namespace: p.other ? 'other' : 'default',
      labels: { app: p.app },
      ...(p.terminating ? { deletionTimestamp: '2026-01-01T00:00:00Z' } : {}),
    },
    spec: {
      nodeName: `n${p.node}`,
      containers: [{ name: 'c' }],
      ...(p.antiAffinity ? { affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [term('app', 'b', p.antiAffinity)] } } } : {}),
    },
  };
}

function incomingPod(p: ValueOf<typeof incomingArb>): Pod {
  const constraints: TopologySpreadConstraint[] = p.spread
    ? [{ maxSkew: 1, topologyKey: p.spread, whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'a' } } }]
    : [];
  return {
    metadata: { name: 'incoming', namespace: 'default', labels: { app: p.app } },
    spec: {
      containers: [{ name: 'c' }],
      topologySpreadConstraints: constraints,
      affinity: {
        ...(p.antiAffinity ? { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [term('app', 'a', p.antiAffinity)] } } : {}),
        ...(p.affinity ? { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [term('app', 'c', p.affinity)] } } : {}),
      },
    },
  };
}

describe('withoutPods: the plugins with some pods of one node taken off', () => {
  it('decide every node as the PreFilters run again over the cluster without them', () => {
    const nodesArb = fc.tuple(nodeArb(0), nodeArb(1), nodeArb(2), nodeArb(3), nodeArb(4));
    fc.assert(
      fc.property(
        nodesArb,
        fc.array(existingPodArb, { maxLength: 14 }),
        incomingArb,
        fc.integer({ min: 0, max: 4 }),
        fc.array(fc.boolean(), { minLength: 14, maxLength: 14 }),
        (nodes, specs, incoming, victimNode, takeOff) => {
          const pods = specs.map((p, i) => existingPod(i, p));
          const pod = incomingPod(incoming);
          const snapshot = snapshotOf(nodes, pods);
          const node = nodes[victimNode] as Node;
          const onNode = snapshot.podsOn(node.metadata.name);
          const takenOff = onNode.filter((_, i) => takeOff[i]);
          const kept = onNode.filter((p) => !takenOff.includes(p));
          const view = { ...snapshot, podsOn: (name: string) => (name === node.metadata.name ? kept : snapshot.podsOn(name)) };

          const lowered = prepareFilters(pod, snapshot).withoutPods(node, takenOff, view);
          const afresh = prepareFilters(pod, view);
          for (const target of nodes) {
            const decide = (plugins: typeof lowered) => runFilters(pod, target, defaultMatchOptions, false, undefined, plugins).rejection;
            expect(decide(lowered)).toEqual(decide(afresh.plugins));
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('interPodAffinity: the PreFilter state kept with the filters prepared', () => {
  // A simulation follows a kind's InterPodAffinity counts from this state rather than counting them
  // a second time (kept-scores.ts antiAffinityOf): it must be the PreFilter's own, and absent when it skips.
  it("is InterPodAffinity's PreFilter state when the plugin runs, and absent when it skips", () => {
    const nodesArb = fc.tuple(nodeArb(0), nodeArb(1), nodeArb(2));
    fc.assert(
      fc.property(nodesArb, fc.array(existingPodArb, { maxLength: 10 }), incomingArb, (nodes, specs, incoming) => {
        const snapshot = snapshotOf(
          nodes,
          specs.map((p, i) => existingPod(i, { ...p, node: p.node % 3 })),
        );
        const pod = incomingPod(incoming);
        const outcome = interPodAffinityPreFilter(pod, snapshot);
        const prepared = prepareFilters(pod, snapshot);
        expect(prepared.interPodAffinity).toEqual(outcome.kind === 'run' ? outcome.state : undefined);
      }),
      { numRuns: 300 },
    );
  });
});
