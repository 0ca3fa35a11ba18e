import { JsonPatchError, type Operation, applyPatch } from 'fast-json-patch';
import { type Failure, failure } from '../failures/failure';
import { type Result, err, ok } from '../failures/result';
import { cannotUnmarshal, notAnObject } from './decode-errors';
import { isJsonMap } from './go-values';
import { UNPROCESSABLE_PATCH_MESSAGE } from './strategic-merge-patch';

/**
 * JSON Patch (RFC 6902), `application/json-patch+json`, as kube-apiserver applies it
 * (k8s.io/apiserver/pkg/endpoints/handlers/patch.go, jsonPatcher.applyJSPatch, with
 * gopkg.in/evanphx/json-patch.v4). The operations themselves are fast-json-patch's.
 */

/** handlers/patch.go's maxJSONPatchOperations. */
export const MAX_JSON_PATCH_OPERATIONS = 10000;

/**
 * jsonpatch.DecodePatch reads the body into []map[string]*json.RawMessage: a list whose items
 * are objects (null is an empty operation, refused when applied). Its errors are 400s.
 */
function decodePatch(body: unknown): Result<unknown[], Failure> {
  if (body === null) return ok([]);
  if (!Array.isArray(body)) return err(failure.badRequest(cannotUnmarshal(body, 'jsonpatch.Patch')));
  const operations: unknown[] = body;
  const bad = operations.find((op) => op !== null && !isJsonMap(op));
  if (bad !== undefined) return err(failure.badRequest(cannotUnmarshal(bad, 'jsonpatch.Operation')));
  return ok(operations);
}

export function applyJsonPatch(original: Record<string, unknown>, body: unknown): Result<Record<string, unknown>, Failure> {
  const decoded = decodePatch(body);
  if (!decoded.ok) return decoded;
  const operations = decoded.value;
  if (operations.length > MAX_JSON_PATCH_OPERATIONS) {
    return err(failure.tooLarge(`The allowed maximum operations in a JSON patch is ${MAX_JSON_PATCH_OPERATIONS}, got ${operations.length}`));
  }
  let patched: unknown;
  try {
    // Copies of both: the library mutates the document it is given and inserts the patch's values by reference.
    const document: unknown = structuredClone(original);
    patched = applyPatch(document, structuredClone(operations) as Operation[], true, true).newDocument;
  } catch (e) {
    // Every failure of Patch.Apply (a failed test, a missing path, an unknown op) is answered
    // errors.NewGenericServerResponse(422, ...): reason Invalid, apierrors' generic words, the library's text dropped.
    // The library's refusal of `__proto__` paths is a TypeError of its own, and a path it walks through
    // something that is not an object (a move into its own child, after `from` is removed) fails with
    // one: to Go both are paths that do not exist. It works on a copy of plain JSON, so nothing else throws one.
    if (e instanceof JsonPatchError || e instanceof TypeError) return err({ reason: 'Invalid', message: UNPROCESSABLE_PATCH_MESSAGE });
    throw e;
  }
  return isJsonMap(patched) ? ok(patched) : err(notAnObject(patched));
}
