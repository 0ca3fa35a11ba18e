import { FieldPath, wellFormed } from '@taintgate/domain';

/**
 * Strings of a parsed body, made storable as Kubernetes would decode them.
 *
 * - A lone surrogate (`"\ud800"`, which JSON.parse keeps) becomes U+FFFD, as Go's encoding/json
 *   decodes it. Postgres refuses it in jsonb (22P05), which once answered 500.
 * - The NUL character (`"\u0000"`) is valid in Go and JSON, but neither Postgres' text nor its
 *   jsonb can hold it (22021, 22P05). It is refused, at its field, rather than stored in part.
 *
 * Only bodies whose text has such an escape are walked (`mayHoldUnstorableStrings`); raw ones
 * cannot occur (JSON refuses raw control characters, and bytes that are not UTF-8 are decoded
 * as U+FFFD). The walk recurses as deep as the body nests, which json-depth.ts bounds.
 */

/** Why a string holding NUL is refused. */
export const NUL_REASON = 'may not contain the NUL character (\\u0000), which cannot be stored';

const UNSTORABLE_ESCAPE = /\\u(?:0000|d[89a-f][0-9a-f]{2})/i;

/** Whether the JSON text has an escape of NUL or of a surrogate: only then is the walk needed. */
export const mayHoldUnstorableStrings = (text: string): boolean => UNSTORABLE_ESCAPE.test(text);

/** The value with lone surrogates replaced (in place); the first string holding NUL, if any, and its path (an object's, for a key). */
export function storableStrings(value: unknown, path: FieldPath = FieldPath.root()): { value: unknown; nulAt?: FieldPath; nul?: string } {
  if (typeof value === 'string') return value.includes('\u0000') ? { value, nulAt: path, nul: value } : { value: wellFormed(value) };
  if (typeof value !== 'object' || value === null) return { value };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const inner = storableStrings(value[i], path.index(i));
      if (inner.nulAt) return inner;
      value[i] = inner.value;
    }
    return { value };
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (key.includes('\u0000')) return { value, nulAt: path, nul: key };
    const inner = storableStrings(record[key], path.child(key));
    if (inner.nulAt) return inner;
    const wellFormedKey = wellFormed(key);
    if (wellFormedKey !== key) Reflect.deleteProperty(record, key);
    record[wellFormedKey] = inner.value;
  }
  return { value };
}
