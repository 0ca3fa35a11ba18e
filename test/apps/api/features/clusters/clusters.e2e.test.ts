import { describe, expect, it } from 'vitest';
import { expectApiError, expectNothingStored } from '../../../../support/api-client';
import { ClusterSnapshots } from '../../../../../apps/api/src/store/cluster-snapshots';
import { MEASURED_FROM_OBJECTS, estimatedBytes } from '../../../../../apps/api/src/store/snapshot-sizes';
import { useApiFixture } from '../../../../support/api-test-app';
import { waitUntil } from '../../../../support/waiting';
import { gql, gqlData, gqlError } from '../../faces/graphql/graphql-client';

const names = (list: { items: { metadata: { name: string } }[] }) => list.items.map((o) => o.metadata.name);
const gpuNode = (name: string) => ({ metadata: { name }, spec: { taints: [{ key: 'gpu', value: 'true', effect: 'NoSchedule' }] } });

describe('clusters: /v1/clusters/{cluster}/... serves the same API per cluster', () => {
  const t = useApiFixture();
  const { api, db } = t;

  it('a first write creates its cluster; the paths without a cluster serve `default`', async () => {
    expect((await api.put('/v1/clusters/prod/nodes/n1', gpuNode('n1'))).statusCode).toBe(201);
    expect((await api.putNode('n1', { metadata: { name: 'n1' } })).statusCode).toBe(201);
    expect((await api.put('/v1/clusters/staging/nodes/s1', { metadata: { name: 's1' } })).statusCode).toBe(201);

    expect(names((await api.get('/v1/clusters/prod/nodes')).json())).toEqual(['n1']);
    expect(names((await api.get('/v1/clusters/staging/nodes')).json())).toEqual(['s1']);
    expect(names((await api.get('/v1/nodes')).json())).toEqual(['n1']);
    expect(names((await api.get('/v1/clusters/default/nodes')).json())).toEqual(['n1']);
    // Same name, two clusters, two objects.
    expect((await api.get('/v1/clusters/prod/nodes/n1')).json().spec.taints).toHaveLength(1);
    expect((await api.getNode('n1')).json().spec).toEqual({});

    const list = (await api.get('/v1/clusters')).json();
    expect(list.kind).toBe('ClusterList');
    expect(list.items.map((c: { metadata: { name: string }; status: unknown }) => [c.metadata.name, c.status])).toEqual([
      ['default', { nodes: 1, pods: 0 }],
      ['prod', { nodes: 1, pods: 0 }],
      ['staging', { nodes: 1, pods: 0 }],
    ]);
  });

  it('placement, taint impact, taints and evictions answer from their own cluster', async () => {
    await api.put('/v1/clusters/east/nodes/e1', gpuNode('e1'));
    await api.put('/v1/clusters/east/namespaces/ml/pods/train', { spec: { nodeName: 'e1', terminationGracePeriodSeconds: 0 } });
    const placement = (await api.post('/v1/clusters/east/placement', { pod: { metadata: { name: 'p' } } })).json();
    expect(placement.summary).toBe(
      '0/1 nodes are available: 1 node(s) had untolerated taint(s). no new claims to deallocate, preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.',
    );

    const impact = (await api.post('/v1/clusters/east/taint-impact?view=pods', { taint: { key: 'drain', effect: 'NoExecute' }, all: true })).json();
    expect(impact.evictions.map((e: { pod: { name: string } }) => e.pod.name)).toEqual(['train']);

    const tainted = await api.post('/v1/clusters/east/taint', { all: true, taints: ['drain:NoExecute'] });
    expect(tainted.statusCode).toBe(200);
    expect((await api.get('/v1/clusters/east/pods')).json().items).toEqual([]);
    const evictions = (await api.get('/v1/clusters/east/evictions')).json().items;
    expect(evictions.map((e: { pod: { name: string }; status: string }) => [e.pod.name, e.status])).toEqual([['train', 'Executed']]);
    // Nothing of it in the default cluster.
    expect((await api.get('/v1/evictions')).json().items).toEqual([]);
    expect((await api.post('/v1/nodes/e1/taints', { key: 'x', effect: 'NoSchedule' })).statusCode).toBe(404);
  });

  it('PUT /v1/clusters/{name} creates (201) or reads (200); a read of a missing cluster is 404; a bad name is 400', async () => {
    const created = await api.put('/v1/clusters/dev', undefined);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ apiVersion: 'taintgate.io/v1', kind: 'Cluster', metadata: { name: 'dev' }, status: { nodes: 0, pods: 0 } });
    expect((await api.put('/v1/clusters/dev', undefined)).statusCode).toBe(200);
    expect((await api.get('/v1/clusters/dev/nodes')).json().items).toEqual([]);

    expectApiError(await api.get('/v1/clusters/nope'), 404, 'clusters "nope" not found');
    expectApiError(await api.get('/v1/clusters/nope/nodes'), 404, 'clusters "nope" not found');
    expectApiError(await api.get('/v1/clusters/nope/evictions'), 404, 'clusters "nope" not found');
    const bad = await expectNothingStored(api, db, () => api.put('/v1/clusters/Prod_1/nodes/n1', { metadata: { name: 'n1' } }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([
      {
        field: 'cluster',
        reason:
          "Invalid value: \"Prod_1\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
      },
    ]);
  });

  it('a write that fails creates no cluster', async () => {
    const reply = await expectNothingStored(api, db, () => api.post('/v1/clusters/ghost-town/nodes/x/taints', { key: 'k', effect: 'NoSchedule' }));
    expect(reply.statusCode).toBe(404);
    expectApiError(await api.get('/v1/clusters/ghost-town'), 404, 'clusters "ghost-town" not found');
  });

  it('DELETE removes the cluster and everything in it; the default cluster may not be deleted', async () => {
    await api.put('/v1/clusters/gone/nodes/g1', { metadata: { name: 'g1' } });
    await api.put('/v1/clusters/gone/namespaces/default/pods/p', { spec: { nodeName: 'g1' } });
    expect((await api.get('/v1/clusters/gone/pods')).json().items).toHaveLength(1);

    const deleted = await api.del('/v1/clusters/gone');
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().status).toEqual({ nodes: 1, pods: 1 });
    expectApiError(await api.get('/v1/clusters/gone/nodes'), 404, 'clusters "gone" not found');
    const { rows } = await db.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM nodes n JOIN clusters c ON c.id = n.cluster_id WHERE c.name = 'gone')::int AS n`,
    );
    expect(rows[0]?.n).toBe(0);

    // Made again under the same name: empty, on this replica too (its snapshot was of the old one).
    await api.put('/v1/clusters/gone/nodes/g2', { metadata: { name: 'g2' } });
    expect(names((await api.get('/v1/clusters/gone/nodes')).json())).toEqual(['g2']);
    expect((await api.get('/v1/clusters/gone/pods')).json().items).toEqual([]);

    const refused = await expectNothingStored(api, db, () => api.del('/v1/clusters/default'));
    expectApiError(refused, 403, 'clusters "default" is forbidden: this cluster may not be deleted');
  });

  it("writes to one cluster never wait for another's", async () => {
    await api.put('/v1/clusters/busy/nodes/b1', { metadata: { name: 'b1' } });
    await api.put('/v1/clusters/free/nodes/f1', { metadata: { name: 'f1' } });
    // Hold busy's write lock (its row) in a transaction of our own.
    const locker = new (await import('pg')).Client({ connectionString: t.databaseUrl });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query(`SELECT revision FROM clusters WHERE name = 'busy' FOR UPDATE`);
      const free = await api.post('/v1/clusters/free/nodes/f1/taints', { key: 'k', effect: 'NoSchedule' });
      expect(free.statusCode).toBe(201);
      let busyDone = false;
      const busy = api.post('/v1/clusters/busy/nodes/b1/taints', { key: 'k', effect: 'NoSchedule' }).then((reply) => {
        busyDone = true;
        return reply;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(busyDone).toBe(false);
      await locker.query('COMMIT');
      expect((await busy).statusCode).toBe(201);
    } finally {
      await locker.end();
    }
  });

  it('GraphQL takes an optional `cluster` argument and lists, creates and deletes clusters', async () => {
    await gqlData(t.app, 'mutation { createCluster(name: "gq") { name nodes } }');
    await gqlData(t.app, 'mutation { upsertNode(cluster: "gq", name: "q1", node: {metadata: {name: "q1"}}) { created } }');
    const nodes = await gqlData<{ gq: { name: string }[]; main: { name: string }[] }>(t.app, '{ gq: nodes(cluster: "gq") { name } main: nodes { name } }');
    expect(nodes.gq).toEqual([{ name: 'q1' }]);
    expect(nodes.main.map((n) => n.name)).not.toContain('q1');
    expect((await gqlData(t.app, '{ clusters { name nodes } }')).clusters).toContainEqual({ name: 'gq', nodes: 1 });
    expect((await gqlError(t.app, '{ nodes(cluster: "nowhere") { name } }', undefined, 'NOT_FOUND')).message).toBe('clusters "nowhere" not found');
    await gqlError(t.app, 'mutation { deleteCluster(name: "default") { name } }', undefined, 'FORBIDDEN');
    expect((await gql(t.app, 'mutation { deleteCluster(name: "gq") { name nodes } }')).data).toEqual({ deleteCluster: { name: 'gq', nodes: 1 } });
  });
});

describe('clusters: deadlines and snapshots', () => {
  const t = useApiFixture({ SNAPSHOT_MEMORY_BUDGET_MB: '0' });
  const { api } = t;

  it("a tolerationSeconds deadline in another cluster fires there, through the worker's wake-up", async () => {
    await api.put('/v1/clusters/west/nodes/w1', { metadata: { name: 'w1' } });
    const toleration = { key: 'drain', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 1 };
    await api.put('/v1/clusters/west/namespaces/default/pods/p', { spec: { nodeName: 'w1', tolerations: [toleration], terminationGracePeriodSeconds: 0 } });
    await api.post('/v1/clusters/west/nodes/w1/taints', { key: 'drain', effect: 'NoExecute' });
    expect((await api.get('/v1/clusters/west/evictions')).json().items[0]).toMatchObject({ status: 'Scheduled' });
    await waitUntil(async () => (await api.get('/v1/clusters/west/pods')).json().items.length === 0, 10_000);
    expect((await api.get('/v1/clusters/west/evictions')).json().items[0]).toMatchObject({ status: 'Executed' });
  });

  it('drops the snapshots of idle clusters beyond the memory budget, and loads them again on their next read', async () => {
    await api.put('/v1/clusters/one/nodes/a', { metadata: { name: 'a' } });
    await api.put('/v1/clusters/two/nodes/b', { metadata: { name: 'b' } });
    const snapshots = t.app.get(ClusterSnapshots);
    expect(names((await api.get('/v1/clusters/one/nodes')).json())).toEqual(['a']);
    expect(names((await api.get('/v1/clusters/two/nodes')).json())).toEqual(['b']);
    // A budget of 0: only the snapshot in use stays.
    expect(snapshots.held().map((h) => h.cluster)).toEqual(['two']);
    expect(names((await api.get('/v1/clusters/one/nodes')).json())).toEqual(['a']);
    expect(snapshots.held().map((h) => h.cluster)).toEqual(['one']);
  });

  it('the FailedScheduling recorder neither loads a cluster past the budget nor drops the one requests read; it decides once the cluster is held', async () => {
    await api.put('/v1/clusters/quiet/nodes/q', { metadata: { name: 'q' } });
    await api.put('/v1/clusters/quiet/namespaces/web/pods/stuck', { spec: { nodeSelector: { pool: 'none' }, containers: [{ name: 'c', image: 'nginx' }] } });
    await api.put('/v1/clusters/busy/nodes/b', { metadata: { name: 'b' } });
    const snapshots = t.app.get(ClusterSnapshots);
    expect(names((await api.get('/v1/clusters/busy/nodes')).json())).toEqual(['b']);
    // Three passes of the recorder (a second each): quiet has a pending pod, and no room.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(snapshots.held().map((h) => h.cluster)).toEqual(['busy']);

    // Read, it is held: the recorder decides its pod, and drops nothing.
    expect(names((await api.get('/v1/clusters/quiet/pods')).json())).toEqual(['stuck']);
    const failedScheduling = async () =>
      (await api.get('/clusters/quiet/api/v1/namespaces/web/events?fieldSelector=reason%3DFailedScheduling')).json().items as unknown[];
    await waitUntil(async () => (await failedScheduling()).length === 1, 10_000);
    expect(snapshots.held().map((h) => h.cluster)).toEqual(['quiet']);
  });

  it("counts a large cluster's snapshot as its load was measured, a small one's as estimated, and says which in the metrics", async () => {
    const nodes = Array.from({ length: MEASURED_FROM_OBJECTS }, (_, i) => ({ kind: 'Node', metadata: { name: `n${i}`, labels: { zone: `z${i % 3}` } } }));
    expect((await api.post('/v1/clusters/large/import', { apiVersion: 'v1', kind: 'List', metadata: {}, items: nodes })).json()).toMatchObject({
      created: MEASURED_FROM_OBJECTS,
    });
    await api.put('/v1/clusters/tiny/nodes/t', { metadata: { name: 't' } });
    const snapshots = t.app.get(ClusterSnapshots);
    const heldOf = (name: string) => snapshots.held().find((h) => h.cluster === name);

    expect((await api.get('/v1/clusters/large/nodes?limit=1')).json().items).toHaveLength(1);
    const large = heldOf('large');
    expect(large).toMatchObject({ nodes: MEASURED_FROM_OBJECTS, measured: true });
    // Ten thousand small nodes: more than a hundred bytes each, and far less than the whole heap.
    expect(large?.bytes).toBeGreaterThan(100 * MEASURED_FROM_OBJECTS);
    expect(large?.bytes).toBeLessThan(100_000 * MEASURED_FROM_OBJECTS);
    const metrics = (await api.get('/metrics')).body;
    expect(metrics).toContain(`taintgate_snapshot_bytes{cluster="large",measured="true"} ${large?.bytes}`);
    expect(metrics).toContain('taintgate_snapshot_memory_budget_bytes 0');

    // Dropped for the next (a budget of 0), and measured again when read again.
    await api.get('/v1/clusters/tiny/nodes');
    expect(snapshots.held().map((h) => h.cluster)).toEqual(['tiny']);
    expect(heldOf('tiny')).toMatchObject({ measured: false, bytes: estimatedBytes({ nodes: 1, pods: 0, others: 0 }) });
    await api.get('/v1/clusters/large/nodes?limit=1');
    expect(snapshots.held().map((h) => h.cluster)).toEqual(['large']);
    expect(heldOf('large')?.measured).toBe(true);
  });
});
