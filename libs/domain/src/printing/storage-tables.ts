import type { CSINode, CSINodeDriver, PersistentVolume, PersistentVolumeClaim, StorageClass } from '../storage/storage-objects';
import type { ObjectMeta } from '../types';
import { translateTimestampSince } from './human-duration';
import { type Printer, type Table, type TableOptions, ageColumn, column, nameColumn, objectsOf, printTable } from './table';

/**
 * `kubectl get pv`, `pvc`, `sc` and `csinode`: printPersistentVolume, printPersistentVolumeClaim,
 * printStorageClass and printCSINode of pkg/printers/internalversion/printers.go (1.32), with
 * their column definitions. Quantities are printed as stored: what a cluster printed is already
 * in Quantity.String()'s canonical form.
 */

/** The annotation that named a class before spec.storageClassName (v1.GetPersistentVolumeClass, ...Claim...). */
const betaStorageClassAnnotation = 'volume.beta.kubernetes.io/storage-class';

/** GetAccessModesAsString: the modes held, short, in this order, once each. */
const accessModeNames: readonly [string, string][] = [
  ['ReadWriteOnce', 'RWO'],
  ['ReadOnlyMany', 'ROX'],
  ['ReadWriteMany', 'RWX'],
  ['ReadWriteOncePod', 'RWOP'],
];
const accessModesAsString = (modes: readonly string[] | undefined): string =>
  accessModeNames
    .filter(([mode]) => (modes ?? []).includes(mode))
    .map(([, short]) => short)
    .join(',');

const quantityText = (quantity: string | number | bigint | undefined): string => (quantity === undefined ? '0' : String(quantity));

/** The phase, or Terminating once a deletion has begun. */
const phaseOf = (metadata: ObjectMeta, phase: string | undefined): string => (metadata.deletionTimestamp ? 'Terminating' : (phase ?? ''));

const text = (value: unknown, otherwise: string): string => (typeof value === 'string' ? value : otherwise);

const className = (metadata: ObjectMeta, name: string | null | undefined): string => metadata.annotations?.[betaStorageClassAnnotation] ?? name ?? '';

const persistentVolumePrinter: Printer<PersistentVolume> = {
  kind: 'PersistentVolume',
  apiVersion: 'v1',
  columns: [
    nameColumn,
    column('Capacity', 'string', "capacity is the description of the persistent volume's resources and capacity."),
    column('Access Modes', 'string', 'accessModes contains all ways the volume can be mounted.'),
    column('Reclaim Policy', 'string', 'persistentVolumeReclaimPolicy defines what happens to a persistent volume when released from its claim.'),
    column('Status', 'string', 'phase indicates if a volume is available, bound to a claim, or released by a claim.'),
    column('Claim', 'string', 'claimRef is part of a bi-directional binding between PersistentVolume and PersistentVolumeClaim.'),
    column('StorageClass', 'string', 'StorageClass of the pv'),
    column('VolumeAttributesClass', 'string', 'VolumeAttributesClass of the pv'),
    column('Reason', 'string', 'reason is a brief CamelCase string that describes any failure and is meant for machine parsing and tidy display in the CLI.'),
    ageColumn,
    column('VolumeMode', 'string', 'volumeMode defines if a volume is intended to be used with a formatted filesystem or to remain in raw block state.', 1),
  ],
  print: (volume, now) => {
    const spec = volume.spec ?? {};
    const claim = spec.claimRef ? `${spec.claimRef.namespace ?? ''}/${spec.claimRef.name ?? ''}` : '';
    return {
      cells: [
        volume.metadata.name,
        quantityText(spec.capacity?.storage),
        accessModesAsString(spec.accessModes),
        text(spec.persistentVolumeReclaimPolicy, ''),
        phaseOf(volume.metadata, volume.status?.phase),
        claim,
        className(volume.metadata, spec.storageClassName),
        text(spec.volumeAttributesClassName, '<unset>'),
        text(volume.status?.reason, ''),
        translateTimestampSince(volume.metadata.creationTimestamp, now),
        text(spec.volumeMode, '<unset>'),
      ],
    };
  },
};

