import { beforeAll, describe, expect, it } from 'vitest';
import { expectApiError, expectNothingStored } from '../../../support/api-client';
import { useApiFixture } from '../../../support/api-test-app';
import { kubectlPod } from '../../../support/kubectl-objects';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const k8sTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const notReady300 = { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 };
const unreachable300 = { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 };
const memoryPressure = { key: 'node.kubernetes.io/memory-pressure', operator: 'Exists', effect: 'NoSchedule' };
const forbiddenChange = { field: 'spec.tolerations', reason: 'Forbidden: existing toleration can not be modified except its tolerationSeconds' };
const container = (resources?: unknown) => ({ name: 'c', image: 'nginx', ...(resources ? { resources } : {}) });

describe('pods', () => {
  const t = useApiFixture();
  const { api, db } = t;

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

  describe('a kubectl get pod -o json body', () => {
    it('is accepted as it is and answered with every field it had, server-managed ones replaced', async () => {
      const sent = kubectlPod('web-7d4b9c8f6d-x2k9p', 'shop', 'worker-1');
      const created = await api.putPod('shop', 'web-7d4b9c8f6d-x2k9p', sent);
      expect(created.statusCode).toBe(201);
      const pod = created.json();
      expect(pod).toEqual({
        ...sent,
        metadata: { ...sent.metadata, uid: expect.stringMatching(uuid), resourceVersion: expect.stringMatching(/^\d+$/), creationTimestamp: expect.stringMatching(k8sTime) },
      });
      expect(pod.metadata.uid).not.toBe(sent.metadata.uid);
      expect((await api.getPod('shop', 'web-7d4b9c8f6d-x2k9p')).json()).toEqual(pod);
    });

    it('sent again is a 200 that changes nothing but resourceVersion', async () => {
      const before = (await api.getPod('shop', 'web-7d4b9c8f6d-x2k9p')).json();
      const again = await api.putPod('shop', 'web-7d4b9c8f6d-x2k9p', kubectlPod('web-7d4b9c8f6d-x2k9p', 'shop', 'worker-1'));
      expect(again.statusCode).toBe(200);
      const after = again.json();
      expect(Number(after.metadata.resourceVersion)).toBeGreaterThan(Number(before.metadata.resourceVersion));
      expect({ ...after, metadata: { ...after.metadata, resourceVersion: '' } }).toEqual({ ...before, metadata: { ...before.metadata, resourceVersion: '' } });
    });
  });

  describe('admission defaults, visible in the answer and when read back', () => {
    const created = async (namespace: string, name: string, body: unknown) => {
      const reply = await api.putPod(namespace, name, body);
      expect(reply.statusCode).toBe(201);
      expect((await api.getPod(namespace, name)).json()).toEqual(reply.json());
      return reply.json();
    };

    it('BestEffort: DefaultTolerationSeconds only, no memory-pressure toleration', async () => {
      const pod = await created('adm', 'best-effort', { spec: { containers: [container()] } });
      expect(pod.spec.tolerations).toEqual([notReady300, unreachable300]);
      expect(pod.status).toEqual({ phase: 'Pending', qosClass: 'BestEffort' });
    });

    it('a pod with no spec at all is BestEffort with the default tolerations', async () => {
      const pod = await created('adm', 'no-spec', {});
      expect(pod.spec.tolerations).toEqual([notReady300, unreachable300]);
      expect(pod.status.qosClass).toBe('BestEffort');
    });

    it('Burstable: the memory-pressure toleration too', async () => {
      const pod = await created('adm', 'burstable', { spec: { containers: [container({ requests: { memory: '64Mi' } })] } });
      expect(pod.spec.tolerations).toEqual([notReady300, unreachable300, memoryPressure]);
      expect(pod.status.qosClass).toBe('Burstable');
    });

    it('Guaranteed from limits alone: requests defaulted from limits, and visible', async () => {
      const pod = await created('adm', 'guaranteed', {
        spec: { containers: [container({ limits: { cpu: '500m', memory: '256Mi' } }), { name: 'side', resources: { limits: { cpu: '1', memory: '1Gi' }, requests: { cpu: '1', memory: '1Gi' } } }] },
      });
      expect(pod.status.qosClass).toBe('Guaranteed');
      expect(pod.spec.containers[0].resources).toEqual({ limits: { cpu: '500m', memory: '256Mi' }, requests: { cpu: '500m', memory: '256Mi' } });
      expect(pod.spec.tolerations).toEqual([notReady300, unreachable300, memoryPressure]);
    });

    it("keeps the pod's own not-ready seconds and adds only what is missing", async () => {
      const own = { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 60 };
      const pod = await created('adm', 'own-seconds', { spec: { tolerations: [own] } });
      expect(pod.spec.tolerations).toEqual([own, unreachable300]);
    });

    it('a toleration of everything needs no defaults', async () => {
      const pod = await created('adm', 'tolerates-all', { spec: { containers: [container({ requests: { cpu: '1' } })], tolerations: [{ operator: 'Exists' }] } });
      expect(pod.spec.tolerations).toEqual([{ operator: 'Exists' }]);
    });

    it('ExtendedResourceToleration: one Exists:NoSchedule per extended resource requested, in name order', async () => {
      const pod = await created('adm', 'gpu', {
        spec: {
          containers: [container({ requests: { 'nvidia.com/gpu': '1' } }), { name: 'fpga', resources: { limits: { 'example.com/fpga': '2' } } }],
          initContainers: [{ name: 'init', resources: { requests: { 'nvidia.com/gpu': '1', 'hugepages-2Mi': '0' } } }],
        },
      });
      expect(pod.spec.tolerations).toEqual([
        notReady300,
        unreachable300,
        { key: 'example.com/fpga', operator: 'Exists', effect: 'NoSchedule' },
        { key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' },
      ]);
      // extended resources do not count for QoS: still BestEffort, so no memory-pressure toleration
      expect(pod.status.qosClass).toBe('BestEffort');
    });

    it("DaemonSet pods get the DaemonSet controller's tolerations (network-unavailable with hostNetwork)", async () => {
      const owner = { apiVersion: 'apps/v1', kind: 'DaemonSet', name: 'fluentd', uid: 'b1c2d3e4-0000-4000-8000-000000000001', controller: true, blockOwnerDeletion: true };
      const pod = await created('kube-system', 'fluentd-abcde', {
        metadata: { ownerReferences: [owner] },
        spec: { hostNetwork: true, containers: [container({ requests: { cpu: '100m', memory: '200Mi' } })] },
      });
      expect(pod.spec.tolerations).toEqual([
        { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute' },
        { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute' },
        { key: 'node.kubernetes.io/disk-pressure', operator: 'Exists', effect: 'NoSchedule' },
        { key: 'node.kubernetes.io/memory-pressure', operator: 'Exists', effect: 'NoSchedule' },
        { key: 'node.kubernetes.io/pid-pressure', operator: 'Exists', effect: 'NoSchedule' },
        { key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' },
        { key: 'node.kubernetes.io/network-unavailable', operator: 'Exists', effect: 'NoSchedule' },
      ]);
      expect(pod.metadata.ownerReferences).toEqual([owner]);
      const noHostNetwork = await created('kube-system', 'fluentd-fghij', { metadata: { ownerReferences: [owner] } });
      expect(noHostNetwork.spec.tolerations).toHaveLength(6);
    });

    it('an owner that is not the controlling DaemonSet adds nothing', async () => {
      const notController = await created('adm', 'not-controller', { metadata: { ownerReferences: [{ kind: 'DaemonSet', name: 'x', controller: false }] } });
      expect(notController.spec.tolerations).toEqual([notReady300, unreachable300]);
      const replicaSet = await created('adm', 'replica', { metadata: { ownerReferences: [{ kind: 'ReplicaSet', name: 'web-1', controller: true }] } });
      expect(replicaSet.spec.tolerations).toEqual([notReady300, unreachable300]);
    });
  });

  describe('updates', () => {
    const custom = { key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' };
    beforeAll(async () => {
      expect((await api.putPod('upd', 'p', { spec: { tolerations: [custom] } })).statusCode).toBe(201);
    });
    const current = async () => (await api.getPod('upd', 'p')).json();

    it('keep uid and creationTimestamp, and answer 200', async () => {
      const before = await current();
      const reply = await api.putPod('upd', 'p', { metadata: { labels: { v: '2' } }, spec: { tolerations: [custom] } });
      expect(reply.statusCode).toBe(200);
      expect(reply.json().metadata).toMatchObject({ uid: before.metadata.uid, creationTimestamp: before.metadata.creationTimestamp, labels: { v: '2' } });
    });

    it('may add a toleration', async () => {
      const added = { key: 'spot', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 120 };
      const reply = await api.putPod('upd', 'p', { spec: { tolerations: [custom, added] } });
      expect(reply.statusCode).toBe(200);
      expect(reply.json().spec.tolerations).toEqual([custom, added, notReady300, unreachable300]);
    });

    it('may change tolerationSeconds, of its own tolerations and of the defaults', async () => {
      const pod = await current();
      const tolerations = pod.spec.tolerations.map((x: { key: string; tolerationSeconds?: number }) =>
        x.key === 'spot' ? { ...x, tolerationSeconds: 30 } : x.key === 'node.kubernetes.io/unreachable' ? { ...x, tolerationSeconds: 600 } : x,
      );
      const reply = await api.putPod('upd', 'p', { spec: { tolerations } });
      expect(reply.statusCode).toBe(200);
      expect((await current()).spec.tolerations).toEqual([
        custom,
        { key: 'spot', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 30 },
        notReady300,
        { ...unreachable300, tolerationSeconds: 600 },
      ]);
    });

    it.each([
      ['removing a toleration', (ts: Record<string, unknown>[]) => ts.filter((x) => x['key'] !== 'spot')],
      ['changing its value', (ts: Record<string, unknown>[]) => ts.map((x) => (x['key'] === 'dedicated' ? { ...x, value: 'tpu' } : x))],
      ['changing its operator', (ts: Record<string, unknown>[]) => ts.map((x) => (x['key'] === 'dedicated' ? { key: 'dedicated', operator: 'Exists', effect: 'NoSchedule' } : x))],
      ['changing its effect', (ts: Record<string, unknown>[]) => ts.map((x) => (x['key'] === 'dedicated' ? { ...x, effect: 'NoExecute' } : x))],
      ['an empty operator for Equal', (ts: Record<string, unknown>[]) => ts.map((x) => (x['key'] === 'dedicated' ? { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' } : x))],
    ])('may not be %s (400, nothing stored)', async (_, change) => {
      const pod = await current();
      const reply = await expectNothingStored(api, db, () => api.putPod('upd', 'p', { spec: { tolerations: change(pod.spec.tolerations) } }));
      expectApiError(reply, 400, `Pod "p" is invalid: ${forbiddenChange.field}: ${forbiddenChange.reason}`, [forbiddenChange]);
      expect(await current()).toEqual(pod);
    });

    it('may set spec.nodeName once (binding) but not change or clear it', async () => {
      const pod = await current();
      const bound = await api.putPod('upd', 'p', { spec: { tolerations: pod.spec.tolerations, nodeName: 'node-a' } });
      expect(bound.statusCode).toBe(200);
      expect(bound.json().spec.nodeName).toBe('node-a');
      const forbidden = { field: 'spec.nodeName', reason: 'Forbidden: may not be changed once the pod is bound (was "node-a")' };
      for (const spec of [{ nodeName: 'node-b' }, {}, { nodeName: '' }]) {
        const reply = await expectNothingStored(api, db, () => api.putPod('upd', 'p', { spec: { tolerations: pod.spec.tolerations, ...spec } }));
        expectApiError(reply, 400, `Pod "p" is invalid: ${forbidden.field}: ${forbidden.reason}`, [forbidden]);
      }
      expect((await current()).spec.nodeName).toBe('node-a');
      // the same nodeName again is no change
      expect((await api.putPod('upd', 'p', { spec: { tolerations: pod.spec.tolerations, nodeName: 'node-a' } })).statusCode).toBe(200);
    });

    it('reports a removed toleration and a changed nodeName together', async () => {
      const reply = await expectNothingStored(api, db, () => api.putPod('upd', 'p', { spec: { tolerations: [], nodeName: 'node-b' } }));
      const details = [forbiddenChange, { field: 'spec.nodeName', reason: 'Forbidden: may not be changed once the pod is bound (was "node-a")' }];
      expectApiError(reply, 400, `Pod "p" is invalid: [${details.map((d) => `${d.field}: ${d.reason}`).join(', ')}]`, details);
    });
  });

  describe('lists', () => {
    beforeAll(async () => {
      const pods: [string, string, Record<string, unknown>][] = [
        ['lst-a', 'run-1', { spec: { nodeName: 'n1' }, status: { phase: 'Running' } }],
        ['lst-a', 'run-2', { spec: { nodeName: 'n2' }, status: { phase: 'Running' } }],
        ['lst-a', 'pend', {}],
        ['lst-b', 'run-1', { spec: { nodeName: 'n1' }, status: { phase: 'Running' } }],
        ['lst-b', 'done', { spec: { nodeName: 'n1' }, status: { phase: 'Succeeded' } }],
      ];
      for (const [ns, name, body] of pods) expect((await api.putPod(ns, name, body)).statusCode).toBe(201);
    });
    const keys = async (url: string) => {
      const reply = await api.get(url);
      expect(reply.statusCode).toBe(200);
      const list = reply.json();
      expect(list).toMatchObject({ apiVersion: 'v1', kind: 'PodList', metadata: { resourceVersion: expect.stringMatching(/^\d+$/) } });
      return list.items.map((p: { metadata: { namespace: string; name: string } }) => `${p.metadata.namespace}/${p.metadata.name}`).filter((k: string) => k.startsWith('lst-'));
    };

    it.each([
      ['/v1/pods', ['lst-a/pend', 'lst-a/run-1', 'lst-a/run-2', 'lst-b/done', 'lst-b/run-1']],
      ['/v1/pods?nodeName=n1', ['lst-a/run-1', 'lst-b/done', 'lst-b/run-1']],
      ['/v1/pods?nodeName=', ['lst-a/pend']],
      ['/v1/pods?phase=Running', ['lst-a/run-1', 'lst-a/run-2', 'lst-b/run-1']],
      ['/v1/pods?phase=Pending', ['lst-a/pend']],
      ['/v1/pods?nodeName=n1&phase=Running', ['lst-a/run-1', 'lst-b/run-1']],
      ['/v1/pods?nodeName=nowhere', []],
      ['/v1/pods?phase=Sleeping', []],
      ['/v1/namespaces/lst-a/pods', ['lst-a/pend', 'lst-a/run-1', 'lst-a/run-2']],
      ['/v1/namespaces/lst-a/pods?nodeName=n1', ['lst-a/run-1']],
      ['/v1/namespaces/lst-b/pods?phase=Succeeded', ['lst-b/done']],
      ['/v1/namespaces/lst-b/pods?nodeName=n1&phase=Running', ['lst-b/run-1']],
      ['/v1/namespaces/lst-none/pods', []],
    ])('%s', async (url, expected) => {
      expect(await keys(url)).toEqual(expected);
    });

    it('lists every pod in namespace/name order, each as GET answers it', async () => {
      const list = (await api.get('/v1/pods')).json();
      const all = list.items.map((p: { metadata: { namespace: string; name: string } }) => `${p.metadata.namespace}/${p.metadata.name}`);
      expect(all).toEqual([...all].sort());
      for (const item of list.items.slice(0, 5)) expect((await api.getPod(item.metadata.namespace, item.metadata.name)).json()).toEqual(item);
    });
  });

  describe('delete', () => {
    it('answers the deleted pod, then 404; the same name in another namespace stays', async () => {
      await api.putPod('del-a', 'same', { spec: { nodeName: 'n1' } });
      await api.putPod('del-b', 'same', {});
      const stored = (await api.getPod('del-a', 'same')).json();
      const deleted = await api.del('/v1/namespaces/del-a/pods/same');
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual(stored);
      expectApiError(await api.getPod('del-a', 'same'), 404, 'pods "same" not found');
      expectApiError(await expectNothingStored(api, db, () => api.del('/v1/namespaces/del-a/pods/same')), 404, 'pods "same" not found');
      expect((await api.getPod('del-b', 'same')).statusCode).toBe(200);
      const again = await api.putPod('del-a', 'same', {});
      expect(again.statusCode).toBe(201);
      expect(again.json().metadata.uid).not.toBe(stored.metadata.uid);
      expect(again.json().spec.nodeName).toBeUndefined();
    });

    it('answers 404 for a pod that never existed, in the error shape', async () => {
      expectApiError(await api.getPod('default', 'never'), 404, 'pods "never" not found');
      expectApiError(await expectNothingStored(api, db, () => api.del('/v1/namespaces/default/pods/never')), 404, 'pods "never" not found');
      expectApiError(await api.getPod('nowhere', 'web-7d4b9c8f6d-x2k9p'), 404, 'pods "web-7d4b9c8f6d-x2k9p" not found');
    });
  });
});
