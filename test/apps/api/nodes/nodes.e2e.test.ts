import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiTestApp, startApiApp } from '../../../support/api-test-app';

describe('/v1/nodes', () => {
  let t: ApiTestApp;
  beforeAll(async () => {
    t = await startApiApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates, reads, replaces, lists and deletes a node', async () => {
    const body = {
      apiVersion: 'v1',
      kind: 'Node',
      metadata: { name: 'n1', labels: { zone: 'a' }, annotations: { note: 'x' } },
      spec: { taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }], podCIDR: '10.0.0.0/24' },
      status: { conditions: [{ type: 'Ready', status: 'True' }], allocatable: { cpu: '4' }, nodeInfo: { kubeletVersion: 'v1.34.0' } },
    };
    const created = await t.app.inject({ method: 'PUT', url: '/v1/nodes/n1', payload: body });
    expect(created.statusCode).toBe(201);
    const node = created.json();
    expect(node.metadata).toMatchObject({ name: 'n1', labels: { zone: 'a' }, annotations: { note: 'x' } });
    expect(node.spec.podCIDR).toBe('10.0.0.0/24');
    expect(node.spec.taints).toEqual([{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule', timeAdded: expect.any(String) }]);
    expect(node.status.nodeInfo).toEqual({ kubeletVersion: 'v1.34.0' });

    const read = await t.app.inject({ method: 'GET', url: '/v1/nodes/n1' });
    expect(read.json()).toEqual(node);

    const replaced = await t.app.inject({ method: 'PUT', url: '/v1/nodes/n1', payload: { ...body, metadata: { name: 'n1', labels: { zone: 'b' } } } });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().spec.taints[0].timeAdded).toBe(node.spec.taints[0].timeAdded);

    const list = await t.app.inject({ method: 'GET', url: '/v1/nodes?labelSelector=zone%3Db' });
    expect(list.json()).toMatchObject({ kind: 'NodeList', items: [{ metadata: { name: 'n1' } }] });

    const deleted = await t.app.inject({ method: 'DELETE', url: '/v1/nodes/n1' });
    expect(deleted.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/v1/nodes/n1' })).statusCode).toBe(404);
  });

  it('rejects a bad taint with its field path and stores nothing', async () => {
    const response = await t.app.inject({ method: 'PUT', url: '/v1/nodes/bad', payload: { metadata: { name: 'bad' }, spec: { taints: [{ key: 'k', effect: 'Sometimes' }] } } });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ field: 'spec.taints[0].effect', reason: 'Unsupported value: "Sometimes": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"' }]);
    expect((await t.app.inject({ method: 'GET', url: '/v1/nodes/bad' })).statusCode).toBe(404);
  });
});
