import sameJson from 'fast-deep-equal';
import {
  type FieldError,
  type Node,
  type Result,
  importedIdentity,
  isObject,
  validateCSINode,
  validateNamespace,
  validateNode,
  validatePersistentVolume,
  validatePersistentVolumeClaim,
  validatePodDisruptionBudget,
  validateStorageClass,
} from '@taintgate/domain';
import { TWIN_KINDS, type TwinKind, type TwinObject, twinKey, twinKindOf } from '../../store/twin-kinds';
import { importedTwinRow, importedTwinText, twinObjectOfRow } from '../../store/twin-object-record';
import { importedNodeRow, nodeOfImportedRow } from '../../store/node-record';
import { oversizedAsSent } from '../../store/object-size';
import { type BodyPosition, describePosition } from './import-body';
import {
  type ImportSoFar,
  type ObjectOutcome,
  createdAtOf,
  duplicateName,
  duplicateUid,
  errorsOf,
  invalid,
  isCoreKind,
  ownerOf,
  rejected,
  sentNameOf,
} from './import-outcomes';
import { classifyPod } from './imported-pod';

/*
 * What each object of an import's body becomes (classifyObject), from what the import knows when
 * it reads it: the cluster as stored, and what the import has named so far. No I/O, and nothing
 * changed: the run (import-run.ts) records what the object claims (its name, its uid) and
 * batches what is to be stored.
 */

/** Each kept kind's validation, as the API server validates it on create (libs/domain). */
const VALIDATORS: Readonly<Record<TwinKind, (object: unknown) => Result<TwinObject, FieldError[]>>> = {
  Namespace: validateNamespace,
  PersistentVolume: validatePersistentVolume,
  PersistentVolumeClaim: validatePersistentVolumeClaim,
  StorageClass: validateStorageClass,
  CSINode: validateCSINode,
  PodDisruptionBudget: validatePodDisruptionBudget,
};

export function classifyObject(object: unknown, position: BodyPosition, sentBytes: number | undefined, soFar: ImportSoFar): ObjectOutcome {
  const sent = sentNameOf(object);
  const { kind, name, namespace, apiVersion } = sent;
  // An object that does not say what it is cannot be told kept or skipped.
  if (kind === '') return rejected({ kind, name, position: describePosition(position), message: 'an object without a kind is not imported' });
  if (isCoreKind(sent, 'Node')) return classifyNode(object, name, position, sentBytes, soFar);
  if (isCoreKind(sent, 'Pod')) return classifyPod(object, namespace, name, position, sentBytes, soFar);
  const twin = twinKindOf(apiVersion, kind);
  if (twin) return classifyTwin(twin, object, TWIN_KINDS[twin].namespaced ? namespace : '', name, position, sentBytes, soFar);
  return { kind: 'skipped', apiVersion: typeof apiVersion === 'string' ? apiVersion : '', of: kind };
}

function classifyNode(object: unknown, name: string, position: BodyPosition, sentBytes: number | undefined, soFar: ImportSoFar): ObjectOutcome {
  const existing = soFar.stored?.nodes.get(name);
  const owner = ownerOf('Node', name);
  if (existing && unchangedAsSent(object, existing, owner, soFar.namedNodes, name, soFar.uidOwners)) return { kind: 'unchanged', of: 'Node', key: name };
  const valid = validateNode(object);
  const identity = importedIdentity(object);
  if (!valid.ok || !identity.ok) return invalid('Node', undefined, name, position, [...errorsOf(valid), ...errorsOf(identity)]);
  const tooLarge = oversizedAsSent('Node', name, valid.value, sentBytes);
  if (tooLarge) return rejected({ kind: 'Node', name, position: describePosition(position), message: tooLarge.message });
  if (soFar.namedNodes.has(name)) return invalid('Node', undefined, name, position, [duplicateName(name)]);
  const node = valid.value;
  const uid = identity.value.uid ?? existing?.metadata.uid ?? soFar.newUid();
  const holder = soFar.uidOwners.get(uid);
  if (holder !== undefined && holder !== owner) return invalid('Node', undefined, name, position, [duplicateUid(uid, holder)]);
  const createdAt = createdAtOf(identity.value.creationTimestamp, existing, soFar.now);
  const row = importedNodeRow(node, { uid, createdAt }, existing?.spec?.taints ?? [], soFar.now);
  // Only an object stored before can be unchanged; reading a new one back would cost for nothing.
  const after = existing && nodeOfImportedRow(row, 0n);
  if (existing && sameJson(withoutResourceVersion(after as Node), withoutResourceVersion(existing))) return { kind: 'unchanged', of: 'Node', key: name, uid };
  return {
    kind: 'node',
    created: !existing,
    key: name,
    uid,
    row,
    taints: { before: existing?.spec?.taints ?? [], after: row.taints.map((t) => ({ ...t, timeAdded: t.timeAdded.toISOString() })) },
  };
}

