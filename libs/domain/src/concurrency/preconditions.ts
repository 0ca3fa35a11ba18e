import { type Failure, failure, resourceOf } from '../failures/failure';
import { type Result, err, ok } from '../failures/result';
import { type FieldError, FieldPath, fieldError, goQuote } from '../foundation/field-errors';
import { ShapeChecker, isObject } from '../validation/json-shape';

/**
 * Optimistic concurrency as the API server has it: a write may name the version of the object it
 * was made from (a PUT's `metadata.resourceVersion`) or the object it means (DeleteOptions'
 * `preconditions`), and is refused with 409 Conflict when the stored object is another. A write
 * that names nothing is unconditional.
 */

/** What a stored object is, for the preconditions: its uid and its resourceVersion (the revision of its last write). */
export interface StoredVersion {
  readonly uid: string;
  readonly resourceVersion: string;
}

/** metav1.Preconditions: each one given must hold of the stored object. An empty string is a precondition too. */
export interface Preconditions {
  readonly uid?: string;
  readonly resourceVersion?: string;
}

/** k8s.io/apiserver/pkg/registry/generic/registry's OptimisticLockErrorMsg. */
const OPTIMISTIC_LOCK_ERROR_MSG = 'the object has been modified; please apply your changes to the latest version and try again';

/** apierrors.NewConflict: `Operation cannot be fulfilled on nodes "n1": <why>`. */
const conflict = (resource: string, name: string, why: string): Failure =>
  failure.conflict(`Operation cannot be fulfilled on ${resource} ${goQuote(name)}: ${why}`);

const UINT64_MAX = 2n ** 64n - 1n;

/**
 * A resourceVersion as the API server's versioner reads it (APIObjectVersioner.ObjectResourceVersion):
 * empty is none; otherwise strconv.ParseUint(s, 10, 64), whose words make the error. Zero is none
 * as well (Store.Update takes 0 for "not specified"), so `undefined` means unconditional.
 */
export function parseResourceVersion(text: string): Result<bigint | undefined, string> {
  if (text === '') return ok(undefined);
  // As ParseUint scans: a byte that is no digit is a syntax error, a digit that overflows a range error, whichever comes first.
  let value = 0n;
  for (const ch of text) {
    if (ch < '0' || ch > '9') return err(`strconv.ParseUint: parsing ${goQuote(text)}: invalid syntax`);
    value = value * 10n + BigInt(ch.charCodeAt(0) - 48);
    if (value > UINT64_MAX) return err(`strconv.ParseUint: parsing ${goQuote(text)}: value out of range`);
  }
  return ok(value === 0n ? undefined : value);
}

const resourceVersionPath = FieldPath.root().child('metadata').child('resourceVersion');

/**
 * The resourceVersion a PUT's object names, `undefined` when none. kube-apiserver answers a value
 * ParseUint cannot read with 500 and the bare strconv error (kubernetes/kubernetes#68208 was
 * never merged); a client's mistake is a 400 here, naming the field, with the same words.
 */
export function sentResourceVersion(object: unknown): Result<bigint | undefined, FieldError[]> {
  const metadata = isObject(object) && isObject(object.metadata) ? object.metadata : {};
  const shape = new ShapeChecker();
  const text = shape.string(metadata.resourceVersion, resourceVersionPath);
  if (text === undefined) return shape.errors.length ? err(shape.errors) : ok(undefined);
  const parsed = parseResourceVersion(text);
  return parsed.ok ? parsed : err([fieldError.invalid(resourceVersionPath, text, parsed.error)]);
}

/**
 * Whether a PUT of `kind` may write, given the stored object (none: `undefined`) and the
 * resourceVersion the PUT names (none: `undefined`), as Store.Update decides in its GuaranteedUpdate:
 * - none named: unconditional, a create or a replace (AllowUnconditionalUpdate);
 * - named, and the object stored at another: Conflict with OptimisticLockErrorMsg;
 * - named, and no object stored: NotFound. Node and Pod do not allow create on update
 *   (AllowCreateOnUpdate is false in their strategies), so kube-apiserver answers every PUT of a
 *   missing one with NotFound; taintgate creates on an unconditional PUT, but one naming a
 *   version is an update of that version, never a create (it would bring a deleted object back).
 */
