import { describe, expect, it } from 'vitest';
import {
  type CSINode,
  type PersistentVolume,
  type PersistentVolumeClaim,
  type StorageClass,
  csiNodeTable,
  persistentVolumeClaimTable,
  persistentVolumeTable,
  storageClassTable,
} from '@taintgate/domain';

/** kubectl get pv, pvc, sc, csinode: the cells and columns of pkg/printers/internalversion/printers.go (TestPrintPersistentVolume, ...). */

const now = Date.UTC(2026, 0, 15, 12, 0, 0);
const tenSecondsAgo = new Date(now - 10_000).toISOString();
type Cell = string | number | boolean;
const columns = (table: { columnDefinitions: { name: string; priority: number }[] }) => table.columnDefinitions.map((c) => [c.name, c.priority]);

describe('persistentVolumeTable', () => {
  const volume = (spec: PersistentVolume['spec'], rest: Partial<PersistentVolume> = {}): PersistentVolume => ({
    metadata: { name: 'test1', creationTimestamp: tenSecondsAgo },
    spec,
    status: { phase: 'Bound' },
    ...rest,
  });
  // TestPrintPersistentVolume's cases: a claim, a failed volume with its reason, modes, a deleted volume (Terminating).
  it.each<[string, PersistentVolume, Cell[]]>([
    [
      'bound to a claim, with its class and modes',
      volume({
        claimRef: { namespace: 'default', name: 'test' },
        accessModes: ['ReadOnlyMany'],
        capacity: { storage: '4Gi' },
        storageClassName: 'fast',
        persistentVolumeReclaimPolicy: 'Retain',
        volumeMode: 'Block',
      }),
      ['test1', '4Gi', 'ROX', 'Retain', 'Bound', 'default/test', 'fast', '<unset>', '', '10s', 'Block'],
    ],
    [
      'failed, with a reason, no claim, no mode (unset)',
      volume({ accessModes: ['ReadWriteOnce'], capacity: { storage: '5Gi' } }, { status: { phase: 'Failed', reason: 'failed' } }),
      ['test1', '5Gi', 'RWO', '', 'Failed', '', '', '<unset>', 'failed', '10s', '<unset>'],
    ],
    [
      'every mode, in the printer order, each once',
      volume({ accessModes: ['ReadWriteOncePod', 'ReadWriteMany', 'ReadOnlyMany', 'ReadWriteOnce', 'ReadWriteOnce'], capacity: { storage: '1Ti' } }),
      ['test1', '1Ti', 'RWO,ROX,RWX,RWOP', '', 'Bound', '', '', '<unset>', '', '10s', '<unset>'],
    ],
    [
      'being deleted: Terminating, whatever its phase',
      volume({ capacity: { storage: '1Gi' } }, { metadata: { name: 'test1', creationTimestamp: tenSecondsAgo, deletionTimestamp: tenSecondsAgo } }),
      ['test1', '1Gi', '', '', 'Terminating', '', '', '<unset>', '', '10s', '<unset>'],
    ],
    [
      'a class named by the beta annotation, before spec.storageClassName; a volume attributes class',
      volume(
        { capacity: { storage: '1Gi' }, storageClassName: 'spec', volumeAttributesClassName: 'gold' },
        { metadata: { name: 'test1', annotations: { 'volume.beta.kubernetes.io/storage-class': 'annotated' } } },
      ),
      ['test1', '1Gi', '', '', 'Bound', '', 'annotated', 'gold', '', '<unknown>', '<unset>'],
    ],
  ])('%s', (_case, pv, cells) => {
    expect(persistentVolumeTable([pv], { now }).rows[0]?.cells).toEqual(cells);
  });

  it('has the columns of kube 1.32, VolumeMode for -o wide', () => {
    expect(columns(persistentVolumeTable([], { now }))).toEqual([
      ['Name', 0],
      ['Capacity', 0],
      ['Access Modes', 0],
      ['Reclaim Policy', 0],
      ['Status', 0],
      ['Claim', 0],
      ['StorageClass', 0],
      ['VolumeAttributesClass', 0],
      ['Reason', 0],
      ['Age', 0],
      ['VolumeMode', 1],
    ]);
  });
});

