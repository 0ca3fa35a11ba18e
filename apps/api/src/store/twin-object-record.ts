import { k8sTime } from '@taintgate/domain';
import { storableJson } from './object-parts';
import { TWIN_KINDS, type TwinKind, type TwinObject } from './twin-kinds';

/** A twin object's row, as the snapshot reads it. */
export interface TwinObjectRow {
  kind: string;
  namespace: string;
  name: string;
  object: unknown;
  revision: bigint;
}

/** A row as an import writes it: every column but the cluster and the revision, which the write gives. */
export interface ImportedTwinRow {
  kind: TwinKind;
  /** '' for a kind that is not namespaced. */
  namespace: string;
  name: string;
  uid: string;
  createdAt: Date;
  /** The object as it is stored: as sent, with its kind, its uid and creation time as kept, no resourceVersion. */
  object: Record<string, unknown>;
}

type Json = Record<string, unknown>;

/**
 * The row an imported object is stored as: the object as the cluster printed it, its apiVersion
 * and kind said, its uid and creationTimestamp those it is kept with (the source's, else the
 * stored object's, else new), a namespaced one in its namespace; metadata.resourceVersion is the
 * twin's own (the revision), so not stored.
 */
export function importedTwinRow(kind: TwinKind, sent: TwinObject, identity: { namespace: string; uid: string; createdAt: Date }): ImportedTwinRow {
  const { apiVersion: _apiVersion, kind: _kind, metadata, ...rest } = sent as unknown as Json & { metadata: Json };
  const { resourceVersion: _resourceVersion, ...kept } = metadata;
  const info = TWIN_KINDS[kind];
  const object = storableJson({
    apiVersion: info.apiVersion,
    kind,
    metadata: {
      ...kept,
      ...(info.namespaced ? { namespace: identity.namespace } : {}),
      uid: identity.uid,
      creationTimestamp: k8sTime(identity.createdAt),
    },
    ...rest,
  }) as Json;
  return { kind, namespace: info.namespaced ? identity.namespace : '', name: String(metadata.name), uid: identity.uid, createdAt: identity.createdAt, object };
}

/** An object held (read from a row, then changed) as it is stored again: without its resourceVersion, which is the row's revision. */
export function storedTwinObject(object: TwinObject): Record<string, unknown> {
  const { resourceVersion: _resourceVersion, ...metadata } = object.metadata;
  return storableJson({ ...object, metadata }) as Json;
}

/** The object a row stands for, at its revision (metadata.resourceVersion). */
export function twinObjectOfRow(row: Pick<TwinObjectRow, 'object' | 'revision'>): TwinObject {
  const object = row.object as Json & { metadata: Json };
  return { ...object, metadata: { ...object.metadata, resourceVersion: String(row.revision) } } as unknown as TwinObject;
}

/** An imported row as TwinObjectStore.importMany sends it, encoded as the import reads it (outside the write). */
export function importedTwinText(row: ImportedTwinRow): string {
  return JSON.stringify({
    kind: row.kind,
    namespace: row.namespace,
    name: row.name,
    uid: row.uid,
    created_at: row.createdAt.toISOString(),
    object: row.object,
  });
}
