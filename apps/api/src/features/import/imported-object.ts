import { hash } from 'node:crypto';
import sameJson from 'fast-deep-equal';
import {
  type DomainSettings,
  type FieldError,
  FieldPath,
  type Node,
  type Pod,
  type Result,
  type Taint,
  fieldError,
  importedIdentity,
  isObject,
  validateCSINode,
  validateNamespace,
  validateNode,
  validatePersistentVolume,
  validatePersistentVolumeClaim,
  validatePod,
  validatePodDisruptionBudget,
  validateStorageClass,
} from '@taintgate/domain';
import type { ClusterView, TwinMaps } from '../../store/cluster-snapshot';
import { TWIN_KINDS, type TwinKind, type TwinObject, twinKey, twinKindOf } from '../../store/twin-kinds';
import { importedTwinRow, importedTwinText, twinObjectOfRow } from '../../store/twin-object-record';
import { type ImportedNodeRow, importedNodeRow, nodeOfImportedRow } from '../../store/node-record';
import { oversizedAsSent } from '../../store/object-size';
import { importedPodRow, podKey } from '../../store/pod-record';
import { type ImportedPodText, importedPodText } from '../../store/pod-store';
import { type BodyPosition, describePosition } from './import-body';
import { stringifyExactly } from '../../http/edge/exact-json';

/*
 * What each object of an import's body becomes (classifyObject), from what the import knows when
 * it reads it: the cluster as stored, and what the import has named so far. No I/O, and nothing
 * changed: the run (import-run.ts) records what the object claims (its name, its uid) and
 * batches what is to be stored.
 */

/** An object the import left out, and why: the API server's words (an invalid object's field errors, worded when answered). */
export type Rejection = {
  readonly kind: string;
  readonly namespace?: string;
  readonly name: string;
  /** Where it was in the body: `items[12]`, `document 3`. */
  readonly position: string;
} & ({ readonly message: string } | { readonly errors: readonly FieldError[] });

/** The kinds an import stores: nodes and pods, and the others the twin keeps (twin-kinds.ts). */
export type ImportedKind = 'Node' | 'Pod' | TwinKind;

/**
 * What an object becomes. A rejected object of a kept kind with a name is named by the import all
 * the same (prune keeps it); an unchanged, created or updated one is named, and claims its uid
 * (`uid`) when it was checked for one (an object unchanged as sent was not: its uid is its own
 * already). An object of a kind the twin does not keep (a Deployment, a Service) is skipped, and
 * only counted.
 */
export type ObjectOutcome =
  | { readonly kind: 'rejected'; readonly rejection: Rejection }
  | { readonly kind: 'skipped'; readonly apiVersion: string; readonly of: string }
  | { readonly kind: 'unchanged'; readonly of: ImportedKind; readonly key: string; readonly uid?: string }
  | {
      readonly kind: 'twin';
      readonly of: TwinKind;
      readonly created: boolean;
      /** Its name, or `namespace/name` for a namespaced kind. */
      readonly key: string;
      readonly uid: string;
      /** Its row encoded as it is read (importedTwinText): under the lock, the write only sends it. */
      readonly text: string;
    }
  | {
      readonly kind: 'node';
      readonly created: boolean;
      readonly key: string;
      readonly uid: string;
      readonly row: ImportedNodeRow;
      /** Its taints before and after, as the taint eviction controller compares them. */
      readonly taints: { readonly before: readonly Taint[]; readonly after: readonly Taint[] };
    }
  | {
      readonly kind: 'pod';
      readonly created: boolean;
      /** `namespace/name`. */
      readonly key: string;
      readonly uid: string;
      /** Encoded as it is read (importedPodText): under the lock, the write only sends it. */
      readonly text: ImportedPodText;
      /** The pod as the taint eviction controller decides it, when it is bound to a node. */
      readonly decide: Pod | undefined;
    };

/** What the import knows when it reads an object. */
export interface ImportSoFar {
  /** The cluster as stored when the import began (none: a cluster the import creates); its pods as decisions read them. */
  readonly stored: (Pick<ClusterView, 'nodes' | 'pods'> & Partial<TwinMaps>) | undefined;
  /** The digest of each stored pod as an import last sent it (import_digest), by `namespace/name`. */
  readonly podDigests: ReadonlyMap<string, string>;
  /** Every object named so far, rejected ones too: a node by name, a pod by `namespace/name`, another kind's by ownerOf. */
  readonly namedNodes: ReadonlySet<string>;
  readonly namedPods: ReadonlySet<string>;
  readonly namedTwins: ReadonlySet<string>;
  /** uid -> the object that holds it (`ownerOf`), in the cluster as stored and as imported so far. */
  readonly uidOwners: ReadonlyMap<string, string>;
  /** The time the import started: of the taints and creation times it gives. */
  readonly now: number;
  readonly settings: DomainSettings;
  /** A uid for an object that brings none and is not stored. */
  readonly newUid: () => string;
}

/** How an object is named as the holder of a uid: `Node n1`, `Pod default/web-1`, `PersistentVolumeClaim db/data`. */
export const ownerOf = (kind: ImportedKind, key: string): string => `${kind} ${key}`;

