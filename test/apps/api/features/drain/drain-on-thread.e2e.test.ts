import { beforeAll, describe, expect, it } from 'vitest';
import { useApiFixture } from '../../../../support/api-test-app';
import { pod, poolNodes } from '../../../../support/drain-objects';

type Json = Record<string, any>;

/**
 * Drain plans moving WHATIF_THREAD_MIN_PODS pods or more are made on a worker thread over a copy of
 * the cluster (here every plan: the bound is 1): the same answers as drain-impact.e2e.test.ts's,
 * made on this thread, over the stored cluster (the real Postgres behind it).
 */
describe('drain plans on a worker thread', () => {
  const t = useApiFixture({ WHATIF_THREAD_MIN_PODS: '1' });
  const { api } = t;

  beforeAll(async () => {
    for (const n of poolNodes()) {
      expect((await api.putNode(n.metadata.name, n)).statusCode).toBe(201);
    }
    const pods = [
      pod('web-0', 'g1', 'web', 'ReplicaSet'),
      pod('web-1', 'g1', 'web', 'ReplicaSet'),
      pod('agent-g1', 'g1', 'agent', 'DaemonSet', '100m'),
      pod('db-0', 'g2', 'db', 'StatefulSet'),
    ];
    for (const p of pods) expect((await api.putPod('default', p.metadata.name, p)).statusCode).toBe(201);
  });

  it("drains g1 together: the two replicas find room on s1 and s2 (one each), the DaemonSet pod stays with kubectl's warning", async () => {
    const reply = await api.post('/v1/drain-impact', { nodes: ['g1'] });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json<Json>()).toMatchObject({
      mode: 'together',
      verdict: 'AllFit',
      nodes: ['g1'],
      counts: { evicted: 2, placed: 2, stranded: 0, deleted: 0, blocked: 0, skipped: 1 },
      skipped: [{ pod: { namespace: 'default', name: 'agent-g1' }, from: 'g1', reason: 'DaemonSet', message: 'ignoring DaemonSet-managed Pods' }],
    });
  });

  it("a node's removal, on the thread too; a node with no pod to move stays on this one", async () => {
    const removal = await api.get('/v1/nodes/g2/removal');
    expect(removal.statusCode, removal.body).toBe(200);
    expect(removal.json<Json>()).toMatchObject({ node: 'g2', removable: true, verdict: 'AllFit', counts: { evicted: 1, placed: 1 } });
    const empty = await api.get('/v1/nodes/s2/removal');
    expect(empty.json<Json>()).toMatchObject({ node: 's2', removable: true, counts: { evicted: 0 } });
  });
});
