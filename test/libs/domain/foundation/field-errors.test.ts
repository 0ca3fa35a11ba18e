import { describe, expect, it } from 'vitest';
import { FieldPath, fieldError, goQuote } from '@taintgate/domain';
import { formatBadValue, goJson, invalidObjectMessage } from '../../../../libs/domain/src/foundation/field-errors';

const spec = FieldPath.root('spec');

describe('FieldPath (field.Path.String)', () => {
  it.each([
    { name: 'child', path: spec.child('taints'), text: 'spec.taints' },
    { name: 'index', path: spec.child('taints').index(1).child('effect'), text: 'spec.taints[1].effect' },
    { name: 'key, unquoted', path: FieldPath.root('status').child('allocatable').key('example.com/gpu'), text: 'status.allocatable[example.com/gpu]' },
    { name: 'empty root', path: FieldPath.root().child('metadata').child('name'), text: 'metadata.name' },
  ])('$name', ({ path, text }) => {
    expect(path.toString()).toBe(text);
  });

  it('is immutable', () => {
    const child = spec.child('a').index(0);
    expect(child.toString()).toBe('spec.a[0]');
    expect(spec.toString()).toBe('spec');
  });
});

describe('fieldError: reason text (field.Error.ErrorBody)', () => {
  const at = spec.child('x');
  it.each([
    { name: 'required without detail', error: fieldError.required(at), reason: 'Required value' },
    { name: 'required with detail', error: fieldError.required(at, 'must be set'), reason: 'Required value: must be set' },
    { name: 'forbidden never prints a value', error: fieldError.forbidden(at, 'no'), reason: 'Forbidden: no' },
    { name: 'invalid string: %q', error: fieldError.invalid(at, 'a b', 'bad'), reason: 'Invalid value: "a b": bad' },
    { name: 'invalid number: %v', error: fieldError.invalid(at, 0, 'must be in the range 1-100'), reason: 'Invalid value: 0: must be in the range 1-100' },
    { name: 'invalid boolean', error: fieldError.invalid(at, true, 'bad'), reason: 'Invalid value: true: bad' },
    { name: 'invalid nil: json null', error: fieldError.invalid(at, undefined, 'bad'), reason: 'Invalid value: null: bad' },
    { name: 'invalid object: json', error: fieldError.invalid(at, { Key: 'k' }, 'bad'), reason: 'Invalid value: {"Key":"k"}: bad' },
    { name: 'duplicate without detail', error: fieldError.duplicate(at, 'k'), reason: 'Duplicate value: "k"' },
    { name: 'not found', error: fieldError.notFound(at, 'k'), reason: 'Not found: "k"' },
    {
      name: 'not supported',
      error: fieldError.notSupported(at, 'Foo', ['A', 'B']),
      reason: 'Unsupported value: "Foo": supported values: "A", "B"',
    },
    { name: 'not supported, empty list: no detail', error: fieldError.notSupported(at, 'Foo', []), reason: 'Unsupported value: "Foo"' },
    { name: 'too long', error: fieldError.tooLong(at, 262144), reason: 'Too long: may not be more than 262144 bytes' },
    { name: 'type invalid reads "Invalid value"', error: fieldError.typeInvalid(at, 5, 'must be a string'), reason: 'Invalid value: 5: must be a string' },
  ])('$name', ({ error, reason }) => {
    expect(error.reason).toBe(reason);
    expect(error.path.render()).toBe('spec.x');
  });

  it('keeps type, detail and bad value', () => {
    expect(fieldError.invalid(spec.child('x'), 'v', 'bad')).toEqual({
      path: spec.child('x'),
      type: 'FieldValueInvalid',
      badValue: 'v',
      detail: 'bad',
      reason: 'Invalid value: "v": bad',
    });
    expect(fieldError.required(spec.child('x'))).toEqual({ path: spec.child('x'), type: 'FieldValueRequired', detail: '', reason: 'Required value' });
  });
});

