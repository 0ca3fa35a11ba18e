import { beforeAll, describe, expect, it } from 'vitest';
import { useApiFixture } from '../../../../support/api-test-app';

type Json = Record<string, any>;

/**
 * POST /v1/headroom over the stored cluster (the real Postgres behind it): how many more copies of
 * a pod fit, per pool and per node, and why the next fits nowhere; for an inline pod and a stored
 * one; from GraphQL and as a chat answer. Nothing is stored.
 */
describe('POST /v1/headroom', () => {
  const t = useApiFixture();
  const { api } = t;
  const node = (name: string, pool: string, allocatable: Record<string, string>, taint?: string) => ({
    metadata: { name, labels: { 'karpenter.sh/nodepool': pool, 'kubernetes.io/hostname': name } },
    spec: taint ? { taints: [{ key: taint, value: 'true', effect: 'NoSchedule' }] } : {},
    status: { allocatable: { memory: '64Gi', pods: '110', ...allocatable } },
  });
  const trainer = {
    metadata: { name: 'trainer', namespace: 'ml' },
    spec: {
      tolerations: [{ key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' }],
      containers: [{ name: 't', image: 'trainer', resources: { requests: { cpu: '4', 'nvidia.com/gpu': '1' }, limits: { 'nvidia.com/gpu': '1' } } }],
    },
  };

  beforeAll(async () => {
    const nodes = [
      node('gpu-a1', 'gpu-a', { cpu: '32', 'nvidia.com/gpu': '4' }, 'nvidia.com/gpu'),
      node('gpu-a2', 'gpu-a', { cpu: '32', 'nvidia.com/gpu': '4' }, 'nvidia.com/gpu'),
      node('gpu-b1', 'gpu-b', { cpu: '8', 'nvidia.com/gpu': '8' }, 'nvidia.com/gpu'),
      node('cpu-1', 'general', { cpu: '16' }),
    ];
    for (const n of nodes) expect((await api.putNode(n.metadata.name, n)).statusCode).toBe(201);
    const busy = { ...trainer, metadata: { name: 'busy', namespace: 'ml' }, spec: { ...trainer.spec, nodeName: 'gpu-a1' }, status: { phase: 'Running' } };
    expect((await api.putPod('ml', 'busy', busy)).statusCode).toBe(201);
  });

  it('1-GPU trainers: 3 more on gpu-a1 (one GPU in use), 4 on gpu-a2, 2 on gpu-b1 (cpu runs out first); per pool; and the line for the next', async () => {
    const reply = await api.post('/v1/headroom', { pod: trainer });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json<Json>()).toEqual({
      pod: { namespace: 'ml', name: 'trainer' },
      max: 10000,
      total: 9,
      complete: true,
      method: 'filled',
      poolLabel: 'karpenter.sh/nodepool',
      groups: [
        { pool: 'gpu-a', count: 7 },
        { pool: 'gpu-b', count: 2 },
      ],
      nodes: [
        { name: 'gpu-a1', count: 3, bindingResource: 'nvidia.com/gpu' },
        { name: 'gpu-a2', count: 4, bindingResource: 'nvidia.com/gpu' },
        { name: 'gpu-b1', count: 2, bindingResource: 'cpu' },
      ],
      failReason: '0/4 nodes are available: 1 Insufficient cpu, 3 Insufficient nvidia.com/gpu.',
      warnings: [],
    });
  });

  it('a stored pod by name, kept to one pool by selector; max bounds only copies placed one by one', async () => {
    const pool = (
      await api.post('/v1/clusters/default/headroom', { pod: { namespace: 'ml', name: 'busy' }, selector: 'karpenter.sh/nodepool=gpu-a' })
    ).json<Json>();
    expect(pool).toMatchObject({ pod: { namespace: 'ml', name: 'busy' }, total: 7, groups: [{ pool: 'gpu-a', count: 7 }] });
    const capped = (await api.post('/v1/headroom', { pod: trainer, max: 2 })).json<Json>();
    expect(capped).toMatchObject({ total: 9, complete: true, method: 'filled' });
  });

  it('GraphQL and chat give the same answer', async () => {
    const rest = (await api.post('/v1/headroom', { pod: { namespace: 'ml', name: 'busy' } })).json<Json>();
    const graphql = (
      await api.post('/graphql', {
        query: '{ headroom(namespace: "ml", name: "busy") { total complete method nodes { name count bindingResource } failReason } }',
      })
    ).json<Json>();
    expect(graphql.errors).toBeUndefined();
    expect(graphql.data.headroom).toEqual({ total: rest.total, complete: true, method: rest.method, nodes: rest.nodes, failReason: rest.failReason });
    const chat = await api.post('/v1/headroom?format=markdown', { pod: trainer });
    expect(chat.body).toContain('9 more `ml/trainer` fit: 7 in pool `gpu-a`, 2 in pool `gpu-b`.');
    expect(chat.body).toContain(
      'Most on `gpu-a2` (4, then nvidia.com/gpu runs out), `gpu-a1` (3, then nvidia.com/gpu runs out), `gpu-b1` (2, then cpu runs out).',
    );
  });

  it('refuses a bad request by the field, and a stored pod that is not there with 404', async () => {
    const noPod = await api.post('/v1/headroom', {});
    expect(noPod.statusCode).toBe(400);
    expect(noPod.json<Json>().details).toEqual([expect.objectContaining({ field: 'pod' })]);
    const badMax = await api.post('/v1/headroom', { pod: trainer, max: 'lots' });
    expect(badMax.statusCode).toBe(400);
    expect(badMax.json<Json>().details).toEqual([expect.objectContaining({ field: 'max' })]);
    expect((await api.post('/v1/headroom', { pod: trainer, max: 100001 })).statusCode).toBe(400);
    const noNodes = await api.post('/v1/headroom', { pod: trainer, nodes: [] });
    expect(noNodes.statusCode).toBe(400);
    expect(noNodes.json<Json>().details).toEqual([expect.objectContaining({ field: 'nodes' })]);
    const badPod = await api.post('/v1/headroom', { pod: { metadata: { name: 'x' }, spec: { tolerations: [{ operator: 'Bogus' }] } } });
    expect(badPod.statusCode).toBe(400);
    expect(badPod.json<Json>().details[0].field).toMatch(/^pod\.spec\.tolerations\[0\]/);
    expect((await api.post('/v1/headroom', { pod: { namespace: 'ml', name: 'ghost' } })).statusCode).toBe(404);
    expect((await api.get('/v1/pods')).json<Json>().items).toHaveLength(1);
  });
});
