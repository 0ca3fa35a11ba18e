import { describe, expect, it } from 'vitest';
import { expectApiError, expectNothingStored, invalidMessage } from '../../../../support/api-client';
import { useApiFixture } from '../../../../support/api-test-app';

type Json = Record<string, any>;

const modified = (name: string) =>
  `Operation cannot be fulfilled on pods "${name}": the object has been modified; please apply your changes to the latest version and try again`;
const OTHER_UID = '0b7e3f1a-1111-4c2d-8e3f-9a0b1c2d3e4f';

/** A pod as last read, with one image changed (an update ValidatePodUpdate allows). */
const withImage = (pod: Json, image: string): Json => ({ ...pod, spec: { ...pod.spec, containers: [{ ...pod.spec.containers[0], image }] } });

describe('optimistic concurrency on pods (docs/contract.md, "Concurrency")', () => {
  const t = useApiFixture();
  const { api, db } = t;
  const created = async (name: string): Promise<Json> => {
    const reply = await api.putPod('occ', name, { spec: { containers: [{ name: 'c', image: 'nginx:1.27' }] } });
    expect(reply.statusCode).toBe(201);
    return reply.json();
  };
  const del = (name: string, options?: unknown) => api.request('DELETE', `/v1/namespaces/occ/pods/${name}`, options);

  // Store.Update (k8s.io/apiserver/pkg/registry/generic/registry/store.go).
  describe('PUT with metadata.resourceVersion (Store.Update)', () => {
    it('a stale resourceVersion answers 409 and changes nothing: the pod keeps its version and content', async () => {
      const first = await created('stale');
      const second = await api.putPod('occ', 'stale', withImage(first, 'nginx:1.28'));
      expect(second.statusCode).toBe(200);
      const reply = await expectNothingStored(api, db, () => api.putPod('occ', 'stale', withImage(first, 'nginx:1.29')));
      expectApiError(reply, 409, modified('stale'));
      expect((await api.getPod('occ', 'stale')).json()).toEqual(second.json());
    });

    it('the stored resourceVersion answers 200', async () => {
      const pod = await created('current');
      const reply = await api.putPod('occ', 'current', withImage(pod, 'nginx:1.28'));
      expect(reply.statusCode).toBe(200);
      expect(reply.json().spec.containers[0].image).toBe('nginx:1.28');
    });

    it('no resourceVersion: unconditional, over whatever is stored', async () => {
      const pod = await created('free');
      await api.putPod('occ', 'free', withImage(pod, 'nginx:1.28'));
      const { resourceVersion: _read, ...metadata } = pod.metadata;
      const reply = await api.putPod('occ', 'free', { ...withImage(pod, 'nginx:1.29'), metadata });
      expect(reply.statusCode).toBe(200);
      expect((await api.getPod('occ', 'free')).json().spec.containers[0].image).toBe('nginx:1.29');
    });

    it('the version is checked before the update rules: a stale forbidden change is a 409', async () => {
      // Store.Update compares resourceVersions before it runs updateValidation (ValidatePodUpdate).
      const pod = await created('stale-forbidden');
      await api.putPod('occ', 'stale-forbidden', withImage(pod, 'nginx:1.28'));
      const reply = await api.putPod('occ', 'stale-forbidden', { ...pod, spec: { ...pod.spec, nodeSelector: { disk: 'ssd' } } });
      expectApiError(reply, 409, modified('stale-forbidden'));
    });

    it('a resourceVersion for a pod not stored: 404, nothing created (podStrategy.AllowCreateOnUpdate is false)', async () => {
      const reply = await expectNothingStored(api, db, () => api.putPod('occ', 'absent', { metadata: { resourceVersion: '7' } }));
      expectApiError(reply, 404, 'pods "absent" not found');
    });

    it('a resourceVersion that is no decimal integer: 400 naming metadata.resourceVersion, nothing stored', async () => {
      await created('bad-rv');
      const reply = await expectNothingStored(api, db, () => api.putPod('occ', 'bad-rv', { metadata: { resourceVersion: 'latest' } }));
      const details = [{ field: 'metadata.resourceVersion', reason: 'Invalid value: "latest": strconv.ParseUint: parsing "latest": invalid syntax' }];
      expectApiError(reply, 400, invalidMessage('Pod', 'bad-rv', details), details);
    });
  });

  // Store.Delete and rest.BeforeDelete (k8s.io/apiserver/pkg/registry/rest/delete.go).
  describe('DELETE with DeleteOptions preconditions (Store.Delete, rest.BeforeDelete)', () => {
    it('a uid that is not the pod’s answers 409 and the pod stays', async () => {
      const pod = await created('del-uid');
      const reply = await expectNothingStored(api, db, () => del('del-uid', { kind: 'DeleteOptions', apiVersion: 'v1', preconditions: { uid: OTHER_UID } }));
      expectApiError(
        reply,
        409,
        `Operation cannot be fulfilled on Pod "del-uid": the UID in the precondition (${OTHER_UID}) does not match the UID in record (${pod.metadata.uid}). The object might have been deleted and then recreated`,
      );
      expect((await api.getPod('occ', 'del-uid')).json()).toEqual(pod);
    });

    it('a resourceVersion that is not the pod’s answers 409 and the pod stays', async () => {
      const pod = await created('del-rv');
      const now = (await api.putPod('occ', 'del-rv', withImage(pod, 'nginx:1.28'))).json();
      const reply = await expectNothingStored(api, db, () => del('del-rv', { preconditions: { resourceVersion: pod.metadata.resourceVersion } }));
      expectApiError(
        reply,
        409,
        `Operation cannot be fulfilled on Pod "del-rv": the ResourceVersion in the precondition (${pod.metadata.resourceVersion}) does not match the ResourceVersion in record (${now.metadata.resourceVersion}). The object might have been modified`,
      );
      expect((await api.getPod('occ', 'del-rv')).json()).toEqual(now);
    });

    it('the pod’s uid and resourceVersion, beside kubectl’s grace period and propagation policy: deleted', async () => {
      const pod = await created('del-ok');
      const options = {
        kind: 'DeleteOptions',
        apiVersion: 'v1',
        gracePeriodSeconds: 30,
        propagationPolicy: 'Background',
        preconditions: { uid: pod.metadata.uid, resourceVersion: pod.metadata.resourceVersion },
      };
      const reply = await del('del-ok', options);
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toEqual(pod);
      expectApiError(await api.getPod('occ', 'del-ok'), 404, 'pods "del-ok" not found');
    });

    it('no body deletes as before', async () => {
      await created('del-bare');
      expect((await del('del-bare')).statusCode).toBe(200);
    });

    it('bad DeleteOptions: 400 naming the field, nothing deleted', async () => {
      await created('del-bad');
      const reply = await expectNothingStored(api, db, () => del('del-bad', { preconditions: { resourceVersion: 12 } }));
      const detail = { field: 'preconditions.resourceVersion', reason: 'Invalid value: 12: must be a string' };
      expectApiError(reply, 400, `${detail.field}: ${detail.reason}`, [detail]);
    });
  });
});
