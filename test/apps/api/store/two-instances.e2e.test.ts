import { beforeAll, describe, expect, it } from 'vitest';
import { Api, expectApiError } from '../../../support/api-client';
import { useApiFixture } from '../../../support/api-test-app';

/**
 * Two replicas of the service on one database: whatever is written through one is what the very
 * next read through the other answers (docs/contract.md, "Scale": the snapshot is never stale).
 */
describe('two instances on one database', () => {
  const t = useApiFixture();
  const { api: a, db } = t;
  let b: Api;
  const names = async (api: Api) => (await api.get('/v1/nodes')).json().items.map((n: { metadata: { name: string } }) => n.metadata.name);
  const taintKeys = async (api: Api, node: string) => ((await api.getNode(node)).json().spec.taints ?? []).map((x: { key: string }) => x.key);

  beforeAll(async () => {
    b = new Api(await t.bootReplica());
    // both snapshots loaded before anything is written, so that staleness would show
    expect(await names(a)).toEqual([]);
    expect(await names(b)).toEqual([]);
  });

  it('nodes: create, replace and delete through one are the next read through the other', async () => {
    const created = await a.putNode('shared', { metadata: { labels: { v: '1' } } });
    expect(created.statusCode).toBe(201);
    expect((await b.getNode('shared')).json()).toEqual(created.json());
    expect(await names(b)).toEqual(['shared']);

    const replaced = await b.putNode('shared', { metadata: { labels: { v: '2' } } });
    expect(replaced.statusCode).toBe(200);
    expect((await a.getNode('shared')).json()).toEqual(replaced.json());
    expect((await a.get('/v1/nodes?labelSelector=v%3D2')).json().items).toHaveLength(1);
    expect((await a.get('/v1/nodes?labelSelector=v%3D1')).json().items).toHaveLength(0);

    expect((await a.del('/v1/nodes/shared')).statusCode).toBe(200);
    expectApiError(await b.getNode('shared'), 404, 'nodes "shared" not found');
    expect(await names(b)).toEqual([]);

    // deleted and created again through the other: a new object, seen as such
    const again = await b.putNode('shared', {});
    expect((await a.getNode('shared')).json().metadata.uid).toBe(again.json().metadata.uid);
    expect(again.json().metadata.uid).not.toBe(created.json().metadata.uid);
  });

  it('taints: added, overwritten, removed and kubectl-tainted through one, seen at once through the other', async () => {
    await a.putNode('t', { metadata: { labels: { pool: 'p' } } });
    expect((await b.post('/v1/nodes/t/taints', { key: 'k1', effect: 'NoSchedule' })).statusCode).toBe(201);
    expect(await taintKeys(a, 't')).toEqual(['k1']);
    expect((await a.post('/v1/nodes/t/taints', { key: 'k1', effect: 'NoSchedule' })).statusCode).toBe(409);
    expect((await a.post('/v1/nodes/t/taints?overwrite=true', { key: 'k1', value: 'v', effect: 'NoSchedule' })).statusCode).toBe(201);
    expect((await b.getNode('t')).json().spec.taints[0]).toMatchObject({ key: 'k1', value: 'v' });
    expect((await a.post('/v1/taint', { selector: 'pool=p', taints: ['k2:PreferNoSchedule'] })).statusCode).toBe(200);
    expect(await taintKeys(b, 't')).toEqual(['k2', 'k1']);
    expect((await b.del('/v1/nodes/t/taints?key=k1')).statusCode).toBe(200);
    expect(await taintKeys(a, 't')).toEqual(['k2']);
    // and the decisions made from the snapshot follow: placement through b sees a's taint at once
    await a.post('/v1/nodes/t/taints', { key: 'block', effect: 'NoSchedule' });
    expect((await b.post('/v1/placement?view=nodes', { pod: {} })).json().nodes.find((n: { name: string }) => n.name === 't')).toMatchObject({
      feasible: false,
    });
    await a.del('/v1/nodes/t/taints?key=block');
    expect((await b.post('/v1/placement?view=nodes', { pod: {} })).json().nodes.find((n: { name: string }) => n.name === 't')).toMatchObject({
      feasible: true,
    });
  });

  it('pods: create, update, bind and delete through one are the next read through the other', async () => {
    const created = await a.putPod('ns', 'p', {});
    expect(created.statusCode).toBe(201);
    expect((await b.getPod('ns', 'p')).json()).toEqual(created.json());
    expect((await b.get('/v1/pods?nodeName=')).json().items.map((p: { metadata: { name: string } }) => p.metadata.name)).toContain('p');

    const tolerations = [...created.json().spec.tolerations, { key: 'extra', operator: 'Exists', effect: 'NoSchedule' }];
    const updated = await b.putPod('ns', 'p', { spec: { tolerations, nodeName: 't' } });
    expect(updated.statusCode).toBe(200);
    expect((await a.getPod('ns', 'p')).json()).toEqual(updated.json());
    expect((await a.get('/v1/namespaces/ns/pods?nodeName=t')).json().items).toHaveLength(1);
    // taint impact through a counts the pod b bound
    const impact = (await a.post('/v1/taint-impact?view=pods', { taint: { key: 'x', effect: 'NoExecute' }, nodes: ['t'] })).json();
    expect(impact.evictions.map((e: { pod: { name: string } }) => e.pod.name)).toEqual(['p']);

    expect((await b.del('/v1/namespaces/ns/pods/p')).statusCode).toBe(200);
    expectApiError(await a.getPod('ns', 'p'), 404, 'pods "p" not found');
    expect((await a.get('/v1/namespaces/ns/pods')).json().items).toEqual([]);
    expect((await a.post('/v1/taint-impact?view=pods', { taint: { key: 'x', effect: 'NoExecute' }, nodes: ['t'] })).json().evictions).toEqual([]);
  });

  it('alternating writes and reads, 40 rounds: every read through the other instance sees the write just made', async () => {
    for (let round = 0; round < 40; round++) {
      const [writer, reader] = round % 2 === 0 ? [a, b] : [b, a];
      const written = await writer.putNode('ping', { metadata: { labels: { round: String(round) } } });
      const read = await reader.getNode('ping');
      expect(read.json().metadata.labels).toEqual({ round: String(round) });
      expect(read.json().metadata.resourceVersion).toBe(written.json().metadata.resourceVersion);
      const list = (await reader.get('/v1/nodes')).json();
      expect(list.metadata.resourceVersion).toBe(written.json().metadata.resourceVersion);
    }
  });

  it('50 concurrent taint adds split across both instances leave 50 taints, seen by both', async () => {
    await a.putNode('busy', {});
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? a : b).post('/v1/nodes/busy/taints', { key: `k${i}`, effect: 'NoSchedule' })),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    const expected = Array.from({ length: 50 }, (_, i) => `k${i}`).sort();
    expect([...(await taintKeys(a, 'busy'))].sort()).toEqual(expected);
    expect([...(await taintKeys(b, 'busy'))].sort()).toEqual(expected);
    const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM taints WHERE node_name = 'busy'");
    expect(rows[0]?.n).toBe(50);
    // every write took its own revision
    const versions = new Set(replies.map((r) => r.json().metadata.resourceVersion));
    expect(versions.size).toBe(50);
  });

  it('the same taint added through both at once: one 201, one 409, one taint', async () => {
    await a.putNode('race', {});
    for (let i = 0; i < 5; i++) {
      const replies = await Promise.all([a, b].map((api) => api.post('/v1/nodes/race/taints', { key: `same${i}`, effect: 'NoSchedule' })));
      expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    }
    expect(await taintKeys(b, 'race')).toHaveLength(5);
  });
});
