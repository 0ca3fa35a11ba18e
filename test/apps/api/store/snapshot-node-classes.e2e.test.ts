import { type NodeClasses, nodeClassesOf, viewFor } from '@taintgate/domain';
import { describe, expect, it } from 'vitest';
import { ClusterSnapshots } from '../../../../apps/api/src/store/cluster-snapshots';
import type { ClusterView } from '../../../../apps/api/src/store/cluster-snapshot';
import { useApiFixture } from '../../../support/api-test-app';

/**
 * The snapshot's node classes, kept node by node as nodes change, always what grouping every node
 * anew gives: placement decides a pod once per group of them, so a stale class is a wrong answer.
 */
describe('a cluster snapshot: nodes by class', () => {
  const t = useApiFixture();
  const node = (name: string, labels: Record<string, string>) => ({ metadata: { name, labels } });
  const ok = (res: { statusCode: number }) => expect(res.statusCode).toBeLessThan(300);

  /** The classes as plain data: names, each class's members, and each kept view's groups, as member names. */
  const shapeOf = (classes: NodeClasses, viewKeys: readonly (readonly string[])[]) => ({
    names: [...classes.names],
    classes: [...classes.byKey.entries()].map(([key, c]) => [key, [...c.members.keys()].sort()]).sort(),
    classOf: [...classes.classOf].map(([name, c]) => [name, c.key]).sort(),
    views: viewKeys.map((keys) =>
      [...viewFor(classes, keys).groups.values()]
        .map((g) => [g.size, [...g.classes].flatMap((c) => [...c.members.keys()]).sort()])
        .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    ),
  });
  /** The snapshot's classes equal a grouping of its nodes anew, and hold the very node objects of the view. */
  const consistent = (view: ClusterView) => {
    const kept = view.nodeClasses;
    const viewKeys = [...kept.views.values()].map((v) => v.readKeys);
    expect(shapeOf(kept, viewKeys)).toEqual(shapeOf(nodeClassesOf(view.nodes.values()), viewKeys));
    for (const [name, n] of view.nodes) expect(kept.classOf.get(name)?.members.get(name)).toBe(n);
    return [...kept.byKey.values()].map((c) => [...c.members.keys()].sort()).sort();
  };

  it('follows creates, taints, cordon, labels and deletes, in the replica that wrote (read by changes and whole) and in a fresh one', async () => {
    const snapshots = () => t.app.get(ClusterSnapshots);
    for (const [name, zone] of [
      ['a', 'z1'],
      ['b', 'z1'],
      ['c', 'z2'],
      ['d', 'z2'],
      ['e', 'z3'],
    ] as const) {
      ok(await t.api.put(`/v1/nodes/${name}`, node(name, { zone })));
    }
    const first = await snapshots().view('default');
    expect(consistent(first)).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    // A view kept in the snapshot (as placement keeps them) must follow the changes too.
    expect(viewFor(first.nodeClasses, ['zone']).groups.size).toBe(3);

    ok(await t.api.post('/v1/nodes/b/taints', { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }));
    ok(await t.api.post('/v1/nodes/c/cordon', {}));
    ok(await t.api.put('/v1/nodes/d', node('d', { zone: 'z1' })));
    ok(await t.api.del('/v1/nodes/e'));
    ok(await t.api.put('/v1/nodes/f', node('f', { zone: 'z1' })));
    const changed = await snapshots().view('default');
    expect(changed.nodeClasses.views.size).toBe(1);
    expect(consistent(changed)).toEqual([['a', 'd', 'f'], ['b'], ['c']]);

    ok(await t.api.del('/v1/nodes/b/taints?key=dedicated'));
    ok(await t.api.post('/v1/nodes/c/uncordon', {}));
    const kept = await snapshots().view('default');
    expect(consistent(kept)).toEqual([['a', 'b', 'd', 'f'], ['c']]);

    // Tombstones pruned past what this replica has seen: its next refresh reads the cluster whole, and groups it anew.
    await t.db.query(`UPDATE clusters SET tombstones_pruned_through = revision + 1 WHERE name = 'default'`);
    ok(await t.api.put('/v1/nodes/g', node('g', { zone: 'z2' })));
    const reread = await snapshots().view('default');
    expect(reread.nodeClasses).not.toBe(kept.nodeClasses);
    expect(consistent(reread)).toEqual([
      ['a', 'b', 'd', 'f'],
      ['c', 'g'],
    ]);

    await t.restart();
    expect(consistent(await snapshots().view('default'))).toEqual([
      ['a', 'b', 'd', 'f'],
      ['c', 'g'],
    ]);
  });
});
