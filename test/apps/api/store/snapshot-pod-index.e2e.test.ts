import { describe, expect, it } from 'vitest';
import { ClusterSnapshots } from '../../../../apps/api/src/store/cluster-snapshots';
import type { ClusterView } from '../../../../apps/api/src/store/cluster-snapshot';
import { useApiFixture } from '../../../support/api-test-app';
import { TERMINATING } from '../../../../libs/domain/src/eviction/node-pod-facts';

/**
 * The snapshot's pods by node (podsOn, pendingPods, and podFactsOn packed for taint impact's
 * summary), kept as pods come and go, always what a pass over every pod finds: one node's write
 * reads it to tell its impact.
 */
describe('a cluster snapshot: pods by the node they are bound to', () => {
  const t = useApiFixture();
  const pod = (name: string, nodeName?: string) => ({
    metadata: { name },
    spec: { ...(nodeName ? { nodeName } : {}), containers: [{ name: 'c', image: 'nginx' }] },
    status: { phase: nodeName ? 'Running' : 'Pending' },
  });
  const keys = (pods: Iterable<{ metadata: { name: string; namespace?: string } }>) =>
    [...pods].map((p) => `${p.metadata.namespace}/${p.metadata.name}`).sort();
  /** Every node's pods and the pending ones, as the index holds them and as a pass over all pods finds them. */
  const indexed = (view: ClusterView) => {
    const byScan = new Map<string, string[]>();
    for (const p of view.pods.values()) {
      const on = p.spec?.nodeName ?? '';
      byScan.set(on, [...(byScan.get(on) ?? []), `${p.metadata.namespace}/${p.metadata.name}`].sort());
    }
    const byIndex = new Map<string, string[]>();
    for (const on of byScan.keys()) byIndex.set(on, keys(on === '' ? view.pendingPods() : view.podsOn(on)));
    expect(byIndex).toEqual(byScan);
    // The facts a summary reads (kept per node until one of its pods changes) hold the same pods.
    for (const on of byScan.keys()) if (on !== '') expect(keys(view.podFactsOn(on).pods)).toEqual(byScan.get(on));
    return Object.fromEntries(byIndex);
  };

  it('follows creates, deletes and a pending pod bound later, in the replica that wrote and in a fresh one', async () => {
    await t.api.put('/v1/nodes/n1', { metadata: { name: 'n1' } });
    await t.api.put('/v1/nodes/n2', { metadata: { name: 'n2' } });
    for (const [name, node] of [
      ['a', 'n1'],
      ['b', 'n1'],
      ['c', 'n2'],
      ['p', undefined],
      ['q', undefined],
    ] as const) {
      expect((await t.api.put(`/v1/namespaces/web/pods/${name}`, pod(name, node))).statusCode).toBe(201);
    }
    const snapshots = t.app.get(ClusterSnapshots);
    expect(indexed(await snapshots.view('default'))).toEqual({ n1: ['web/a', 'web/b'], n2: ['web/c'], '': ['web/p', 'web/q'] });

    expect((await t.api.del('/v1/namespaces/web/pods/b')).statusCode).toBe(200);
    expect((await t.api.put('/v1/namespaces/web/pods/p', pod('p', 'n2'))).statusCode).toBe(200);
    expect(indexed(await snapshots.view('default'))).toEqual({ n1: ['web/a'], n2: ['web/c', 'web/p'], '': ['web/q'] });
    expect([...(await snapshots.view('default')).podsOn('n9')]).toEqual([]);

    await t.restart();
    expect(indexed(await t.app.get(ClusterSnapshots).view('default'))).toEqual({ n1: ['web/a'], n2: ['web/c', 'web/p'], '': ['web/q'] });
  });

  it('a fresh replica loads each pod as the one that wrote it answers it: its creation and deletion times to the second, as stored', async () => {
    await t.api.put('/v1/nodes/n1', { metadata: { name: 'n1' } });
    const sent = { ...pod('timed', 'n1'), spec: { ...pod('timed', 'n1').spec, terminationGracePeriodSeconds: 600 } };
    expect((await t.api.put('/v1/namespaces/web/pods/timed', sent)).statusCode).toBe(201);
    // Evicted gracefully: terminating, with a deletionTimestamp, for the grace period.
    expect(
      (await t.api.post('/api/v1/namespaces/web/pods/timed/eviction', { apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name: 'timed' } })).statusCode,
    ).toBe(201);
    const written = (await t.api.get('/v1/namespaces/web/pods/timed')).json();
    expect(written.metadata.deletionTimestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    const stored = (
      await t.db.query<{ created: string; deleted: string }>(
        `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created,
                to_char(deletion_timestamp AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS deleted
         FROM pods WHERE name = 'timed'`,
      )
    ).rows[0];
    expect([written.metadata.creationTimestamp, written.metadata.deletionTimestamp]).toEqual([stored?.created, stored?.deleted]);

    await t.restart();
    const loaded = (await t.app.get(ClusterSnapshots).view('default')).pods.get('web/timed');
    expect(loaded?.metadata).toEqual(written.metadata);
  });

  it("packs each node's pods for the summary and packs them again when one changes: an eviction makes its pod terminating", async () => {
    await t.api.put('/v1/nodes/n3', { metadata: { name: 'n3' } });
    for (const name of ['f1', 'f2']) expect((await t.api.put(`/v1/namespaces/web/pods/${name}`, pod(name, 'n3'))).statusCode).toBe(201);
    const snapshots = t.app.get(ClusterSnapshots);
    const before = (await snapshots.view('default')).podFactsOn('n3');
    expect([...before.flags]).toEqual([0, 0]);
    // Asked again at the same revision: the same facts, not made again.
    expect((await snapshots.view('default')).podFactsOn('n3')).toBe(before);
    expect(
      (await t.api.post('/api/v1/namespaces/web/pods/f2/eviction', { apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name: 'f2' } })).statusCode,
    ).toBe(201);
    const after = (await snapshots.view('default')).podFactsOn('n3');
    const flagOf = (name: string) => after.flags[after.pods.findIndex((p) => p.metadata.name === name)];
    expect([flagOf('f1'), flagOf('f2')]).toEqual([0, TERMINATING]);
  });
});
