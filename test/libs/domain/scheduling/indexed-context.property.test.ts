import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Node,
  type PlacementContext,
  type Pod,
  failedSchedulingMessage,
  indexedContext,
  indexedContextAfter,
  nodeClassesOf,
  placePod,
  placementSummaryGrouped,
  snapshotOf,
} from '@taintgate/domain';
import type { AffinityPodIndex } from '../../../../libs/domain/src/scheduling/inter-pod-affinity/affinity-pod-index';
import { type PodLabelIndex, labelSetsControlledBy, labelSetsWith } from '../../../../libs/domain/src/scheduling/framework/pod-label-index';
import { placementNodeNames, placementOptions as options, usageOfPods } from '../support/placement-clusters';
import { interPodCluster as cluster, interPodIncoming as incoming, interPodRunning as running } from '../support/inter-pod-clusters';

/**
 * A holder's indexes made from the revision before's, again only on the nodes touched since
 * (indexedContextAfter), against the same indexes made afresh (indexedContext): random clusters of
 * pods that other pods decide for, changed twice (pods deleted, moved, relabelled, finished, added;
 * nodes relabelled), the holder asking for its indexes at each revision or skipping one. The
 * holder's order is kept as ClusterSnapshot keeps it: a pod written again goes last on its node.
 * Every share of nodes touched is let through (freshAbove 1), and the default's too.
 */

type Change =
  | { readonly kind: 'delete' }
  | { readonly kind: 'move'; readonly to: string }
  | { readonly kind: 'relabel'; readonly app: string }
  | { readonly kind: 'finish' }
  | { readonly kind: 'keep' };

const change: fc.Arbitrary<Change> = fc.oneof(
  { weight: 4, arbitrary: fc.constant({ kind: 'keep' as const }) },
  fc.constant({ kind: 'delete' as const }),
  fc.constantFrom(...placementNodeNames).map((to) => ({ kind: 'move' as const, to })),
  fc.constantFrom('web', 'db', 'cache').map((app) => ({ kind: 'relabel' as const, app })),
  fc.constant({ kind: 'finish' as const }),
);

/** One revision's writes: a change for each pod held, pods added, nodes whose zone changes. */
interface Revision {
  readonly changes: readonly Change[];
  readonly added: readonly Pod[];
  readonly rezoned: readonly boolean[];
}

const revision: fc.Arbitrary<Revision> = fc.record({
  changes: fc.array(change, { minLength: 30, maxLength: 30 }),
  added: running,
  rezoned: fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
});

interface Held {
  nodes: Node[];
  pods: Pod[];
}

/** The holder after a revision's writes, and the nodes they touched. */
function written(held: Held, { changes, added, rezoned }: Revision, turn: number): { held: Held; touched: Set<string> } {
  const touched = new Set<string>();
  const kept: Pod[] = [];
  const rewritten: Pod[] = [];
  held.pods.forEach((pod, i) => {
    const c = changes[i % changes.length] as Change;
    const was = pod.spec?.nodeName as string;
    if (c.kind === 'keep') return kept.push(pod);
    touched.add(was);
    if (c.kind === 'delete') return;
    const after: Pod =
      c.kind === 'move'
        ? { ...pod, spec: { ...pod.spec, nodeName: c.to } }
        : c.kind === 'relabel'
          ? { ...pod, metadata: { ...pod.metadata, labels: { app: c.app } } }
          : { ...pod, status: { phase: 'Succeeded' } };
    touched.add(after.spec?.nodeName as string);
    rewritten.push(after);
  });
  const fresh = added.map((pod) => ({ ...pod, metadata: { ...pod.metadata, name: `t${turn}-${pod.metadata.name}` } }));
  for (const pod of fresh) touched.add(pod.spec?.nodeName as string);
  const nodes = held.nodes.map((node, i) => {
    if (!rezoned[i]) return node;
    touched.add(node.metadata.name);
    return { ...node, metadata: { ...node.metadata, labels: { ...node.metadata.labels, zone: `z-${turn}-${i % 2}` } } };
  });
  return { held: { nodes, pods: [...kept, ...rewritten, ...fresh] }, touched };
}

/** The sets of an index as comparable values: each set's members by pod, node and ordinal, whatever their order. */
function labelSets(index: PodLabelIndex | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, set] of index?.byKey ?? []) {
    if (set.members.length === 0) continue;
    out[key] = set.members.map((m) => `${m.pod.metadata.name}@${m.node.metadata.name}#${m.ordinal}:${JSON.stringify(m.node.metadata.labels)}`).sort();
  }
  return out;
}

