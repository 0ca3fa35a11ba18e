import { type Failure, failure } from '../failures/failure';
import { type Result, err, ok } from '../failures/result';
import { cannotUnmarshal } from './decode-errors';
import { isJsonMap } from './go-values';
import { applyJsonPatch } from './json-patch';
import { applyMergePatch } from './merge-patch';
import { coreV1Schema } from './patch-strategies';
import { strategicMergePatch } from './strategic-merge-patch';

/**
 * A PATCH of a Node or a Pod as kube-apiserver applies it (k8s.io/apiserver/pkg/endpoints/handlers/
 * patch.go): the Content-Type says which of three patch formats the body is in. This is the patch
 * step only: what follows on the server (the typed decode, admission, validation, preconditions)
 * is the caller's.
 */

export const PatchContentTypes = {
  /** RFC 6902: a list of operations. `kubectl patch --type=json`. */
  json: 'application/json-patch+json',
  /** RFC 7386: an object merged in, null deleting. `kubectl patch --type=merge`, `kubectl label`/`annotate`. */
  merge: 'application/merge-patch+json',
  /** Kubernetes' own: lists merged by key where the API says so. `kubectl patch`, `apply`, `edit`, `taint`, `cordon`. */
  strategic: 'application/strategic-merge-patch+json',
} as const;

/** The types this service accepts, in kube-apiserver's order (server-side apply's application/apply-patch+yaml is not one of them). */
const acceptedPatchTypes: readonly string[] = [PatchContentTypes.json, PatchContentTypes.merge, PatchContentTypes.strategic];

/** PatchResource: the Content-Type without its parameters (`; charset=utf-8`), exactly one of the accepted types. */
function patchTypeOf(contentType: string): string | undefined {
  const semicolon = contentType.indexOf(';');
  const type = semicolon > 0 ? contentType.slice(0, semicolon) : contentType;
  return acceptedPatchTypes.includes(type) ? type : undefined;
}

/** negotiation.errUnsupportedMediaType's words (415). */
const unsupportedPatchType = (): Failure =>
  failure.unsupportedMediaType(`the body of the request was in an unknown format - accepted media types include: ${acceptedPatchTypes.join(', ')}`);

/**
 * Applies `patchBody` (the request body, decoded from JSON) to `original` (the stored object,
 * as JSON). `original` is not changed; the result shares nothing with it or with the patch.
 */
export function applyPatch(kind: 'Node' | 'Pod', original: object, patchType: string, patchBody: unknown): Result<Record<string, unknown>, Failure> {
  const type = patchTypeOf(patchType);
  if (type === undefined) return err(unsupportedPatchType());
  if (!isJsonMap(original)) return err(failure.internal(`the stored ${kind} is not a JSON object`));
  switch (type) {
    case PatchContentTypes.json:
      return applyJsonPatch(original, patchBody);
    case PatchContentTypes.merge:
      return applyMergePatch(original, patchBody);
    default:
      return applyStrategicMergePatch(kind, original, patchBody);
  }
}

/**
 * strategicPatchObject: the body is decoded into a map[string]interface{} (a 400 when it is no
 * object; null decodes to an empty map, a patch that changes nothing), then merged by the kind's
 * strategies.
 */
function applyStrategicMergePatch(kind: 'Node' | 'Pod', original: Record<string, unknown>, body: unknown): Result<Record<string, unknown>, Failure> {
  if (body === null) return ok(structuredClone(original));
  if (!isJsonMap(body)) return err(failure.badRequest(cannotUnmarshal(body, 'map[string]interface {}')));
  return strategicMergePatch(original, body, coreV1Schema(kind));
}
