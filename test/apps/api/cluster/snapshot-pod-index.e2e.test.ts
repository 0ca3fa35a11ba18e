import { describe, expect, it } from 'vitest';
import { ClusterSnapshots } from '../../../../apps/api/src/cluster/cluster-snapshots';
import type { ClusterView } from '../../../../apps/api/src/cluster/cluster-snapshot';
import { useApiFixture } from '../../../support/api-test-app';

/**
 * The snapshot's pods by node (podsOn, pendingPods), kept as pods come and go, always what a pass
 * over every pod finds: one node's write reads it to tell its impact.
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
});
