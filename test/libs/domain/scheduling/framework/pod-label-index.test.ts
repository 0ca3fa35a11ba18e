import { describe, expect, it } from 'vitest';
import type { Node, Pod } from '../../../../../libs/domain/src/types';
import { snapshotOf } from '../../../../../libs/domain/src/scheduling/framework/scheduling-snapshot';
import {
  addToPodLabelIndex,
  forkPodLabelIndex,
  labelSetKey,
  labelSetsControlledBy,
  labelSetsWith,
  memberPositions,
  podLabelIndexOf,
  podLabelIndexWithout,
  podOrdinal,
  removeFromPodLabelIndex,
  removePodsFromPodLabelIndex,
  type PodLabelSet,
} from '../../../../../libs/domain/src/scheduling/framework/pod-label-index';
import { contextWithout } from '../../../../../libs/domain/src/scheduling/indexed-context';
import { affinityPodIndexOf } from '../../../../../libs/domain/src/scheduling/inter-pod-affinity/affinity-pod-index';

const node = (name: string): Node => ({ metadata: { name } });
const pod = (name: string, on: string, labels?: Record<string, string>, extra: Partial<Pod['metadata']> = {}): Pod => ({
  metadata: { name, namespace: 'default', ...(labels ? { labels } : {}), ...extra },
  spec: { nodeName: on },
});
const owned = (name: string) => ({ ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name, uid: `uid-${name}`, controller: true }] });

