import { parse, stringify } from 'lossless-json';
import { exactNumberOf } from '../../api/src/edge/exact-json';

/**
 * JSON with Kubernetes' int64 fields kept digit for digit: taintgate answers a `tolerationSeconds`
 * of 9223372036854775807 exactly, and JSON.parse would round it to 9223372036854775808. Integers
 * beyond 2^53 become bigints; everything else is what JSON.parse makes of it.
 */

export const parseExactJson = (text: string): unknown => parse(text, null, exactNumberOf);

/** JSON text, bigints as their digits; indented as kubectl prints `-o json` (4 spaces) unless `indent` says otherwise. */
export const exactJsonText = (value: unknown, indent: number | undefined = 4): string => stringify(value, undefined, indent) ?? 'null';
