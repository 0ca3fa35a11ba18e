import { stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { ClusterSnapshots } from '../../../../../apps/api/src/store/cluster-snapshots';
import { useApiFixture } from '../../../../support/api-test-app';
import {
  asStored,
  csiNodes,
  keptObjects,
  kubectlList,
  namespaces,
  node,
  persistentVolumeClaims,
  persistentVolumes,
  pod,
  podDisruptionBudgets,
  skippedObjects,
  storageClasses,
} from '../../../../support/twin-kinds';

/** The import of what `kubectl get all,pv,pvc,sc,csinodes,pdb,ns -A -o yaml` prints: the kinds the twin keeps stored, the others counted. */

const tally = (created: number, updated: number, unchanged: number, deleted: number) => ({ created, updated, unchanged, deleted });
const names = (reply: { json: () => { items: { metadata: { name: string; namespace?: string } }[] } }) =>
  reply.json().items.map((o) => (o.metadata.namespace ? `${o.metadata.namespace}/${o.metadata.name}` : o.metadata.name));

describe('import of the kinds the twin keeps beside nodes and pods', () => {
  const t = useApiFixture();
  const { api } = t;

  it('imports a v1 List of mixed kinds in one go: each kept kind stored and counted, the others skipped with a count per kind', async () => {
    const body = stringify(kubectlList(...skippedObjects, ...keptObjects));
    const reply = await api.raw('POST', '/v1/clusters/mixed/import', body, 'application/yaml');
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({
      created: keptObjects.length,
      nodes: tally(1, 0, 0, 0),
      pods: tally(1, 0, 0, 0),
      namespaces: tally(2, 0, 0, 0),
      persistentVolumes: tally(2, 0, 0, 0),
      persistentVolumeClaims: tally(2, 0, 0, 0),
      storageClasses: tally(2, 0, 0, 0),
      csiNodes: tally(1, 0, 0, 0),
      podDisruptionBudgets: tally(3, 0, 0, 0),
      rejected: [],
      skipped: [
        { kind: 'Service', apiVersion: 'v1', count: 2 },
        { kind: 'StatefulSet', apiVersion: 'apps/v1', count: 1 },
        { kind: 'Deployment', apiVersion: 'apps/v1', count: 2 },
        { kind: 'ReplicaSet', apiVersion: 'apps/v1', count: 1 },
      ],
    });
    // Each as the cluster printed it: uid, creation time, labels, annotations, status kept.
    expect((await api.get('/v1/clusters/mixed/persistentvolumes/nfs-share')).json()).toEqual(asStored(persistentVolumes[1]!));
    expect((await api.get('/v1/clusters/mixed/namespaces/shop/persistentvolumeclaims/data-db-0')).json()).toEqual(asStored(persistentVolumeClaims[0]!));
    expect((await api.get('/v1/clusters/mixed/storageclasses/standard-rwo')).json()).toEqual(asStored(storageClasses[1]!));
    expect((await api.get('/v1/clusters/mixed/csinodes/gke-pool-1')).json()).toEqual(asStored(csiNodes[0]!));
    expect((await api.get('/v1/clusters/mixed/namespaces/shop')).json()).toEqual(asStored(namespaces[1]!));
    expect((await api.get('/v1/clusters/mixed/namespaces/shop/poddisruptionbudgets/web')).json()).toEqual(asStored(podDisruptionBudgets[2]!));
    // The images a node holds (ImageLocality reads them) are kept with the rest of its status.
    expect((await api.get('/v1/clusters/mixed/nodes/gke-pool-1')).json().status.images).toEqual(node.status.images);
    expect((await api.get('/v1/clusters/mixed/namespaces/shop/pods/db-0')).json().spec.volumes).toEqual(pod.spec.volumes);
  });

  it('the same import again changes nothing; a changed object is updated; prune deletes only objects of a kind the file names', async () => {
    await api.post('/v1/clusters/again/import', kubectlList(...keptObjects));
    const revision = async () => (await api.get('/v1/clusters/again')).json().metadata.resourceVersion as string;
    const before = await revision();
    const again = await api.post('/v1/clusters/again/import', kubectlList(...keptObjects));
    expect(again.json()).toMatchObject({ created: 0, updated: 0, unchanged: keptObjects.length, persistentVolumes: tally(0, 0, 2, 0), skipped: [] });
    // Nothing changed, so no revision taken: the cluster's resourceVersion is as it was, and the
    // answer's is it. The import is in the audit trail all the same, at that revision.
    expect(await revision()).toBe(before);
    expect(again.json().resourceVersion).toBe(before);
    const audited = await t.db.query<{ revision: string }>(
      "SELECT revision::text FROM audit_events WHERE action = 'cluster.import' AND cluster_name = 'again' ORDER BY id DESC LIMIT 1",
    );
    expect(audited.rows).toEqual([{ revision: before }]);

    const resized = { ...persistentVolumes[1]!, spec: { ...persistentVolumes[1]!.spec, capacity: { storage: '2Ti' } } };
    const updated = await api.post('/v1/clusters/again/import', kubectlList(resized));
    expect(updated.json()).toMatchObject({ updated: 1, persistentVolumes: tally(0, 1, 0, 0) });
    expect((await api.get('/v1/clusters/again/persistentvolumes/nfs-share')).json().spec.capacity).toEqual({ storage: '2Ti' });

    // Only PersistentVolumes named: the other PV goes, not the nodes, pods, classes or claims.
    const pruned = await api.post('/v1/clusters/again/import?prune=true', kubectlList(resized));
    expect(pruned.json()).toMatchObject({
      unchanged: 1,
      persistentVolumes: tally(0, 0, 1, 1),
      storageClasses: tally(0, 0, 0, 0),
      persistentVolumeClaims: tally(0, 0, 0, 0),
      nodes: tally(0, 0, 0, 0),
      pods: tally(0, 0, 0, 0),
      prunedKinds: ['PersistentVolume'],
    });
    expect((await api.get('/v1/clusters/again/pods')).json().items).toHaveLength(1);
    expect(names(await api.get('/v1/clusters/again/persistentvolumes'))).toEqual(['nfs-share']);
    expect(names(await api.get('/v1/clusters/again/storageclasses'))).toEqual(['premium-rwo', 'standard-rwo']);
    expect((await api.get(`/v1/clusters/again/persistentvolumes/${persistentVolumes[0]!.metadata.name}`)).statusCode).toBe(404);
  });

  it('rejects an invalid object alone, naming the bad field, and stores nothing of it', async () => {
    const noModes = { ...persistentVolumeClaims[1]!, metadata: { ...persistentVolumeClaims[1]!.metadata, name: 'no-modes', uid: undefined } };
    noModes.spec = { ...noModes.spec, accessModes: [] };
    const badMode = { ...storageClasses[0]!, metadata: { ...storageClasses[0]!.metadata, name: 'late', uid: undefined }, volumeBindingMode: 'Later' };
    const noDriver = { ...csiNodes[0]!, metadata: { name: 'n2' }, spec: { drivers: [{ name: '', nodeID: 'x' }] } };
    const badName = { ...namespaces[1]!, metadata: { name: 'Not_A_Label' } };
    const reply = await api.post('/v1/clusters/bad/import', kubectlList(noModes, badMode, noDriver, badName, persistentVolumes[1]));
    expect(reply.json()).toMatchObject({ created: 1, persistentVolumes: tally(1, 0, 0, 0) });
    const rejected = reply.json().rejected as { kind: string; name: string; message: string; details: { field: string }[] }[];
    expect(rejected.map((r) => [r.kind, r.name, r.details.map((d) => d.field)])).toEqual([
      ['PersistentVolumeClaim', 'no-modes', ['spec.accessModes']],
      ['StorageClass', 'late', ['volumeBindingMode']],
      ['CSINode', 'n2', ['spec.drivers[0].name']],
      ['Namespace', 'Not_A_Label', ['metadata.name']],
    ]);
    expect(rejected[1]?.message).toBe(
      'StorageClass "late" is invalid: volumeBindingMode: Unsupported value: "Later": supported values: "Immediate", "WaitForFirstConsumer"',
    );
    for (const path of ['namespaces/default/persistentvolumeclaims/no-modes', 'storageclasses/late', 'csinodes/n2']) {
      expect((await api.get(`/v1/clusters/bad/${path}`)).statusCode).toBe(404);
    }
  });

  it('PodDisruptionBudgets: unchanged when sent again, updated as their status moves, pruned when a file of budgets leaves one out; the scheduling view lists them', async () => {
    await api.post('/v1/clusters/budgets/import', kubectlList(...podDisruptionBudgets, pod));
    const budgetsOf = async (namespace: string) =>
      ((await t.app.get(ClusterSnapshots).view('budgets')).scheduling().snapshot.podDisruptionBudgets?.(namespace) ?? []).map((b) => b.metadata.name);
    expect(await budgetsOf('shop')).toEqual(['db', 'web']);
    expect(await budgetsOf('default')).toEqual(['api']);

    const again = await api.post('/v1/clusters/budgets/import', kubectlList(...podDisruptionBudgets));
    expect(again.json()).toMatchObject({ podDisruptionBudgets: tally(0, 0, 3, 0) });
    const [, db] = podDisruptionBudgets;
    const evicted = { ...db!, status: { ...db!.status, disruptionsAllowed: 1, currentHealthy: 2, expectedPods: 2 } };
    expect((await api.post('/v1/clusters/budgets/import', kubectlList(evicted))).json()).toMatchObject({ updated: 1, podDisruptionBudgets: tally(0, 1, 0, 0) });
    expect((await api.get('/v1/clusters/budgets/namespaces/shop/poddisruptionbudgets/db')).json().status.disruptionsAllowed).toBe(1);

    // Budgets named: those the file leaves out go; the pod, named too, stays.
    const pruned = await api.post('/v1/clusters/budgets/import?prune=true', kubectlList(evicted, pod));
    expect(pruned.json()).toMatchObject({ podDisruptionBudgets: tally(0, 0, 1, 2), pods: tally(0, 0, 1, 0) });
    expect(names(await api.get('/v1/clusters/budgets/poddisruptionbudgets'))).toEqual(['shop/db']);
    expect(await budgetsOf('shop')).toEqual(['db']);
    expect(await budgetsOf('default')).toEqual([]);
  });

  it('rejects an invalid PodDisruptionBudget alone, in the API server words, each bad field named', async () => {
    const [, db, web] = podDisruptionBudgets;
    const both = { ...db!, metadata: { ...db!.metadata, name: 'both', uid: undefined }, spec: { ...db!.spec, maxUnavailable: 1 } };
    const tooMany = { ...web!, metadata: { ...web!.metadata, name: 'too-many', uid: undefined }, spec: { ...web!.spec, maxUnavailable: '150%' } };
    const policy = { ...web!, metadata: { ...web!.metadata, name: 'policy', uid: undefined }, spec: { ...web!.spec, unhealthyPodEvictionPolicy: 'Never' } };
    const selector = {
      ...db!,
      metadata: { ...db!.metadata, name: 'selector', uid: undefined },
      spec: { minAvailable: 1, selector: { matchExpressions: [{ key: 'app', operator: 'Exists', values: ['db'] }] } },
    };
    const reply = await api.post('/v1/clusters/bad-budgets/import', kubectlList(both, tooMany, policy, selector, web));
    expect(reply.json()).toMatchObject({ created: 1, podDisruptionBudgets: tally(1, 0, 0, 0) });
    const rejected = reply.json().rejected as { kind: string; namespace: string; name: string; message: string; details: { field: string }[] }[];
    expect(rejected.map((r) => [r.kind, r.namespace, r.name, r.details.map((d) => d.field)])).toEqual([
      ['PodDisruptionBudget', 'shop', 'both', ['spec']],
      ['PodDisruptionBudget', 'shop', 'too-many', ['spec.maxUnavailable']],
      ['PodDisruptionBudget', 'shop', 'policy', ['spec.unhealthyPodEvictionPolicy']],
      ['PodDisruptionBudget', 'shop', 'selector', ['spec.selector.matchExpressions[0].values']],
    ]);
    expect(rejected[1]?.message).toBe('PodDisruptionBudget "too-many" is invalid: spec.maxUnavailable: Invalid value: 150%: must not be greater than 100%');
    expect(rejected[2]?.message).toBe(
      'PodDisruptionBudget "policy" is invalid: spec.unhealthyPodEvictionPolicy: Unsupported value: "Never": supported values: "AlwaysAllow", "IfHealthyBudget"',
    );
    expect(names(await api.get('/v1/clusters/bad-budgets/poddisruptionbudgets'))).toEqual(['shop/web']);
  });

  it('a dry run counts and stores nothing', async () => {
    const dry = await api.post('/v1/clusters/dry/import?dryRun=true', kubectlList(...skippedObjects, ...storageClasses));
    expect(dry.json()).toMatchObject({ dryRun: true, storageClasses: tally(2, 0, 0, 0), skipped: expect.any(Array) });
    expect((await api.get('/v1/clusters/dry/storageclasses')).statusCode).toBe(404);
  });

  it('another replica sees the kinds imported, changed and pruned through this one, refreshing its snapshot from the revisions and tombstones', async () => {
    const replica = await t.bootReplica();
    const read = async (path: string) => (await replica.inject({ method: 'GET', url: `/v1/clusters/seen/${path}` })).json();
    await api.post('/v1/clusters/seen/import', kubectlList(...storageClasses, ...csiNodes));
    // Loaded whole; from here on it reads only what changed.
    expect((await read('storageclasses')).items).toHaveLength(2);
    await api.post('/v1/clusters/seen/import?prune=true', kubectlList(storageClasses[0], ...csiNodes));
    expect((await read('storageclasses')).items.map((o: { metadata: { name: string } }) => o.metadata.name)).toEqual(['premium-rwo']);
    expect((await read('csinodes')).items).toHaveLength(1);
  });
});
