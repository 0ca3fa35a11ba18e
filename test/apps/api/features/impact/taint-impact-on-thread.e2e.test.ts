import { beforeAll, describe, expect, it } from 'vitest';
import { useApiFixture } from '../../../../support/api-test-app';
import { threeReplicasAndRoomForTwo } from '../../../../support/impact-objects';

type Json = Record<string, any>;

/**
 * A taint's evicted pods placed on a worker thread over a copy of the cluster when they are
 * WHATIF_THREAD_MIN_PODS or more (here always: the bound is 1): the same answers as
 * taint-impact-placed.e2e.test.ts's, made on this thread, for the stored cluster (the real Postgres
 * behind it) and for one sent inline. Three 1-cpu replicas leave t1 for n1 and n2, which have 1 cpu
 * free each: together, the third fits nowhere.
 */
describe('POST /v1/taint-impact with the evicted pods placed on a worker thread', () => {
  const t = useApiFixture({ WHATIF_THREAD_MIN_PODS: '1' });
  const { api } = t;
  const taint = 'maintenance=true:NoExecute';
  const { nodes, pods } = threeReplicasAndRoomForTwo();

  beforeAll(async () => {
    for (const n of nodes) expect((await api.putNode(n.metadata.name, n)).statusCode).toBe(201);
    for (const p of pods) expect((await api.putPod('default', p.metadata.name, p)).statusCode).toBe(201);
  });

  it('together over the stored cluster: two replicas placed, the third stranded, in every view', async () => {
    const reply = await api.post('/v1/taint-impact?view=pods', { taints: [taint], nodes: ['t1'], mode: 'together' });
    expect(reply.statusCode, reply.body).toBe(200);
    const answer = reply.json<Json>();
    expect(answer.rescheduling).toEqual({ capacityConsidered: true, stranded: 1, mode: 'together' });
    expect(answer.evictions.map((e: Json) => e.to).sort()).toEqual(['n1', 'n2', null].sort());
    const summary = (await api.post('/v1/taint-impact', { taints: [taint], nodes: ['t1'] })).json<Json>();
    expect(summary.rescheduling).toEqual({ capacityConsidered: true, stranded: 1, mode: 'together' });
    const chat = await api.post('/v1/taint-impact?format=markdown', { taints: [taint], nodes: ['t1'] });
    expect(chat.body).toContain('placed together, 1 with nowhere to go: `default/web-2`');
  });

  it('alone, and a cluster sent inline, the same as on this thread', async () => {
    const alone = (await api.post('/v1/taint-impact?view=pods', { taints: [taint], nodes: ['t1'], mode: 'alone' })).json<Json>();
    expect(alone.rescheduling).toEqual({ capacityConsidered: true, stranded: 0, mode: 'alone' });
    expect(alone.evictions.every((e: Json) => e.to === 'n1' || e.to === 'n2')).toBe(true);
    const inline = await api.post('/v1/taint-impact?view=pods', { taints: [taint], nodes: ['t1'], inline: { nodes, pods } });
    expect(inline.statusCode, inline.body).toBe(200);
    expect(inline.json<Json>().rescheduling).toEqual({ capacityConsidered: true, stranded: 1, mode: 'together' });
  });
});
