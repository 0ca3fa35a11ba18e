/**
 * Field errors as the Kubernetes API server reports them (apimachinery/pkg/util/validation/field):
 * a field path such as `spec.tolerations[2].operator`, an error type, the bad value and a detail,
 * printed as `spec.taints[0].effect: Unsupported value: "Foo": supported values: "NoSchedule", ...`.
 */

/** field.ErrorType's values, as a FieldError's `type` carries them. */
type FieldErrorType =
  | 'FieldValueNotFound'
  | 'FieldValueRequired'
  | 'FieldValueDuplicate'
  | 'FieldValueInvalid'
  | 'FieldValueNotSupported'
  | 'FieldValueForbidden'
  | 'FieldValueTooLong'
  | 'FieldValueTooMany'
  | 'FieldValueTypeInvalid';

/** The words Kubernetes prints for each type (field.ErrorType.String()). */
const typeText: Record<FieldErrorType, string> = {
  FieldValueNotFound: 'Not found',
  FieldValueRequired: 'Required value',
  FieldValueDuplicate: 'Duplicate value',
  FieldValueInvalid: 'Invalid value',
  FieldValueNotSupported: 'Unsupported value',
  FieldValueForbidden: 'Forbidden',
  FieldValueTooLong: 'Too long',
  FieldValueTooMany: 'Too many',
  FieldValueTypeInvalid: 'Invalid value',
};

/** Types whose message never repeats the bad value (as in ErrorBody()). */
const valueless = new Set<FieldErrorType>(['FieldValueRequired', 'FieldValueForbidden', 'FieldValueTooLong']);

export interface FieldError {
  /** Where the bad value is, as segments; rendered `spec.tolerations[2].operator` only at the edge. */
  path: FieldPath;
  type: FieldErrorType;
  badValue?: unknown;
  detail: string;
  /** What kubectl would print after the path: `Invalid value: "x": detail`. */
  reason: string;
}

/** One step of a field path: a field name, a list index, or a map key. */
export type PathSegment = { readonly field: string } | { readonly index: number } | { readonly key: string };

/**
 * An immutable field path (apimachinery's field.Path): `root('spec').child('taints').index(1)`.
 * It stays a list of segments, so that a path found inside an object can be placed where the
 * object sits in a request (`nodes[2]` + `spec.taints[0]`) without taking strings apart.
 */
export class FieldPath {
  private constructor(readonly segments: readonly PathSegment[]) {}

  static root(name = ''): FieldPath {
    return new FieldPath(name === '' ? [] : [{ field: name }]);
  }

  child(name: string): FieldPath {
    return new FieldPath([...this.segments, { field: name }]);
  }

  index(i: number): FieldPath {
    return new FieldPath([...this.segments, { index: i }]);
  }

  key(k: string): FieldPath {
    return new FieldPath([...this.segments, { key: k }]);
  }

  /** This path read from `parent`: `nodes[2]` then `spec.taints[0]` is `nodes[2].spec.taints[0]`. */
  within(parent: FieldPath): FieldPath {
    return new FieldPath([...parent.segments, ...this.segments]);
  }

  /** `spec.taints[0].effect`, as field.Path.String() prints it; empty for the root. */
  toString(): string {
    let text = '';
    for (const segment of this.segments) {
      if ('field' in segment) text += text === '' ? segment.field : `.${segment.field}`;
      else if ('index' in segment) text += `[${segment.index}]`;
      else text += `[${segment.key}]`;
    }
    return text;
  }

  /** As errors name it: the path, or `<body>` for the request body itself. */
  render(): string {
    return this.toString() || '<body>';
  }
}

