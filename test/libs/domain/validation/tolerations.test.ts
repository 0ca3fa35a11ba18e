import { describe, expect, it } from 'vitest';
import { FieldPath, type Toleration, fieldErrorText } from '@taintgate/domain';
import { usesComparisonOperators, validateOnlyAddedTolerations, validateTolerations } from '../../../../libs/domain/src/validation/tolerations';
import { msg } from './messages';

const path = FieldPath.root('spec').child('tolerations');
const on = { comparisonOperators: true };
const off = { comparisonOperators: false };
const lines = (tolerations: Toleration[], options = on): string[] => validateTolerations(tolerations, path, options).map(fieldErrorText);

const emptyKeyMessage = 'operator must be Exists when `key` is empty, which means "match all values and all keys"';
const secondsMessage = "effect must be 'NoExecute' when `tolerationSeconds` is set";
const existsValueMessage = "value must be empty when `operator` is 'Exists'";
const canonical = 'must be a valid decimal integer in canonical form';
/** The two errors on spec.tolerations[0].value for a Gt/Lt value that is not an integer at all. */
const notAnInteger = (value: string) => [
  `spec.tolerations[0].value: Invalid value: "${value}": ${canonical}`,
  `spec.tolerations[0].value: Invalid value: "${value}": strconv.ParseInt: parsing "${value}": invalid syntax`,
];

