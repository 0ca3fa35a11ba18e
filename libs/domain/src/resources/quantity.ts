/**
 * Kubernetes resource quantities ("100m", "1.5Gi", "2", "1e3") as exact integers of nano-units,
 * enough to add and compare requests and limits the way QoS classification does.
 *
 * A port of apimachinery's resource.ParseQuantity (and of Quantity.UnmarshalJSON, which trims
 * white space first): the same accepted spellings (including oddities such as "Gi", "-" and ".",
 * which are all zero), the same three error messages, values below a nano-unit rounded up (away
 * from zero), and binary-suffixed values that take its slow path capped at 2^63-1 units.
 */

import { type Result, err, ok } from '../failures/result';

/** ErrFormatWrong: the text does not have the shape of a quantity. */
const quantityErrorMessage = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
/** ErrNumeric. */
const quantityNumericErrorMessage = 'unable to parse numeric part of quantity';
/** ErrSuffix: the suffix has the right letters but is not one Kubernetes knows, e.g. "1ki", "1mm", "1e". */
const quantitySuffixErrorMessage = "unable to parse quantity's suffix";

const decimalSuffixes: Record<string, number> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const binarySuffixes: Record<string, number> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };
const suffixChars = 'eEinumkKMGTP';
const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';

const int64Max = 2n ** 63n - 1n;
/** resource.maxAllowed (2^63-1 units), in nano-units; ParseQuantity caps only binary-suffixed values at it. */
const maxAllowedNanos = int64Max * 10n ** 9n;
/**
 * Beyond this many powers of ten the value is not computed: such quantities ("1e20000") are valid
 * in Kubernetes but are refused here (as unable to parse the numeric part).
 */
const maxComputedExponent = 10_000;

interface QuantityParts {
  positive: boolean;
  /** The number as written (sign, digits, point), which the slow path reads as a decimal. */
  value: string;
  num: string;
  denom: string;
  suffix: string;
}

/** parseQuantityString: sign, digits with leading zeros stripped, fraction, suffix; undefined = ErrFormatWrong. */
function splitQuantity(str: string): QuantityParts | undefined {
  let positive = true;
  let pos = 0;
  const end = str.length;
  if (str[0] === '-') {
    positive = false;
    pos++;
  } else if (str[0] === '+') {
    pos++;
  }
  while (str[pos] === '0') pos++;
  if (pos >= end) return { positive, value: '0', num: '0', denom: '', suffix: '' };

  let i = pos;
  while (isDigit(str[i])) i++;
  let num = str.slice(pos, i);
  pos = i;
  if (pos >= end) return { positive, value: str, num, denom: '', suffix: '' };
  if (num === '') num = '0';

  let denom = '';
  if (str[pos] === '.') {
    pos++;
    i = pos;
    while (isDigit(str[i])) i++;
    denom = str.slice(pos, i);
    pos = i;
    if (pos >= end) return { positive, value: str, num, denom, suffix: '' };
  }

  const value = str.slice(0, pos);
  const suffixStart = pos;
  while (pos < end && suffixChars.includes(str[pos] as string)) pos++;
  if (str[pos] === '-' || str[pos] === '+') pos++;
  while (isDigit(str[pos])) pos++;
  if (pos < end) return undefined;
  return { positive, value, num, denom, suffix: str.slice(suffixStart) };
}

interface Suffix {
  base: 10 | 2;
  exponent: number;
  binary: boolean;
}

/** suffixHandler.interpret: the SI and binary tables, then `e<int>` / `E<int>` (exponent taken as Go's int32). */
function interpretSuffix(suffix: string): Suffix | undefined {
  const decimal = decimalSuffixes[suffix];
  if (decimal !== undefined) return { base: 10, exponent: decimal, binary: false };
  const binary = binarySuffixes[suffix];
  if (binary !== undefined) return { base: 2, exponent: binary, binary: true };
  if (suffix.length > 1 && (suffix[0] === 'e' || suffix[0] === 'E')) {
    const digits = suffix.slice(1);
    if (!/^[+-]?[0-9]+$/.test(digits)) return undefined;
    const parsed = BigInt(digits);
    if (parsed < -(2n ** 63n) || parsed > int64Max) return undefined;
    return { base: 10, exponent: Number(BigInt.asIntN(32, parsed)), binary: false };
  }
  return undefined;
}

/** Go's strings.TrimSpace (Unicode White_Space; unlike String.prototype.trim, U+0085 but not U+FEFF). */
function goTrimSpace(s: string): string {
  return s.replace(
    /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/g,
    '',
  );
}

