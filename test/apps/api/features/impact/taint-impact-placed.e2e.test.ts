import { beforeAll, describe, expect, it } from 'vitest';
import { useApiFixture } from '../../../../support/api-test-app';

type Json = Record<string, any>;

/**
 * POST /v1/taint-impact with a placement `mode`: the evicted pods' replacements placed as
 * kube-scheduler would, together (one after another, each taking its room) or alone; each eviction
 * says where (`to`), and `rescheduling.stranded` counts them in that mode. Three 1-cpu replicas leave
 * t1 for n1 and n2, which have 1 cpu free each: alone, each finds a node; together, the third fits
 * nowhere.
 */
describe('POST /v1/taint-impact with a placement mode', () => {
  const t = useApiFixture();
  const { api } = t;
  const node = (name: string, cpu: string) => ({
    metadata: { name, labels: { 'kubernetes.io/hostname': name } },
    status: { allocatable: { cpu, memory: '8Gi', pods: '110' } },
  });
  const pod = (name: string, on: string, cpu = '1') => ({
    metadata: {
      name,
      labels: { app: name.replace(/-\d+$/, '') },
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'rs', uid: `uid-${name.replace(/-\d+$/, '')}`, controller: true }],
    },
    spec: { nodeName: on, containers: [{ name: 'c', image: 'x', resources: { requests: { cpu } } }] },
    status: { phase: 'Running' },
  });
  const taint = 'maintenance=true:NoExecute';

  beforeAll(async () => {
    for (const n of [node('t1', '8'), node('n1', '2'), node('n2', '1')]) expect((await api.putNode(n.metadata.name, n)).statusCode).toBe(201);
    for (const p of [pod('web-0', 't1'), pod('web-1', 't1'), pod('web-2', 't1'), pod('old-0', 'n1')]) {
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

  it('alone: each replica finds a node on its own; without a mode, the answer is as it was (no to, no mode)', async () => {
    const alone = (await api.post('/v1/taint-impact?view=pods', { taints: [taint], nodes: ['t1'], mode: 'alone' })).json<Json>();
    expect(alone.rescheduling).toEqual({ capacityConsidered: true, stranded: 0, mode: 'alone' });
    expect(alone.evictions.every((e: Json) => e.to === 'n1' || e.to === 'n2')).toBe(true);
    const plain = (await api.post('/v1/taint-impact?view=pods', { taints: [taint], nodes: ['t1'] })).json<Json>();
    expect(plain.rescheduling).toEqual({ capacityConsidered: true, stranded: 0 });
    expect(plain.evictions.every((e: Json) => !('to' in e))).toBe(true);
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
