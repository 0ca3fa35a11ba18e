import { describe, expect, it } from 'vitest';
import { parseQuantity, quantityMilliValue, quantityProblem, quantityValue } from '../../../../libs/domain/src/resources/quantity';

const n = 10n ** 9n; // one unit in nano-units
const Gi = 2n ** 30n;
const formatError = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
const suffixError = "unable to parse quantity's suffix";
const numericError = 'unable to parse numeric part of quantity';
const maxAllowed = (2n ** 63n - 1n) * n;

describe('parseQuantity: valid quantities, in nano-units', () => {
  it.each<[string | number, bigint]>([
    ['0', 0n],
    ['2', 2n * n],
    ['100m', 100_000_000n],
    ['3920m', 3_920_000_000n],
    ['0.1', 100_000_000n],
    ['1.5', 1_500_000_000n],
    ['+1', n],
    ['-1', -n],
    ['-100m', -100_000_000n],
    ['1e3', 1000n * n],
    ['1E3', 1000n * n],
    ['1e+3', 1000n * n],
    ['1e-3', 1_000_000n],
    ['1E', 10n ** 18n * n],
    ['1k', 1000n * n],
    ['1M', 10n ** 6n * n],
    ['1G', 10n ** 9n * n],
    ['1T', 10n ** 12n * n],
    ['1P', 10n ** 15n * n],
    ['1u', 1000n],
    ['1n', 1n],
    ['1Ki', 1024n * n],
    ['1Mi', 2n ** 20n * n],
    ['1Gi', Gi * n],
    ['1.5Gi', (3n * Gi * n) / 2n],
    ['0.5Ki', 512n * n],
    ['0.1Ki', 102_400_000_000n],
    ['15574316Ki', 15574316n * 1024n * n],
    ['128Mi', 128n * 2n ** 20n * n],
    ['7Ei', 7n * 2n ** 60n * n],
    ['1Pi', 2n ** 50n * n],
    ['94580335255', 94580335255n * n],
    ['.5', 500_000_000n],
    ['5.', 5n * n],
    ['1.G', 10n ** 9n * n],
    ['007', 7n * n],
    ['-0', 0n],
    ['0.000', 0n],
    ['1.000000000', n],
    ['999999999999999999', 999999999999999999n * n],
    ['99999999999999999999', 99999999999999999999n * n],
    ['1e30', 10n ** 39n],
  ])('%j', (text, nanos) => {
    expect(parseQuantity(text)).toBe(nanos);
    expect(quantityProblem(text)).toBeUndefined();
  });
});

// parseQuantity where Go does something particular: one group of cases per rule.
describe.each<[string, [string | number, bigint | undefined][]]>([
  [
    'rounding below a nano-unit is up, away from zero',
    [
      ['0.5n', 1n],
      ['1.1n', 2n],
      ['-0.5n', -1n],
      ['0.0000000001', 1n],
      ['1e-10', 1n],
      ['1e-400', 1n],
      ['1e-100000', 1n],
      ['0.0000000015', 2n],
      ['0e-20', 0n],
    ],
  ],
  [
    'the binary slow path caps at 2^63-1 units; decimal values are not capped',
    [
      ['8Ei', maxAllowed],
      ['100000Ei', maxAllowed],
      ['-8Ei', -maxAllowed],
      ['1.5Ei', (3n * 2n ** 60n * n) / 2n],
      ['9999999999999999999', 9999999999999999999n * n],
    ],
  ],
  [
    'what Go accepts that looks odd',
    [
      ['-', 0n],
      ['+', 0n],
      ['.', 0n],
      ['Gi', 0n],
      ['m', 0n],
      ['e3', 0n],
      ['000', 0n],
      ['1e4294967296', n], // the exponent is taken as a Go int32, which wraps to 0
    ],
  ],
  [
    'white space (Quantity.UnmarshalJSON trims with strings.TrimSpace) and JSON numbers',
    [
      [' 2 ', 2n * n],
      ['\t100m\n', 100_000_000n],
      ['\u00a01\u0085', n],
      ['\ufeff1', undefined],
      ['1 Gi', undefined],
      [2, 2n * n],
      [0.25, 250_000_000n],
      [-1, -n],
      [1e21, 10n ** 30n],
      [1e-7, 100n],
    ],
  ],
])('parseQuantity: %s', (_group, cases) => {
  it.each(cases)('%j', (input, nanos) => {
    expect(parseQuantity(input)).toBe(nanos);
  });
});

describe("quantityProblem: invalid quantities and ParseQuantity's message", () => {
  it.each<[string, string]>([
    ['', formatError],
    ['   ', formatError],
    ['abc', formatError],
    ['4 cores', formatError],
    ['1GiB', formatError],
    ['256MB', formatError],
    ['1Qi', formatError],
    ['1.2.3', formatError],
    ['1e5.5', formatError],
    ['0x10', formatError],
    ['1_000', formatError],
    ['1ki', suffixError],
    ['1KI', formatError],
    ['1mm', suffixError],
    ['1e', suffixError],
    ['1e+', suffixError],
    ['1Gie', suffixError],
    ['--1', suffixError],
    ['1e99999999999999999999', suffixError],
    ['-.e-20', numericError],
    ['e-20', numericError],
  ])('%j', (text, message) => {
    expect(parseQuantity(text)).toBeUndefined();
    expect(quantityProblem(text)).toBe(message);
  });
});

// Quantity.Value and Quantity.MilliValue (apimachinery quantity.go): "rounded up to the nearest integer
// away from 0", so that a request is never under-counted.
describe('quantityValue and quantityMilliValue: rounded up, away from zero', () => {
  it.each<[string, bigint, bigint]>([
    ['1', 1n, 1000n],
    ['100m', 1n, 100n],
    ['1n', 1n, 1n],
    ['1500m', 2n, 1500n],
    ['1.0001', 2n, 1001n],
    ['0', 0n, 0n],
    ['-100m', -1n, -100n],
    ['-1n', -1n, -1n],
    ['1Gi', 1073741824n, 1073741824000n],
  ])('%s -> %s units, %s thousandths', (text, units, millis) => {
    const nanos = parseQuantity(text) as bigint;
    expect(quantityValue(nanos)).toBe(units);
    expect(quantityMilliValue(nanos)).toBe(millis);
  });
});
