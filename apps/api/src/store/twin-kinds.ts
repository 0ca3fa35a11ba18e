import type { CSINode, Namespace, PersistentVolume, PersistentVolumeClaim, PodDisruptionBudget, StorageClass } from '@taintgate/domain';

/**
 * The kinds the twin keeps beside nodes and pods, as the cluster printed them: what the
 * scheduler reads (namespaces for namespaceSelector, the storage kinds for the volume filters,
 * PodDisruptionBudgets for preemption) and what evictions consult (PodDisruptionBudgets). Stored alike (twin_objects, TwinObjectStore), held alike by the snapshot (one map per
 * kind), imported, listed and watched alike; what differs is said here.
 */
export interface TwinObjects {
  Namespace: Namespace;
  PersistentVolume: PersistentVolume;
  PersistentVolumeClaim: PersistentVolumeClaim;
  StorageClass: StorageClass;
  CSINode: CSINode;
  PodDisruptionBudget: PodDisruptionBudget;
}

export type TwinKind = keyof TwinObjects;
export type TwinObject = TwinObjects[TwinKind];

/** ClusterView's map of each kind. */
export type TwinField = 'namespaces' | 'persistentVolumes' | 'persistentVolumeClaims' | 'storageClasses' | 'csiNodes' | 'podDisruptionBudgets';

export interface TwinKindInfo {
  readonly apiVersion: string;
  /** The API group ('' for the core one), as NotFound names a resource of another group. */
  readonly group: string;
  /** The resource, as paths and discovery name it. */
  readonly resource: string;
  readonly namespaced: boolean;
  readonly field: TwinField;
}

export const TWIN_KINDS: Readonly<Record<TwinKind, TwinKindInfo>> = {
  Namespace: { apiVersion: 'v1', group: '', resource: 'namespaces', namespaced: false, field: 'namespaces' },
  PersistentVolume: { apiVersion: 'v1', group: '', resource: 'persistentvolumes', namespaced: false, field: 'persistentVolumes' },
  PersistentVolumeClaim: { apiVersion: 'v1', group: '', resource: 'persistentvolumeclaims', namespaced: true, field: 'persistentVolumeClaims' },
  StorageClass: { apiVersion: 'storage.k8s.io/v1', group: 'storage.k8s.io', resource: 'storageclasses', namespaced: false, field: 'storageClasses' },
  CSINode: { apiVersion: 'storage.k8s.io/v1', group: 'storage.k8s.io', resource: 'csinodes', namespaced: false, field: 'csiNodes' },
  PodDisruptionBudget: { apiVersion: 'policy/v1', group: 'policy', resource: 'poddisruptionbudgets', namespaced: true, field: 'podDisruptionBudgets' },
};

export const TWIN_KIND_NAMES = Object.keys(TWIN_KINDS) as TwinKind[];

export const isTwinKind = (kind: string): kind is TwinKind => Object.hasOwn(TWIN_KINDS, kind);

/** The kind an object of this apiVersion and kind is kept as; none when the twin does not keep it (absent apiVersion: the kind's own). */
export function twinKindOf(apiVersion: unknown, kind: string): TwinKind | undefined {
  if (!isTwinKind(kind)) return undefined;
  return apiVersion === undefined || apiVersion === TWIN_KINDS[kind].apiVersion ? kind : undefined;
}

/** An object's key in its kind's map and in tombstones: its name, or `namespace/name` for a namespaced kind. */
export const twinKey = (kind: TwinKind, namespace: string, name: string): string => (TWIN_KINDS[kind].namespaced ? `${namespace}/${name}` : name);
