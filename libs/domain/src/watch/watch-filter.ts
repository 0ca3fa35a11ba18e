import { type FieldSelector, fieldsMatch, nodeFields, podFields } from '../selectors/field-selector';
import { type LabelSelector, selectorMatches } from '../selectors/label-selector';
import type { Node, Pod } from '../types';

/**
 * Which objects a watch is about: the kind, a namespace for a namespaced path
 * (/api/v1/namespaces/{ns}/pods), and the label and field selectors, the same as a list's.
 */
export type WatchFilter =
  | { kind: 'Node'; labels: LabelSelector; fields: FieldSelector }
  | { kind: 'Pod'; namespace?: string | undefined; labels: LabelSelector; fields: FieldSelector };

/** Whether a stored object passes the filter, as the list with the same selectors would answer it. */
export function passesFilter(filter: WatchFilter, object: Node | Pod): boolean {
  if (!selectorMatches(filter.labels, object.metadata.labels)) return false;
  if (filter.kind === 'Node') return filter.fields.length === 0 || fieldsMatch(filter.fields, nodeFields(object));
  if (filter.namespace !== undefined && (object.metadata.namespace ?? 'default') !== filter.namespace) return false;
  return filter.fields.length === 0 || fieldsMatch(filter.fields, podFields(object));
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
  const namespace = deleted.metadata.namespace ?? 'default';
  if (filter.kind === 'Pod' && filter.namespace !== undefined && namespace !== filter.namespace) return false;
  const known = filter.fields.filter((r) => KNOWN_FROM_KEY.has(r.field));
  return fieldsMatch(known, { 'metadata.name': deleted.metadata.name, 'metadata.namespace': namespace });
}
