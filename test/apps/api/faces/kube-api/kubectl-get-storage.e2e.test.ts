import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiFixture } from '../../../../support/api-test-app';
import { KUBECTLS, Kubectl } from '../../../../support/kubectl';
import { kubectlNames } from './kubectl-names';
import { keptObjects, kubectlList, persistentVolumes } from '../../../../support/twin-kinds';

/** The real kubectl, oldest and newest, reading the namespaces and storage kinds the twin keeps through its Kubernetes API. */

/** A pod in a namespace no Namespace object was imported for: implied. */
const batchPod = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'job-1', namespace: 'batch' },
  spec: { containers: [{ name: 'c', image: 'busybox' }] },
  status: { phase: 'Pending' },
};

const table = (run: { stdout: string }) =>
  run.stdout
    .trim()
    .split('\n')
    .map((line) => line.split(/\s{2,}/));

describe.each(KUBECTLS)('kubectl $version: get pv, pvc, sc, csinode, ns', ({ binary }) => {
  const t = useApiFixture();
  let kubectl: Kubectl;

  beforeAll(async () => {
    await t.app.listen(0, '127.0.0.1');
    const imported = await t.api.post('/v1/import', kubectlList(...keptObjects, batchPod));
    expect(imported.json()).toMatchObject({ rejected: [] });
    kubectl = await Kubectl.for(binary, (await t.app.getUrl()).replace('[::1]', '127.0.0.1'));
  });
  afterAll(async () => {
    await kubectl.close();
  });

  const names = (args: string[]) => kubectlNames(kubectl, args);

  it('lists each kind by its name and its short name, a namespaced kind in every namespace or one', async () => {
    expect(await names(['get', 'persistentvolumes'])).toEqual(['persistentvolume/nfs-share', `persistentvolume/${persistentVolumes[0]!.metadata.name}`]);
    expect(await names(['get', 'pv', '-l', 'kind=nfs'])).toEqual(['persistentvolume/nfs-share']);
    expect(await names(['get', 'pvc', '-A'])).toEqual(['persistentvolumeclaim/scratch', 'persistentvolumeclaim/data-db-0']);
    expect(await names(['get', 'pvc', '-n', 'shop'])).toEqual(['persistentvolumeclaim/data-db-0']);
    expect(await names(['get', 'pvc', '-A', '--field-selector', 'metadata.namespace=default'])).toEqual(['persistentvolumeclaim/scratch']);
    expect(await names(['get', 'sc'])).toEqual(['storageclass.storage.k8s.io/premium-rwo', 'storageclass.storage.k8s.io/standard-rwo']);
    expect(await names(['get', 'csinode'])).toEqual(['csinode.storage.k8s.io/gke-pool-1']);
    // The namespaces imported, and one only implied by a pod.
    expect(await names(['get', 'ns'])).toEqual(['namespace/batch', 'namespace/default', 'namespace/shop']);
    expect(await names(['get', 'ns', '-l', 'team=checkout'])).toEqual(['namespace/shop']);
  });

  it("prints kube's columns from the server's Table, -o wide too", async () => {
    const pv = table(await kubectl.run(['get', 'pv']));
    expect(pv[0]).toEqual(['NAME', 'CAPACITY', 'ACCESS MODES', 'RECLAIM POLICY', 'STATUS', 'CLAIM', 'STORAGECLASS', 'VOLUMEATTRIBUTESCLASS', 'REASON', 'AGE']);
    expect(pv[2]?.slice(0, 8)).toEqual([persistentVolumes[0]!.metadata.name, '10Gi', 'RWO', 'Delete', 'Bound', 'shop/data-db-0', 'premium-rwo', '<unset>']);
    expect(table(await kubectl.run(['get', 'pv', 'nfs-share', '-o', 'wide']))).toEqual([
      ['NAME', 'CAPACITY', 'ACCESS MODES', 'RECLAIM POLICY', 'STATUS', 'CLAIM', 'STORAGECLASS', 'VOLUMEATTRIBUTESCLASS', 'REASON', 'AGE', 'VOLUMEMODE'],
      // No claim, class nor reason: empty cells, which the split on runs of spaces runs together.
      ['nfs-share', '1Ti', 'ROX,RWX', 'Retain', 'Available', '<unset>', expect.any(String), 'Filesystem'],
    ]);
    const pvc = table(await kubectl.run(['get', 'pvc', '-A']));
    expect(pvc[0]).toEqual(['NAMESPACE', 'NAME', 'STATUS', 'VOLUME', 'CAPACITY', 'ACCESS MODES', 'STORAGECLASS', 'VOLUMEATTRIBUTESCLASS', 'AGE']);
    expect(pvc[2]?.slice(0, 8)).toEqual(['shop', 'data-db-0', 'Bound', persistentVolumes[0]!.metadata.name, '10Gi', 'RWO', 'premium-rwo', '<unset>']);
    const sc = table(await kubectl.run(['get', 'sc']));
    expect(sc.map((row) => row.slice(0, 5))).toEqual([
      ['NAME', 'PROVISIONER', 'RECLAIMPOLICY', 'VOLUMEBINDINGMODE', 'ALLOWVOLUMEEXPANSION'],
      ['premium-rwo', 'pd.csi.storage.gke.io', 'Delete', 'WaitForFirstConsumer', 'true'],
      ['standard-rwo (default)', 'pd.csi.storage.gke.io', 'Delete', 'WaitForFirstConsumer', 'true'],
    ]);
    const csi = table(await kubectl.run(['get', 'csinodes']));
    expect(csi.map((row) => row.slice(0, 2))).toEqual([
      ['NAME', 'DRIVERS'],
      ['gke-pool-1', '1'],
    ]);
    const ns = table(await kubectl.run(['get', 'ns']));
    expect(ns.map((row) => row.slice(0, 2))).toEqual([
      ['NAME', 'STATUS'],
      ['batch', 'Active'],
      ['default', 'Active'],
      ['shop', 'Active'],
    ]);
  });

  it('reads one object as YAML and JSON: as imported, or, for an implied namespace, made up without uid or creation time', async () => {
    const yaml = await kubectl.run(['get', 'sc', 'standard-rwo', '-o', 'yaml']);
    expect(yaml.stdout).toContain('provisioner: pd.csi.storage.gke.io');
    expect(yaml.stdout).toContain('uid: 2c1f7b63-8d6f-4a1b-8e7f-1b2c3d4e5f02');
    const claim = JSON.parse((await kubectl.run(['get', 'pvc', 'data-db-0', '-n', 'shop', '-o', 'json'])).stdout);
    expect(claim).toMatchObject({ kind: 'PersistentVolumeClaim', spec: { volumeName: persistentVolumes[0]!.metadata.name } });
    const implied = JSON.parse((await kubectl.run(['get', 'ns', 'batch', '-o', 'json'])).stdout);
    expect(implied.metadata).toEqual({ name: 'batch', labels: { 'kubernetes.io/metadata.name': 'batch' } });
    const stored = JSON.parse((await kubectl.run(['get', 'ns', 'shop', '-o', 'json'])).stdout);
    expect(stored.metadata).toMatchObject({ uid: '1b0e6a52-7c5e-4f0a-9d6e-0a1b2c3d4e02', creationTimestamp: '2026-01-10T08:00:00Z' });
  });

  it('answers a missing object, and a resource it does not serve, as kube-apiserver does: a Status kubectl prints as NotFound', async () => {
    const missing = await kubectl.run(['get', 'sc', 'nope']);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe('Error from server (NotFound): storageclasses.storage.k8s.io "nope" not found');
    expect((await kubectl.run(['get', 'pv', 'nope'])).stderr.trim()).toBe('Error from server (NotFound): persistentvolumes "nope" not found');
    // Deployments are not in discovery: kubectl says so itself, and asks nothing.
    const deployments = await kubectl.run(['get', 'deployments']);
    expect(deployments.code).toBe(1);
    expect(deployments.stderr).toContain('the server doesn\'t have a resource type "deployments"');
    // Asked anyway, the path answers a Status naming the resource, not the web framework's text.
    const raw = await kubectl.run(['get', '--raw', '/apis/apps/v1/namespaces/shop/deployments/web']);
    expect(raw.code).toBe(1);
    expect(raw.stderr.trim()).toBe('Error from server (NotFound): the server could not find the requested resource (get deployments.apps web)');
  });

  it('discovery: the resources with their short names, and the storage.k8s.io group', async () => {
    const resources = await kubectl.run(['api-resources']);
    expect(resources.stderr).toBe('');
    for (const [name, short, version] of [
      ['persistentvolumes', 'pv', 'v1'],
      ['persistentvolumeclaims', 'pvc', 'v1'],
      ['storageclasses', 'sc', 'storage.k8s.io/v1'],
    ]) {
      expect(resources.stdout).toMatch(new RegExp(`^${name}\\s+${short}\\s+${version!.replace('/', '\\/')}\\s`, 'm'));
    }
    expect(resources.stdout).toMatch(/^csinodes\s+storage\.k8s\.io\/v1\s+false\s+CSINode$/m);
  });
});

