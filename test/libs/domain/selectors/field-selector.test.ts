import { describe, expect, it } from 'vitest';
import { fieldsMatch, parseFieldSelector, unsupportedField } from '../../../../libs/domain/src/selectors/field-selector';

// Ported from apimachinery pkg/fields/selector_test.go (TestSelectorParse, TestSelectorMatches,
// TestEscapeValue/TestUnescapeValue); the errors' words are fields.ParseSelector's.
describe('parseFieldSelector', () => {
  it.each([
    ['', []],
    ['a=b', [{ field: 'a', op: '=', value: 'b' }]],
    ['a==b', [{ field: 'a', op: '=', value: 'b' }]],
    ['a!=b', [{ field: 'a', op: '!=', value: 'b' }]],
    ['a=', [{ field: 'a', op: '=', value: '' }]],
    [
      'spec.nodeName=n1,status.phase!=Succeeded,status.phase!=Failed',
      [
        { field: 'spec.nodeName', op: '=', value: 'n1' },
        { field: 'status.phase', op: '!=', value: 'Failed' },
        { field: 'status.phase', op: '!=', value: 'Succeeded' },
      ],
    ],
    ['x=a\\,b', [{ field: 'x', op: '=', value: 'a,b' }]],
    ['x=a\\=b\\\\', [{ field: 'x', op: '=', value: 'a=b\\' }]],
    ['a=b,', [{ field: 'a', op: '=', value: 'b' }]],
  ])('%j', (text, want) => {
    expect(parseFieldSelector(text)).toEqual({ ok: true, value: want });
  });

  it.each([
    ['a', "invalid selector: 'a'; can't understand 'a'"],
    ['a=b,c', "invalid selector: 'a=b,c'; can't understand 'c'"],
    ['x=a=b', 'invalid field selector: unescaped character in value: 61'],
    ['x=a\\b', 'invalid field selector: invalid escape sequence: \\b'],
    ['x=a\\', 'invalid field selector: invalid escape sequence: \\'],
  ])('%j is refused', (text, message) => {
    expect(parseFieldSelector(text)).toEqual({ ok: false, error: message });
  });
});

describe('fieldsMatch', () => {
  const fields = { 'metadata.name': 'p1', 'spec.nodeName': 'n1', 'status.phase': 'Running' };
  it.each([
    ['metadata.name=p1', true],
    ['metadata.name=p2', false],
    ['metadata.name!=p2', true],
    ['spec.nodeName=n1,status.phase!=Succeeded,status.phase!=Failed', true],
    ['status.phase!=Running', false],
    // A field the object does not have reads as empty.
    ['status.podIP=', true],
    ['status.podIP!=', false],
  ])('%j: %s', (text, want) => {
    const selector = parseFieldSelector(text);
    if (!selector.ok) throw new Error(selector.error);
    expect(fieldsMatch(selector.value, fields)).toBe(want);
  });
});

describe('unsupportedField', () => {
  it('names the first field the kind does not select on, as the registry does', () => {
    const selector = parseFieldSelector('metadata.name=a,spec.podCIDR=x');
    if (!selector.ok) throw new Error(selector.error);
    expect(unsupportedField('Node', selector.value)).toBe('field label not supported: spec.podCIDR');
    expect(unsupportedField('Pod', [{ field: 'spec.nodeName', op: '=', value: 'n' }])).toBeUndefined();
  });
});