/** The quantity in nano-units, or resource.Quantity's error message. */
type Parsed = Result<bigint, string>;

function parse(input: string | number | bigint): Parsed {
  const str = typeof input === 'string' ? goTrimSpace(input) : String(input);
  if (str.length === 0) return err(quantityErrorMessage);
  if (str === '0') return ok(0n);
  const parts = splitQuantity(str);
  if (!parts) return err(quantityErrorMessage);
  const suffix = interpretSuffix(parts.suffix);
  if (!suffix) return err(quantitySuffixErrorMessage);
  const { positive, num, denom } = parts;
  const digits = BigInt(num + denom);
  const sign = (n: bigint): bigint => (positive ? n : -n);

  // The fast path: at most 18 significant digits and nothing below a nano-unit. Exact, not capped.
  let precision: number;
  let scale: number;
  let mantissa = 1n;
  if (!suffix.binary) {
    scale = suffix.exponent;
    precision = 18 - (num.length + denom.length);
  } else {
    scale = 0;
    if (denom.length === 0) {
      mantissa = 1n << BigInt(suffix.exponent);
      precision = 15 - num.length - Math.trunc((suffix.exponent * 3) / 10) - 1;
    } else {
      precision = -1;
    }
  }
  if (precision >= 0) {
    scale -= denom.length;
    if (scale >= -9) {
      const result = digits * mantissa;
      if (result === 0n) return ok(0n);
      if (result <= int64Max) {
        if (scale + 9 > maxComputedExponent) return err(quantityNumericErrorMessage);
        return ok(sign(result * 10n ** BigInt(scale + 9)));
      }
    }
  }

  // The slow path (inf.Dec): the exact value, rounded up to a nano-unit; binary values capped.
  if (!/[0-9]/.test(parts.value)) return err(quantityNumericErrorMessage);
  const numerator = suffix.binary ? digits << BigInt(suffix.exponent) : digits;
  const exponent = (suffix.binary ? 0 : suffix.exponent) + 9 - denom.length;
  let nanos: bigint;
  if (numerator === 0n) nanos = 0n;
  else if (exponent >= 0) {
    if (exponent > maxComputedExponent) return err(quantityNumericErrorMessage);
    nanos = numerator * 10n ** BigInt(exponent);
  } else if (-exponent > numerator.toString().length) nanos = 1n;
  else {
    const divisor = 10n ** BigInt(-exponent);
    nanos = (numerator + divisor - 1n) / divisor;
  }
  if (suffix.binary && nanos > maxAllowedNanos) nanos = maxAllowedNanos;
  return ok(sign(nanos));
}

/**
 * Quantities already parsed, by their text: a cluster spells its requests and allocatables in a few
 * dozen ways (`100m`, `128Mi`), and usage over 300,000 pods parses each of them again and again.
 * Bounded: emptied when it grows past what any cluster spells.
 */
const parsedTexts = new Map<string, bigint | undefined>();
const parsedTextsLimit = 10_000;

/** The quantity in nano-units, or undefined when it is not a valid quantity. */
export function parseQuantity(input: string | number | bigint): bigint | undefined {
  if (typeof input === 'string' && parsedTexts.has(input)) return parsedTexts.get(input);
  const parsed = parse(input);
  const nanos = parsed.ok ? parsed.value : undefined;
  if (typeof input === 'string') {
    if (parsedTexts.size >= parsedTextsLimit) parsedTexts.clear();
    parsedTexts.set(input, nanos);
  }
  return nanos;
}

/** Why Kubernetes refuses to decode this quantity (ParseQuantity's error text), or undefined when it is valid. */
export function quantityProblem(input: string | number | bigint): string | undefined {
  const parsed = parse(input);
  return parsed.ok ? undefined : parsed.error;
}

/** Quantity.ScaledValue's rounding of nano-units to a coarser scale: up, away from zero. */
function roundUp(nanos: bigint, per: bigint): bigint {
  return nanos >= 0n ? (nanos + per - 1n) / per : -((-nanos + per - 1n) / per);
}

/** Quantity.Value: a quantity of nano-units in units, rounded up (`100m` is 1). Exact, where Go's int64 would wrap. */
export const quantityValue = (nanos: bigint): bigint => roundUp(nanos, 1_000_000_000n);

/** Quantity.MilliValue: a quantity of nano-units in thousandths, rounded up (`1n` is 1m). */
export const quantityMilliValue = (nanos: bigint): bigint => roundUp(nanos, 1_000_000n);
