import { type Failure, failure } from '../failures/failure';
import { FieldPath, fieldError, goJson } from '../foundation/field-errors';
import { isJsonMap } from './go-values';

/**
 * The words of Go's encoding/json and of the API server's decode step, for the patch handlers:
 * a body or a patched document of the wrong JSON type.
 */

/** The JSON type encoding/json names in an UnmarshalTypeError ("cannot unmarshal array into ..."). */
function jsonKind(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (isJsonMap(value)) return 'object';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'bool';
  return 'number';
}

export const cannotUnmarshal = (value: unknown, goType: string): string => `json: cannot unmarshal ${jsonKind(value)} into Go value of type ${goType}`;

/** SimpleMetaFactory.Interpret's target, which fails first when a patched document is not an object. */
const KIND_FINDER = 'struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }';

/**
 * A JSON or merge patch whose result is no object (`[{"op":"replace","path":"","value":[]}]`):
 * the handler's runtime.DecodeInto fails, answered as errors.NewInvalid(schema.GroupKind{}, "",
 * field.Invalid("patch", <patched JSON>, <decode error>)).
 */
export function notAnObject(patched: unknown): Failure {
  const why = `couldn't get version/kind; json parse error: ${cannotUnmarshal(patched, KIND_FINDER)}`;
  return failure.invalid('', '', [fieldError.invalid(FieldPath.root('patch'), goJson(patched), why)]);
}
