import { type Result, err, ok } from '../failures/result';
import { type FieldError, FieldPath, fieldError } from '../foundation/field-errors';
import { ShapeChecker, isObject } from './json-shape';

/**
 * What an imported object keeps from the cluster it comes from, that a created object would be
 * given by taintgate: its uid, when it was created and, for a pod being deleted gracefully, when
 * it will be gone. An import stores objects as they are (a UID names the same pod in both places).
 */
export interface ImportedIdentity {
  uid?: string;
  /** Epoch milliseconds. */
  creationTimestamp?: number;
  deletionTimestamp?: number;
  deletionGracePeriodSeconds?: number;
}

/** What types.UID holds in practice: the API server makes every uid a random UUID. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * metav1.Time's text form: Go's time.RFC3339 layout, which when parsing also takes a fraction of
 * a second after the seconds.
 */
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

const metadataPath = FieldPath.root().child('metadata');

function time(shape: ShapeChecker, value: unknown, field: string): number | undefined {
  const text = shape.string(value, metadataPath.child(field));
  if (text === undefined || text === '') return undefined;
  const at = RFC3339.test(text) ? Date.parse(text) : NaN;
  if (Number.isNaN(at)) {
    shape.errors.push(fieldError.invalid(metadataPath.child(field), text, 'must be an RFC 3339 time, e.g. 2024-01-02T15:04:05Z'));
    return undefined;
  }
  return at;
}

/** The identity fields of an imported object's metadata, each checked and named when it is bad. */
export function importedIdentity(object: unknown): Result<ImportedIdentity, FieldError[]> {
  const shape = new ShapeChecker();
  const metadata = isObject(object) && isObject(object.metadata) ? object.metadata : {};
  const identity: ImportedIdentity = {};
  const uid = shape.string(metadata.uid, metadataPath.child('uid'));
  if (uid !== undefined && uid !== '') {
    if (UUID.test(uid)) identity.uid = uid.toLowerCase();
    else shape.errors.push(fieldError.invalid(metadataPath.child('uid'), uid, 'must be a UUID, as the API server makes them'));
  }
  const created = time(shape, metadata.creationTimestamp, 'creationTimestamp');
  if (created !== undefined) identity.creationTimestamp = created;
  const deletion = time(shape, metadata.deletionTimestamp, 'deletionTimestamp');
  if (deletion !== undefined) identity.deletionTimestamp = deletion;
  const grace = shape.integer(metadata.deletionGracePeriodSeconds, metadataPath.child('deletionGracePeriodSeconds'));
  if (grace !== undefined) {
    if (grace < 0) shape.errors.push(fieldError.invalid(metadataPath.child('deletionGracePeriodSeconds'), grace, 'must be greater than or equal to 0', 'json'));
    else identity.deletionGracePeriodSeconds = grace;
  }
  return shape.errors.length ? err(shape.errors) : ok(identity);
}
