import { type FieldSelector, fieldsMatch, nodeFields, objectMetaFields, podFields } from '../selectors/field-selector';
import { type LabelSelector, selectorMatches } from '../selectors/label-selector';
import type { ObjectMeta } from '../types';

/** The kinds a watch follows: nodes and pods, and the storage kinds and PodDisruptionBudgets the twin keeps beside them. */
export type WatchedKind = 'Node' | 'Pod' | 'PersistentVolume' | 'PersistentVolumeClaim' | 'StorageClass' | 'CSINode' | 'PodDisruptionBudget';

/** The watched kinds whose objects live in a namespace (their tombstones' keys are `namespace/name`). */
const NAMESPACED: ReadonlySet<WatchedKind> = new Set(['Pod', 'PersistentVolumeClaim', 'PodDisruptionBudget']);

export const isNamespacedKind = (kind: WatchedKind): boolean => NAMESPACED.has(kind);

/** A watched object: what the filter reads of it is its metadata, and a node's or a pod's own selectable fields. */
export interface WatchedObject {
  metadata: ObjectMeta;
}

/**
 * Which objects a watch is about: the kind, a namespace for a namespaced path
 * (/api/v1/namespaces/{ns}/pods), and the label and field selectors, the same as a list's.
 */
export interface WatchFilter {
  kind: WatchedKind;
  /** Only on a namespaced kind's namespaced path. */
  namespace?: string | undefined;
  labels: LabelSelector;
  fields: FieldSelector;
}

/** The object's selectable fields, as its kind's registry sets them. */
function selectableFields(kind: WatchedKind, object: WatchedObject): Record<string, string> {
  if (kind === 'Node') return nodeFields(object);
  if (kind === 'Pod') return podFields(object);
  return objectMetaFields(isNamespacedKind(kind) ? { ...object.metadata, namespace: object.metadata.namespace ?? 'default' } : object.metadata);
}

/** Whether a stored object passes the filter, as the list with the same selectors would answer it. */
export function passesFilter(filter: WatchFilter, object: WatchedObject): boolean {
  if (!selectorMatches(filter.labels, object.metadata.labels)) return false;
  if (filter.namespace !== undefined && (object.metadata.namespace ?? 'default') !== filter.namespace) return false;
  return filter.fields.length === 0 || fieldsMatch(filter.fields, selectableFields(filter.kind, object));
}

/** The fields a tombstone's key tells: a deleted object's name, and a pod's namespace. */
const KNOWN_FROM_KEY = new Set(['metadata.name', 'metadata.namespace']);

/**
 * Whether a deletion known only by its key may concern the watch: its namespace and the field
 * requirements on its name and namespace must hold; its labels and other fields are not known,
 * so they are taken as passing (a client that never held it ignores the deletion; one that did
 * must not keep it).
 */
export function keyMayPass(filter: WatchFilter, deleted: { metadata: { name: string; namespace?: string } }): boolean {
  const namespaced = isNamespacedKind(filter.kind);
  const namespace = namespaced ? (deleted.metadata.namespace ?? 'default') : '';
  if (namespaced && filter.namespace !== undefined && namespace !== filter.namespace) return false;
  const known = filter.fields.filter((r) => KNOWN_FROM_KEY.has(r.field));
  return fieldsMatch(known, { 'metadata.name': deleted.metadata.name, 'metadata.namespace': namespace });
}
