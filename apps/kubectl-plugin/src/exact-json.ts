import { parse, stringify } from 'lossless-json';

/**
 * JSON with Kubernetes' int64 fields kept digit for digit: taintgate answers a `tolerationSeconds`
 * of 9223372036854775807 exactly, and JSON.parse would round it to 9223372036854775808. Integers
 * beyond 2^53 become bigints; everything else is what JSON.parse makes of it.
 */

const integerLiteral = /^-?\d+$/;

/** A number literal as JSON.parse reads it, except integers beyond 2^53, which stay exact as bigints. */
function exactNumberOf(literal: string): number | bigint {
  const value = Number(literal);
  return integerLiteral.test(literal) && !Number.isSafeInteger(value) ? BigInt(literal) : value;
}

export const parseExactJson = (text: string): unknown => parse(text, null, exactNumberOf);

/** JSON text, bigints as their digits; indented as kubectl prints `-o json` (4 spaces) unless `indent` says otherwise. */
export const exactJsonText = (value: unknown, indent: number | undefined = 4): string => stringify(value, undefined, indent) ?? 'null';
