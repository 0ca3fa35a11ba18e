import { parse as parseLossless, stringify as stringifyLossless } from 'lossless-json';

/**
 * JSON in and out with integers kept exactly. Kubernetes' int64 fields (`tolerationSeconds`) take
 * any integer up to 9223372036854775807, but JSON.parse reads every number as a double: past
 * 2^53 it rounds, and 9223372036854775807 (valid) becomes 9223372036854775808 (invalid). Here an
 * integer literal beyond Number.MAX_SAFE_INTEGER becomes a bigint with its exact digits; every
 * other value is what JSON.parse makes of it. Out, a bigint is written as its digits, where
 * JSON.stringify would throw.
 */

/** Only a run of 16 digits or more can write an integer beyond 2^53 - 1 (16 digits). */
const mayHoldUnsafeInteger = (text: string): boolean => /\d{16}/.test(text);

const integerLiteral = /^-?\d+$/;

/** A number literal as JSON.parse reads it, except integers beyond 2^53, which stay exact as bigints. */
function exactNumberOf(literal: string): number | bigint {
  const value = Number(literal);
  return integerLiteral.test(literal) && !Number.isSafeInteger(value) ? BigInt(literal) : value;
}

/**
 * `text`, already parsed by JSON.parse as `parsed` (the caller's parser refused what is not JSON,
 * and proto-poisoning keys), parsed again exactly when it may hold an integer beyond 2^53. Most
 * bodies do not, and keep JSON.parse's native speed. lossless-json keeps JSON.parse's rules:
 * `__proto__` an own key, and of a duplicated key the last value (onDuplicateKey).
 */
export function withExactIntegers(text: string, parsed: unknown): unknown {
  if (!mayHoldUnsafeInteger(text)) return parsed;
  return parseLossless(text, null, { parseNumber: exactNumberOf, onDuplicateKey: ({ newValue }) => newValue });
}

/**
 * JSON.stringify, with bigints written as their digits. Answers hold a bigint only when a client
 * sent one, so the native stringify goes first and lossless-json's only when it meets a bigint.
 */
export function stringifyExactly(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch (error) {
    if (!(error instanceof TypeError) || !error.message.includes('BigInt')) throw error;
    return stringifyLossless(value) as string;
  }
}