describe('podLabelIndexOf: the pods in sets alike in what selectors read', () => {
  const nodes = [node('n2'), node('n1')];
  const web0 = pod('web-0', 'n2', { app: 'web' });
  const web1 = pod('web-1', 'n1', { app: 'web' });
  const db = pod('db-0', 'n1', { app: 'db' });
  const elsewhere = pod('web-x', 'n1', { app: 'web' }, { namespace: 'other' });
  const ownedWeb = pod('web-rs', 'n2', { app: 'web' }, owned('web-abc'));
  const index = podLabelIndexOf(snapshotOf(nodes, [web0, web1, db, elsewhere, ownedWeb]));

  it('one set per namespace, labels and controller; members in the snapshot order (nodes by name), ordinals by node and place on it', () => {
    const sets = index.sets.map((set) => set.members.map((m) => [m.pod.metadata.name, m.node.metadata.name, m.ordinal]));
    expect(sets).toEqual([
      [
        ['web-1', 'n1', podOrdinal(0, 0)],
        ['web-0', 'n2', podOrdinal(1, 0)],
      ],
      [['db-0', 'n1', podOrdinal(0, 1)]],
      [['web-x', 'n1', podOrdinal(0, 2)]],
      [['web-rs', 'n2', podOrdinal(1, 1)]],
    ]);
    expect(index.byKey.get(labelSetKey(web0))?.pod).toBe(web1);
  });

  it('finds the sets with a label value, each once, in the index order', () => {
    const names = (sets: { pod: Pod }[]) => sets.map((set) => set.pod.metadata.name);
    expect(names(labelSetsWith(index, 'app', ['web']))).toEqual(['web-1', 'web-x', 'web-rs']);
    expect(names(labelSetsWith(index, 'app', ['db', 'web', 'db']))).toEqual(['db-0', 'web-1', 'web-x', 'web-rs']);
    expect(labelSetsWith(index, 'tier', ['front'])).toEqual([]);
  });

  it("finds the sets a controller controls (a default spread constraint's selector), by group, kind and name; kept as sets are added and forked", () => {
    const names = (sets: { pod: Pod }[]) => sets.map((set) => set.pod.metadata.name);
    const rs = { group: 'apps', kind: 'ReplicaSet', name: 'web-abc' };
    expect(names(labelSetsControlledBy(index, rs))).toEqual(['web-rs']);
    expect(labelSetsControlledBy(index, { ...rs, kind: 'StatefulSet' })).toEqual([]);
    expect(labelSetsControlledBy(index, { ...rs, group: '' })).toEqual([]);
    const fork = forkPodLabelIndex(index);
    const another = pod('web-rs-2', 'n1', { app: 'web', tier: 'front' }, owned('web-abc'));
    addToPodLabelIndex(fork, node('n1'), another, podOrdinal(0, 9));
    expect(names(labelSetsControlledBy(fork, rs))).toEqual(['web-rs', 'web-rs-2']);
    // The index forked from is as it was.
    expect(names(labelSetsControlledBy(index, rs))).toEqual(['web-rs']);
  });

  it('orders pods by node, then by place on the node, however many a node holds (the last places shared past 65,535)', () => {
    expect(podOrdinal(0, 65_535)).toBeLessThan(podOrdinal(1, 0));
    expect(podOrdinal(0, 70_000)).toBe(podOrdinal(0, 65_535));
    // A rank made of it times 2^16 terms stays exact for a million nodes.
    expect(Number.isSafeInteger(podOrdinal(1_000_000, 65_535) * 65_536 + 65_535)).toBe(true);
  });

  it('takes a pod bound later into its set, and a new set into the index by label value', () => {
    const kept = podLabelIndexOf(snapshotOf(nodes, [web0, db]));
    expect(labelSetsWith(kept, 'app', ['web']).map((set) => set.members.length)).toEqual([1]);
    const [n2, n1] = nodes as [Node, Node];
    addToPodLabelIndex(kept, n1, web1, podOrdinal(0, 5));
    addToPodLabelIndex(kept, n2, ownedWeb, podOrdinal(1, 5));
    expect(labelSetsWith(kept, 'app', ['web']).map((set) => set.members.map((m) => [m.pod.metadata.name, m.ordinal]))).toEqual([
      [
        ['web-0', podOrdinal(1, 0)],
        ['web-1', podOrdinal(0, 5)],
      ],
      [['web-rs', podOrdinal(1, 5)]],
    ]);
    expect(kept.sets).toHaveLength(3);
  });

  it('keys what a selector reads, not the name', () => {
    expect(labelSetKey(web0)).toBe(labelSetKey(web1));
    expect(labelSetKey(web0)).not.toBe(labelSetKey(ownedWeb));
    expect(labelSetKey(web0)).not.toBe(labelSetKey(elsewhere));
  });

  it.each([
    { name: 'labels and owners shared (pods of one snapshot read): one string', shared: true },
    { name: 'equal labels and owners, other objects: an equal key', shared: false },
  ])('keys pods alike the same: $name', ({ shared }) => {
    const labels = { app: 'web' };
    const owners = [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-abc', uid: 'u1', controller: true }];
    const pod = (name: string, namespace = 'shop'): Pod => ({
      metadata: { name, namespace, labels: shared ? labels : { ...labels }, ownerReferences: shared ? owners : owners.map((o) => ({ ...o })) },
    });
    const key = labelSetKey(pod('a'));
    expect(labelSetKey(pod('b'))).toBe(key);
    expect(JSON.parse(key)).toEqual(['shop', { app: 'web' }, ['apps/v1', 'ReplicaSet', 'web-abc', 'u1']]);
    // The namespace is read too, even where the labels' and owners' objects are shared.
    expect(labelSetKey(pod('c', 'other'))).not.toBe(key);
    // No owner, no labels.
    expect(JSON.parse(labelSetKey({ metadata: { name: 'bare' } }))).toEqual([null, null, null]);
    expect(JSON.parse(labelSetKey({ metadata: { name: 'free', namespace: 'shop', labels, ownerReferences: [{ ...owners[0]!, controller: false }] } }))).toEqual(
      ['shop', { app: 'web' }, null],
    );
  });

  it('a fork without many pods at once is the fork without each in turn, and the index forked is left as it was', () => {
    const members = (i: ReturnType<typeof forkPodLabelIndex>) => i.sets.map((set) => set.members.map((m) => [m.pod.metadata.name, m.ordinal]));
    const before = members(index);
    // Two of one set, one of another, one the index does not hold (a copy of db).
    const leaving = [web1, ownedWeb, web0, { ...db }];
    const inTurn = forkPodLabelIndex(index);
    for (const p of leaving) removeFromPodLabelIndex(inTurn, p);
    const atOnce = forkPodLabelIndex(index);
    removePodsFromPodLabelIndex(atOnce, leaving);
    expect(members(atOnce)).toEqual(members(inTurn));
    expect(labelSetsWith(atOnce, 'app', ['web']).map((set) => set.members.length)).toEqual([0, 1, 0]);
    expect(members(index)).toEqual(before);
  });

  it('the same at once whether the members are filtered by their positions column (the index knows its node names) or pod by pod', () => {
    const members = (i: ReturnType<typeof forkPodLabelIndex>) => i.sets.map((set) => set.members.map((m) => [m.pod.metadata.name, m.ordinal]));
    const leaving = [web1, ownedWeb, { ...db }];
    const byPositions = forkPodLabelIndex(index);
    removePodsFromPodLabelIndex(byPositions, leaving);
    const { names: _names, ...unnamed } = index;
    const podByPod = forkPodLabelIndex(unnamed);
    removePodsFromPodLabelIndex(podByPod, leaving);
    expect(byPositions.names).toEqual(['n1', 'n2']);
    expect(podByPod.names).toBeUndefined();
    expect(members(byPositions)).toEqual(members(podByPod));
    // Each set's column follows its members.
    expect(byPositions.sets.map((set) => Array.from(memberPositions(set)))).toEqual([[1], [0], [0], []]);
  });

  it('memberPositions: a position per member in its order, a terminating one as ~position; made again when the set changes', () => {
    const terminating = pod('web-t', 'n2', { app: 'web' }, { deletionTimestamp: '2026-11-29T00:00:00Z' });
    const own = podLabelIndexOf(snapshotOf(nodes, [web0, web1, terminating]));
    const web = own.byKey.get(labelSetKey(web0)) as PodLabelSet;
    // web-1 on n1 (position 0), then n2's web-0 and web-t; the terminating one's ~1 counts for no selector.
    expect(Array.from(memberPositions(web))).toEqual([0, 1, ~1]);
    addToPodLabelIndex(own, node('n1'), pod('web-2', 'n1', { app: 'web' }), podOrdinal(0, 5));
    expect(Array.from(memberPositions(web))).toEqual([0, 1, ~1, 0]);
    removeFromPodLabelIndex(own, web0);
    expect(Array.from(memberPositions(web))).toEqual([0, ~1, 0]);
  });

  it('without a pod: its set copied without it, a set left empty gone, the others shared', () => {
    const withoutWeb = podLabelIndexWithout(index, web1);
    expect(withoutWeb.byKey.get(labelSetKey(web0))?.members.map((m) => m.pod)).toEqual([web0]);
    expect(withoutWeb.byKey.get(labelSetKey(web0))?.pod).toBe(web0);
    expect(withoutWeb.byKey.get(labelSetKey(db))).toBe(index.byKey.get(labelSetKey(db)));
    const withoutDb = podLabelIndexWithout(index, db);
    expect(withoutDb.byKey.has(labelSetKey(db))).toBe(false);
    expect(withoutDb.sets).toHaveLength(3);
    // A pod the index does not hold (another object of that name) leaves it as it is.
    expect(podLabelIndexWithout(index, { ...db })).toBe(index);
  });

  it('contextWithout keeps the holder indexes without the stored pod asked about', () => {
    const anti = {
      ...pod('anti', 'n1', { app: 'web' }),
      spec: { nodeName: 'n1', affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'zone' }] } } },
    };
    const snapshot = snapshotOf(nodes, [web0, web1, anti]);
    const context = { snapshot, indexes: { podLabels: podLabelIndexOf(snapshot), affinityPods: affinityPodIndexOf(snapshot) } };
    const without = contextWithout(context, { ...anti, metadata: { ...anti.metadata } });
    expect(without.indexes?.podLabels?.sets.flatMap((s) => s.members.map((m) => m.pod.metadata.name))).toEqual(['web-1', 'web-0']);
    expect(without.indexes?.affinityPods?.affinityGroups.map((g) => g.members.length)).toEqual([0]);
    expect(without.indexes?.affinityPods?.requiredAntiAffinityGroups.map((g) => g.members.length)).toEqual([0]);
  });
});