/** A JavaScript string as Go holds it after decoding JSON: unpaired surrogates become U+FFFD. */
export function wellFormed(s: string): string {
  return s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

const hex = (n: number, width: number): string => n.toString(16).padStart(width, '0');
const printable = /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u;
const shortEscapes: Record<string, string> = {
  '\x07': '\\a',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\v': '\\v',
};

/** Go's strconv.Quote, which `%q` prints: printable runes as they are, the rest escaped. */
export function goQuote(value: string): string {
  let out = '"';
  for (const ch of wellFormed(value)) {
    const r = ch.codePointAt(0) ?? 0;
    if (ch === '"' || ch === '\\') out += `\\${ch}`;
    else if ((r >= 0x20 && r < 0x7f) || (r >= 0x80 && printable.test(ch))) out += ch;
    else if (ch in shortEscapes) out += shortEscapes[ch] ?? '';
    else if (r < 0x20 || r === 0x7f) out += `\\x${hex(r, 2)}`;
    else if (r < 0x10000) out += `\\u${hex(r, 4)}`;
    else out += `\\U${hex(r, 8)}`;
  }
  return `${out}"`;
}

/**
 * Go's json.Marshal: like JSON.stringify, but HTML-safe (`<`, `>`, `&` and U+2028/U+2029 are
 * escaped), with unpaired surrogates replaced by U+FFFD, and integers held as bigints (beyond
 * 2^53) written as their digits, where JSON.stringify would throw.
 */
export function goJson(value: unknown): string {
  const text = marshal(value, 0) ?? 'null';
  return text.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${hex(c.charCodeAt(0), 4)}`);
}

/**
 * How deep a bad value is rendered: a message quotes it for a person, and a value nested thousands
 * deep (a hostile body) would exhaust the stack. Deeper parts are written `"..."`.
 */
const MAX_RENDERED_DEPTH = 32;

/** JSON text of a decoded JSON value; undefined where JSON.stringify leaves a member out (undefined, functions). */
function marshal(value: unknown, depth: number): string | undefined {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string') return JSON.stringify(wellFormed(value));
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  if (depth >= MAX_RENDERED_DEPTH) return '"..."';
  if ('toJSON' in value && typeof value.toJSON === 'function') return marshal((value.toJSON as () => unknown)(), depth);
  if (Array.isArray(value)) return `[${value.map((item: unknown) => marshal(item, depth + 1) ?? 'null').join(',')}]`;
  const members = Object.entries(value).flatMap(([key, member]) => {
    const text = marshal(member, depth + 1);
    return text === undefined ? [] : [`${JSON.stringify(wellFormed(key))}:${text}`];
  });
  return `{${members.join(',')}}`;
}

/**
 * How Go renders a bad value (field.Error.ErrorBody): a plain `string` with %q; int64, int32,
 * float64, float32 and bool with %v; anything else, including the named string types of enums
 * (core.TaintEffect, core.TolerationOperator, ...), through json.Marshal; a value whose pointer is
 * a fmt.Stringer (intstr.IntOrString) by its String(), unquoted (`text`).
 */
export type BadValueStyle = 'string' | 'json' | 'text';

export function formatBadValue(value: unknown, style: BadValueStyle = 'string'): string {
  if (style === 'text' && (typeof value === 'string' || typeof value === 'number')) return String(value);
  if (typeof value === 'string') return style === 'json' ? goJson(value) : goQuote(value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value === undefined) return 'null';
  return goJson(value);
}

function make(field: FieldPath, type: FieldErrorType, detail: string, badValue?: unknown, hasValue = true, style: BadValueStyle = 'string'): FieldError {
  let reason = typeText[type];
  if (hasValue && !valueless.has(type)) reason += `: ${formatBadValue(badValue, style)}`;
  if (detail) reason += `: ${detail}`;
  const error: FieldError = { path: field, type, detail, reason };
  if (hasValue) error.badValue = badValue;
  return error;
}

export const fieldError = {
  /**
   * A bad value whose words come from elsewhere (a label selector's or kubectl's parser): the
   * reason is that text as it is, with no type prefix.
   */
  unparsable: (field: FieldPath, value: unknown, reason: string): FieldError => ({
    path: field,
    type: 'FieldValueInvalid',
    badValue: value,
    detail: reason,
    reason,
  }),
  required: (field: FieldPath, detail = ''): FieldError => make(field, 'FieldValueRequired', detail, undefined, false),
  forbidden: (field: FieldPath, detail: string): FieldError => make(field, 'FieldValueForbidden', detail, undefined, false),
  /** `style: 'json'` for a value Go holds in a named string type (an operator, an effect). */
  invalid: (field: FieldPath, value: unknown, detail: string, style: BadValueStyle = 'string'): FieldError =>
    make(field, 'FieldValueInvalid', detail, value, true, style),
  duplicate: (field: FieldPath, value: unknown, detail = ''): FieldError => make(field, 'FieldValueDuplicate', detail, value),
  notFound: (field: FieldPath, value: unknown, detail = ''): FieldError => make(field, 'FieldValueNotFound', detail, value),
  tooLong: (field: FieldPath, maxLength: number): FieldError => make(field, 'FieldValueTooLong', `may not be more than ${maxLength} bytes`, undefined, false),
  /** A list longer than it may be (field.TooMany): `Too many: 101: must have at most 100 items`. */
  tooMany: (field: FieldPath, actual: number, max: number): FieldError => make(field, 'FieldValueTooMany', `must have at most ${max} items`, actual),
  /** A JSON value of the wrong type, e.g. a number where a string belongs. */
  typeInvalid: (field: FieldPath, value: unknown, detail: string): FieldError => make(field, 'FieldValueTypeInvalid', detail, value),
  /** Enumerations: the bad value is rendered as Go renders a named string type (json.Marshal) unless told otherwise. */
  notSupported: (field: FieldPath, value: unknown, supported: readonly string[], style: BadValueStyle = 'json'): FieldError =>
    make(field, 'FieldValueNotSupported', supported.length ? `supported values: ${supported.map((s) => goQuote(s)).join(', ')}` : '', value, true, style),
};

/** One error as kubectl prints it: `spec.taints[0].effect: Required value`. */
export const fieldErrorText = (e: FieldError): string => `${e.path.render()}: ${e.reason}`;

/** One error per message, as the API server's ErrorList.ToAggregate reports them. */
export function uniqueFieldErrors(errors: readonly FieldError[]): FieldError[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const text = fieldErrorText(e);
    if (seen.has(text)) return false;
    seen.add(text);
    return true;
  });
}

/**
 * Appends `more` to `errors` one by one: `errors.push(...more)` passes each as an argument, and a
 * hostile object's hundred thousand bad taints or labels would overflow the stack.
 */
export function appendAll(errors: FieldError[], more: readonly FieldError[]): void {
  for (const error of more) errors.push(error);
}

/** The errors of a value found at `path` of a request (`nodes[2]`), named from the request's root. */
export const fieldErrorsWithin = (path: FieldPath, errors: readonly FieldError[]): FieldError[] => errors.map((e) => ({ ...e, path: e.path.within(path) }));

/**
 * The API server's summary of an invalid object (apierrors.NewInvalid):
 * `Node "n1" is invalid: spec.taints[0].effect: Required value`. Identical messages are
 * reported once and several are joined with ", " inside brackets, as ErrorList.ToAggregate does.
 */
export function invalidObjectMessage(kind: string, name: string, errors: readonly FieldError[]): string {
  const parts = [...new Set(errors.map(fieldErrorText))];
  const body = parts.length === 0 ? '<nil>' : parts.length === 1 ? (parts[0] as string) : `[${parts.join(', ')}]`;
  return `${kind} ${goQuote(name)} is invalid: ${body}`;
}