const root = FieldPath.root();

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
  const kind = isObject(object) && typeof object.kind === 'string' ? object.kind : '';
  const metadata = isObject(object) && isObject(object.metadata) ? object.metadata : {};
  const name = typeof metadata.name === 'string' ? metadata.name : '';
  const namespace = typeof metadata.namespace === 'string' && metadata.namespace !== '' ? metadata.namespace : 'default';
  const apiVersion = isObject(object) ? object.apiVersion : undefined;
  // An object that does not say what it is cannot be told kept or skipped.
  if (kind === '') return rejected({ kind, name, position: describePosition(position), message: 'an object without a kind is not imported' });
  if ((kind === 'Node' || kind === 'Pod') && (apiVersion === undefined || apiVersion === 'v1')) {
    return kind === 'Node' ? classifyNode(object, name, position, sentBytes, soFar) : classifyPod(object, namespace, name, position, sentBytes, soFar);
  }
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

function classifyPod(
  object: unknown,
  namespace: string,
  name: string,
  position: BodyPosition,
  sentBytes: number | undefined,
  soFar: ImportSoFar,
): ObjectOutcome {
  const key = podKey(namespace, name);
  // The stored pod is held as decisions read it, not whole: what was sent is told unchanged by its digest.
  const existing = soFar.stored?.pods.get(key);
  const owner = ownerOf('Pod', key);
  const digest = importDigestOf(object);
  if (existing && soFar.podDigests.get(key) === digest && !soFar.namedPods.has(key) && soFar.uidOwners.get(existing.metadata.uid ?? '') === owner) {
    return { kind: 'unchanged', of: 'Pod', key };
  }
  const valid = validatePod(object, soFar.settings);
  const identity = importedIdentity(object);
  if (!valid.ok || !identity.ok) return invalid('Pod', namespace, name, position, [...errorsOf(valid), ...errorsOf(identity)]);
  const tooLarge = oversizedAsSent('Pod', name, valid.value, sentBytes);
  if (tooLarge) return rejected({ kind: 'Pod', namespace, name, position: describePosition(position), message: tooLarge.message });
  if (soFar.namedPods.has(key)) return invalid('Pod', namespace, name, position, [duplicateName(name)]);
  const pod = { ...valid.value, metadata: { ...valid.value.metadata, namespace } };
  const uid = identity.value.uid ?? existing?.metadata.uid ?? soFar.newUid();
  const holder = soFar.uidOwners.get(uid);
  if (holder !== undefined && holder !== owner) return invalid('Pod', namespace, name, position, [duplicateUid(uid, holder)]);
  const { deletionTimestamp, deletionGracePeriodSeconds } = identity.value;
  const row = importedPodRow(pod, {
    uid,
    createdAt: createdAtOf(identity.value.creationTimestamp, existing, soFar.now),
    deletionTimestamp: deletionTimestamp === undefined ? null : new Date(deletionTimestamp),
    deletionGracePeriodSeconds: deletionGracePeriodSeconds ?? null,
    importDigest: digest,
  });
  return { kind: 'pod', created: !existing, key, uid, text: importedPodText(row), decide: pod.spec?.nodeName ? decidable(pod, uid) : undefined };
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

const rejected = (rejection: Rejection): ObjectOutcome => ({ kind: 'rejected', rejection });

function invalid(kind: ImportedKind, namespace: string | undefined, name: string, position: BodyPosition, errors: FieldError[]): ObjectOutcome {
  return rejected({ kind, ...(namespace === undefined ? {} : { namespace }), name, position: describePosition(position), errors });
}

const errorsOf = (result: { ok: true } | { ok: false; error: FieldError[] }): FieldError[] => (result.ok ? [] : result.error);

const duplicateName = (name: string): FieldError => fieldError.duplicate(root.child('metadata').child('name'), name, 'named twice in the import');

const duplicateUid = (uid: string, holder: string): FieldError =>
  fieldError.duplicate(root.child('metadata').child('uid'), uid, `already the uid of ${holder}`);

/** The source's creationTimestamp; without one, the stored object's, else now. */
function createdAtOf(sent: number | undefined, existing: Node | Pod | TwinObject | undefined, now: number): Date {
  if (sent !== undefined) return new Date(sent);
  const stored = existing?.metadata.creationTimestamp;
  return new Date(stored ? Date.parse(stored) : now);
}

/** The least of a pod the taint eviction controller needs to decide it (the full objects of a large import would not fit in memory). */
function decidable(pod: Pod, uid: string): Pod {
  const { name, namespace, deletionTimestamp } = pod.metadata;
  return {
    metadata: { name, namespace: namespace || 'default', uid, deletionTimestamp },
    spec: { nodeName: pod.spec?.nodeName, tolerations: pod.spec?.tolerations, terminationGracePeriodSeconds: pod.spec?.terminationGracePeriodSeconds },
    status: { phase: pod.status?.phase },
  };
}

const withoutResourceVersion = <T extends Node | TwinObject>(object: T): T => ({
  ...object,
  metadata: { ...object.metadata, resourceVersion: undefined },
});

/**
 * A digest of an object as sent, its resourceVersion aside (a pod's import_digest): the same
 * object sent again by the next import (kubectl prints an unchanged object the same) has the same.
 */
export function importDigestOf(object: unknown): string {
  const sent = object as { metadata?: Record<string, unknown> };
  return hash('sha1', stringifyExactly({ ...sent, metadata: { ...sent.metadata, resourceVersion: undefined } }), 'base64');
}

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
