import { type Int64, canonicalInt64, isInt64 } from '../numbers/int64';
import { type FieldError, FieldPath, fieldError } from '../foundation/field-errors';

/**
 * Checks of JSON types before the semantic rules run, so that a number where a string belongs is
 * reported with its field path rather than crashing a rule. Each returns the value when it has the
 * expected type (or is absent), and records an error otherwise.
 */

export type Json = Record<string, unknown>;

export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export class ShapeChecker {
  readonly errors: FieldError[] = [];

  object(value: unknown, path: FieldPath, required = false): Json | undefined {
    if (value === undefined || value === null) {
      if (required) this.errors.push(fieldError.required(path));
      return undefined;
    }
    if (isObject(value)) return value;
    this.errors.push(fieldError.typeInvalid(path, value, 'must be an object'));
    return undefined;
  }

  string(value: unknown, path: FieldPath, required = false): string | undefined {
    if (value === undefined || value === null) {
      if (required) this.errors.push(fieldError.required(path));
      return undefined;
    }
    if (typeof value === 'string') {
      if (required && value === '') this.errors.push(fieldError.required(path));
      return value;
    }
    this.errors.push(fieldError.typeInvalid(path, value, 'must be a string'));
    return undefined;
  }

  boolean(value: unknown, path: FieldPath): boolean | undefined {
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'boolean') return value;
    this.errors.push(fieldError.typeInvalid(path, value, 'must be a boolean'));
    return undefined;
  }

  integer(value: unknown, path: FieldPath): number | undefined {
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
    this.errors.push(fieldError.typeInvalid(path, value, 'must be an integer'));
    return undefined;
  }

  /**
   * A Go int64 field of struct `goStruct` (Toleration.tolerationSeconds). Every integer in
   * [-2^63, 2^63-1] is valid; the edge hands integers beyond 2^53 over as bigints, exactly. A
   * larger one fails the API server's JSON decoding before any validation (encoding/json's
   * UnmarshalTypeError: strconv.ParseInt overflows); it is reported here, at its field, in the
   * decoder's words. The field path in those words is Go's: JSON names without indices.
   */
  int64(value: unknown, path: FieldPath, goStruct: string): Int64 | undefined {
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
    if (typeof value === 'bigint') {
      if (isInt64(value)) return canonicalInt64(value);
      const goField = path.segments.flatMap((segment) => ('field' in segment ? [segment.field] : [])).join('.');
      this.errors.push(fieldError.invalid(path, value, `json: cannot unmarshal number ${value} into Go struct field ${goStruct}.${goField} of type int64`));
      return undefined;
    }
    this.errors.push(fieldError.typeInvalid(path, value, 'must be an integer'));
    return undefined;
  }

  array(value: unknown, path: FieldPath): unknown[] | undefined {
    if (value === undefined || value === null) return undefined;
    if (Array.isArray(value)) return value as unknown[];
    this.errors.push(fieldError.typeInvalid(path, value, 'must be an array'));
    return undefined;
  }

  /** Labels, annotations, nodeSelector: an object of strings. */
  stringMap(value: unknown, path: FieldPath): Record<string, string> | undefined {
    const obj = this.object(value, path);
    if (!obj) return undefined;
    let good = true;
    for (const [k, v] of Object.entries(obj)) {
      if (typeof v !== 'string') {
        this.errors.push(fieldError.typeInvalid(path.key(k), v, 'must be a string'));
        good = false;
      }
    }
    return good ? (obj as Record<string, string>) : undefined;
  }

  /** Resource lists: quantities as strings or numbers (bigints: integers beyond 2^53, exactly as sent). */
  quantityMap(value: unknown, path: FieldPath): Record<string, string | number | bigint> | undefined {
    const obj = this.object(value, path);
    if (!obj) return undefined;
    let good = true;
    for (const [k, v] of Object.entries(obj)) {
      if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'bigint') {
        this.errors.push(fieldError.typeInvalid(path.key(k), v, 'must be a quantity string'));
        good = false;
      }
    }
    return good ? (obj as Record<string, string | number | bigint>) : undefined;
  }

  /** Each element of an array of objects, with its indexed path. */
  objects(value: unknown, path: FieldPath): { item: Json; path: FieldPath }[] {
    const items = this.array(value, path) ?? [];
    const out: { item: Json; path: FieldPath }[] = [];
    items.forEach((item, i) => {
      const obj = this.object(item, path.index(i), true);
      if (obj) out.push({ item: obj, path: path.index(i) });
    });
    return out;
  }

  /** Each element of an array of strings. */
  strings(value: unknown, path: FieldPath): void {
    (this.array(value, path) ?? []).forEach((v, i) => {
      // A null where an array holds strings is no string either (string() lets a null field go as absent).
      if (v === null) this.errors.push(fieldError.typeInvalid(path.index(i), v, 'must be a string'));
      else this.string(v, path.index(i), false);
    });
  }
}

export { FieldPath };
