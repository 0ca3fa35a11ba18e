import { hash } from 'node:crypto';
import { type ImportedIdentity, type Pod, importedIdentity, validatePod } from '@taintgate/domain';
import { oversizedAsSent } from '../../store/object-size';
import { importedPodRow, podKey } from '../../store/pod-record';
import { type ImportedPodText, importedPodText } from '../../store/pod-store';
import { stringifyExactly } from '../../http/edge/exact-json';
import { type BodyEntry, type BodyPosition, describePosition } from './import-body';
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

/*
 * What a pod of an import's body becomes. A pod is told in two steps: what the object sent says
 * of itself with the stored pods' digests (preparePod: its digest, its validation, its row), and
 * what the import's own state says of it (the stored pod, the uids claimed so far). A large body's
 * pods take the first step on the thread that reads it (import-read-thread.ts), and the event
 * loop only the second (finishPreparedPod); classifyPod takes both at once.
 */

/** What the first step knows: the stored pods' digests, the pods named so far (by `namespace/name`), the settings pods are validated with. */
export type PodsKnown = Pick<ImportSoFar, 'podDigests' | 'namedPods' | 'settings'>;

/**
 * A pod told from what it says of itself: sent as the import before sent it (`sentBefore`: its
 * digest is the stored one's), or valid and laid out as its row (`ready`). A pod that is neither
 * (invalid, too large, named twice, without a uid or creation time of its own) is told whole by
 * classifyPod where the import's state is.
 */
export type PreparedPod =
  | { readonly kind: 'sentBefore'; readonly key: string; readonly position: BodyPosition }
  | {
      readonly kind: 'ready';
      readonly key: string;
      readonly namespace: string;
      readonly name: string;
      readonly uid: string;
      readonly position: BodyPosition;
      readonly text: ImportedPodText;
      readonly decide: Pod | undefined;
    };

/**
 * An entry read, as the thread reading a body hands it on: a pod as far as its own object tells
 * it, or what the body held, to be told whole on the event loop (an object of another kind, a pod
 * the first step could not tell, a piece that could not be read).
 */
export type ReadEntry = BodyEntry | PreparedPod;

/** An entry read, its pod (if it is one) taken through the first step; every pod named is named in `known` from here on. */
export function prepareEntry(entry: BodyEntry, known: PodsKnown & { readonly namedPods: Set<string> }): ReadEntry {
  if (!entry.ok) return entry;
  const sent = sentNameOf(entry.object);
  if (!isCoreKind(sent, 'Pod')) return entry;
  const pod = preparePod(entry.object, sent.namespace, sent.name, entry.position, entry.bytes, known);
  // As the import names it, rejected or not (ImportRun.take and reject): a pod without a name is not named.
  if (sent.name !== '') known.namedPods.add(podKey(sent.namespace, sent.name));
  return pod ?? entry;
}

/** The first step: undefined when the pod must be told whole (classifyPod). */
export function preparePod(
  object: unknown,
  namespace: string,
  name: string,
  position: BodyPosition,
  sentBytes: number | undefined,
  known: PodsKnown,
): PreparedPod | undefined {
  const key = podKey(namespace, name);
  const digest = importDigestOf(object);
  if (known.podDigests.get(key) === digest && !known.namedPods.has(key)) return { kind: 'sentBefore', key, position };
  const checked = checkedPod(object, namespace, name, position, sentBytes, known);
  if (!checked.ok) return undefined;
  const { uid, creationTimestamp } = checked.identity;
  if (uid === undefined || creationTimestamp === undefined) return undefined;
  const text = importedPodText(podRowOf(checked, uid, new Date(creationTimestamp), digest));
  return { kind: 'ready', key, namespace, name, uid, position, text, decide: decidableOf(checked.pod, uid) };
}

/**
 * The second step. A pod sent before is unchanged when its stored uid is still its own: the
 * digests are read at the snapshot's revision (PodStore.importDigests), so a pod sent before is
 * stored; its uid is another's only when an earlier object of the body claimed it, which the
 * first step could not know, and then it is refused as the whole pod would be.
 */
