import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Node, Pod } from '../../../../../libs/domain/src/types';
import { addToPodLabelIndex, podLabelIndexOf, podOrdinal, removeFromPodLabelIndex } from '../../../../../libs/domain/src/scheduling/framework/pod-label-index';
import { type SchedulingSnapshot, emptyStorageLister } from '../../../../../libs/domain/src/scheduling/framework/scheduling-snapshot';
import { countPodsMatchingSelector, keptPodCounter } from '../../../../../libs/domain/src/scheduling/topology-spread/spread-counting';
import type { SpreadSelector } from '../../../../../libs/domain/src/scheduling/topology-spread/spread-selector';

/**
 * keptPodCounter keeps each selector's counts as pods are bound and taken off, a pod's labels
 * tested once against the selectors of its controller and the selectors by labels alone: after
 * any run of binds, unbinds and questions (some selectors dropped past the few it keeps), every
 * node's count is countPodsMatchingSelector over the node's pods as they now are, by name, by
 * position and per zone.
 */

const nodes: Node[] = ['n1', 'n2', 'n3'].map((name) => ({ metadata: { name, labels: { 'topology.kubernetes.io/zone': name === 'n3' ? 'b' : 'a' } } }));

const selectors: SpreadSelector[] = [
  { kind: 'controller', controller: { group: 'apps', kind: 'ReplicaSet', name: 'web' }, requirements: [{ key: 'app', operator: 'In', values: ['web'] }] },
  { kind: 'controller', controller: { group: 'apps', kind: 'ReplicaSet', name: 'api' }, requirements: [] },
  { kind: 'labels', requirements: [{ key: 'app', operator: 'In', values: ['web'] }] },
  { kind: 'labels', requirements: [{ key: 'tier', operator: 'Exists', values: [] }] },
];

/** A pod of one of two ReplicaSets or none, with some labels. */
type PodShape = { owner: string | null; app: string; tier: boolean };
const podArb: fc.Arbitrary<PodShape> = fc.record({ owner: fc.constantFrom('web', 'api', null), app: fc.constantFrom('web', 'api'), tier: fc.boolean() });

const step = fc.oneof(
  fc.record({ op: fc.constant('bind' as const), pod: podArb, node: fc.nat(2) }),
  fc.record({ op: fc.constant('unbind' as const), at: fc.nat(20) }),
  fc.record({ op: fc.constant('ask' as const), selector: fc.nat(selectors.length - 1) }),
);

describe('keptPodCounter: counts kept as pods come and go', () => {
  it('every node of every selector asked counts as made afresh', () => {
    fc.assert(
      fc.property(
        fc.array(podArb, { maxLength: 6 }),
        fc.array(step, { maxLength: 25 }),
        fc.constantFrom(2, 64),
        fc.boolean(),
        (running, steps, kept, positioned) => {
          const podsByNode = new Map<string, Pod[]>(nodes.map((n) => [n.metadata.name, []]));
          let made = 0;
          const make = ({ owner, app, tier }: PodShape, node: string): Pod => ({
            metadata: {
              name: `p${made++}`,
              namespace: 'default',
              labels: { app, ...(tier ? { tier: 'front' } : {}) },
              ...(owner ? { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: owner, uid: owner, controller: true }] } : {}),
            },
            spec: { nodeName: node, containers: [] },
          });
          running.forEach((p, i) => podsByNode.get(`n${(i % 3) + 1}`)?.push(make(p, `n${(i % 3) + 1}`)));
          const snapshot: SchedulingSnapshot = {
            nodes,
            podsOn: (name) => podsByNode.get(name) ?? [],
            namespace: () => undefined,
            storage: emptyStorageLister,
            podDisruptionBudgets: () => [],
          };
          const index = podLabelIndexOf(snapshot);
          // Counted from each set's column of positions (the index knows its nodes' names), or member by member by name.
          const { counter, bound, unbound } = keptPodCounter(snapshot, () => (positioned ? index : { sets: index.sets, byKey: index.byKey }), kept);
          for (const s of steps) {
            if (s.op === 'bind') {
              const node = nodes[s.node] as Node;
              const pod = make(s.pod, node.metadata.name);
              podsByNode.get(node.metadata.name)?.push(pod);
              // The index of pods by labels kept in step, as the simulation keeps it (a selector first asked reads it).
              addToPodLabelIndex(index, node, pod, podOrdinal(s.node, made));
              bound(pod, node);
            } else if (s.op === 'unbind') {
              const all = [...podsByNode.values()].flat();
              const pod = all[s.at % Math.max(1, all.length)];
              if (!pod) continue;
              const name = pod.spec?.nodeName as string;
              const list = podsByNode.get(name) as Pod[];
              list.splice(list.indexOf(pod), 1);
              removeFromPodLabelIndex(index, pod);
              unbound(pod, nodes.find((n) => n.metadata.name === name) as Node);
            } else {
              const selector = selectors[s.selector] as SpreadSelector;
              for (const node of nodes) {
                expect(counter(node, selector, 'default')).toBe(countPodsMatchingSelector(podsByNode.get(node.metadata.name) ?? [], selector, 'default'));
              }
              // Per zone, every zone listed in the nodes' order (0 where none runs), as countPerDomain lists them.
              const zones = new Map<string, number>();
              for (const node of nodes) {
                const zone = node.metadata.labels?.['topology.kubernetes.io/zone'] ?? '';
                zones.set(zone, (zones.get(zone) ?? 0) + countPodsMatchingSelector(podsByNode.get(node.metadata.name) ?? [], selector, 'default'));
              }
              expect([...(counter.perDomain?.('topology.kubernetes.io/zone', [], selector, 'default') ?? [])]).toEqual([...zones]);
              const byPosition = counter.countsByPosition?.(selector, 'default');
              expect(byPosition && Array.from(byPosition)).toEqual(
                nodes.map((n) => countPodsMatchingSelector(podsByNode.get(n.metadata.name) ?? [], selector, 'default')),
              );
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