/** The sets the inverted index finds by label value and by controller, as comparable values (their order is not read: ordinals say which pod comes first). */
function lookups(index: PodLabelIndex | undefined): string[][] {
  if (!index) return [];
  const members = (sets: readonly { members: readonly { pod: Pod; ordinal: number }[] }[]) =>
    sets
      .filter((set) => set.members.length > 0)
      .map((set) =>
        set.members
          .map((m) => `${m.pod.metadata.name}#${m.ordinal}`)
          .sort()
          .join(','),
      )
      .sort();
  return [
    ...['web', 'db', 'cache'].map((app) => members(labelSetsWith(index, 'app', [app]))),
    members(labelSetsWith(index, 'app', ['web', 'cache'])),
    members(labelSetsControlledBy(index, { group: 'apps', kind: 'ReplicaSet', name: 'web-rs' })),
  ];
}

/** The groups of an index as comparable values, as labelSets. */
function affinityGroups(index: AffinityPodIndex | undefined): string[] {
  return (index?.affinityGroups ?? [])
    .filter((group) => group.members.length > 0)
    .map((group) =>
      group.members
        .map((m) => `${m.pod.metadata.name}@${m.node.metadata.name}#${m.ordinal}`)
        .sort()
        .join(','),
    )
    .sort();
}

describe('indexedContextAfter: the indexes made again on the nodes touched are the indexes made afresh', () => {
  it('over two revisions, asked at each or only at the last; every answer the same', () => {
    fc.assert(
      fc.property(
        cluster,
        running,
        revision,
        revision,
        fc.record({ labels: fc.boolean(), affinity: fc.boolean(), between: fc.boolean(), freshAbove: fc.constantFrom(1, 0.25) }),
        incoming,
        options,
        (nodes, pods, first, second, asked, pod, o) => {
          const start: Held = { nodes, pods };
          const one = written(start, first, 1);
          const two = written(one.held, second, 2);
          // Each getter makes its index, as a question asking for it does; a spread count makes the inverted index of labels.
          const ask = (context: PlacementContext) => [asked.labels && lookups(context.indexes?.podLabels), asked.affinity && context.indexes?.affinityPods];
          const c0 = indexedContext(snapshotOf(start.nodes, start.pods));
          ask(c0);
          const c1 = indexedContextAfter(c0, snapshotOf(one.held.nodes, one.held.pods), one.touched, asked.freshAbove);
          if (asked.between) ask(c1);
          const c2 = indexedContextAfter(c1, snapshotOf(two.held.nodes, two.held.pods), two.touched, asked.freshAbove);
          const afresh = indexedContext(snapshotOf(two.held.nodes, two.held.pods));

          expect(labelSets(c2.indexes?.podLabels)).toEqual(labelSets(afresh.indexes?.podLabels));
          expect(lookups(c2.indexes?.podLabels)).toEqual(lookups(afresh.indexes?.podLabels));
          expect(affinityGroups(c2.indexes?.affinityPods)).toEqual(affinityGroups(afresh.indexes?.affinityPods));
          const usageOf = usageOfPods(two.held.pods);
          const sorted = [...two.held.nodes].sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : 1));
          expect(placePod(pod, sorted, o, { usageOf }, c2)).toEqual(placePod(pod, sorted, o, { usageOf }, afresh));
          const classes = nodeClassesOf(two.held.nodes);
          expect(placementSummaryGrouped(pod, classes, o, { usageOf }, 5, c2)).toEqual(placementSummaryGrouped(pod, classes, o, { usageOf }, 5, afresh));
          expect(failedSchedulingMessage(pod, classes, o, { usageOf }, c2)).toBe(failedSchedulingMessage(pod, classes, o, { usageOf }, afresh));
        },
      ),
      { numRuns: 400 },
    );
  }, 60_000);

  it('makes the indexes afresh when a node came or went', () => {
    const node = (name: string): Node => ({ metadata: { name, labels: { zone: 'a' } } });
    const pod = (name: string, on: string): Pod => ({
      metadata: { name, namespace: 'default', labels: { app: 'web' } },
      spec: { nodeName: on },
      status: { phase: 'Running' },
    });
    const before = indexedContext(snapshotOf([node('a1'), node('a3')], [pod('p1', 'a1'), pod('p3', 'a3')]));
    expect(before.indexes?.podLabels?.sets).toHaveLength(1);
    // a2 comes between them: a3's position moves, and with it every ordinal of its pods.
    const after = indexedContextAfter(before, snapshotOf([node('a1'), node('a2'), node('a3')], [pod('p1', 'a1'), pod('p3', 'a3')]), []);
    const ordinals = [...(after.indexes?.podLabels?.sets ?? [])].flatMap((set) => set.members.map((m) => `${m.pod.metadata.name}:${m.ordinal}`));
    expect(ordinals.sort()).toEqual(['p1:0', `p3:${2 * 65536}`]);
  });
});
