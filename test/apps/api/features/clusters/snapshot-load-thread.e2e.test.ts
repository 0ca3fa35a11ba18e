import { describe, expect, it } from 'vitest';
import { MEASURED_FROM_OBJECTS } from '../../../../../apps/api/src/store/snapshot-sizes';
import { ClusterSnapshots } from '../../../../../apps/api/src/store/cluster-snapshots';
import { useApiFixture } from '../../../../support/api-test-app';
import { sampleOf } from '../metrics/exposition';

/**
 * A large cluster's first load that the heap is not compacted after (its replica already holds
 * more than it adds) reads its pods and nodes on a worker thread, from SNAPSHOT_LOAD_THREAD_MIN_PODS
 * pods (here 1), and the metrics say so.
 */
describe('a snapshot loaded on a worker thread', () => {
  const t = useApiFixture({ SNAPSHOT_LOAD_THREAD_MIN_PODS: '1' });

  it('answers as any snapshot, measured, its load counted as read on a thread', async () => {
    const pods = Array.from({ length: MEASURED_FROM_OBJECTS }, (_, i) => ({
      kind: 'Pod',
      metadata: { name: `p${i}`, namespace: `ns${i % 4}`, labels: { app: `a${i % 50}` } },
      spec: { nodeName: `n${i % 10}`, containers: [{ name: 'c', image: 'nginx', resources: { requests: { cpu: '10m' } } }] },
    }));
    const nodes = Array.from({ length: 10 }, (_, i) => ({ kind: 'Node', metadata: { name: `n${i}` }, status: { allocatable: { cpu: '64', pods: '2000' } } }));
    const imported = await t.api.post('/v1/clusters/threaded/import', { apiVersion: 'v1', kind: 'List', metadata: {}, items: [...nodes, ...pods] });
    expect(imported.json()).toMatchObject({ created: MEASURED_FROM_OBJECTS + 10 });

    const node = (await t.api.get('/v1/clusters/threaded/nodes/n3')).json();
    expect(node.metadata.name).toBe('n3');
    const pod = (await t.api.get('/v1/clusters/threaded/namespaces/ns1/pods/p1')).json();
    expect(pod.spec.nodeName).toBe('n1');
    const held = t.app
      .get(ClusterSnapshots)
      .held()
      .find((h) => h.cluster === 'threaded');
    expect(held).toMatchObject({ pods: MEASURED_FROM_OBJECTS, nodes: 10, measured: true });
    // Each node's usage was summed from the pods the thread sent: a thousand pods of 10m each.
    const placed = await t.api.post('/v1/clusters/threaded/placement', {
      pod: { metadata: { name: 'big' }, spec: { containers: [{ name: 'c', image: 'nginx', resources: { requests: { cpu: '54' } } }] } },
    });
    expect(placed.json().feasibleCount).toBe(10);
    const tooBig = await t.api.post('/v1/clusters/threaded/placement', {
      pod: { metadata: { name: 'big' }, spec: { containers: [{ name: 'c', image: 'nginx', resources: { requests: { cpu: '54001m' } } }] } },
    });
    expect(tooBig.json().feasibleCount).toBe(0);

    const metrics = (await t.api.get('/metrics')).body;
    expect(sampleOf(metrics, 'taintgate_snapshot_load_duration_seconds_count', { read: 'whole', thread: 'true' })).toBe(1);
  }, 60_000);
});
