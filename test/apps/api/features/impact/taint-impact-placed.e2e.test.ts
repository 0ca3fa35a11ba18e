import { beforeAll, describe, expect, it } from 'vitest';
import { useApiFixture } from '../../../../support/api-test-app';
import { node, replica as pod, threeReplicasAndRoomForTwo } from '../../../../support/impact-objects';

type Json = Record<string, any>;

/**
 * POST /v1/taint-impact with a placement `mode`: the evicted pods' replacements placed as
 * kube-scheduler would, together (the default: one after another, each taking its room) or alone;
 * each eviction says where (`to`), and `rescheduling.stranded` counts them in that mode. Three 1-cpu
 * replicas leave t1 for n1 and n2, which have 1 cpu free each: alone, each finds a node; together,
 * the third fits nowhere (b1 has 600m left). Together places at most PLACE_TOGETHER_MAX_PODS (3
 * here): the four replicas of b1 are more.
 */
describe('POST /v1/taint-impact with a placement mode', () => {
  const t = useApiFixture({ PLACE_TOGETHER_MAX_PODS: '3' });
  const { api } = t;
  const taint = 'maintenance=true:NoExecute';

  beforeAll(async () => {
    const { nodes, pods } = threeReplicasAndRoomForTwo();
    for (const n of [...nodes, node('b1', '1')]) expect((await api.putNode(n.metadata.name, n)).statusCode).toBe(201);
    const batch = [0, 1, 2, 3].map((i) => pod(`batch-${i}`, 'b1', '100m'));
    for (const p of [...pods, ...batch]) {
      expect((await api.putPod('default', p.metadata.name, p)).statusCode).toBe(201);
    }
  });

  it('together: two replicas placed, the third stranded, each eviction saying where', async () => {
    const pods = (await api.post('/v1/taint-impact?view=pods', { taints: [taint], nodes: ['t1'], mode: 'together' })).json<Json>();
    expect(pods.rescheduling).toEqual({ capacityConsidered: true, stranded: 1, mode: 'together' });
    expect(pods.evictions.map((e: Json) => e.to).sort()).toEqual(['n1', 'n2', null].sort());
    const summary = (await api.post('/v1/taint-impact', { taints: [taint], nodes: ['t1'], mode: 'together' })).json<Json>();
    expect(summary.rescheduling).toEqual({ capacityConsidered: true, stranded: 1, mode: 'together' });
  });

  it('alone: each replica finds a node on its own; without a mode, together', async () => {
    const alone = (await api.post('/v1/taint-impact?view=pods', { taints: [taint], nodes: ['t1'], mode: 'alone' })).json<Json>();
    expect(alone.rescheduling).toEqual({ capacityConsidered: true, stranded: 0, mode: 'alone' });
    expect(alone.evictions.every((e: Json) => e.to === 'n1' || e.to === 'n2')).toBe(true);
    for (const view of ['pods', 'summary']) {
      const plain = (await api.post(`/v1/taint-impact?view=${view}`, { taints: [taint], nodes: ['t1'] })).json<Json>();
      expect(plain.rescheduling).toEqual({ capacityConsidered: true, stranded: 1, mode: 'together' });
    }
    const chat = await api.post('/v1/taint-impact?format=markdown', { taints: [taint], nodes: ['t1'] });
    expect(chat.body).toContain('placed together, 1 with nowhere to go: `default/web-2`');
  });

  it('more evicted pods than PLACE_TOGETHER_MAX_PODS: none placed without a mode, and the answer says so; together asked is refused by name', async () => {
    for (const view of ['pods', 'summary']) {
      const reply = await api.post(`/v1/taint-impact?view=${view}`, { taints: [taint], nodes: ['b1'] });
      expect(reply.statusCode).toBe(200);
      const body = reply.json<Json>();
      expect(body.rescheduling).toEqual({ capacityConsidered: true, stranded: 0 });
      const words =
        'not placed: 4 evicted pods are more than the 3 placed together at most (PLACE_TOGETHER_MAX_PODS); each is judged on its own (elsewhere, stranded): ask for fewer nodes, or mode alone';
      expect(body.warnings).toEqual([words]);
      expect([reply.headers.warning].flat()).toEqual([`299 - "${words}"`]);
    }
    const asked = await api.post('/v1/taint-impact', { taints: [taint], nodes: ['b1'], mode: 'together' });
    expect(asked.statusCode).toBe(400);
    expect(asked.json<Json>().details).toEqual([
      {
        field: 'mode',
        reason: 'Forbidden: 4 evicted pods are more than the 3 placed together at most (PLACE_TOGETHER_MAX_PODS): ask for fewer nodes, or mode alone',
      },
    ]);
    const alone = (await api.post('/v1/taint-impact', { taints: [taint], nodes: ['b1'], mode: 'alone' })).json<Json>();
    expect(alone.rescheduling).toEqual({ capacityConsidered: true, stranded: 0, mode: 'alone' });
  });

  it('GraphQL takes the same mode; an unknown mode is refused by name', async () => {
    const graphql = (
      await api.post('/graphql', {
        query:
          '{ taintImpact(taints: [{key: "maintenance", value: "true", effect: "NoExecute"}], nodes: ["t1"], mode: "together") { rescheduling { stranded mode } } }',
      })
    ).json<Json>();
    expect(graphql.errors).toBeUndefined();
    expect(graphql.data.taintImpact.rescheduling).toEqual({ stranded: 1, mode: 'together' });
    const bad = await api.post('/v1/taint-impact', { taints: [taint], nodes: ['t1'], mode: 'sometimes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<Json>().details).toEqual([expect.objectContaining({ field: 'mode' })]);
  });
});
