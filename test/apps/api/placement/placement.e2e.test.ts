import { beforeAll, describe, expect, it } from 'vitest';
import { useApiFixture } from '../../../support/api-test-app';

describe('placement and taint impact', () => {
  const t = useApiFixture();
  beforeAll(async () => {
    for (const [name, taints] of [
      ['n1', []],
      ['n2', [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }]],
    ] as const) {
      await t.app.inject({ method: 'PUT', url: `/v1/nodes/${name}`, payload: { metadata: { name }, spec: { taints } } });
    }
    await t.app.inject({ method: 'PUT', url: '/v1/namespaces/prod/pods/db', payload: { metadata: { name: 'db' }, spec: { nodeName: 'n1' } } });
    await t.app.inject({
      method: 'PUT',
      url: '/v1/namespaces/prod/pods/cache',
      payload: { metadata: { name: 'cache' }, spec: { nodeName: 'n1', tolerations: [{ key: 'drain', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 60 }] } },
    });
  });

  it('places a pod over the stored nodes', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/v1/placement', payload: { pod: { metadata: { name: 'p' } } } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      pod: { namespace: 'default', name: 'p' },
      nodes: [
        { name: 'n1', feasible: true, score: 100 },
        { name: 'n2', feasible: false, score: null, reasons: [{ code: 'UntoleratedTaint' }] },
      ],
      summary: '1/2 nodes are available: 1 node(s) had untolerated taint {dedicated: gpu}.',
    });
    const stored = await t.app.inject({ method: 'GET', url: '/v1/namespaces/prod/pods/db/placement' });
    expect(stored.json().summary).toBe("1/2 nodes are available: 1 node(s) didn't match the requested node name.");
  });

  it('answers a taint impact over the stored cluster', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/v1/taint-impact', payload: { taint: { key: 'drain', effect: 'NoExecute' }, nodes: ['n1'] } });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.evictions).toEqual([
      { pod: { namespace: 'prod', name: 'db' }, node: 'n1', when: 'Immediately', at: expect.any(String) },
      { pod: { namespace: 'prod', name: 'cache' }, node: 'n1', when: 'AfterTolerationSeconds', tolerationSeconds: 60, at: expect.any(String) },
    ]);
    expect(Date.parse(body.evictions[1].at) - Date.parse(body.evictions[0].at)).toBe(60_000);
  });
});
