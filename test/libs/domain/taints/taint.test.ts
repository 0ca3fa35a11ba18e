import { describe, expect, it } from 'vitest';
import { sameTaint, taintToString } from '@taintgate/domain';
import { taintForReason } from '../../../../libs/domain/src/taints/taint';

describe('taintToString (Taint.ToString)', () => {
  it.each([
    [{ key: 'k', value: 'v', effect: 'NoSchedule' }, 'k=v:NoSchedule'],
    [{ key: 'k', effect: 'NoExecute' }, 'k:NoExecute'],
    [{ key: 'k', value: 'v', effect: '' }, 'k=v:'],
    [{ key: 'k', effect: '' }, 'k'],
  ])('%j -> %s', (taint, text) => {
    expect(taintToString(taint)).toBe(text);
  });
});

describe('sameTaint (MatchTaint): key and effect, not value', () => {
  it.each([
    [{ key: 'k', effect: 'NoSchedule' }, { key: 'k', effect: 'NoSchedule' }, true],
    [{ key: 'k', effect: 'NoSchedule' }, { key: 'k', effect: 'NoExecute' }, false],
    [{ key: 'k', effect: 'NoSchedule' }, { key: 'j', effect: 'NoSchedule' }, false],
  ])('%j ~ %j is %s', (a, b, expected) => {
    expect(sameTaint(a, b)).toBe(expected);
  });
});

describe('taintForReason', () => {
  it('renders kube-scheduler style', () => {
    expect(taintForReason({ key: 'dedicated', value: 'gpu' })).toBe('{dedicated: gpu}');
    expect(taintForReason({ key: 'node.kubernetes.io/unreachable' })).toBe('{node.kubernetes.io/unreachable: }');
  });
});
