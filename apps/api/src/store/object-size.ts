import { type Failure, MAX_OBJECT_BYTES, objectTooLarge } from '@taintgate/domain';
import { stringifyExactly } from '../http/edge/exact-json';

/**
 * The size limit of a stored object (etcd's 1.5 MiB, libs/domain's size-limits), measured on the
 * object as it is stored: its compact JSON, in UTF-8 bytes.
 */

/** A stored object's size: its JSON as the API answers it, compact. */
const jsonBytes = (object: unknown): number => Buffer.byteLength(stringifyExactly(object));

/**
 * No text of JSON grows more than this when written compact (`1e20` is 21 digits once written
 * out), so an object sent in fewer bytes than the limit over this fits without being measured.
 */
const MOST_GROWTH = 6;

/** RequestEntityTooLarge when the object's JSON is over the limit; undefined when it fits. */
export function oversized(kind: string, name: string, object: unknown): Failure | undefined {
  return objectTooLarge(kind, name, jsonBytes(object));
}

/**
 * The same for an object read from a body of `sentBytes` bytes (when the reader knows): measured
 * only when it was sent large enough to pass the limit, as the import reads thousands a second.
 */
export function oversizedAsSent(kind: string, name: string, object: unknown, sentBytes: number | undefined): Failure | undefined {
  if (sentBytes !== undefined && sentBytes * MOST_GROWTH <= MAX_OBJECT_BYTES) return undefined;
  return oversized(kind, name, object);
}
