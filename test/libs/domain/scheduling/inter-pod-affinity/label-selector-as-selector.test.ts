import { describe, expect, it } from 'vitest';
import type { ObjectLabelSelector } from '../../../../../libs/domain/src/types';
import {
  affinitySelectorMatches,
  affinitySelectorRequiredValues,
  aggregateMessage,
  labelSelectorAsSelector,
} from '../../../../../libs/domain/src/scheduling/inter-pod-affinity/label-selector-as-selector';

const matches = (selector: ObjectLabelSelector | null | undefined, labels: Record<string, string> | undefined): boolean => {
  const parsed = labelSelectorAsSelector(selector);
  if (!parsed.ok) throw new Error(parsed.error);
  return affinitySelectorMatches(parsed.value, labels);
};

describe('labelSelectorAsSelector (metav1.LabelSelectorAsSelector)', () => {
  it('takes a missing selector as selecting nothing (labels.Nothing)', () => {
    expect(labelSelectorAsSelector(undefined)).toEqual({ ok: true, value: { kind: 'nothing' } });
    expect(labelSelectorAsSelector(null)).toEqual({ ok: true, value: { kind: 'nothing' } });
    expect(matches(undefined, {})).toBe(false);
    expect(matches(null, { app: 'web' })).toBe(false);
  });

  it('takes an empty selector as selecting everything (labels.Everything)', () => {
    expect(labelSelectorAsSelector({})).toEqual({ ok: true, value: { kind: 'everything' } });
    expect(labelSelectorAsSelector({ matchLabels: {}, matchExpressions: [] })).toEqual({ ok: true, value: { kind: 'everything' } });
    expect(matches({}, undefined)).toBe(true);
  });

  const labels = { app: 'web', tier: '', env: 'prod' };
  const cases: [string, ObjectLabelSelector, boolean][] = [
    ['matchLabels equal', { matchLabels: { app: 'web' } }, true],
    ['matchLabels different value', { matchLabels: { app: 'db' } }, false],
    ['matchLabels empty value present', { matchLabels: { tier: '' } }, true],
    ['matchLabels and matchExpressions are ANDed', { matchLabels: { app: 'web' }, matchExpressions: [{ key: 'env', operator: 'In', values: ['dev'] }] }, false],
    ['In', { matchExpressions: [{ key: 'env', operator: 'In', values: ['dev', 'prod'] }] }, true],
    ['In: label missing', { matchExpressions: [{ key: 'zone', operator: 'In', values: ['a'] }] }, false],
    ['NotIn', { matchExpressions: [{ key: 'env', operator: 'NotIn', values: ['dev'] }] }, true],
    ['NotIn: label missing matches', { matchExpressions: [{ key: 'zone', operator: 'NotIn', values: ['a'] }] }, true],
    ['NotIn: listed', { matchExpressions: [{ key: 'env', operator: 'NotIn', values: ['prod'] }] }, false],
    ['Exists', { matchExpressions: [{ key: 'tier', operator: 'Exists' }] }, true],
    ['Exists: missing', { matchExpressions: [{ key: 'zone', operator: 'Exists' }] }, false],
    ['DoesNotExist', { matchExpressions: [{ key: 'zone', operator: 'DoesNotExist' }] }, true],
    ['DoesNotExist: present', { matchExpressions: [{ key: 'app', operator: 'DoesNotExist' }] }, false],
  ];
  it.each(cases)('%s', (_name, selector, want) => {
    expect(matches(selector, labels)).toBe(want);
  });

  it('does not take an inherited property for a label', () => {
    expect(matches({ matchExpressions: [{ key: 'constructor', operator: 'Exists' }] }, {})).toBe(false);
  });

  const invalid: [string, ObjectLabelSelector, string][] = [
    // Kubernetes' TestRequiredAffinitySingleNode, case 'PodAffinity fails PreFilter with an invalid affinity label syntax'.
    [
      'a value that is not a label value',
      { matchExpressions: [{ key: 'service', operator: 'In', values: ['{{.bad-value.}}'] }] },
      `values[0][service]: Invalid value: "{{.bad-value.}}": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')`,
    ],
    [
      'an operator a LabelSelector does not have',
      { matchExpressions: [{ key: 'a', operator: 'Gt', values: ['1'] }] },
      '"Gt" is not a valid label selector operator',
    ],
    [
      'In without values',
      { matchExpressions: [{ key: 'a', operator: 'In' }] },
      "values: Invalid value: []string(nil): for 'in', 'notin' operators, values set can't be empty",
    ],
    [
      'Exists with values',
      { matchExpressions: [{ key: 'a', operator: 'Exists', values: ['x', 'y'] }] },
      'values: Invalid value: []string{"x", "y"}: values set must be empty for exists and does not exist',
    ],
    [
      'a bad key in matchLabels',
      { matchLabels: { '-a': 'x' } },
      `key: Invalid value: "-a": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`,
    ],
    [
      'several problems in one requirement, aggregated',
      { matchExpressions: [{ key: '-a', operator: 'NotIn' }] },
      `[key: Invalid value: "-a": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]'), values: Invalid value: []string(nil): for 'in', 'notin' operators, values set can't be empty]`,
    ],
  ];
  it.each(invalid)('refuses %s with labels.NewRequirement’s words', (_name, selector, message) => {
    expect(labelSelectorAsSelector(selector)).toEqual({ ok: false, error: message });
  });

  it('aggregates as utilerrors does: one message alone, duplicates dropped, several bracketed', () => {
    expect(aggregateMessage(['a'])).toBe('a');
    expect(aggregateMessage(['a', 'a'])).toBe('a');
    expect(aggregateMessage(['a', 'b', 'a'])).toBe('[a, b]');
  });
});

describe('affinitySelectorRequiredValues: the values an In requirement allows, for the index of pods by labels', () => {
  const parsed = (selector: ObjectLabelSelector | null) => {
    const result = labelSelectorAsSelector(selector);
    if (!result.ok) throw new Error(result.error);
    return result.value;
  };

  it('the In requirement (or matchLabels entry) with the fewest values', () => {
    const selector = parsed({ matchLabels: { app: 'web' }, matchExpressions: [{ key: 'tier', operator: 'In', values: ['a', 'b'] }] });
    expect(affinitySelectorRequiredValues(selector)).toEqual({ key: 'app', values: ['web'] });
  });

  it('none for a selector that may match pods without the key: NotIn, Exists, DoesNotExist, everything, nothing', () => {
    expect(affinitySelectorRequiredValues(parsed({ matchExpressions: [{ key: 'app', operator: 'NotIn', values: ['web'] }] }))).toBeUndefined();
    expect(affinitySelectorRequiredValues(parsed({ matchExpressions: [{ key: 'app', operator: 'Exists' }] }))).toBeUndefined();
    expect(affinitySelectorRequiredValues(parsed({}))).toBeUndefined();
    expect(affinitySelectorRequiredValues(parsed(null))).toBeUndefined();
  });
});