/** An object of one of the other kept kinds (a Namespace, a PersistentVolume, ...), as a node is: validated, its identity kept, stored whole. */
function classifyTwin(
  kind: TwinKind,
  object: unknown,
  namespace: string,
  name: string,
  position: BodyPosition,
  sentBytes: number | undefined,
  soFar: ImportSoFar,
): ObjectOutcome {
  const key = twinKey(kind, namespace, name);
  const existing = soFar.stored?.[TWIN_KINDS[kind].field]?.get(key);
  const owner = ownerOf(kind, key);
  if (existing && unchangedAsSent(object, existing, owner, soFar.namedTwins, owner, soFar.uidOwners)) return { kind: 'unchanged', of: kind, key };
  const inNamespace = namespace === '' ? undefined : namespace;
  const valid = VALIDATORS[kind](object);
  const identity = importedIdentity(object);
  if (!valid.ok || !identity.ok) return invalid(kind, inNamespace, name, position, [...errorsOf(valid), ...errorsOf(identity)]);
  const tooLarge = oversizedAsSent(kind, name, valid.value, sentBytes);
  if (tooLarge)
    return rejected({ kind, ...(inNamespace === undefined ? {} : { namespace }), name, position: describePosition(position), message: tooLarge.message });
  if (soFar.namedTwins.has(owner)) return invalid(kind, inNamespace, name, position, [duplicateName(name)]);
  const uid = identity.value.uid ?? existing?.metadata.uid ?? soFar.newUid();
  const holder = soFar.uidOwners.get(uid);
  if (holder !== undefined && holder !== owner) return invalid(kind, inNamespace, name, position, [duplicateUid(uid, holder)]);
  const row = importedTwinRow(kind, valid.value, { namespace, uid, createdAt: createdAtOf(identity.value.creationTimestamp, existing, soFar.now) });
  const after = existing && twinObjectOfRow({ object: row.object, revision: 0n });
  if (existing && sameJson(withoutResourceVersion(after as TwinObject), withoutResourceVersion(existing))) return { kind: 'unchanged', of: kind, key, uid };
  return { kind: 'twin', of: kind, created: !existing, key, uid, text: importedTwinText(row) };
}

/**
 * Whether the object sent is the one stored, exactly (resourceVersion aside, which is taintgate's
 * own), and named once so far: then it is unchanged, and neither validated again (it was when it
 * was stored) nor laid out as a row. Most objects of a periodic import are; telling them here
 * spares the work that costs the most. An object that differs only in how it is written (a
 * default left out) is told unchanged later, once it is laid out as it would be stored. A pod is
 * told by its digest instead (classifyPod): the snapshot does not hold it whole.
 */
function unchangedAsSent(
  object: unknown,
  stored: Node | TwinObject,
  owner: string,
  named: ReadonlySet<string>,
  key: string,
  uidOwners: ReadonlyMap<string, string>,
): boolean {
  if (named.has(key) || !sameExceptResourceVersion(object, stored)) return false;
  return uidOwners.get(stored.metadata.uid ?? '') === owner;
}

const withoutResourceVersion = <T extends Node | TwinObject>(object: T): T => ({
  ...object,
  metadata: { ...object.metadata, resourceVersion: undefined },
});

/** Whether `sent` is `stored` as JSON, but for metadata.resourceVersion; without copying either (most of an import's objects are compared). */
function sameExceptResourceVersion(sent: unknown, stored: Node | TwinObject): boolean {
  if (!isObject(sent)) return false;
  const storedFields = stored as unknown as Record<string, unknown>;
  const keys = Object.keys(sent);
  if (keys.length !== Object.keys(storedFields).length) return false;
  for (const key of keys) {
    if (!Object.hasOwn(storedFields, key)) return false;
    if (key === 'metadata' ? !sameMetadata(sent[key], storedFields[key]) : !sameJson(sent[key], storedFields[key])) return false;
  }
  return true;
}

function sameMetadata(sent: unknown, stored: unknown): boolean {
  if (!isObject(sent) || !isObject(stored)) return false;
  const sentKeys = Object.keys(sent).filter((key) => key !== 'resourceVersion');
  if (sentKeys.length !== Object.keys(stored).filter((key) => key !== 'resourceVersion').length) return false;
  return sentKeys.every((key) => Object.hasOwn(stored, key) && sameJson(sent[key], stored[key]));
}