describe('kubectl get -w of the storage kinds', () => {
  const t = useApiFixture();
  let kubectl: Kubectl;

  beforeAll(async () => {
    await t.app.listen(0, '127.0.0.1');
    await t.api.post('/v1/import', kubectlList(persistentVolumes[1]));
    kubectl = await Kubectl.for('kubectl', (await t.app.getUrl()).replace('[::1]', '127.0.0.1'));
  });
  afterAll(async () => {
    await kubectl.close();
  });

  it('follows the PersistentVolumes as imports change them: one added, one pruned, in the default table', async () => {
    const watch = kubectl.start(['get', 'pv', '-w', '--output-watch-events']);
    const events = (lines: string[]) => lines.slice(1).map((l) => l.split(/\s+/).slice(0, 2).join(' '));
    const listed = await watch.waitFor((lines) => lines.length >= 2);
    expect(listed[0]).toMatch(/^EVENT\s+NAME\s+CAPACITY\s+ACCESS MODES\s+RECLAIM POLICY\s+STATUS\s+CLAIM\s+STORAGECLASS/);
    expect(events(listed)).toEqual(['ADDED nfs-share']);
    await t.api.post('/v1/import?prune=true', kubectlList(persistentVolumes[0]));
    const name = persistentVolumes[0]!.metadata.name;
    const lines = await watch.waitFor((seen) => events(seen).length >= 3);
    // The import's writes in their order: the volume stored, then the one it does not name pruned.
    expect(events(lines)).toEqual(['ADDED nfs-share', `ADDED ${name}`, 'DELETED nfs-share']);
    expect(watch.stderr).toBe('');
    await watch.stop();
  });
});
