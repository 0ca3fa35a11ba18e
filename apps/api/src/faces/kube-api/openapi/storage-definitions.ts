import { typeMeta } from './meta-definitions';
import {
  CORE_V1,
  type Definitions,
  type GroupVersionKind,
  META_V1,
  bool,
  coreKind,
  int32,
  list,
  opaque,
  quantities,
  ref,
  refTo,
  str,
  stringMap,
  strings,
} from './schema-dsl';

/**
 * The storage kinds the twin keeps, as kubectl get reads them: core/v1 PersistentVolume and
 * PersistentVolumeClaim, storage.k8s.io/v1 StorageClass and CSINode, with the fields the volume
 * filters read described; the rest of each is kept as the cluster printed it (an object).
 */

const STORAGE_V1 = 'io.k8s.api.storage.v1.';

const storageKind = (kind: string): GroupVersionKind => ({ group: 'storage.k8s.io', version: 'v1', kind });

/** A kind's list, at `prefix`. */
const listOf = (prefix: string, kind: string, gvk: GroupVersionKind, description: string): Definitions => ({
  [`${prefix}${kind}List`]: {
    description,
    kinds: [gvk],
    required: ['items'],
    properties: { ...typeMeta, metadata: ref(`${META_V1}ListMeta`, 'Standard list metadata.'), items: list(refTo(`${prefix}${kind}`), 'The items.') },
  },
});

const metadata = ref(`${META_V1}ObjectMeta`, 'Standard object metadata.');
const accessModes = strings('How the volume can be mounted: ReadWriteOnce, ReadOnlyMany, ReadWriteMany, ReadWriteOncePod.');