export function checkUpdate(kind: string, name: string, stored: StoredVersion | undefined, resourceVersion: bigint | undefined): Result<void, Failure> {
  if (resourceVersion === undefined) return ok(undefined);
  if (!stored) return err(failure.notFound(kind, name));
  // Compared as numbers, as Store.Update compares the parsed uint64s ("007" names version 7).
  if (BigInt(stored.resourceVersion) !== resourceVersion) return err(conflict(resourceOf(kind), name, OPTIMISTIC_LOCK_ERROR_MSG));
  return ok(undefined);
}

/**
 * How a write meets the object stored under its name: REST's PUT creates or replaces it; the
 * Kubernetes API's POST only creates it (Store.Create) and its PUT only updates it (Store.Update:
 * Node and Pod do not allow create on update).
 */
export type WriteMode = 'createOrReplace' | 'create' | 'update';

/** The words of the etcd3 store's Create when the object to create names a resourceVersion. */
const RESOURCE_VERSION_ON_CREATE = 'resourceVersion should not be set on objects to be created';

/**
 * Whether a write of `kind` in `mode` may go on, given the stored object (none: `undefined`) and
 * the resourceVersion the object sent names (none: `undefined`):
 * - create: refused if it names a resourceVersion (the store's check comes first; kube-apiserver
 *   answers it with 500, a client's mistake is a 400 here, in the same words), then AlreadyExists
 *   (`nodes "n1" already exists`) if an object is stored;
 * - update: NotFound if none is stored, then as checkUpdate;
 * - createOrReplace: as checkUpdate.
 */
export function checkWrite(
  kind: string,
  name: string,
  mode: WriteMode,
  stored: StoredVersion | undefined,
  resourceVersion: bigint | undefined,
): Result<void, Failure> {
  if (mode === 'create') {
    if (resourceVersion !== undefined) return err(failure.badRequest(RESOURCE_VERSION_ON_CREATE));
    return stored ? err(failure.alreadyExists(kind, name)) : ok(undefined);
  }
  if (mode === 'update' && !stored) return err(failure.notFound(kind, name));
  return checkUpdate(kind, name, stored, resourceVersion);
}

/**
 * Whether a DELETE of `kind` may go on, given the stored object (none: `undefined`) and the
 * DeleteOptions' preconditions, as Store.Delete decides: NotFound without an object (its
 * Storage.Get), then rest.BeforeDelete's early check of the preconditions, uid first, each
 * compared as text. BeforeDelete names the resource by its kind (`Node`), and its words are what
 * the API server answers: storage.Preconditions.Check's ("Precondition failed: UID in
 * precondition: ...") are only reached when the object changes between that check and the
 * deletion, which cannot happen here (the check and the deletion are one transaction).
 */
export function checkDelete(kind: string, name: string, stored: StoredVersion | undefined, preconditions: Preconditions): Result<void, Failure> {
  if (!stored) return err(failure.notFound(kind, name));
  if (preconditions.uid !== undefined && preconditions.uid !== stored.uid) {
    return err(
      conflict(
        kind,
        name,
        `the UID in the precondition (${preconditions.uid}) does not match the UID in record (${stored.uid}). The object might have been deleted and then recreated`,
      ),
    );
  }
  if (preconditions.resourceVersion !== undefined && preconditions.resourceVersion !== stored.resourceVersion) {
    return err(
      conflict(
        kind,
        name,
        `the ResourceVersion in the precondition (${preconditions.resourceVersion}) does not match the ResourceVersion in record (${stored.resourceVersion}). The object might have been modified`,
      ),
    );
  }
  return ok(undefined);
}
