/**
 * Decoded JSON as Go holds it in a map[string]interface{}, for the parts of apimachinery's
 * strategic merge that depend on Go's dynamic types: reflect.TypeOf comparisons, and the `%v`
 * and `%s` of its error messages.
 */

/** reflect.TypeOf of a value decoded with UnmarshalCaseSensitivePreserveInts: integers are int64, other numbers float64. */
export type GoType = 'map[string]interface {}' | '[]interface {}' | 'string' | 'int64' | 'float64' | 'bool' | '<nil>';

export const isJsonMap = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function goTypeOf(value: unknown): GoType {
  if (value === null || value === undefined) return '<nil>';
  if (Array.isArray(value)) return '[]interface {}';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'bigint') return 'int64';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int64' : 'float64';
  return 'map[string]interface {}';
}

/** A float64 as `%v` prints it: shortest digits, an exponent of at least two digits (1e-07, 1e+21). */
function goFloat(n: number): string {
  return String(n).replace(/e([+-])(\d)$/, 'e$10$2');
}

/** fmt's `%v`: maps as `map[k:v ...]` with sorted keys, slices as `[a b]`, nil as `<nil>`. */
export function goFormat(value: unknown): string {
  if (value === null || value === undefined) return '<nil>';
  if (typeof value === 'string') return value;
  if (typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : goFloat(value);
  if (Array.isArray(value)) return `[${value.map(goFormat).join(' ')}]`;
  if (isJsonMap(value)) {
    const keys = Object.keys(value).sort();
    return `map[${keys.map((k) => `${k}:${goFormat(value[k])}`).join(' ')}]`;
  }
  return '';
}

/**
 * Sets a member named by a client as an own data property: `obj[key] = value` with key
 * `__proto__` would set the object's prototype instead (and a merge into it would reach
 * Object.prototype). Go has no such key; to it `__proto__` is a name like any other.
 */
export function setMember(obj: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
}
