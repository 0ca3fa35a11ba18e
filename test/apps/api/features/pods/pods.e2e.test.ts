import { beforeAll, describe, expect, it } from 'vitest';
import { type Detail, expectApiError, expectNothingStored, expectNotJsonRefused, expectRawRefused, invalidMessage } from '../../../../support/api-client';
import { useApiFixture } from '../../../../support/api-test-app';
import { kubectlPod, withoutResourceVersion } from '../../../../support/kubectl-objects';
import { asStored } from '../../../../support/server-fields';
import { msg } from '../../../../libs/domain/validation/messages';

const notReady300 = { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 };
const unreachable300 = { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 };
const forbiddenChange = { field: 'spec.tolerations', reason: 'Forbidden: existing toleration can not be modified except its tolerationSeconds' };
const container = (resources?: unknown) => ({ name: 'c', image: 'nginx', ...(resources ? { resources } : {}) });
const invalid = (name: string, details: Detail[]) => invalidMessage('Pod', name, details);
const keyEmptyNeedsExists = 'operator must be Exists when `key` is empty, which means "match all values and all keys"';
const required = 'spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution';

// Each block has a service of its own: both count every pod stored (the Pending list of the first
// test here, the closing list of the refusals).
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
    ]);
    // Each change is made to the pod as last answered, and carries its resourceVersion.
    const removing = await t.app.inject({
      method: 'PUT',
      url: '/v1/namespaces/default/pods/web-1',
      payload: { ...pod, spec: { ...pod.spec, tolerations: [] } },
    });
    // admission puts the defaults back: removing them is no change
    expect(removing.statusCode).toBe(200);
    const removed = removing.json();
    const changing = await t.app.inject({
      method: 'PUT',
      url: '/v1/namespaces/default/pods/web-1',
      payload: { ...removed, spec: { ...removed.spec, tolerations: [{ key: 'a', operator: 'Exists', effect: 'NoSchedule' }] } },
    });
    expect(changing.statusCode).toBe(200);
    const changed = changing.json();
    const shrinking = await t.app.inject({
      method: 'PUT',
      url: '/v1/namespaces/default/pods/web-1',
      payload: { ...changed, spec: { ...changed.spec, tolerations: [{ key: 'b', operator: 'Exists', effect: 'NoSchedule' }] } },
    });
    expect(shrinking.statusCode).toBe(400);
    expect(shrinking.json().details).toEqual([
      { field: 'spec.tolerations', reason: 'Forbidden: existing toleration can not be modified except its tolerationSeconds' },
    ]);
    const list = await t.app.inject({ method: 'GET', url: '/v1/pods?phase=Pending' });
    expect(list.json().items).toHaveLength(1);
    expect((await t.app.inject({ method: 'DELETE', url: '/v1/namespaces/default/pods/web-1' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/v1/namespaces/default/pods/web-1' })).statusCode).toBe(404);
  });

  describe('a kubectl get pod -o json body', () => {
    it('with its foreign resourceVersion is an update of a pod not stored: 404, nothing stored', async () => {
      // Store.Update: pods do not allow create on update; the version named is another cluster's.
      const reply = await expectNothingStored(api, db, () =>
        api.putPod('shop', 'web-7d4b9c8f6d-x2k9p', kubectlPod('web-7d4b9c8f6d-x2k9p', 'shop', 'worker-1')),
      );
      expectApiError(reply, 404, 'pods "web-7d4b9c8f6d-x2k9p" not found');
    });

    it('without its resourceVersion is accepted as it is and answered with every field it had, server-managed ones replaced', async () => {
      const sent = withoutResourceVersion(kubectlPod('web-7d4b9c8f6d-x2k9p', 'shop', 'worker-1'));
      const created = await api.putPod('shop', 'web-7d4b9c8f6d-x2k9p', sent);
      expect(created.statusCode).toBe(201);
      const pod = created.json();
      expect(pod).toEqual(asStored(sent));
      expect(pod.metadata.uid).not.toBe(sent.metadata.uid);
      expect((await api.getPod('shop', 'web-7d4b9c8f6d-x2k9p')).json()).toEqual(pod);
    });

    it('sent again is a 200 that changes nothing but resourceVersion', async () => {
      const before = (await api.getPod('shop', 'web-7d4b9c8f6d-x2k9p')).json();
      const again = await api.putPod('shop', 'web-7d4b9c8f6d-x2k9p', withoutResourceVersion(kubectlPod('web-7d4b9c8f6d-x2k9p', 'shop', 'worker-1')));
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

    it('Burstable: no memory-pressure toleration, PodTolerationRestriction being off by default', async () => {
      const pod = await created('adm', 'burstable', { spec: { containers: [container({ requests: { memory: '64Mi' } })] } });
      expect(pod.spec.tolerations).toEqual([notReady300, unreachable300]);
      expect(pod.status.qosClass).toBe('Burstable');
    });

    it('Guaranteed from limits alone: requests defaulted from limits, and visible', async () => {
      const pod = await created('adm', 'guaranteed', {
        spec: {
          containers: [
            container({ limits: { cpu: '500m', memory: '256Mi' } }),
            { name: 'side', resources: { limits: { cpu: '1', memory: '1Gi' }, requests: { cpu: '1', memory: '1Gi' } } },
          ],
        },
      });
      expect(pod.status.qosClass).toBe('Guaranteed');
      expect(pod.spec.containers[0].resources).toEqual({ limits: { cpu: '500m', memory: '256Mi' }, requests: { cpu: '500m', memory: '256Mi' } });
      expect(pod.spec.tolerations).toEqual([notReady300, unreachable300]);
    });

    it("keeps the pod's own not-ready seconds and adds only what is missing", async () => {
      const own = { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 60 };
      const pod = await created('adm', 'own-seconds', { spec: { tolerations: [own] } });
      expect(pod.spec.tolerations).toEqual([own, unreachable300]);
    });

    it('a toleration of everything needs no defaults', async () => {
      const pod = await created('adm', 'tolerates-all', {
        spec: { containers: [container({ requests: { cpu: '1' } })], tolerations: [{ operator: 'Exists' }] },
      });
      expect(pod.spec.tolerations).toEqual([{ operator: 'Exists' }]);
    });

    it('extended resources: no toleration for them, ExtendedResourceToleration being off by default', async () => {
      const pod = await created('adm', 'gpu', { spec: { containers: [container({ requests: { 'nvidia.com/gpu': '1' } })] } });
      expect(pod.spec.tolerations).toEqual([notReady300, unreachable300]);
    });

    it("DaemonSet pods get the DaemonSet controller's tolerations (network-unavailable with hostNetwork)", async () => {
      const owner = {
        apiVersion: 'apps/v1',
        kind: 'DaemonSet',
        name: 'fluentd',
        uid: 'b1c2d3e4-0000-4000-8000-000000000001',
        controller: true,
        blockOwnerDeletion: true,
      };
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
      [
        'changing its operator',
        (ts: Record<string, unknown>[]) => ts.map((x) => (x['key'] === 'dedicated' ? { key: 'dedicated', operator: 'Exists', effect: 'NoSchedule' } : x)),
      ],
      ['changing its effect', (ts: Record<string, unknown>[]) => ts.map((x) => (x['key'] === 'dedicated' ? { ...x, effect: 'NoExecute' } : x))],
      [
        'an empty operator for Equal',
        (ts: Record<string, unknown>[]) => ts.map((x) => (x['key'] === 'dedicated' ? { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' } : x)),
      ],
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
      for (const [spec, diff] of [
        [{ nodeName: 'node-b' }, '- spec.nodeName: "node-a"\n+ spec.nodeName: "node-b"'],
        [{}, '- spec.nodeName: "node-a"'],
        [{ nodeName: '' }, '- spec.nodeName: "node-a"'],
      ] as const) {
        const forbidden = { field: 'spec', reason: `Forbidden: ${msg.podUpdateForbidden}\n${diff}` };
        const reply = await expectNothingStored(api, db, () => api.putPod('upd', 'p', { spec: { tolerations: pod.spec.tolerations, ...spec } }));
        expectApiError(reply, 400, `Pod "p" is invalid: ${forbidden.field}: ${forbidden.reason}`, [forbidden]);
      }
      expect((await current()).spec.nodeName).toBe('node-a');
      // the same nodeName again is no change
      expect((await api.putPod('upd', 'p', { spec: { tolerations: pod.spec.tolerations, nodeName: 'node-a' } })).statusCode).toBe(200);
    });

    it('reports a removed toleration and a changed nodeName together', async () => {
      const reply = await expectNothingStored(api, db, () => api.putPod('upd', 'p', { spec: { tolerations: [], nodeName: 'node-b' } }));
      const details = [
        forbiddenChange,
        { field: 'spec', reason: `Forbidden: ${msg.podUpdateForbidden}\n- spec.nodeName: "node-a"\n+ spec.nodeName: "node-b"` },
      ];
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
      return list.items
        .map((p: { metadata: { namespace: string; name: string } }) => `${p.metadata.namespace}/${p.metadata.name}`)
        .filter((k: string) => k.startsWith('lst-'));
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

describe('PUT /v1/namespaces/{ns}/pods/{name}: bad input is refused with 400 and changes nothing', () => {
  const { api, db } = useApiFixture();
  beforeAll(async () => {
    expect(
      (
        await api.putPod('prod', 'existing', {
          metadata: { labels: { keep: 'me' } },
          spec: { tolerations: [{ key: 'k', operator: 'Exists', effect: 'NoSchedule' }] },
        })
      ).statusCode,
    ).toBe(201);
  });

  /** A PUT that must fail and store nothing; a new pod stays absent. */
  const refused = async (namespace: string, name: string, body: unknown) => {
    const reply = await expectNothingStored(api, db, () => api.putPod(namespace, name, body));
    if (name !== 'existing') expectApiError(await api.getPod(namespace, name), 404, `pods "${decodeURIComponent(name)}" not found`);
    return reply;
  };

  describe('bodies that are not a pod', () => {
    it('JSON that does not parse, an empty body, a list, a string, null', async () => {
      await expectNotJsonRefused(api, db, 'PUT', '/v1/namespaces/prod/pods/p', '{"spec": {');
      await expectRawRefused(api, db, 'PUT', '/v1/namespaces/prod/pods/p', '', "Body cannot be empty when content-type is set to 'application/json'");
      for (const [payload, reason] of [
        ['[]', 'Invalid value: []: must be an object'],
        ['"pod"', 'Invalid value: "pod": must be an object'],
        ['null', 'Required value'],
      ] as const) {
        await expectRawRefused(api, db, 'PUT', '/v1/namespaces/prod/pods/p', payload, `Pod "p" is invalid: <body>: ${reason}`, [{ field: '<body>', reason }]);
      }
      expectApiError(await api.getPod('prod', 'p'), 404, 'pods "p" not found');
    });
  });

  describe('name and namespace on the URL versus in the body', () => {
    it("a different name: kube-apiserver's message", async () => {
      expectApiError(await refused('prod', 'p', { metadata: { name: 'q' } }), 400, 'the name of the object (q) does not match the name on the URL (p)');
      expectApiError(await api.getPod('prod', 'q'), 404, 'pods "q" not found');
    });

    it("a different namespace: kube-apiserver's message", async () => {
      expectApiError(
        await refused('prod', 'p', { metadata: { namespace: 'dev' } }),
        400,
        'the namespace of the provided object does not match the namespace sent on the request',
      );
      expectApiError(await api.getPod('dev', 'p'), 404, 'pods "p" not found');
      expectApiError(
        await refused('prod', 'existing', { metadata: { namespace: 'dev', name: 'existing' } }),
        400,
        'the namespace of the provided object does not match the namespace sent on the request',
      );
    });

    it('a kubectl pod body sent to another namespace', async () => {
      const body = kubectlPod('web-1', 'shop', 'worker-1');
      expectApiError(await refused('prod', 'web-1', body), 400, 'the namespace of the provided object does not match the namespace sent on the request');
    });

    it('a name or namespace that is not a string names the field', async () => {
      const name = [{ field: 'metadata.name', reason: 'Invalid value: 5: must be a string' }];
      expectApiError(await refused('prod', 'p', { metadata: { name: 5 } }), 400, invalid('p', name), name);
      const namespace = [{ field: 'metadata.namespace', reason: 'Invalid value: ["prod"]: must be a string' }];
      expectApiError(await refused('prod', 'p', { metadata: { namespace: ['prod'] } }), 400, invalid('p', namespace), namespace);
    });

    it.each<[string, string, string, Detail[]]>([
      ['an upper-case pod name', 'prod', 'Web', [{ field: 'metadata.name', reason: `Invalid value: "Web": ${msg.subdomainRegex}` }]],
      ['a pod name with an underscore', 'prod', 'web_1', [{ field: 'metadata.name', reason: `Invalid value: "web_1": ${msg.subdomainRegex}` }]],
      ['a namespace with a dot', 'prod.eu', 'p', [{ field: 'metadata.namespace', reason: `Invalid value: "prod.eu": ${msg.noDots}` }]],
      ['an upper-case namespace', 'Prod', 'p', [{ field: 'metadata.namespace', reason: `Invalid value: "Prod": ${msg.dnsLabelRegex}` }]],
      [
        'a namespace of 64 characters',
        'n'.repeat(64),
        'p',
        [{ field: 'metadata.namespace', reason: `Invalid value: "${'n'.repeat(64)}": ${msg.dnsLabelTooLong}` }],
      ],
    ])('%s', async (_, namespace, name, details) => {
      expectApiError(await refused(namespace, name, {}), 400, invalid(name, details), details);
    });
  });

  describe('tolerations the API server refuses, each with its spec.tolerations[i] path', () => {
    it.each<[string, unknown, Detail[]]>([
      [
        'an unknown operator',
        { key: 'k', operator: 'Foo' },
        [{ field: 'spec.tolerations[0].operator', reason: 'Unsupported value: "Foo": supported values: "Equal", "Exists"' }],
      ],
      [
        'a lower-case operator',
        { key: 'k', operator: 'exists' },
        [{ field: 'spec.tolerations[0].operator', reason: 'Unsupported value: "exists": supported values: "Equal", "Exists"' }],
      ],
      [
        'an empty key without Exists',
        { operator: 'Equal', value: 'v' },
        [{ field: 'spec.tolerations[0].operator', reason: `Invalid value: "Equal": ${keyEmptyNeedsExists}` }],
      ],
      ['an empty key and no operator', { value: 'v' }, [{ field: 'spec.tolerations[0].operator', reason: `Invalid value: "": ${keyEmptyNeedsExists}` }]],
      [
        'a value with Exists',
        { key: 'k', operator: 'Exists', value: 'v' },
        [{ field: 'spec.tolerations[0].operator', reason: `Invalid value: "v": value must be empty when \`operator\` is 'Exists'` }],
      ],
      [
        'tolerationSeconds without NoExecute',
        { key: 'k', operator: 'Exists', effect: 'NoSchedule', tolerationSeconds: 5 },
        [{ field: 'spec.tolerations[0].effect', reason: `Invalid value: "NoSchedule": effect must be 'NoExecute' when \`tolerationSeconds\` is set` }],
      ],
      [
        'tolerationSeconds with every effect',
        { key: 'k', operator: 'Exists', tolerationSeconds: 5 },
        [{ field: 'spec.tolerations[0].effect', reason: `Invalid value: "": effect must be 'NoExecute' when \`tolerationSeconds\` is set` }],
      ],
      [
        'an unknown effect',
        { key: 'k', operator: 'Exists', effect: 'Sometimes' },
        [{ field: 'spec.tolerations[0].effect', reason: `Unsupported value: "Sometimes": ${msg.effects}` }],
      ],
      ['a bad key', { key: 'bad key', operator: 'Exists' }, [{ field: 'spec.tolerations[0].key', reason: `Invalid value: "bad key": ${msg.nameRegex}` }]],
      [
        'a bad value for Equal (reported on operator, as Kubernetes does)',
        { key: 'k', value: 'bad value!' },
        [{ field: 'spec.tolerations[0].operator', reason: `Invalid value: "bad value!": ${msg.labelValueRegex}` }],
      ],
      [
        'Gt with a value that is not an integer',
        { key: 'k', operator: 'Gt', value: 'abc', effect: 'NoSchedule' },
        [
          { field: 'spec.tolerations[0].value', reason: 'Invalid value: "abc": must be a valid decimal integer in canonical form' },
          { field: 'spec.tolerations[0].value', reason: 'Invalid value: "abc": strconv.ParseInt: parsing "abc": invalid syntax' },
        ],
      ],
      [
        'Lt with a leading zero',
        { key: 'k', operator: 'Lt', value: '007', effect: 'NoSchedule' },
        [{ field: 'spec.tolerations[0].value', reason: 'Invalid value: "007": must be a valid decimal integer in canonical form' }],
      ],
    ])('%s', async (_, toleration, details) => {
      expectApiError(await refused('prod', 'p', { spec: { tolerations: [toleration] } }), 400, invalid('p', details), details);
    });

    it('reports every bad toleration of a list, at its index, good ones between them', async () => {
      const tolerations = [
        { key: 'good', operator: 'Exists', effect: 'NoSchedule' },
        { key: 'k', operator: 'Foo' },
        { operator: 'Equal', value: 'v' },
        { key: 'good2', operator: 'Equal', value: 'v', effect: 'NoExecute', tolerationSeconds: 60 },
        { key: 'k', operator: 'Exists', value: 'v' },
        { key: 'k', operator: 'Exists', effect: 'NoSchedule', tolerationSeconds: 5 },
        { key: 'k', operator: 'Exists', effect: 'Sometimes' },
      ];
      const details = [
        { field: 'spec.tolerations[1].operator', reason: 'Unsupported value: "Foo": supported values: "Equal", "Exists"' },
        { field: 'spec.tolerations[2].operator', reason: `Invalid value: "Equal": ${keyEmptyNeedsExists}` },
        { field: 'spec.tolerations[4].operator', reason: `Invalid value: "v": value must be empty when \`operator\` is 'Exists'` },
        { field: 'spec.tolerations[5].effect', reason: `Invalid value: "NoSchedule": effect must be 'NoExecute' when \`tolerationSeconds\` is set` },
        { field: 'spec.tolerations[6].effect', reason: `Unsupported value: "Sometimes": ${msg.effects}` },
      ];
      expectApiError(await refused('prod', 'p', { spec: { tolerations } }), 400, invalid('p', details), details);
    });

    it('accepts Gt and Lt with canonical integers (the comparison operators are on by default)', async () => {
      const reply = await api.putPod('prod', 'gt', {
        spec: {
          tolerations: [
            { key: 'example.com/gen', operator: 'Gt', value: '3', effect: 'NoSchedule' },
            { key: 'example.com/gen', operator: 'Lt', value: '-1', effect: 'NoExecute' },
          ],
        },
      });
      expect(reply.statusCode).toBe(201);
    });

    it('a bad toleration added in an update is refused and the stored pod stays as it was', async () => {
      const before = (await api.getPod('prod', 'existing')).json();
      const tolerations = [...before.spec.tolerations, { key: 'new', operator: 'Exists', value: 'x' }];
      const details = [
        { field: `spec.tolerations[${tolerations.length - 1}].operator`, reason: `Invalid value: "x": value must be empty when \`operator\` is 'Exists'` },
      ];
      expectApiError(await refused('prod', 'existing', { spec: { tolerations } }), 400, invalid('existing', details), details);
      expect((await api.getPod('prod', 'existing')).json()).toEqual(before);
    });
  });

  describe('wrong JSON types name the field (and are reported alone, before the rules)', () => {
    it.each<[string, unknown, Detail[]]>([
      ['metadata a string', { metadata: 'p' }, [{ field: 'metadata', reason: 'Invalid value: "p": must be an object' }]],
      ['labels a list', { metadata: { labels: ['a'] } }, [{ field: 'metadata.labels', reason: 'Invalid value: ["a"]: must be an object' }]],
      [
        'an ownerReference without kind',
        { metadata: { ownerReferences: [{ name: 'x', controller: true }] } },
        [{ field: 'metadata.ownerReferences[0].kind', reason: 'Required value' }],
      ],
      [
        'ownerReference.controller a string',
        { metadata: { ownerReferences: [{ kind: 'DaemonSet', name: 'x', controller: 'true' }] } },
        [{ field: 'metadata.ownerReferences[0].controller', reason: 'Invalid value: "true": must be a boolean' }],
      ],
      ['spec a string', { spec: 'none' }, [{ field: 'spec', reason: 'Invalid value: "none": must be an object' }]],
      [
        'tolerations an object',
        { spec: { tolerations: { key: 'k' } } },
        [{ field: 'spec.tolerations', reason: 'Invalid value: {"key":"k"}: must be an array' }],
      ],
      [
        'a toleration a string',
        { spec: { tolerations: ['k:NoSchedule'] } },
        [{ field: 'spec.tolerations[0]', reason: 'Invalid value: "k:NoSchedule": must be an object' }],
      ],
      [
        'tolerationSeconds a string',
        { spec: { tolerations: [{ key: 'k', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: '30' }] } },
        [{ field: 'spec.tolerations[0].tolerationSeconds', reason: 'Invalid value: "30": must be an integer' }],
      ],
      [
        'tolerationSeconds a fraction',
        { spec: { tolerations: [{ key: 'k', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 1.5 }] } },
        [{ field: 'spec.tolerations[0].tolerationSeconds', reason: 'Invalid value: 1.5: must be an integer' }],
      ],
      [
        'a toleration key a number',
        { spec: { tolerations: [{ key: 1, operator: 'Exists' }] } },
        [{ field: 'spec.tolerations[0].key', reason: 'Invalid value: 1: must be a string' }],
      ],
      [
        'a toleration operator a boolean',
        { spec: { tolerations: [{ key: 'k', operator: true }] } },
        [{ field: 'spec.tolerations[0].operator', reason: 'Invalid value: true: must be a string' }],
      ],
      ['nodeName a number', { spec: { nodeName: 1 } }, [{ field: 'spec.nodeName', reason: 'Invalid value: 1: must be a string' }]],
      ['nodeSelector a list', { spec: { nodeSelector: ['a=b'] } }, [{ field: 'spec.nodeSelector', reason: 'Invalid value: ["a=b"]: must be an object' }]],
      [
        'a nodeSelector value a boolean',
        { spec: { nodeSelector: { gpu: true } } },
        [{ field: 'spec.nodeSelector[gpu]', reason: 'Invalid value: true: must be a string' }],
      ],
      [
        'containers an object',
        { spec: { containers: { name: 'c' } } },
        [{ field: 'spec.containers', reason: 'Invalid value: {"name":"c"}: must be an array' }],
      ],
      [
        'a request a boolean',
        { spec: { containers: [{ name: 'c', resources: { requests: { cpu: true } } }] } },
        [{ field: 'spec.containers[0].resources.requests[cpu]', reason: 'Invalid value: true: must be a quantity string' }],
      ],
      [
        'a limit that is not a quantity',
        { spec: { initContainers: [{ name: 'i', resources: { limits: { memory: 'lots' } } }] } },
        [
          {
            field: 'spec.initContainers[0].resources.limits[memory]',
            reason: `Invalid value: "lots": quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'`,
          },
        ],
      ],
      ['affinity a list', { spec: { affinity: [] } }, [{ field: 'spec.affinity', reason: 'Invalid value: []: must be an object' }]],
      [
        'nodeSelectorTerms an object',
        { spec: { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: {} } } } } },
        [{ field: `${required}.nodeSelectorTerms`, reason: 'Invalid value: {}: must be an array' }],
      ],
      ['hostNetwork a string', { spec: { hostNetwork: 'yes' } }, [{ field: 'spec.hostNetwork', reason: 'Invalid value: "yes": must be a boolean' }]],
      ['status.phase a number', { status: { phase: 1 } }, [{ field: 'status.phase', reason: 'Invalid value: 1: must be a string' }]],
      [
        'a type error hides the rule errors of the same body',
        { spec: { nodeName: 5, tolerations: [{ key: 'k', operator: 'Foo' }] } },
        [{ field: 'spec.nodeName', reason: 'Invalid value: 5: must be a string' }],
      ],
    ])('%s', async (_, body, details) => {
      expectApiError(await refused('prod', 'p', body), 400, invalid('p', details), details);
    });
  });

  describe('other fields the API server refuses', () => {
    it.each<[string, unknown, Detail[]]>([
      [
        'another apiVersion and kind',
        { apiVersion: 'apps/v1', kind: 'Deployment' },
        [
          { field: 'apiVersion', reason: 'Unsupported value: "apps/v1": supported values: "v1"' },
          { field: 'kind', reason: 'Unsupported value: "Deployment": supported values: "Pod"' },
        ],
      ],
      ['a bad nodeName', { spec: { nodeName: 'Worker_1' } }, [{ field: 'spec.nodeName', reason: `Invalid value: "Worker_1": ${msg.subdomainRegex}` }]],
      [
        'a bad nodeSelector key',
        { spec: { nodeSelector: { 'bad key': 'x' } } },
        [{ field: 'spec.nodeSelector', reason: `Invalid value: "bad key": ${msg.nameRegex}` }],
      ],
      [
        'a bad nodeSelector value',
        { spec: { nodeSelector: { zone: 'a b' } } },
        [{ field: 'spec.nodeSelector', reason: `Invalid value: "a b": ${msg.labelValueRegex}` }],
      ],
      [
        'an unknown phase',
        { status: { phase: 'Sleeping' } },
        [{ field: 'status.phase', reason: 'Unsupported value: "Sleeping": supported values: "Pending", "Running", "Succeeded", "Failed", "Unknown"' }],
      ],
      [
        'a label with a bad value',
        { metadata: { labels: { app: 'web!' } } },
        [{ field: 'metadata.labels', reason: `Invalid value: "web!": ${msg.labelValueRegex}` }],
      ],
      [
        'a node affinity operator that does not exist',
        {
          spec: {
            affinity: {
              nodeAffinity: {
                requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'zone', operator: 'Is', values: ['a'] }] }] },
              },
            },
          },
        },
        [{ field: `${required}.nodeSelectorTerms[0].matchExpressions[0].operator`, reason: 'Invalid value: "Is": not a valid selector operator' }],
      ],
      [
        'In without values',
        {
          spec: {
            affinity: {
              nodeAffinity: {
                requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'zone', operator: 'In' }] }] },
              },
            },
          },
        },
        [
          {
            field: `${required}.nodeSelectorTerms[0].matchExpressions[0].values`,
            reason: "Required value: must be specified when `operator` is 'In' or 'NotIn'",
          },
        ],
      ],
      [
        'a required node affinity without terms',
        { spec: { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [] } } } } },
        [{ field: `${required}.nodeSelectorTerms`, reason: 'Required value: must have at least one node selector term' }],
      ],
      [
        'a preferred term weight out of range',
        {
          spec: {
            affinity: {
              nodeAffinity: {
                preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 0, preference: { matchExpressions: [{ key: 'zone', operator: 'Exists' }] } }],
              },
            },
          },
        },
        [
          {
            field: 'spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight',
            reason: 'Invalid value: 0: must be in the range 1-100',
          },
        ],
      ],
    ])('%s', async (_, body, details) => {
      expectApiError(await refused('prod', 'p', body), 400, invalid('p', details), details);
    });
  });

  it('after all of it, only the pods that were accepted are stored', async () => {
    const keys = (await api.get('/v1/pods'))
      .json()
      .items.map((p: { metadata: { namespace: string; name: string } }) => `${p.metadata.namespace}/${p.metadata.name}`);
    expect(keys).toEqual(['prod/existing', 'prod/gt']);
    expect((await api.getPod('prod', 'existing')).json().metadata.labels).toEqual({ keep: 'me' });
  });
});
