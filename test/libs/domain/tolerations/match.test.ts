import { describe, expect, it } from 'vitest';
import { type Taint, type Toleration, toleratesTaint } from '@taintgate/domain';
import { matchingTolerations, tolerationsTolerateTaint } from '../../../../libs/domain/src/tolerations/match';

const off = { comparisonOperators: false };

describe('toleratesTaint (core/v1 Toleration.ToleratesTaint)', () => {
  const cases: [string, Toleration, Taint, boolean][] = [
    // seed 000: both tolerations match key1=value1:NoSchedule
    [
      'Equal with the same key, value and effect',
      { key: 'key1', operator: 'Equal', value: 'value1', effect: 'NoSchedule' },
      { key: 'key1', value: 'value1', effect: 'NoSchedule' },
      true,
    ],
    ['Exists ignores the value', { key: 'key1', operator: 'Exists', effect: 'NoSchedule' }, { key: 'key1', value: 'value1', effect: 'NoSchedule' }, true],
    ['operator defaults to Equal', { key: 'key1', value: 'value1', effect: 'NoSchedule' }, { key: 'key1', value: 'value1', effect: 'NoSchedule' }, true],
    [
      'Equal with another value',
      { key: 'dedicated', operator: 'Equal', value: 'user2', effect: 'NoSchedule' },
      { key: 'dedicated', value: 'user1', effect: 'NoSchedule' },
      false,
    ],
    ['Equal with no value matches a taint with no value', { key: 'k', operator: 'Equal', effect: 'NoSchedule' }, { key: 'k', effect: 'NoSchedule' }, true],
    ['Equal with no value does not match a valued taint', { key: 'k', effect: 'NoSchedule' }, { key: 'k', value: 'v', effect: 'NoSchedule' }, false],
    ['another effect', { key: 'foo', operator: 'Equal', value: 'bar', effect: 'PreferNoSchedule' }, { key: 'foo', value: 'bar', effect: 'NoSchedule' }, false],
    ['NoSchedule does not tolerate NoExecute (seed 003)', { key: 'k', operator: 'Exists', effect: 'NoSchedule' }, { key: 'k', effect: 'NoExecute' }, false],
    ['empty effect matches every effect of the key', { key: 'foo', operator: 'Equal', value: 'bar' }, { key: 'foo', value: 'bar', effect: 'NoExecute' }, true],
    ['empty key with Exists tolerates everything', { operator: 'Exists' }, { key: 'anything', value: 'x', effect: 'NoExecute' }, true],
    ['empty key with Exists and an effect only that effect', { operator: 'Exists', effect: 'NoSchedule' }, { key: 'a', effect: 'NoExecute' }, false],
    ['another key', { key: 'other', operator: 'Exists' }, { key: 'k', effect: 'NoSchedule' }, false],
    ['unknown operator tolerates nothing', { key: 'k', operator: 'Matches', value: 'v' }, { key: 'k', value: 'v', effect: 'NoSchedule' }, false],
    ['keys are case-sensitive', { key: 'Key', operator: 'Exists' }, { key: 'key', effect: 'NoSchedule' }, false],
  ];
  it.each(cases)('%s', (_name, toleration, taint, expected) => {
    expect(toleratesTaint(toleration, taint)).toBe(expected);
  });
});

describe('Gt and Lt (KEP-5471): the taint value is compared against the toleration value', () => {
  const sla = (value: string): Taint => ({ key: 'node.kubernetes.io/sla', value, effect: 'NoSchedule' });
  const tol = (operator: 'Gt' | 'Lt', value: string): Toleration => ({ key: 'node.kubernetes.io/sla', operator, value, effect: 'NoSchedule' });
  const cases: [string, Toleration, Taint, boolean][] = [
    ['Gt: 999 > 950', tol('Gt', '950'), sla('999'), true],
    ['Gt: 800 is not > 950', tol('Gt', '950'), sla('800'), false],
    ['Gt: equal is not greater', tol('Gt', '950'), sla('950'), false],
    ['Lt: 700 < 800', tol('Lt', '800'), sla('700'), true],
    ['Lt: 950 is not < 800', tol('Lt', '800'), sla('950'), false],
    ['negative numbers', tol('Gt', '-5'), sla('-1'), true],
    ['a taint value that is no integer never matches', tol('Gt', '950'), sla('high'), false],
    ['a taint value with a leading zero is not canonical', tol('Gt', '1'), sla('010'), false],
    ['a taint value with a plus sign is not canonical', tol('Gt', '1'), sla('+5'), false],
    ['values beyond int64 never match', tol('Lt', '1'), sla('-9223372036854775809'), false],
    ['int64 extremes compare exactly', tol('Gt', '9223372036854775806'), sla('9223372036854775807'), true],
    ['the effect must still agree', { ...tol('Gt', '1'), effect: 'NoExecute' }, sla('5'), false],
  ];
  it.each(cases)('%s', (_name, toleration, taint, expected) => {
    expect(toleratesTaint(toleration, taint)).toBe(expected);
  });

  it('tolerates nothing when the setting is off', () => {
    expect(toleratesTaint(tol('Gt', '950'), sla('999'), off)).toBe(false);
    expect(toleratesTaint(tol('Lt', '800'), sla('700'), off)).toBe(false);
  });
});

describe('matchingTolerations (GetMatchingTolerations): the first toleration per taint', () => {
  it('picks the first matching toleration of each taint, in taint order', () => {
    const tolerations: Toleration[] = [
      { key: 'a', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 60 },
      { key: 'a', operator: 'Exists', effect: 'NoExecute' },
      { operator: 'Exists' },
    ];
    const result = matchingTolerations(
      [
        { key: 'a', effect: 'NoExecute' },
        { key: 'b', effect: 'NoExecute' },
      ],
      tolerations,
    );
    expect(result).toEqual({ allTolerated: true, used: [tolerations[0], tolerations[2]] });
  });
  it('reports not all tolerated, with nothing used, when one taint has no toleration', () => {
    expect(
      matchingTolerations(
        [
          { key: 'a', effect: 'NoExecute' },
          { key: 'b', effect: 'NoExecute' },
        ],
        [{ key: 'a', operator: 'Exists' }],
      ),
    ).toEqual({
      allTolerated: false,
      used: [],
    });
  });
  it('no taints: all tolerated', () => {
    expect(matchingTolerations([], undefined)).toEqual({ allTolerated: true, used: [] });
  });
});

describe('tolerationsTolerateTaint', () => {
  it('is false for a pod without tolerations', () => {
    expect(tolerationsTolerateTaint(undefined, { key: 'k', effect: 'NoSchedule' })).toBe(false);
  });
});