describe('persistentVolumeClaimTable', () => {
  const claim = (spec: PersistentVolumeClaim['spec'], status: PersistentVolumeClaim['status'], metadata = {}): PersistentVolumeClaim => ({
    metadata: { name: 'test1', namespace: 'default', creationTimestamp: tenSecondsAgo, ...metadata },
    spec,
    status,
  });
  // TestPrintPersistentVolumeClaim's cases: bound, pending (no volume: no capacity nor modes shown), Terminating.
  it.each<[string, PersistentVolumeClaim, Cell[]]>([
    [
      'bound: the volume, and its capacity and modes from the status',
      claim(
        { volumeName: 'my-volume', volumeMode: 'Filesystem', storageClassName: 'fast', resources: { requests: { storage: '1Gi' } } },
        { phase: 'Bound', accessModes: ['ReadOnlyMany'], capacity: { storage: '4Gi' } },
      ),
      ['test1', 'Bound', 'my-volume', '4Gi', 'ROX', 'fast', '<unset>', '10s', 'Filesystem'],
    ],
    [
      'pending: no volume yet, so neither capacity nor modes (not the request)',
      claim({ resources: { requests: { storage: '4Gi' } } }, { phase: 'Pending', accessModes: ['ReadOnlyMany'], capacity: { storage: '4Gi' } }),
      ['test1', 'Pending', '', '', '', '', '<unset>', '10s', '<unset>'],
    ],
    [
      'being deleted: Terminating',
      claim({ volumeName: 'my-volume', volumeMode: 'Block' }, { phase: 'Bound', capacity: { storage: '4Gi' } }, { deletionTimestamp: tenSecondsAgo }),
      ['test1', 'Terminating', 'my-volume', '4Gi', '', '', '<unset>', '10s', 'Block'],
    ],
  ])('%s', (_case, pvc, cells) => {
    expect(persistentVolumeClaimTable([pvc], { now }).rows[0]?.cells).toEqual(cells);
  });

  it('has the columns of kube 1.32, VolumeMode for -o wide', () => {
    expect(columns(persistentVolumeClaimTable([], { now }))).toEqual([
      ['Name', 0],
      ['Status', 0],
      ['Volume', 0],
      ['Capacity', 0],
      ['Access Modes', 0],
      ['StorageClass', 0],
      ['VolumeAttributesClass', 0],
      ['Age', 0],
      ['VolumeMode', 1],
    ]);
  });
});

describe('storageClassTable', () => {
  // TestPrintStorageClass: defaults (Delete, Immediate, false), the (default) mark, each field set.
  it.each<[string, StorageClass, Cell[]]>([
    [
      'nothing but the provisioner: the defaults',
      { metadata: { name: 'sc1', creationTimestamp: tenSecondsAgo }, provisioner: 'kubernetes.io/glusterfs' },
      ['sc1', 'kubernetes.io/glusterfs', 'Delete', 'Immediate', false, '10s'],
    ],
    [
      'every field',
      {
        metadata: { name: 'sc2', creationTimestamp: tenSecondsAgo },
        provisioner: 'kubernetes.io/nfs',
        reclaimPolicy: 'Retain',
        volumeBindingMode: 'WaitForFirstConsumer',
        allowVolumeExpansion: true,
      },
      ['sc2', 'kubernetes.io/nfs', 'Retain', 'WaitForFirstConsumer', true, '10s'],
    ],
    [
      'the default class, by the annotation or its beta',
      { metadata: { name: 'sc3', annotations: { 'storageclass.beta.kubernetes.io/is-default-class': 'true' } }, provisioner: 'p' },
      ['sc3 (default)', 'p', 'Delete', 'Immediate', false, '<unknown>'],
    ],
    [
      'not the default when the annotation says false',
      { metadata: { name: 'sc4', annotations: { 'storageclass.kubernetes.io/is-default-class': 'false' } }, provisioner: 'p' },
      ['sc4', 'p', 'Delete', 'Immediate', false, '<unknown>'],
    ],
  ])('%s', (_case, sc, cells) => {
    expect(storageClassTable([sc], { now }).rows[0]?.cells).toEqual(cells);
  });

  it('has the NAME, PROVISIONER, RECLAIMPOLICY, VOLUMEBINDINGMODE, ALLOWVOLUMEEXPANSION and AGE columns, of the storage.k8s.io/v1 kind', () => {
    const table = storageClassTable([{ metadata: { name: 'sc' }, provisioner: 'p' }], { now, includeObject: 'Object' });
    expect(columns(table).map(([name]) => name)).toEqual(['Name', 'Provisioner', 'ReclaimPolicy', 'VolumeBindingMode', 'AllowVolumeExpansion', 'Age']);
    expect(table.rows[0]?.object).toMatchObject({ kind: 'StorageClass', apiVersion: 'storage.k8s.io/v1' });
  });
});

describe('csiNodeTable', () => {
  // TestPrintCSINode: the number of drivers (none, one, several).
  it.each<[string, CSINode, Cell[]]>([
    ['no driver', { metadata: { name: 'csinode1', creationTimestamp: tenSecondsAgo }, spec: { drivers: [] } }, ['csinode1', 0, '10s']],
    [
      'one driver',
      { metadata: { name: 'csinode2', creationTimestamp: tenSecondsAgo }, spec: { drivers: [{ name: 'my-driver', nodeID: 'n1' }] } },
      ['csinode2', 1, '10s'],
    ],
    [
      'several drivers',
      {
        metadata: { name: 'csinode3', creationTimestamp: tenSecondsAgo },
        spec: {
          drivers: [
            { name: 'd1', nodeID: 'n1' },
            { name: 'd2', nodeID: 'n1' },
          ],
        },
      },
      ['csinode3', 2, '10s'],
    ],
  ])('%s', (_case, csiNode, cells) => {
    expect(csiNodeTable([csiNode], { now }).rows[0]?.cells).toEqual(cells);
  });

  it('has the NAME, DRIVERS (an integer) and AGE columns', () => {
    expect(csiNodeTable([], { now }).columnDefinitions.map((c) => [c.name, c.type])).toEqual([
      ['Name', 'string'],
      ['Drivers', 'integer'],
      ['Age', 'string'],
    ]);
  });
});