describe('validateTolerations: valid tolerations', () => {
  it.each<{ name: string; toleration: Toleration }>([
    { name: 'Equal with value', toleration: { key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' } },
    { name: 'empty operator means Equal', toleration: { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' } },
    { name: 'Equal with empty value', toleration: { key: 'dedicated', operator: 'Equal', effect: 'NoSchedule' } },
    { name: 'Exists without value', toleration: { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute' } },
    { name: 'empty key with Exists tolerates everything', toleration: { operator: 'Exists' } },
    { name: 'empty key with Exists and an effect', toleration: { key: '', operator: 'Exists', effect: 'NoSchedule' } },
    { name: 'empty effect means every effect', toleration: { key: 'k', operator: 'Exists', effect: '' } },
    { name: 'tolerationSeconds with NoExecute', toleration: { key: 'k', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 } },
    { name: 'negative tolerationSeconds is allowed', toleration: { key: 'k', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: -5 } },
    { name: 'null tolerationSeconds is not set', toleration: { key: 'k', operator: 'Exists', effect: 'NoSchedule', tolerationSeconds: null } },
    { name: 'Gt with a canonical integer', toleration: { key: 'node.kubernetes.io/sla', operator: 'Gt', value: '950', effect: 'NoSchedule' } },
    { name: 'Lt with a canonical integer', toleration: { key: 'node.kubernetes.io/sla', operator: 'Lt', value: '800', effect: 'NoSchedule' } },
    { name: 'Gt with a negative integer', toleration: { key: 'test-key', operator: 'Gt', value: '-100', effect: 'NoSchedule' } },
    { name: 'Gt with 0', toleration: { key: 'test-key', operator: 'Gt', value: '0', effect: 'NoSchedule' } },
    { name: 'Gt with int64 max', toleration: { key: 'test-key', operator: 'Gt', value: '9223372036854775807' } },
    { name: 'Lt with int64 min', toleration: { key: 'test-key', operator: 'Lt', value: '-9223372036854775808' } },
    { name: 'Gt value is not a label value (no 63-byte limit applies)', toleration: { key: 'k', operator: 'Gt', value: '-1' } },
  ])('$name', ({ toleration }) => {
    expect(validateTolerations([toleration], path, on)).toEqual([]);
  });
});

describe('validateTolerations: every rule, exact path and reason', () => {
  it.each<{ name: string; toleration: Toleration; options?: { comparisonOperators: boolean }; lines: string[] }>([
    {
      name: 'bad key',
      toleration: { key: 'nospecialchars^=@', operator: 'Equal', value: 'bar', effect: 'NoSchedule' },
      lines: [`spec.tolerations[0].key: Invalid value: "nospecialchars^=@": ${msg.nameRegex}`],
    },
    {
      name: 'empty key with Equal: error on operator',
      toleration: { operator: 'Equal', value: 'bar', effect: 'NoSchedule' },
      lines: [`spec.tolerations[0].operator: Invalid value: "Equal": ${emptyKeyMessage}`],
    },
    {
      name: 'empty key with the empty operator',
      toleration: { effect: 'NoSchedule' },
      lines: [`spec.tolerations[0].operator: Invalid value: "": ${emptyKeyMessage}`],
    },
    {
      name: 'Exists with a value: error on operator, bad value is the value',
      toleration: { key: 'foo', operator: 'Exists', value: 'bar', effect: 'NoSchedule' },
      lines: [`spec.tolerations[0].operator: Invalid value: "bar": ${existsValueMessage}`],
    },
    {
      name: 'empty key, Exists and a value',
      toleration: { operator: 'Exists', value: 'bar' },
      lines: [`spec.tolerations[0].operator: Invalid value: "bar": ${existsValueMessage}`],
    },
    {
      name: 'bad Equal value: reported on operator (Kubernetes quirk)',
      toleration: { key: 'k', operator: 'Equal', value: 'a b', effect: 'NoSchedule' },
      lines: [`spec.tolerations[0].operator: Invalid value: "a b": ${msg.labelValueRegex}`],
    },
    {
      name: 'bad value with the empty operator, messages joined with ";"',
      toleration: { key: 'k', value: `${'v'.repeat(64)}.` },
      lines: [`spec.tolerations[0].operator: Invalid value: "${'v'.repeat(64)}.": ${msg.labelValueTooLong};${msg.labelValueRegex}`],
    },
    {
      name: 'tolerationSeconds with NoSchedule: error on effect',
      toleration: { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoSchedule', tolerationSeconds: 20 },
      lines: [`spec.tolerations[0].effect: Invalid value: "NoSchedule": ${secondsMessage}`],
    },
    {
      name: 'tolerationSeconds with every effect (empty)',
      toleration: { key: 'k', operator: 'Exists', tolerationSeconds: 0 },
      lines: [`spec.tolerations[0].effect: Invalid value: "": ${secondsMessage}`],
    },
    {
      name: 'unknown operator: two supported values',
      toleration: { key: 'foo', operator: 'In', value: 'bar', effect: 'NoSchedule' },
      lines: ['spec.tolerations[0].operator: Unsupported value: "In": supported values: "Equal", "Exists"'],
    },
    {
      name: 'operators are case-sensitive',
      toleration: { key: 'foo', operator: 'exists' },
      lines: ['spec.tolerations[0].operator: Unsupported value: "exists": supported values: "Equal", "Exists"'],
    },
    {
      name: 'unknown effect',
      toleration: { key: 'foo', operator: 'Exists', effect: 'Foo' },
      lines: [`spec.tolerations[0].effect: Unsupported value: "Foo": ${msg.effects}`],
    },
    {
      name: 'Gt with comparison operators off: four supported values, value not checked',
      toleration: { key: 'node.kubernetes.io/sla', operator: 'Gt', value: 'high', effect: 'NoSchedule' },
      options: off,
      lines: ['spec.tolerations[0].operator: Unsupported value: "Gt": supported values: "Equal", "Exists", "Lt", "Gt"'],
    },
    {
      name: 'Lt with comparison operators off',
      toleration: { key: 'node.kubernetes.io/sla', operator: 'Lt', value: '950', effect: 'NoSchedule' },
      options: off,
      lines: ['spec.tolerations[0].operator: Unsupported value: "Lt": supported values: "Equal", "Exists", "Lt", "Gt"'],
    },
    {
      name: 'other operators list two values whether comparison is on or off',
      toleration: { key: 'k', operator: 'Ge', value: '1' },
      options: off,
      lines: ['spec.tolerations[0].operator: Unsupported value: "Ge": supported values: "Equal", "Exists"'],
    },
    {
      name: 'Gt with a word: canonical-form and ParseInt errors, on value',
      toleration: { key: 'node.kubernetes.io/sla', operator: 'Gt', value: 'high', effect: 'NoSchedule' },
      lines: notAnInteger('high'),
    },
    {
      name: 'Gt with a leading zero: canonical-form error only (ParseInt accepts it)',
      toleration: { key: 'node.kubernetes.io/sla', operator: 'Gt', value: '0950', effect: 'NoSchedule' },
      lines: [`spec.tolerations[0].value: Invalid value: "0950": ${canonical}`],
    },
    {
      name: 'Gt with a plus sign',
      toleration: { key: 'test-key', operator: 'Gt', value: '+100' },
      lines: [`spec.tolerations[0].value: Invalid value: "+100": ${canonical}`],
    },
    {
      name: 'Lt with -0',
      toleration: { key: 'test-key', operator: 'Lt', value: '-0' },
      lines: [`spec.tolerations[0].value: Invalid value: "-0": ${canonical}`],
    },
    {
      name: 'Gt with a decimal',
      toleration: { key: 'test-key', operator: 'Gt', value: '95.5' },
      lines: notAnInteger('95.5'),
    },
    {
      name: 'Gt with a lone minus',
      toleration: { key: 'test-key', operator: 'Gt', value: '-' },
      lines: notAnInteger('-'),
    },
    {
      name: 'Gt with an inner space',
      toleration: { key: 'test-key', operator: 'Gt', value: '95 0' },
      lines: notAnInteger('95 0'),
    },
    {
      name: 'Gt with no value',
      toleration: { key: 'test-key', operator: 'Gt', effect: 'NoSchedule' },
      lines: [
        'spec.tolerations[0].value: Invalid value: "": must be non-empty',
        'spec.tolerations[0].value: Invalid value: "": strconv.ParseInt: parsing "": invalid syntax',
      ],
    },
    {
      name: 'Gt beyond int64: range error only',
      toleration: { key: 'test-key', operator: 'Gt', value: '9223372036854775808' },
      lines: ['spec.tolerations[0].value: Invalid value: "9223372036854775808": strconv.ParseInt: parsing "9223372036854775808": value out of range'],
    },
    {
      name: 'Lt below int64',
      toleration: { key: 'test-key', operator: 'Lt', value: '-9223372036854775809' },
      lines: ['spec.tolerations[0].value: Invalid value: "-9223372036854775809": strconv.ParseInt: parsing "-9223372036854775809": value out of range'],
    },
    {
      name: 'Gt with an empty key: also the empty-key error',
      toleration: { operator: 'Gt', value: '5' },
      lines: [`spec.tolerations[0].operator: Invalid value: "Gt": ${emptyKeyMessage}`],
    },
    {
      name: 'several rules at once, in Kubernetes order',
      toleration: { key: '-k', operator: 'Bad', value: 'v', effect: 'Worse', tolerationSeconds: 1 },
      lines: [
        `spec.tolerations[0].key: Invalid value: "-k": ${msg.nameRegex}`,
        `spec.tolerations[0].effect: Invalid value: "Worse": ${secondsMessage}`,
        'spec.tolerations[0].operator: Unsupported value: "Bad": supported values: "Equal", "Exists"',
        `spec.tolerations[0].effect: Unsupported value: "Worse": ${msg.effects}`,
      ],
    },
    {
      name: 'operator and effect render as named types (json), values as strings (%q)',
      toleration: { key: 'k', operator: 'a<b', value: 'x', effect: 'c&d', tolerationSeconds: 1 },
      lines: [
        `spec.tolerations[0].effect: Invalid value: "c\\u0026d": ${secondsMessage}`,
        'spec.tolerations[0].operator: Unsupported value: "a\\u003cb": supported values: "Equal", "Exists"',
        `spec.tolerations[0].effect: Unsupported value: "c\\u0026d": ${msg.effects}`,
      ],
    },
  ])('$name', ({ toleration, options, lines: expected }) => {
    expect(lines([toleration], options ?? on)).toEqual(expected);
  });

  it('indexes each toleration', () => {
    expect(
      lines([
        { key: 'ok', operator: 'Exists' },
        { key: 'k', operator: 'Exists', value: 'v' },
        { key: 'k', operator: 'Equal', value: '-' },
      ]),
    ).toEqual([
      `spec.tolerations[1].operator: Invalid value: "v": ${existsValueMessage}`,
      `spec.tolerations[2].operator: Invalid value: "-": ${msg.labelValueRegex}`,
    ]);
  });

  it('keeps the error type and bad value', () => {
    expect(validateTolerations([{ key: 'k', operator: 'Exists', value: 'v' }], path, on)).toEqual([
      {
        path: path.index(0).child('operator'),
        type: 'FieldValueInvalid',
        badValue: 'v',
        detail: existsValueMessage,
        reason: `Invalid value: "v": ${existsValueMessage}`,
      },
    ]);
    expect(validateTolerations([{ key: 'k', operator: 'Lt', value: '1' }], path, off)[0]).toMatchObject({
      type: 'FieldValueNotSupported',
      badValue: 'Lt',
    });
  });
});

describe('validateOnlyAddedTolerations (pod update)', () => {
  const forbidden = ['spec.tolerations: Forbidden: existing toleration can not be modified except its tolerationSeconds'];
  const update = (next: Toleration[], previous: Toleration[], options = on): string[] =>
    validateOnlyAddedTolerations(next, previous, path, options).map(fieldErrorText);

  const key1 = { key: 'key1', operator: 'Equal', value: 'value1', effect: 'NoExecute' };
  it.each<{ name: string; previous: Toleration[]; next: Toleration[]; lines: string[] }>([
    { name: 'unchanged', previous: [{ key: 'key1', value: 'value1' }], next: [{ key: 'key1', value: 'value1' }], lines: [] },
    { name: 'none before, none after', previous: [], next: [], lines: [] },
    { name: 'adding to none', previous: [], next: [{ key: 'k', operator: 'Exists' }], lines: [] },
    {
      name: 'adding one, changing tolerationSeconds of the other',
      previous: [{ ...key1, tolerationSeconds: 10 }],
      next: [
        { ...key1, tolerationSeconds: 20 },
        { key: 'key2', operator: 'Equal', value: 'value2', effect: 'NoExecute', tolerationSeconds: 30 },
      ],
      lines: [],
    },
    { name: 'lowering tolerationSeconds', previous: [{ ...key1, tolerationSeconds: 20 }], next: [{ ...key1, tolerationSeconds: 10 }], lines: [] },
    { name: 'dropping tolerationSeconds', previous: [{ ...key1, tolerationSeconds: 20 }], next: [key1], lines: [] },
    { name: 'setting tolerationSeconds', previous: [key1], next: [{ ...key1, tolerationSeconds: 5 }], lines: [] },
    {
      name: 'reordering',
      previous: [key1, { key: 'b', operator: 'Exists' }],
      next: [{ key: 'b', operator: 'Exists' }, key1],
      lines: [],
    },
    {
      name: 'absent and empty fields are the same',
      previous: [{ key: 'k', operator: 'Exists', value: '', effect: '' }],
      next: [{ key: 'k', operator: 'Exists' }],
      lines: [],
    },
    { name: 'changing the value', previous: [{ key: 'key1', value: 'value1' }], next: [{ key: 'key1', value: 'value2' }], lines: forbidden },
    {
      name: 'changing the value and dropping tolerationSeconds',
      previous: [{ ...key1, tolerationSeconds: 10 }],
      next: [{ ...key1, value: 'value2' }],
      lines: forbidden,
    },
    { name: 'changing the key', previous: [key1], next: [{ ...key1, key: 'key2' }], lines: forbidden },
    { name: 'changing the effect', previous: [key1], next: [{ ...key1, effect: 'NoSchedule' }], lines: forbidden },
    { name: 'changing the operator', previous: [{ key: 'k', operator: 'Exists' }], next: [{ key: 'k', operator: 'Equal' }], lines: forbidden },
    {
      name: 'spelling out the default operator is a change (reflect.DeepEqual)',
      previous: [{ key: 'k', value: 'v' }],
      next: [{ key: 'k', operator: 'Equal', value: 'v' }],
      lines: forbidden,
    },
    { name: 'removing one', previous: [key1, { key: 'b', operator: 'Exists' }], next: [key1], lines: forbidden },
    { name: 'removing all', previous: [key1], next: [], lines: forbidden },
    {
      name: 'a forbidden change hides the errors of new tolerations',
      previous: [key1],
      next: [{ key: 'b', operator: 'Exists', value: 'x' }],
      lines: forbidden,
    },
    {
      name: 'new tolerations are validated',
      previous: [{ ...key1, tolerationSeconds: 10 }],
      next: [
        { ...key1, tolerationSeconds: 20 },
        { key: 'key2', operator: 'Equal', value: 'value2', effect: 'NoSchedule', tolerationSeconds: 30 },
      ],
      lines: [`spec.tolerations[1].effect: Invalid value: "NoSchedule": ${secondsMessage}`],
    },
  ])('$name', ({ previous, next, lines: expected }) => {
    expect(update(next, previous)).toEqual(expected);
  });

  it('uses the options for the new list', () => {
    expect(update([{ key: 'sla', operator: 'Gt', value: '5' }], [], off)).toEqual([
      'spec.tolerations[0].operator: Unsupported value: "Gt": supported values: "Equal", "Exists", "Lt", "Gt"',
    ]);
  });
});

describe('usesComparisonOperators (the ratchet on update)', () => {
  it.each<{ name: string; tolerations: Toleration[] | undefined; expected: boolean }>([
    { name: 'none', tolerations: undefined, expected: false },
    { name: 'Equal and Exists', tolerations: [{ key: 'a', value: 'b' }, { operator: 'Exists' }], expected: false },
    { name: 'Gt', tolerations: [{ key: 'a', operator: 'Gt', value: '1' }], expected: true },
    { name: 'Lt', tolerations: [{ key: 'a' }, { key: 'a', operator: 'Lt', value: '1' }], expected: true },
  ])('$name', ({ tolerations, expected }) => {
    expect(usesComparisonOperators(tolerations)).toBe(expected);
  });
});
