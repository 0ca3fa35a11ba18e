import { type Result, err, ok } from '../failures/result';
import type { ObjectMeta } from '../types';
import { type WatchFilter, type WatchedKind, type WatchedObject, isNamespacedKind, keyMayPass, passesFilter } from './watch-filter';

/**
 * What a watch sends, decided as kube-apiserver's watch cache decides it (cacher's
 * cacheWatcher.convertToWatchEvent): each change of an object is judged by whether the object
 * before it and the object after it pass the watch's filter (namespace, label and field
 * selectors), so that an object moving into the filter is ADDED and one moving out of it is
 * DELETED, whatever happened to it in storage.
 */

export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';

/** Any stored object: what the decisions below read of it is its metadata. */
interface Stored {
  metadata: ObjectMeta;
}

/**
 * One object's change at `revision`: what it was before (none when it did not exist) and what it
 * is after (none when it was deleted).
 */
export interface ObjectChange<T extends Stored> {
  revision: bigint;
  before: T | undefined;
  after: T | undefined;
}

export interface WatchEvent<T> {
  type: WatchEventType;
  object: T;
}

/**
 * The event a watcher with filter `matches` is sent for a change, or none. A DELETED event
 * carries the object as it was, at the revision of its deletion (updateResourceVersion in the
 * cacher), so that a client's last resourceVersion is always the newest it was sent.
 */
export function watchEventOf<T extends Stored>(change: ObjectChange<T>, matches: (object: T) => boolean): WatchEvent<T> | undefined {
  const wasIn = change.before !== undefined && matches(change.before);
  if (change.after !== undefined && matches(change.after)) return { type: wasIn ? 'MODIFIED' : 'ADDED', object: change.after };
  if (wasIn && change.before !== undefined) return { type: 'DELETED', object: atRevision(change.before, change.revision) };
  return undefined;
}

/**
 * A change read back from storage for a watch that starts behind the present (a client's
 * resourceVersion), where only the object now is known, not what it was at the client's version.
 * An object now in the filter is MODIFIED, or ADDED when it was (re)created since (`recreated`:
 * a deletion of its key came first); one now outside the filter is left out, as there is no
 * telling whether the client holds it. A deletion, of which only the key is left (`deleted`), is
 * sent whenever what the key tells (name, namespace) may pass the filter (keyMayPass).
 */
export function catchUpEventOf<T extends WatchedObject>(
  change: { after: T; recreated: boolean } | { deleted: T },
  filter: WatchFilter,
): WatchEvent<T> | undefined {
  if ('deleted' in change) return keyMayPass(filter, change.deleted) ? { type: 'DELETED', object: change.deleted } : undefined;
  if (!passesFilter(filter, change.after)) return undefined;
  return { type: change.recreated ? 'ADDED' : 'MODIFIED', object: change.after };
}

/** The object with `metadata.resourceVersion` at `revision` (the object itself untouched: snapshots share it). */
function atRevision<T extends Stored>(object: T, revision: bigint): T {
  return { ...object, metadata: { ...object.metadata, resourceVersion: String(revision) } };
}

/** The API version a watched kind is served in: storage.k8s.io/v1 for StorageClass and CSINode, policy/v1 for PodDisruptionBudget, v1 for the core kinds. */
function apiVersionOf(kind: WatchedKind): string {
  if (kind === 'StorageClass' || kind === 'CSINode') return 'storage.k8s.io/v1';
  return kind === 'PodDisruptionBudget' ? 'policy/v1' : 'v1';
}

/**
 * What is left of a deleted object when only its tombstone is: its name, its namespace (a
 * namespaced object's key is `namespace/name`) and the revision it was deleted at.
 */
export function deletedObjectOf(kind: WatchedKind, key: string, revision: bigint) {
  const metadata: ObjectMeta = { name: key, resourceVersion: String(revision) };
  if (isNamespacedKind(kind)) {
    const slash = key.indexOf('/');
    metadata.namespace = key.slice(0, slash);
    metadata.name = key.slice(slash + 1);
  }
  return { apiVersion: apiVersionOf(kind), kind, metadata };
}

/** A BOOKMARK's object: the watched kind with nothing but the revision the watcher has reached. */
export const bookmarkObjectOf = (kind: WatchedKind, revision: bigint) => ({
  apiVersion: apiVersionOf(kind),
  kind,
  metadata: { resourceVersion: String(revision) },
});

/** Where a watch starts: `any` (resourceVersion absent or "0": the present, every object ADDED first), or after a revision. */
export type WatchStart = { from: 'any' } | { from: 'revision'; revision: bigint };

/** `?resourceVersion=` of a watch: absent, "" or "0" is `any`; otherwise a revision (a decimal integer, as every one taintgate answers). */
export function parseWatchStart(sent: string | undefined): Result<WatchStart, string> {
  if (sent === undefined || sent === '' || sent === '0') return ok({ from: 'any' });
  if (!/^\d{1,19}$/.test(sent) || BigInt(sent) > 9223372036854775807n) return err(`invalid resource version: ${sent}`);
  return ok({ from: 'revision', revision: BigInt(sent) });
}

/**
 * What a watch from `start` does, given the cluster's revision now and the newest revision whose
 * tombstones retention has pruned: list the present (`any`), send what changed after the client's
 * revision (`catchUp`), refuse it as too old (the deletions since are no longer all known:
 * 410 Expired, so that the client lists again), or refuse it as not yet written (kube-apiserver's
 * "Too large resource version", 504, which clients retry).
 */
export function watchStartOf(
  start: WatchStart,
  cluster: { revision: bigint; prunedThrough: bigint },
): { kind: 'any' } | { kind: 'catchUp'; after: bigint } | { kind: 'expired'; message: string } | { kind: 'tooLarge'; message: string } {
  if (start.from === 'any') return { kind: 'any' };
  if (start.revision < cluster.prunedThrough) return { kind: 'expired', message: tooOldMessage(start.revision, cluster.prunedThrough) };
  if (start.revision > cluster.revision) {
    return { kind: 'tooLarge', message: `Too large resource version: ${start.revision}, current: ${cluster.revision}` };
  }
  return { kind: 'catchUp', after: start.revision };
}

/** The words of kube-apiserver's watch cache for a revision older than it holds (apierrors.NewResourceExpired). */
export const tooOldMessage = (revision: bigint, oldest: bigint): string => `too old resource version: ${revision} (${oldest})`;

/** strconv.ParseBool, which the API server reads `?watch=` and `?allowWatchBookmarks=` with. */
export function parseGoBool(sent: string): boolean | undefined {
  if (['1', 't', 'T', 'true', 'TRUE', 'True'].includes(sent)) return true;
  if (['0', 'f', 'F', 'false', 'FALSE', 'False'].includes(sent)) return false;
  return undefined;
}