describe("goQuote (Go's %q / strconv.Quote)", () => {
  it.each([
    { name: 'plain', value: 'abc', quoted: '"abc"' },
    { name: 'empty', value: '', quoted: '""' },
    { name: 'quote and backslash', value: 'a"b\\c', quoted: '"a\\"b\\\\c"' },
    { name: 'short escapes', value: '\x07\b\f\n\r\t\v', quoted: '"\\a\\b\\f\\n\\r\\t\\v"' },
    { name: 'other control characters as \\x', value: '\x00\x1f\x7f', quoted: '"\\x00\\x1f\\x7f"' },
    { name: 'printable non-ASCII kept', value: 'Māori €', quoted: '"Māori €"' },
    { name: 'non-printable non-ASCII as \\u', value: '\u00a0\u00ad\u2028', quoted: '"\\u00a0\\u00ad\\u2028"' },
    { name: 'astral printable kept', value: '😀', quoted: '"😀"' },
    { name: 'astral non-printable as \\U', value: '\u{E0001}', quoted: '"\\U000e0001"' },
    { name: 'html characters kept', value: '<a&b>', quoted: '"<a&b>"' },
    { name: 'unpaired surrogate is U+FFFD, printable', value: 'a\ud800b', quoted: '"a\ufffdb"' },
  ])('$name', ({ value, quoted }) => {
    expect(goQuote(value)).toBe(quoted);
  });
});

describe("goJson (Go's json.Marshal)", () => {
  it.each([
    { name: 'plain string', value: 'NoSchedule', json: '"NoSchedule"' },
    { name: 'html-safe', value: '<a&b>', json: '"\\u003ca\\u0026b\\u003e"' },
    { name: 'line separators', value: '\u2028\u2029', json: '"\\u2028\\u2029"' },
    { name: 'control characters', value: '\n\x01', json: '"\\n\\u0001"' },
    { name: 'non-ASCII kept', value: 'é', json: '"é"' },
    { name: 'unpaired surrogate', value: '\udc00', json: '"\ufffd"' },
    { name: 'struct', value: { Key: 'a<b', TimeAdded: null }, json: '{"Key":"a\\u003cb","TimeAdded":null}' },
    { name: 'undefined is null', value: undefined, json: 'null' },
    // Integers decoded beyond 2^53 are bigints; Go prints an int64's digits.
    { name: 'int64 max', value: 2n ** 63n - 1n, json: '9223372036854775807' },
    { name: 'a bigint inside', value: { seconds: [2n ** 63n, 1], skipped: undefined }, json: '{"seconds":[9223372036854775808,1]}' },
    { name: 'undefined in a list is null', value: [undefined], json: '[null]' },
  ])('$name', ({ value, json }) => {
    expect(goJson(value)).toBe(json);
  });
});

describe('formatBadValue: plain strings with %q, named string types with json.Marshal', () => {
  it.each([
    { name: 'string', value: 'a<b', style: 'string' as const, text: '"a<b"' },
    { name: 'named string type', value: 'a<b', style: 'json' as const, text: '"a\\u003cb"' },
    { name: 'number ignores style', value: 7, style: 'json' as const, text: '7' },
    { name: 'array', value: ['a'], style: 'string' as const, text: '["a"]' },
  ])('$name', ({ value, style, text }) => {
    expect(formatBadValue(value, style)).toBe(text);
  });

  it('an operator (core.TolerationOperator) is rendered through json', () => {
    expect(fieldError.invalid(spec.child('op'), '<x>', 'bad', 'json').reason).toBe('Invalid value: "\\u003cx\\u003e": bad');
    expect(fieldError.notSupported(spec.child('op'), '<x>', ['Equal']).reason).toBe('Unsupported value: "\\u003cx\\u003e": supported values: "Equal"');
  });
});

describe('invalidObjectMessage (apierrors.NewInvalid)', () => {
  const required = fieldError.required(FieldPath.root('metadata').child('taints').index(0).child('effect'));
  const unsupported = fieldError.notSupported(FieldPath.root('metadata').child('taints').index(1).child('effect'), 'Foo', [
    'NoSchedule',
    'PreferNoSchedule',
    'NoExecute',
  ]);

  it.each([
    { name: 'one error: no brackets', errors: [required], text: 'Node "n1" is invalid: metadata.taints[0].effect: Required value' },
    {
      name: 'several: brackets and ", "',
      errors: [required, unsupported],
      text:
        'Node "n1" is invalid: [metadata.taints[0].effect: Required value, ' +
        'metadata.taints[1].effect: Unsupported value: "Foo": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"]',
    },
    {
      name: 'identical messages once (ToAggregate), one left: no brackets',
      errors: [required, { ...required }],
      text: 'Node "n1" is invalid: metadata.taints[0].effect: Required value',
    },
    { name: 'no errors', errors: [], text: 'Node "n1" is invalid: <nil>' },
  ])('$name', ({ errors, text }) => {
    expect(invalidObjectMessage('Node', 'n1', errors)).toBe(text);
  });

  it('quotes the name with %q', () => {
    expect(invalidObjectMessage('Pod', 'a"b', [required])).toBe('Pod "a\\"b" is invalid: metadata.taints[0].effect: Required value');
  });
});
