import { type Failure, failure } from '../failures/failure';
import { type Result, err, ok } from '../failures/result';
import { notAnObject } from './decode-errors';
import { isJsonMap, setMember } from './go-values';

/**
 * JSON Merge Patch (RFC 7386), `application/merge-patch+json`, as kube-apiserver applies it:
 * evanphx/json-patch's MergePatch (v4, merge.go). Objects merge key by key, null deletes, and
 * anything else (lists included) replaces. Where a patch value lands on nothing or on a
 * non-object, its nulls are pruned: from objects at any depth, objects inside lists included.
 */

/** merge.go's ErrBadJSONPatch, answered 400 by the handler. */
const BAD_JSON_PATCH = 'Invalid JSON Patch';

type JsonMap = Record<string, unknown>;

export function applyMergePatch(original: JsonMap, body: unknown): Result<JsonMap, Failure> {
  if (isJsonMap(body)) return ok(mergeDocs(structuredClone(original), structuredClone(body)));
  // A list replaces the document (and then fails to decode as one); null and scalars are no patch at all.
  if (Array.isArray(body)) return err(notAnObject(pruneNulls(structuredClone(body))));
  return err(failure.badRequest(BAD_JSON_PATCH));
}

function mergeDocs(doc: JsonMap, patch: JsonMap): JsonMap {
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) {
      Reflect.deleteProperty(doc, k);
      continue;
    }
    const current = Object.hasOwn(doc, k) ? doc[k] : null;
    setMember(doc, k, current === null ? pruneNulls(v) : merge(current, v));
  }
  return doc;
}

function merge(current: unknown, patch: unknown): unknown {
  if (!isJsonMap(current)) return pruneNulls(patch);
  if (!isJsonMap(patch)) return patch;
  return mergeDocs(current, patch);
}

/** Drops null members of objects, recursively; a null item of a list stays. */
function pruneNulls(value: unknown): unknown {
  if (Array.isArray(value)) for (const item of value) pruneNulls(item);
  else if (isJsonMap(value)) {
    for (const [k, v] of Object.entries(value)) {
      if (v === null) Reflect.deleteProperty(value, k);
      else pruneNulls(v);
    }
  }
  return value;
}
