import { describe, expect, it } from 'vitest';
import { goParseIntFailure, isDecimalInteger, parseCanonicalInt64, parseGoInt64 } from '../../../../libs/domain/src/numbers/int64';

const max = 2n ** 63n - 1n;
const min = -(2n ** 63n);

describe('canonical int64 (Gt/Lt tolerations: IsDecimalInteger + ParseInt) against Go ParseInt (node selectors)', () => {
  it.each<{ value: string | undefined; canonical: bigint | undefined; go: bigint | undefined }>([
    { value: '0', canonical: 0n, go: 0n },
    { value: '5', canonical: 5n, go: 5n },
    { value: '950', canonical: 950n, go: 950n },
    { value: '-5', canonical: -5n, go: -5n },
    { value: '9223372036854775807', canonical: max, go: max },
    { value: '-9223372036854775808', canonical: min, go: min },
    { value: '9223372036854775808', canonical: undefined, go: undefined },
    { value: '-9223372036854775809', canonical: undefined, go: undefined },
    { value: '99999999999999999999999', canonical: undefined, go: undefined },
    { value: '0950', canonical: undefined, go: 950n },
    { value: '00', canonical: undefined, go: 0n },
    { value: '-0', canonical: undefined, go: 0n },
    { value: '+0', canonical: undefined, go: 0n },
    { value: '+100', canonical: undefined, go: 100n },
    { value: '-007', canonical: undefined, go: -7n },
    { value: '', canonical: undefined, go: undefined },
    { value: undefined, canonical: undefined, go: undefined },
    { value: '-', canonical: undefined, go: undefined },
    { value: '+', canonical: undefined, go: undefined },
    { value: '95.5', canonical: undefined, go: undefined },
    { value: '95 0', canonical: undefined, go: undefined },
    { value: ' 200 ', canonical: undefined, go: undefined },
    { value: '1e3', canonical: undefined, go: undefined },
    { value: '0x10', canonical: undefined, go: undefined },
    { value: '1_000', canonical: undefined, go: undefined },
    { value: '--1', canonical: undefined, go: undefined },
    { value: '١٢', canonical: undefined, go: undefined },
    { value: 'abc', canonical: undefined, go: undefined },
  ])('$value', ({ value, canonical, go }) => {
    expect(parseCanonicalInt64(value)).toBe(canonical);
    expect(parseGoInt64(value)).toBe(go);
  });
});

describe('isDecimalInteger (content.IsDecimalInteger)', () => {
  const noncanonical = ['must be a valid decimal integer in canonical form'];
  it.each<[string, string[]]>([
    ['0', []],
    ['123', []],
    ['-456', []],
    ['99999999999999999999', []],
    ['', ['must be non-empty']],
    ['-', noncanonical],
    ['-0', noncanonical],
    ['0700', noncanonical],
    ['+1', noncanonical],
    ['1.0', noncanonical],
    [' 1', noncanonical],
  ])('%j', (value, problems) => {
    expect(isDecimalInteger(value)).toEqual(problems);
  });
});

describe("goParseIntFailure (strconv.ParseInt(s, 10, 64)'s error)", () => {
  it.each<[string, string | undefined]>([
    ['0', undefined],
    ['+5', undefined],
    ['-0', undefined],
    ['0950', undefined],
    ['9223372036854775807', undefined],
    ['-9223372036854775808', undefined],
    ['', 'invalid syntax'],
    ['+', 'invalid syntax'],
    ['-', 'invalid syntax'],
    ['abc', 'invalid syntax'],
    ['1.5', 'invalid syntax'],
    ['1_000', 'invalid syntax'],
    ['++1', 'invalid syntax'],
    ['9223372036854775808', 'value out of range'],
    ['-9223372036854775809', 'value out of range'],
    ['18446744073709551616', 'value out of range'],
    // Go reports an overflow as soon as it happens, before reaching a later bad character.
    ['99999999999999999999x', 'value out of range'],
    ['9223372036854775808x', 'invalid syntax'],
  ])('%j', (value, failure) => {
    expect(goParseIntFailure(value)).toBe(failure);
  });
});
