import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiTestApp, startApiApp } from '../../../support/api-test-app';

describe('pods', () => {
  let t: ApiTestApp;
  beforeAll(async () => {
    t = await startApiApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('applies admission defaults on create, visible in the answer, and only lets tolerations be added', async () => {
    const created = await t.app.inject({
      method: 'PUT',
      url: '/v1/namespaces/default/pods/web-1',
      payload: { metadata: { name: 'web-1' }, spec: { containers: [{ name: 'c', image: 'nginx', resources: { requests: { cpu: '100m' } } }] } },
    });
    expect(created.statusCode).toBe(201);
    const pod = created.json();
    expect(pod.status).toEqual({ phase: 'Pending', qosClass: 'Burstable' });
    expect(pod.spec.tolerations).toEqual([
      { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
      { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
      { key: 'node.kubernetes.io/memory-pressure', operator: 'Exists', effect: 'NoSchedule' },
    ]);
    const removing = await t.app.inject({ method: 'PUT', url: '/v1/namespaces/default/pods/web-1', payload: { ...pod, spec: { ...pod.spec, tolerations: [] } } });
    // admission puts the defaults back: removing them is no change
    expect(removing.statusCode).toBe(200);
    const changing = await t.app.inject({
      method: 'PUT',
      url: '/v1/namespaces/default/pods/web-1',
      payload: { ...pod, spec: { ...pod.spec, tolerations: [{ key: 'a', operator: 'Exists', effect: 'NoSchedule' }] } },
    });
    expect(changing.statusCode).toBe(200);
    const shrinking = await t.app.inject({
      method: 'PUT',
      url: '/v1/namespaces/default/pods/web-1',
      payload: { ...pod, spec: { ...pod.spec, tolerations: [{ key: 'b', operator: 'Exists', effect: 'NoSchedule' }] } },
    });
    expect(shrinking.statusCode).toBe(400);
    expect(shrinking.json().details).toEqual([{ field: 'spec.tolerations', reason: 'Forbidden: existing toleration can not be modified except its tolerationSeconds' }]);
    const list = await t.app.inject({ method: 'GET', url: '/v1/pods?phase=Pending' });
    expect(list.json().items).toHaveLength(1);
    expect((await t.app.inject({ method: 'DELETE', url: '/v1/namespaces/default/pods/web-1' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/v1/namespaces/default/pods/web-1' })).statusCode).toBe(404);
  });
});