export function finishPreparedPod(prepared: PreparedPod, soFar: ImportSoFar): ObjectOutcome {
  const owner = ownerOf('Pod', prepared.key);
  const existing = soFar.stored?.pods.get(prepared.key);
  if (prepared.kind === 'sentBefore') {
    if (!existing) throw new Error(`pod ${prepared.key}: its digest was read with the stored pods, but the snapshot read has no such pod`);
    const uid = existing.metadata.uid ?? '';
    const holder = soFar.uidOwners.get(uid);
    if (holder === undefined || holder === owner) return { kind: 'unchanged', of: 'Pod', key: prepared.key };
    return invalid('Pod', existing.metadata.namespace ?? 'default', existing.metadata.name, prepared.position, [duplicateUid(uid, holder)]);
  }
  const { key, namespace, name, uid, position, text, decide } = prepared;
  const holder = soFar.uidOwners.get(uid);
  if (holder !== undefined && holder !== owner) return invalid('Pod', namespace, name, position, [duplicateUid(uid, holder)]);
  return { kind: 'pod', created: !existing, key, uid, text, decide };
}

/** Both steps at once, the pod told whole where the first cannot tell it. */
export function classifyPod(
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
  const checked = checkedPod(object, namespace, name, position, sentBytes, soFar);
  if (!checked.ok) return checked.outcome;
  const uid = checked.identity.uid ?? existing?.metadata.uid ?? soFar.newUid();
  const holder = soFar.uidOwners.get(uid);
  if (holder !== undefined && holder !== owner) return invalid('Pod', namespace, name, position, [duplicateUid(uid, holder)]);
  const row = podRowOf(checked, uid, createdAtOf(checked.identity.creationTimestamp, existing, soFar.now), digest);
  return { kind: 'pod', created: !existing, key, uid, text: importedPodText(row), decide: decidableOf(checked.pod, uid) };
}

type CheckedPod = { ok: true; pod: Pod; identity: ImportedIdentity } | { ok: false; outcome: ObjectOutcome };

/** The pod valid, not too large and named once, with the identity it brings; or why it is refused. */
function checkedPod(
  object: unknown,
  namespace: string,
  name: string,
  position: BodyPosition,
  sentBytes: number | undefined,
  known: Pick<PodsKnown, 'namedPods' | 'settings'>,
): CheckedPod {
  const valid = validatePod(object, known.settings);
  const identity = importedIdentity(object);
  if (!valid.ok || !identity.ok) return { ok: false, outcome: invalid('Pod', namespace, name, position, [...errorsOf(valid), ...errorsOf(identity)]) };
  const tooLarge = oversizedAsSent('Pod', name, valid.value, sentBytes);
  if (tooLarge) return { ok: false, outcome: rejected({ kind: 'Pod', namespace, name, position: describePosition(position), message: tooLarge.message }) };
  if (known.namedPods.has(podKey(namespace, name))) return { ok: false, outcome: invalid('Pod', namespace, name, position, [duplicateName(name)]) };
  return { ok: true, pod: { ...valid.value, metadata: { ...valid.value.metadata, namespace } }, identity: identity.value };
}

function podRowOf({ pod, identity }: { pod: Pod; identity: ImportedIdentity }, uid: string, createdAt: Date, digest: string) {
  const { deletionTimestamp, deletionGracePeriodSeconds } = identity;
  return importedPodRow(pod, {
    uid,
    createdAt,
    deletionTimestamp: deletionTimestamp === undefined ? null : new Date(deletionTimestamp),
    deletionGracePeriodSeconds: deletionGracePeriodSeconds ?? null,
    importDigest: digest,
  });
}

/** The pod as the taint eviction controller decides it, when it is bound to a node. */
const decidableOf = (pod: Pod, uid: string): Pod | undefined => (pod.spec?.nodeName ? decidable(pod, uid) : undefined);

/** The least of a pod the taint eviction controller needs to decide it (the full objects of a large import would not fit in memory). */
function decidable(pod: Pod, uid: string): Pod {
  const { name, namespace, deletionTimestamp } = pod.metadata;
  return {
    metadata: { name, namespace: namespace || 'default', uid, deletionTimestamp },
    spec: { nodeName: pod.spec?.nodeName, tolerations: pod.spec?.tolerations, terminationGracePeriodSeconds: pod.spec?.terminationGracePeriodSeconds },
    status: { phase: pod.status?.phase },
  };
}

/**
 * A digest of an object as sent, its resourceVersion aside (a pod's import_digest): the same
 * object sent again by the next import (kubectl prints an unchanged object the same) has the same.
 */
export function importDigestOf(object: unknown): string {
  const sent = object as { metadata?: Record<string, unknown> };
  return hash('sha1', stringifyExactly({ ...sent, metadata: { ...sent.metadata, resourceVersion: undefined } }), 'base64');
}