const persistentVolumeClaimPrinter: Printer<PersistentVolumeClaim> = {
  kind: 'PersistentVolumeClaim',
  apiVersion: 'v1',
  columns: [
    nameColumn,
    column('Status', 'string', 'phase represents the current phase of PersistentVolumeClaim.'),
    column('Volume', 'string', 'volumeName is the binding reference to the PersistentVolume backing this claim.'),
    column('Capacity', 'string', 'capacity represents the actual resources of the underlying volume.'),
    column('Access Modes', 'string', 'accessModes contains the actual access modes the volume backing the PVC has.'),
    column('StorageClass', 'string', 'StorageClass of the pvc'),
    column('VolumeAttributesClass', 'string', 'VolumeAttributesClass of the pvc'),
    ageColumn,
    column('VolumeMode', 'string', 'volumeMode defines what type of volume is required by the claim.', 1),
  ],
  print: (claim, now) => {
    const spec = claim.spec ?? {};
    // Capacity and modes are the bound volume's: shown only once the claim names one.
    const bound = Boolean(spec.volumeName);
    return {
      cells: [
        claim.metadata.name,
        phaseOf(claim.metadata, claim.status?.phase),
        spec.volumeName ?? '',
        bound ? quantityText(claim.status?.capacity?.storage) : '',
        bound ? accessModesAsString(claim.status?.accessModes) : '',
        className(claim.metadata, spec.storageClassName),
        text(spec.volumeAttributesClassName, '<unset>'),
        translateTimestampSince(claim.metadata.creationTimestamp, now),
        text(spec.volumeMode, '<unset>'),
      ],
    };
  },
};

/** storageutil.IsDefaultAnnotation: the class a claim naming none gets. */
function isDefaultClass(metadata: ObjectMeta): boolean {
  const annotations = metadata.annotations ?? {};
  return annotations['storageclass.kubernetes.io/is-default-class'] === 'true' || annotations['storageclass.beta.kubernetes.io/is-default-class'] === 'true';
}

const storageClassPrinter: Printer<StorageClass> = {
  kind: 'StorageClass',
  apiVersion: 'storage.k8s.io/v1',
  columns: [
    nameColumn,
    column('Provisioner', 'string', 'provisioner indicates the type of the provisioner.'),
    column('ReclaimPolicy', 'string', 'reclaimPolicy controls the reclaimPolicy for dynamically provisioned PersistentVolumes of this storage class.'),
    column('VolumeBindingMode', 'string', 'volumeBindingMode indicates how PersistentVolumeClaims should be provisioned and bound.'),
    column('AllowVolumeExpansion', 'string', 'allowVolumeExpansion shows whether the storage class allow volume expand.'),
    ageColumn,
  ],
  print: (storageClass, now) => ({
    cells: [
      isDefaultClass(storageClass.metadata) ? `${storageClass.metadata.name} (default)` : storageClass.metadata.name,
      storageClass.provisioner,
      text(storageClass.reclaimPolicy, 'Delete'),
      storageClass.volumeBindingMode ?? 'Immediate',
      storageClass.allowVolumeExpansion === true,
      translateTimestampSince(storageClass.metadata.creationTimestamp, now),
    ],
  }),
};

const csiNodePrinter: Printer<CSINode> = {
  kind: 'CSINode',
  apiVersion: 'storage.k8s.io/v1',
  columns: [nameColumn, column('Drivers', 'integer', 'Drivers indicates the number of CSI drivers registered on the node'), ageColumn],
  print: (csiNode, now) => ({
    cells: [csiNode.metadata.name, objectsOf<CSINodeDriver>(csiNode.spec.drivers).length, translateTimestampSince(csiNode.metadata.creationTimestamp, now)],
  }),
};

/** The Tables kube-apiserver returns for these kinds (a list, or one object). */
export const persistentVolumeTable = (volumes: readonly PersistentVolume[], options: TableOptions): Table =>
  printTable(persistentVolumePrinter, volumes, options);
export const persistentVolumeClaimTable = (claims: readonly PersistentVolumeClaim[], options: TableOptions): Table =>
  printTable(persistentVolumeClaimPrinter, claims, options);
export const storageClassTable = (classes: readonly StorageClass[], options: TableOptions): Table => printTable(storageClassPrinter, classes, options);
export const csiNodeTable = (csiNodes: readonly CSINode[], options: TableOptions): Table => printTable(csiNodePrinter, csiNodes, options);
