import { describe, expect, it } from 'vitest';
import type { Taint, Toleration } from '@taintgate/domain';
import { defaultNormalizeScore, taintTolerationScores } from '../../../../libs/domain/src/scheduling/taint-toleration-score';

const prefer = (key: string, value = ''): Taint => ({ key, value, effect: 'PreferNoSchedule' });

// Kubernetes' TestTaintTolerationScore, case by case.
describe('TaintToleration Score + NormalizeScore', () => {
  const cases: [string, Toleration[], Taint[][], number[]][] = [
    [
      'node with taints tolerated by the pod gets a higher score than one with intolerable taints',
      [{ key: 'foo', operator: 'Equal', value: 'bar', effect: 'PreferNoSchedule' }],
      [[prefer('foo', 'bar')], [prefer('foo', 'blah')]],
      [100, 0],
    ],
    [
      'nodes whose taints are all tolerated get the same score, however many they have',
      [
        { key: 'cpu-type', operator: 'Equal', value: 'arm64', effect: 'PreferNoSchedule' },
        { key: 'disk-type', operator: 'Equal', value: 'ssd', effect: 'PreferNoSchedule' },
      ],
      [[], [prefer('cpu-type', 'arm64')], [prefer('cpu-type', 'arm64'), prefer('disk-type', 'ssd')]],
      [100, 100, 100],
    ],
    [
      'the more intolerable taints a node has, the lower its score',
      [{ key: 'foo', operator: 'Equal', value: 'bar', effect: 'PreferNoSchedule' }],
      [[], [prefer('cpu-type', 'arm64')], [prefer('cpu-type', 'arm64'), prefer('disk-type', 'ssd')]],
      [100, 50, 0],
    ],
    [
      'only PreferNoSchedule taints and tolerations count',
      [
        { key: 'cpu-type', operator: 'Equal', value: 'arm64', effect: 'NoSchedule' },
        { key: 'disk-type', operator: 'Equal', value: 'ssd', effect: 'NoSchedule' },
      ],
      [[], [{ key: 'cpu-type', value: 'arm64', effect: 'NoSchedule' }], [prefer('cpu-type', 'arm64'), prefer('disk-type', 'ssd')]],
      [100, 100, 0],
    ],
    ['no taints and no tolerations: the untainted node wins', [], [[], [prefer('cpu-type', 'arm64')]], [100, 0]],
    [
      'Gt toleration prefers the node with the higher SLA',
      [{ key: 'node.kubernetes.io/sla', operator: 'Gt', value: '950', effect: 'PreferNoSchedule' }],
      [[prefer('node.kubernetes.io/sla', '800')], [prefer('node.kubernetes.io/sla', '999')]],
      [0, 100],
    ],
    [
      'Lt toleration prefers the node with the lower value',
      [{ key: 'node.kubernetes.io/sla', operator: 'Lt', value: '800', effect: 'PreferNoSchedule' }],
      [[prefer('node.kubernetes.io/sla', '950')], [prefer('node.kubernetes.io/sla', '700')]],
      [0, 100],
    ],
    [
      'a taint value that is not a number counts as intolerable',
      [{ key: 'sla', operator: 'Gt', value: '950', effect: 'PreferNoSchedule' }],
      [[], [prefer('sla', 'high')]],
      [100, 0],
    ],
    ['an empty-effect toleration counts for PreferNoSchedule', [{ key: 'foo', operator: 'Exists' }], [[prefer('foo')], [prefer('bar')]], [100, 0]],
  ];
  it.each(cases)('%s', (_name, tolerations, nodes, expected) => {
    expect(taintTolerationScores(nodes, tolerations)).toEqual(expected);
  });
});

describe('defaultNormalizeScore (Go integer division)', () => {
  it.each([
    [[0, 1, 2], true, [100, 50, 0]],
    [[0, 1, 3], true, [100, 67, 0]], // 100*1/3 = 33 (truncated), 100-33 = 67
    [[0, 0], true, [100, 100]],
    [[0, 0], false, [0, 0]],
    [[1, 3], false, [33, 100]],
    [[], true, []],
  ])('%j reverse=%s -> %j', (raw, reverse, expected) => {
    expect(defaultNormalizeScore(raw, reverse)).toEqual(expected);
  });
});
