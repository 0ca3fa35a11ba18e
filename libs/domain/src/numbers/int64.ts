/**
 * Integers as KEP-5471's Gt/Lt operators accept them: a canonical decimal int64, with no sign
 * other than a leading '-', no leading zeros and no "-0", so that every number has one spelling.
 */

const canonical = /^(0|-?[1-9][0-9]*)$/;
const int64Min = -(2n ** 63n);
const int64Max = 2n ** 63n - 1n;

/**
 * A Kubernetes int64 (`tolerationSeconds`) as the domain holds it: a number while it is a safe
 * integer, a bigint beyond (where a double would round it: 9223372036854775807 and
 * 9223372036854775808 are the same double). Always in that one form, so that `===` compares
 * values, and `<`, `<=` compare a number with a bigint exactly.
 */
export type Int64 = number | bigint;

/** Is `value` an integer Go's int64 holds? */
export const isInt64 = (value: bigint): boolean => value >= int64Min && value <= int64Max;

/** `value` in the domain's one form for it: a number when it is safe, the bigint otherwise. */
export function canonicalInt64(value: bigint): Int64 {
  return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
}

/** The value as a bigint, or undefined when it is not a canonical int64. */
export function parseCanonicalInt64(value: string | undefined): bigint | undefined {
  if (value === undefined || !canonical.test(value)) return undefined;
  const n = BigInt(value);
  return n < int64Min || n > int64Max ? undefined : n;
}

/** Go's strconv.ParseInt(s, 10, 64), which node selectors use: optional sign, leading zeros allowed. */
export function parseGoInt64(value: string | undefined): bigint | undefined {
  if (value === undefined || !/^[+-]?[0-9]+$/.test(value)) return undefined;
  const n = BigInt(value);
  return n < int64Min || n > int64Max ? undefined : n;
}

const uint64Max = 2n ** 64n - 1n;
const uint64Cutoff = uint64Max / 10n + 1n;

/**
 * Why Go's strconv.ParseInt(s, 10, 64) rejects `value` ("invalid syntax" or "value out of range"),
 * or undefined when it accepts it. Go scans left to right and reports an overflow as soon as it
 * happens, so "99999999999999999999x" is out of range rather than a syntax error.
 */
export function goParseIntFailure(value: string): 'invalid syntax' | 'value out of range' | undefined {
  let digits = value;
  let negative = false;
  if (digits.startsWith('+') || digits.startsWith('-')) {
    negative = digits.startsWith('-');
    digits = digits.slice(1);
  }
  if (digits === '') return 'invalid syntax';
  let n = 0n;
  for (const ch of digits) {
    if (ch < '0' || ch > '9') return 'invalid syntax';
    if (n >= uint64Cutoff) return 'value out of range';
    n = n * 10n + BigInt(ch.charCodeAt(0) - 48);
    if (n > uint64Max) return 'value out of range';
  }
  const cutoff = 2n ** 63n;
  if (negative ? n > cutoff : n >= cutoff) return 'value out of range';
  return undefined;
}

/**
 * content.IsDecimalInteger, with its messages: "0", or an optional '-' then 1-9 then digits.
 * Range is not its business (Kubernetes checks that separately with strconv.ParseInt).
 */
export function isDecimalInteger(value: string): string[] {
  if (value.length === 0) return ['must be non-empty'];
  return canonical.test(value) ? [] : ['must be a valid decimal integer in canonical form'];
}
