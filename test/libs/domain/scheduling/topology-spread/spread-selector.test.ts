import { describe, expect, it } from 'vitest';
import type { ObjectLabelSelector } from '../../../../../libs/domain/src/types';
import {
  controllerRefOf,
  describeSpreadSelector,
  everythingSelector,
  isEmptySelector,
  nothingSelector,
  spreadSelectorMatches,
  spreadSelectorOf,
  withMatchLabels,
} from '../../../../../libs/domain/src/scheduling/topology-spread/spread-selector';
import { makePod } from './spread-fixtures';

describe('spreadSelectorOf (metav1.LabelSelectorAsSelector)', () => {
  it('a missing selector selects nothing and is not empty', () => {
    const parsed = spreadSelectorOf(undefined);
    expect(parsed).toEqual({ ok: true, value: nothingSelector });
    expect(isEmptySelector(nothingSelector)).toBe(false);
    expect(spreadSelectorMatches(nothingSelector, makePod('p', { labels: { a: 'b' } }))).toBe(false);
  });

  it('an empty selector selects everything and is empty (countPodsMatchSelector counts nothing for it)', () => {
    expect(spreadSelectorOf({})).toEqual({ ok: true, value: everythingSelector });
    expect(isEmptySelector(everythingSelector)).toBe(true);
    expect(spreadSelectorMatches(everythingSelector, makePod('p'))).toBe(true);
  });

  const matches: [string, ObjectLabelSelector, Record<string, string>, boolean][] = [
    ['matchLabels equal', { matchLabels: { app: 'web' } }, { app: 'web' }, true],
    ['matchLabels differ', { matchLabels: { app: 'web' } }, { app: 'db' }, false],
    ['In listed', { matchExpressions: [{ key: 'tier', operator: 'In', values: ['a', 'b'] }] }, { tier: 'b' }, true],
    ['NotIn with the label missing', { matchExpressions: [{ key: 'tier', operator: 'NotIn', values: ['a'] }] }, {}, true],
    ['NotIn listed', { matchExpressions: [{ key: 'tier', operator: 'NotIn', values: ['a'] }] }, { tier: 'a' }, false],
    ['Exists with an empty value', { matchExpressions: [{ key: 'foo', operator: 'Exists' }] }, { foo: '' }, true],
    ['DoesNotExist', { matchExpressions: [{ key: 'foo', operator: 'DoesNotExist' }] }, { foo: '' }, false],
    [
      'matchLabels and matchExpressions are ANDed',
      { matchLabels: { app: 'web' }, matchExpressions: [{ key: 'foo', operator: 'Exists' }] },
      { app: 'web' },
      false,
    ],
  ];
  it.each(matches)('%s', (_name, selector, podLabels, want) => {
    const parsed = spreadSelectorOf(selector);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(spreadSelectorMatches(parsed.value, makePod('p', { labels: podLabels }))).toBe(want);
  });

  const invalid: [string, ObjectLabelSelector, string][] = [
    ['an unknown operator', { matchExpressions: [{ key: 'a', operator: 'Gt', values: ['1'] }] }, '"Gt" is not a valid label selector operator'],
    ['In without values', { matchExpressions: [{ key: 'a', operator: 'In', values: [] }] }, "for 'in', 'notin' operators, values set can't be empty"],
    ['Exists with values', { matchExpressions: [{ key: 'a', operator: 'Exists', values: ['x'] }] }, 'values set must be empty for exists and does not exist'],
    ['an invalid key', { matchLabels: { 'a b': 'x' } }, 'key: Invalid value: "a b"'],
    ['an invalid value', { matchLabels: { a: 'x y' } }, 'Invalid value: "x y"'],
  ];
  it.each(invalid)('rejects %s', (_name, selector, message) => {
    const parsed = spreadSelectorOf(selector);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toContain(message);
  });
});

describe('withMatchLabels (mergeLabelSetWithSelector)', () => {
  it("ANDs the pod's values with the selector", () => {
    const parsed = spreadSelectorOf({ matchExpressions: [{ key: 'foo', operator: 'Exists' }] });
    if (!parsed.ok) throw new Error(parsed.error);
    const merged = withMatchLabels(parsed.value, new Map([['hash', 'abc']]));
    expect(spreadSelectorMatches(merged, makePod('p', { labels: { foo: '', hash: 'abc' } }))).toBe(true);
    expect(spreadSelectorMatches(merged, makePod('p', { labels: { foo: '', hash: 'old' } }))).toBe(false);
    expect(describeSpreadSelector(merged)).toBe('hash=abc,foo');
  });

  it('an empty selector becomes the matchLabels alone; a missing one still selects nothing', () => {
    const merged = withMatchLabels(everythingSelector, new Map([['hash', 'abc']]));
    expect(isEmptySelector(merged)).toBe(false);
    expect(withMatchLabels(nothingSelector, new Map([['hash', 'abc']]))).toBe(nothingSelector);
  });
});

describe('controllerRefOf (GetControllerOfNoCopy and ParseGroupVersion)', () => {
  it('reads the controller reference, not other owners', () => {
    const pod = makePod('p');
    pod.metadata.ownerReferences = [
      { apiVersion: 'v1', kind: 'Node', name: 'n1' },
      { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-abc', uid: 'u1', controller: true },
    ];
    expect(controllerRefOf(pod)).toEqual({ group: 'apps', version: 'v1', kind: 'ReplicaSet', name: 'web-abc', uid: 'u1' });
  });

  it('the core group for "v1", nothing for an apiVersion that does not parse', () => {
    expect(controllerRefOf(makePod('p', { owner: { apiVersion: 'v1', kind: 'ReplicationController', name: 'rc' } }))?.group).toBe('');
    expect(controllerRefOf(makePod('p', { owner: { apiVersion: 'a/b/c', kind: 'ReplicaSet', name: 'rs' } }))).toBeUndefined();
    expect(controllerRefOf(makePod('p'))).toBeUndefined();
  });
});
