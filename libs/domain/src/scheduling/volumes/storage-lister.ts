import type { CSINode, PersistentVolume, PersistentVolumeClaim, StorageClass } from '../../storage/storage-objects';
import type { StorageLister } from '../framework/scheduling-snapshot';

/**
 * A StorageLister over plain lists of the storage kinds, as snapshotOf takes nodes and pods: for
 * tests, and for what-if questions that send the objects inline. Claims are keyed by namespace and
 * name (a claim without a namespace is in `default`), the rest by name.
 */
export function storageListerOf(objects: {
  claims?: readonly PersistentVolumeClaim[];
  volumes?: readonly PersistentVolume[];
  classes?: readonly StorageClass[];
  csiNodes?: readonly CSINode[];
}): StorageLister {
  const claims = new Map((objects.claims ?? []).map((claim) => [`${claim.metadata.namespace ?? 'default'}/${claim.metadata.name}`, claim]));
  const volumes = new Map((objects.volumes ?? []).map((pv) => [pv.metadata.name, pv]));
  const classes = new Map((objects.classes ?? []).map((sc) => [sc.metadata.name, sc]));
  const csiNodes = new Map((objects.csiNodes ?? []).map((csiNode) => [csiNode.metadata.name, csiNode]));
  return {
    persistentVolumeClaim: (namespace, name) => claims.get(`${namespace}/${name}`),
    persistentVolume: (name) => volumes.get(name),
    storageClass: (name) => classes.get(name),
    csiNode: (nodeName) => csiNodes.get(nodeName),
  };
}
