import { beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../../../support/api-client';
import { useApiFixture } from '../../../../support/api-test-app';
import {
  asStored,
  csiNodes,
  keptObjects,
  kubectlList,
  namespaces,
  persistentVolumeClaims,
  persistentVolumes,
  podDisruptionBudgets,
  storageClasses,
} from '../../../../support/twin-kinds';

/**
 * GET /v1/namespaces, /v1/persistentvolumes, /v1/persistentvolumeclaims, /v1/storageclasses,
 * /v1/csinodes and /v1/poddisruptionbudgets: the kinds imported, listed as nodes are.
 */

type Item = { metadata: { name: string; namespace?: string } };
const keys = (page: { items: Item[] }) => page.items.map((o) => (o.metadata.namespace ? `${o.metadata.namespace}/${o.metadata.name}` : o.metadata.name));

describe('the REST lists of the other kinds the twin keeps', () => {
  const t = useApiFixture();
  const { api } = t;

  beforeAll(async () => {
    const orphan = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'batch' }, spec: { containers: [{ name: 'c', image: 'busybox' }] } };
    expect((await api.post('/v1/clusters/prod/import', kubectlList(...keptObjects, orphan))).json()).toMatchObject({ rejected: [] });
    expect((await api.post('/v1/import', kubectlList(storageClasses[0]))).json()).toMatchObject({ created: 1 });
  });

  it('lists each kind in name order (claims by namespace/name), as its API version and list kind, at the revision read', async () => {
    const revision = (await api.get('/v1/clusters/prod')).json().metadata.resourceVersion;
    const volumes = (await api.get('/v1/clusters/prod/persistentvolumes')).json();
    expect(volumes).toEqual({
      apiVersion: 'v1',
      kind: 'PersistentVolumeList',
      metadata: { resourceVersion: revision },
      items: [asStored(persistentVolumes[1]!), asStored(persistentVolumes[0]!)],
    });
    const classes = (await api.get('/v1/clusters/prod/storageclasses')).json();
    expect(classes).toMatchObject({ apiVersion: 'storage.k8s.io/v1', kind: 'StorageClassList' });
    expect(keys(classes)).toEqual(['premium-rwo', 'standard-rwo']);
    expect((await api.get('/v1/clusters/prod/csinodes')).json()).toMatchObject({ kind: 'CSINodeList', items: [asStored(csiNodes[0]!)] });
    expect(keys((await api.get('/v1/clusters/prod/persistentvolumeclaims')).json())).toEqual(['default/scratch', 'shop/data-db-0']);
    expect(keys((await api.get('/v1/clusters/prod/namespaces/shop/persistentvolumeclaims')).json())).toEqual(['shop/data-db-0']);
  });

  it('lists the PodDisruptionBudgets of every namespace or one, by namespace/name, as policy/v1; reads one', async () => {
    const revision = (await api.get('/v1/clusters/prod')).json().metadata.resourceVersion;
    const [apiBudget, db, web] = podDisruptionBudgets.map((b) => asStored(b));
    expect((await api.get('/v1/clusters/prod/poddisruptionbudgets')).json()).toEqual({
      apiVersion: 'policy/v1',
      kind: 'PodDisruptionBudgetList',
      metadata: { resourceVersion: revision },
      items: [apiBudget, db, web],
    });
    expect(keys((await api.get('/v1/clusters/prod/namespaces/shop/poddisruptionbudgets')).json())).toEqual(['shop/db', 'shop/web']);
    expect(keys((await api.get('/v1/clusters/prod/poddisruptionbudgets?labelSelector=app%3Ddb')).json())).toEqual(['shop/db']);
    const first = (await api.get('/v1/clusters/prod/namespaces/shop/poddisruptionbudgets?limit=1')).json();
    expect(keys(first)).toEqual(['shop/db']);
    expect(keys((await api.get(`/v1/clusters/prod/namespaces/shop/poddisruptionbudgets?limit=1&continue=${first.metadata.continue}`)).json())).toEqual([
      'shop/web',
    ]);
    expect((await api.get('/v1/clusters/prod/namespaces/shop/poddisruptionbudgets/web')).json()).toEqual(web);
    expectApiError(await api.get('/v1/clusters/prod/namespaces/default/poddisruptionbudgets/web'), 404, 'poddisruptionbudgets.policy "web" not found');
    expect((await api.get('/v1/poddisruptionbudgets')).json().items).toEqual([]);
  });

  it('lists the namespaces imported and those only implied by a pod (made up: no uid, no creation time)', async () => {
    const list = (await api.get('/v1/clusters/prod/namespaces')).json();
    expect(list.kind).toBe('NamespaceList');
    expect(list.items).toEqual([
      {
        apiVersion: 'v1',
        kind: 'Namespace',
        metadata: { name: 'batch', labels: { 'kubernetes.io/metadata.name': 'batch' } },
        spec: { finalizers: ['kubernetes'] },
        status: { phase: 'Active' },
      },
      asStored(namespaces[0]!),
      asStored(namespaces[1]!),
    ]);
    expect((await api.get('/v1/clusters/prod/namespaces/shop')).json()).toEqual(asStored(namespaces[1]!));
    // The default cluster has no Namespace object: default is there all the same.
    expect(keys((await api.get('/v1/namespaces')).json())).toEqual(['default']);
    expectApiError(await api.get('/v1/clusters/prod/namespaces/nowhere'), 404, 'namespaces "nowhere" not found');
  });

  it('pages as every list does: limit, continue, remainingItemCount; the label selector before paging', async () => {
    const first = (await api.get('/v1/clusters/prod/persistentvolumes?limit=1')).json();
    expect(keys(first)).toEqual(['nfs-share']);
    expect(first.metadata).toMatchObject({ continue: expect.any(String), remainingItemCount: 1 });
    const second = (await api.get(`/v1/clusters/prod/persistentvolumes?limit=1&continue=${first.metadata.continue}`)).json();
    expect(keys(second)).toEqual([persistentVolumes[0]!.metadata.name]);
    expect(second.metadata.continue).toBeUndefined();
    expect(keys((await api.get('/v1/clusters/prod/persistentvolumes?labelSelector=kind%3Dnfs')).json())).toEqual(['nfs-share']);
    expect(keys((await api.get('/v1/clusters/prod/persistentvolumeclaims?labelSelector=app%3Ddb')).json())).toEqual(['shop/data-db-0']);
    expect(keys((await api.get('/v1/clusters/prod/namespaces?labelSelector=team')).json())).toEqual(['shop']);
    const bad = await api.get('/v1/clusters/prod/storageclasses?labelSelector=a%3D%3D%3Db');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([{ field: 'labelSelector', reason: expect.any(String) }]);
    expect((await api.get('/v1/clusters/prod/csinodes?limit=-1')).statusCode).toBe(400);
  });

  it('serves each cluster its own; reads one object by name, NotFound in the API server words', async () => {
    expect(keys((await api.get('/v1/storageclasses')).json())).toEqual(['premium-rwo']);
    expect((await api.get('/v1/persistentvolumes')).json().items).toEqual([]);
    expect((await api.get('/v1/clusters/prod/namespaces/shop/persistentvolumeclaims/data-db-0')).json()).toEqual(asStored(persistentVolumeClaims[0]!));
    expectApiError(await api.get('/v1/storageclasses/standard-rwo'), 404, 'storageclasses.storage.k8s.io "standard-rwo" not found');
    expectApiError(await api.get('/v1/clusters/prod/namespaces/default/persistentvolumeclaims/data-db-0'), 404, 'persistentvolumeclaims "data-db-0" not found');
    expectApiError(await api.get('/v1/clusters/nowhere/csinodes'), 404, 'clusters "nowhere" not found');
  });

  it('the Kubernetes API face answers a resource it does not serve with a Status 404 naming it', async () => {
    const cases: [string, 'GET' | 'POST' | 'DELETE', string, object][] = [
      ['/api/v1/services', 'GET', 'the server could not find the requested resource (get services)', { kind: 'services' }],
      ['/api/v1/namespaces/shop/configmaps/c', 'GET', 'the server could not find the requested resource (get configmaps c)', { kind: 'configmaps', name: 'c' }],
      [
        '/clusters/prod/apis/apps/v1/namespaces/shop/deployments',
        'POST',
        'the server could not find the requested resource (post deployments.apps)',
        { kind: 'deployments', group: 'apps' },
      ],
      [
        '/apis/batch/v1/jobs/j',
        'DELETE',
        'the server could not find the requested resource (delete jobs.batch j)',
        { kind: 'jobs', name: 'j', group: 'batch' },
      ],
      ['/apis/example.com', 'GET', 'the server could not find the requested resource', {}],
    ];
    for (const [url, method, message, details] of cases) {
      const reply = await api.request(method, url, method === 'POST' ? {} : undefined);
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toEqual({
        kind: 'Status',
        apiVersion: 'v1',
        metadata: {},
        status: 'Failure',
        message,
        reason: 'NotFound',
        ...(Object.keys(details).length > 0 ? { details } : {}),
        code: 404,
      });
    }
    // What the face serves is served still, its own NotFound its own.
    expect((await api.get('/api/v1/nodes')).statusCode).toBe(200);
    expect((await api.get('/apis/storage.k8s.io/v1/storageclasses/nope')).json()).toMatchObject({
      message: 'storageclasses.storage.k8s.io "nope" not found',
      details: { name: 'nope', group: 'storage.k8s.io', kind: 'storageclasses' },
    });
    expect((await api.get('/apis/policy/v1/namespaces/shop/poddisruptionbudgets/nope')).json()).toMatchObject({
      message: 'poddisruptionbudgets.policy "nope" not found',
      details: { name: 'nope', group: 'policy', kind: 'poddisruptionbudgets' },
    });
    // REST's unknown paths are REST's.
    expect((await api.get('/v1/deployments')).json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });
});
