import { type Result, err, ok } from '../failures/result';
import { goJson } from '../foundation/field-errors';

/**
 * The `continue` token of a chunked list, as kube-apiserver makes and reads it
 * (k8s.io/apiserver/pkg/storage/continue.go, EncodeContinue and DecodeContinue): base64url
 * without padding of `{"v":"meta.k8s.io/v1","rv":<revision>,"start":"<key>"}`, where `start` is
 * the first key the next page may hold, relative to the list's key prefix (the last key answered
 * followed by "\u0000", the smallest key after it). Clients treat it as opaque; the shape is
 * Kubernetes' own so that tokens look and fail as they do there.
 */

/** The token's version, the only one DecodeContinue accepts. */
const TOKEN_VERSION = 'meta.k8s.io/v1';

/** storage.ErrGenericInvalidKey and the errors DecodeContinue wraps in it. */
const INVALID = 'continue key is not valid';

export interface ContinueFrom {
  /** The first key the page may hold, relative to the list's prefix ("" from the start). */
  readonly start: string;
  /** The revision the token was made at (never 0). */
  readonly revision: bigint;
}

/** EncodeContinue: `start` is relative to the list's prefix already. */
export function encodeContinue(start: string, revision: bigint): string {
  return base64UrlOf(new TextEncoder().encode(goJson({ v: TOKEN_VERSION, rv: revision, start })));
}

/**
 * DecodeContinue: the token's start key and revision, or the error kube-apiserver words
 * (`continue key is not valid: ...`), which it answers as 400 `invalid continue token: ...`.
 */
export function decodeContinue(token: string): Result<ContinueFrom, string> {
  const bytes = bytesOfBase64Url(token);
  if (!bytes.ok) return err(`${INVALID}: ${bytes.error}`);
  const fields = unmarshalToken(new TextDecoder().decode(bytes.value));
  if (!fields.ok) return err(`${INVALID}: ${fields.error}`);
  const { v, rv, start } = fields.value;
  if (v !== TOKEN_VERSION) return err(`${INVALID}: server does not recognize this encoded version ${v}`);
  if (rv === 0n) return err(`${INVALID}: incorrect encoded start resourceVersion (version meta.k8s.io/v1)`);
  if (start.length === 0) return err(`${INVALID}: encoded start key empty (version meta.k8s.io/v1)`);
  // Path traversal: a start key must not reach above the list's prefix (`../`), so it must be
  // what Go's path.Clean leaves of it, with a leading slash.
  const key = start.startsWith('/') ? start : `/${start}`;
  if (!isCleanPath(key)) return err(`${INVALID}: ${start}`);
  return ok({ start: key.slice(1), revision: rv });
}

/** Whether Go's path.Clean leaves this rooted path as it is: no empty, `.` or `..` segment, no trailing slash. */
function isCleanPath(rooted: string): boolean {
  if (rooted === '/') return true;
  return rooted
    .slice(1)
    .split('/')
    .every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

interface TokenFields {
  v: string;
  rv: bigint;
  start: string;
}

/**
 * json.Unmarshal into continueToken: fields matched by name (case-insensitively, as Go matches
 * them), others ignored, null leaving a field as it is; a value of the wrong type is Go's
 * UnmarshalTypeError, told once the whole object has been read.
 */
function unmarshalToken(text: string): Result<TokenFields, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return err(goSyntaxError(text));
  }
  const fields: TokenFields = { v: '', rv: 0n, start: '' };
  if (parsed === null) return ok(fields);
  if (typeof parsed !== 'object' || Array.isArray(parsed)) {
    return err(`json: cannot unmarshal ${goJsonType(parsed)} into Go value of type storage.continueToken`);
  }
  let typeError: string | undefined;
  const wrongType = (field: string, value: unknown, goType: string) => {
    const what = typeof value === 'number' ? `number ${String(value)}` : goJsonType(value);
    typeError ??= `json: cannot unmarshal ${what} into Go struct field continueToken.${field} of type ${goType}`;
  };
  for (const [name, value] of Object.entries(parsed as Record<string, unknown>)) {
    if (value === null) continue;
    const field = fieldNamed(name);
    if (field === 'v' || field === 'start') {
      if (typeof value === 'string') fields[field] = value;
      else wrongType(field, value, 'string');
    } else if (field === 'rv') {
      if (typeof value === 'number' && Number.isSafeInteger(value)) fields.rv = BigInt(value);
      else wrongType(field, value, 'int64');
    }
  }
  return typeError === undefined ? ok(fields) : err(typeError);
}

/** The field of continueToken a JSON key sets: its exact name, else one equal under case folding. */
function fieldNamed(key: string): 'v' | 'rv' | 'start' | undefined {
  const folded = key.toLowerCase();
  return folded === 'v' || folded === 'rv' || folded === 'start' ? folded : undefined;
}

const goJsonType = (value: unknown): string =>
  Array.isArray(value) ? 'array' : typeof value === 'boolean' ? 'bool' : typeof value === 'object' ? 'object' : typeof value;

/** encoding/json's SyntaxError for the commonest cases: nothing at all, or no JSON value where one starts. */
function goSyntaxError(text: string): string {
  const first = /\S/.exec(text);
  if (!first) return 'unexpected end of JSON input';
  if (!/[{["\-0-9tfn]/.test(first[0])) return `invalid character ${goCharQuote(first[0])} looking for beginning of value`;
  return 'the token is not JSON';
}

/** Go's quoteChar: `'x'`, with a quote and a backslash escaped. */
const goCharQuote = (c: string): string => (c === "'" ? `'\\''` : c === '"' ? `'"'` : `'${c}'`);

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const VALUE_OF = new Map(Array.from({ length: ALPHABET.length }, (_, i) => [ALPHABET.charAt(i), i]));

/** base64.RawURLEncoding.EncodeToString. */
function base64UrlOf(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const [a = 0, b = 0, c = 0] = [bytes[i], bytes[i + 1], bytes[i + 2]];
    const n = (a << 16) | (b << 8) | c;
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let j = 0; j < chars; j++) out += ALPHABET.charAt((n >> (18 - 6 * j)) & 63);
  }
  return out;
}

/**
 * base64.RawURLEncoding.DecodeString, with its errors: `illegal base64 data at input byte N` at
 * a character outside the alphabet (`=` too: the raw encoding has no padding), or at the last
 * character when it is alone in its group of four. Line breaks are skipped; the bits a short
 * group leaves over are not checked (the encoding is not Strict).
 */
function bytesOfBase64Url(text: string): Result<Uint8Array, string> {
  const values: number[] = [];
  let lastAt = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i);
    if (c === '\n' || c === '\r') continue;
    const value = VALUE_OF.get(c);
    if (value === undefined) return err(`illegal base64 data at input byte ${utf8Offset(text, i)}`);
    values.push(value);
    lastAt = i;
  }
  if (values.length % 4 === 1) return err(`illegal base64 data at input byte ${utf8Offset(text, lastAt)}`);
  const bytes = new Uint8Array(Math.floor((values.length * 6) / 8));
  for (let i = 0, b = 0; i < values.length; i += 4) {
    const [a = 0, c = 0, d = 0, e = 0] = values.slice(i, i + 4);
    const n = (a << 18) | (c << 12) | (d << 6) | e;
    for (let j = 0; j < 3 && b < bytes.length; j++) bytes[b++] = (n >> (16 - 8 * j)) & 255;
  }
  return ok(bytes);
}

/** Go counts input bytes of the UTF-8 string; JavaScript indexes UTF-16 units. */
const utf8Offset = (text: string, index: number): number => new TextEncoder().encode(text.slice(0, index)).length;
