import type { ImportedKind } from '../import/import-outcomes';

/** A kind the twin keeps, as its source serves it: the collection's path across namespaces, and what its items are. */
export interface MirroredKind {
  readonly kind: ImportedKind;
  readonly apiVersion: string;
  readonly path: string;
  readonly namespaced: boolean;
}

/**
 * Every kind the twin keeps, in the order a first sync lists them: what pods refer to (namespaces,
 * storage, budgets, nodes) before the pods, so that the pods are decided against their nodes.
 */
export const MIRRORED_KINDS: readonly MirroredKind[] = [
  { kind: 'Namespace', apiVersion: 'v1', path: '/api/v1/namespaces', namespaced: false },
  { kind: 'StorageClass', apiVersion: 'storage.k8s.io/v1', path: '/apis/storage.k8s.io/v1/storageclasses', namespaced: false },
  { kind: 'CSINode', apiVersion: 'storage.k8s.io/v1', path: '/apis/storage.k8s.io/v1/csinodes', namespaced: false },
  { kind: 'PersistentVolume', apiVersion: 'v1', path: '/api/v1/persistentvolumes', namespaced: false },
  { kind: 'PersistentVolumeClaim', apiVersion: 'v1', path: '/api/v1/persistentvolumeclaims', namespaced: true },
  { kind: 'PodDisruptionBudget', apiVersion: 'policy/v1', path: '/apis/policy/v1/poddisruptionbudgets', namespaced: true },
  { kind: 'Node', apiVersion: 'v1', path: '/api/v1/nodes', namespaced: false },
  { kind: 'Pod', apiVersion: 'v1', path: '/api/v1/pods', namespaced: true },
];