export const storageDefinitions: Definitions = {
  [`${CORE_V1}PersistentVolume`]: {
    description: 'A piece of storage in the cluster, bound to at most one claim.',
    kinds: [coreKind('PersistentVolume')],
    properties: {
      ...typeMeta,
      metadata,
      spec: ref(`${CORE_V1}PersistentVolumeSpec`, 'The volume: its capacity, access modes, source and the nodes that reach it.'),
      status: ref(`${CORE_V1}PersistentVolumeStatus`, 'Its phase.'),
    },
  },
  [`${CORE_V1}PersistentVolumeSpec`]: {
    description: 'A PersistentVolume: what it holds and where it can be used; its source is kept as sent.',
    properties: {
      accessModes,
      capacity: quantities('Its capacity (storage).'),
      claimRef: ref(`${CORE_V1}ObjectReference`, 'The claim it is bound to.'),
      nodeAffinity: ref(`${CORE_V1}VolumeNodeAffinity`, 'The nodes it can be used from (VolumeBinding reads it).'),
      persistentVolumeReclaimPolicy: str('What happens to it once released: Retain, Delete or Recycle.'),
      storageClassName: str('The StorageClass it belongs to.'),
      volumeMode: str('Filesystem (the default) or Block.'),
      volumeAttributesClassName: str('The VolumeAttributesClass it belongs to.'),
      mountOptions: strings('Mount options.'),
      csi: ref(`${CORE_V1}CSIPersistentVolumeSource`, 'A volume of a CSI driver.'),
      gcePersistentDisk: opaque('A GCE persistent disk (pdName, fsType, partition, readOnly).'),
      awsElasticBlockStore: opaque('An AWS EBS volume (volumeID, fsType, partition, readOnly).'),
      azureDisk: opaque('An Azure data disk.'),
      hostPath: opaque('A directory on the node.'),
      local: opaque('A local disk of a node (path, fsType).'),
      nfs: opaque('An NFS share (server, path, readOnly).'),
      iscsi: opaque('An iSCSI disk.'),
      rbd: opaque('A Rados block device.'),
      cinder: opaque('A Cinder volume.'),
      fc: opaque('A Fibre Channel disk.'),
    },
  },
  [`${CORE_V1}VolumeNodeAffinity`]: {
    description: 'The nodes a volume can be used from.',
    properties: { required: ref(`${CORE_V1}NodeSelector`, 'The nodes, by their labels and fields.') },
  },
  [`${CORE_V1}CSIPersistentVolumeSource`]: {
    description: 'A volume of a CSI driver.',
    required: ['driver', 'volumeHandle'],
    properties: {
      driver: str("The driver's name."),
      volumeHandle: str('The volume, as the driver names it.'),
      readOnly: bool('Mounted read-only.'),
      fsType: str('The filesystem.'),
      volumeAttributes: stringMap("The driver's attributes of the volume."),
    },
  },
  [`${CORE_V1}PersistentVolumeStatus`]: {
    description: "A PersistentVolume's phase.",
    properties: {
      phase: str('Pending, Available, Bound, Released or Failed.'),
      message: str('Why it is in this phase, for a person.'),
      reason: str('Why, in CamelCase.'),
    },
  },
  ...listOf(CORE_V1, 'PersistentVolume', coreKind('PersistentVolumeList'), 'A list of PersistentVolumes.'),
  [`${CORE_V1}PersistentVolumeClaim`]: {
    description: "A user's request for storage, bound to a PersistentVolume.",
    kinds: [coreKind('PersistentVolumeClaim')],
    properties: {
      ...typeMeta,
      metadata,
      spec: ref(`${CORE_V1}PersistentVolumeClaimSpec`, 'What is asked: access modes, size, class.'),
      status: ref(`${CORE_V1}PersistentVolumeClaimStatus`, 'Its phase, and the bound volume’s capacity and modes.'),
    },
  },
  [`${CORE_V1}PersistentVolumeClaimSpec`]: {
    description: 'What a claim asks of a volume.',
    properties: {
      accessModes,
      resources: ref(`${CORE_V1}VolumeResourceRequirements`, 'The storage asked for.'),
      storageClassName: str('The StorageClass asked for; empty: none, absent: the default class.'),
      volumeName: str('The PersistentVolume it is bound to.'),
      volumeMode: str('Filesystem (the default) or Block.'),
      volumeAttributesClassName: str('The VolumeAttributesClass asked for.'),
      selector: ref(`${META_V1}LabelSelector`, 'The volumes it may bind to, by their labels.'),
      dataSource: opaque('What the volume is made from (a snapshot, another claim).'),
      dataSourceRef: opaque('What the volume is made from, of any group.'),
    },
  },
  [`${CORE_V1}VolumeResourceRequirements`]: {
    description: 'The storage a claim asks for.',
    properties: { requests: quantities('The least storage it needs.'), limits: quantities('The most it may have.') },
  },
  [`${CORE_V1}PersistentVolumeClaimStatus`]: {
    description: "A claim's phase, and what its volume has.",
    properties: {
      phase: str('Pending, Bound or Lost.'),
      accessModes,
      capacity: quantities("The bound volume's capacity."),
      conditions: list({ type: 'object' }, 'Its conditions.'),
    },
  },
  ...listOf(CORE_V1, 'PersistentVolumeClaim', coreKind('PersistentVolumeClaimList'), 'A list of PersistentVolumeClaims.'),
  [`${STORAGE_V1}StorageClass`]: {
    description: 'A class of storage: the provisioner that makes its volumes, and how claims of it are bound.',
    kinds: [storageKind('StorageClass')],
    required: ['provisioner'],
    properties: {
      ...typeMeta,
      metadata,
      provisioner: str('The provisioner that makes its volumes.'),
      parameters: stringMap("The provisioner's parameters."),
      reclaimPolicy: str('Delete (the default) or Retain, for the volumes it makes.'),
      volumeBindingMode: str('Immediate (the default) or WaitForFirstConsumer: claims are bound once a pod using them is scheduled.'),
      allowVolumeExpansion: bool('Whether its volumes may grow.'),
      mountOptions: strings('Mount options of its volumes.'),
      allowedTopologies: list(refTo(`${CORE_V1}TopologySelectorTerm`), 'Where its volumes may be made.'),
    },
  },
  [`${CORE_V1}TopologySelectorTerm`]: {
    description: 'A place, by node labels and their values.',
    properties: { matchLabelExpressions: list(refTo(`${CORE_V1}TopologySelectorLabelRequirement`), 'The labels and the values allowed.') },
  },
  [`${CORE_V1}TopologySelectorLabelRequirement`]: {
    description: 'A label and the values it may have.',
    required: ['key', 'values'],
    properties: { key: str('The label.'), values: strings('Its values.') },
  },
  ...listOf(STORAGE_V1, 'StorageClass', storageKind('StorageClassList'), 'A list of StorageClasses.'),
  [`${STORAGE_V1}CSINode`]: {
    description: 'The CSI drivers of a node (named after it): their node ids, topology keys and how many volumes each may attach.',
    kinds: [storageKind('CSINode')],
    required: ['spec'],
    properties: { ...typeMeta, metadata, spec: ref(`${STORAGE_V1}CSINodeSpec`, 'Its drivers.') },
  },
  [`${STORAGE_V1}CSINodeSpec`]: {
    description: "A node's CSI drivers.",
    required: ['drivers'],
    properties: { drivers: list(refTo(`${STORAGE_V1}CSINodeDriver`), 'The drivers.', { type: 'map', keys: ['name'] }) },
  },
  [`${STORAGE_V1}CSINodeDriver`]: {
    description: 'A CSI driver on a node.',
    required: ['name', 'nodeID'],
    properties: {
      name: str("The driver's name."),
      nodeID: str('The node, as the driver names it.'),
      topologyKeys: strings('The node labels the driver reads its topology from.'),
      allocatable: ref(`${STORAGE_V1}VolumeNodeResources`, 'How many of its volumes the node can have attached (NodeVolumeLimits).'),
    },
  },
  [`${STORAGE_V1}VolumeNodeResources`]: {
    description: 'How many volumes of a driver a node can have attached.',
    properties: { count: int32('The most; absent: unlimited.') },
  },
  ...listOf(STORAGE_V1, 'CSINode', storageKind('CSINodeList'), 'A list of CSINodes.'),
};
