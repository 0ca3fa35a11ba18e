import { describe, expect, it } from 'vitest';
import { type Taint, taintChanges } from '@taintgate/domain';

const t = (key: string, effect: string, value?: string, timeAdded?: string): Taint => ({
  key,
  effect,
  ...(value ? { value } : {}),
  ...(timeAdded ? { timeAdded } : {}),
});

describe('taintChanges', () => {
  it.each<[string, Taint[], Taint[], { added: Taint[]; removed: Taint[] }]>([
    ['nothing before or after', [], [], { added: [], removed: [] }],
    ['a taint added', [t('a', 'NoSchedule')], [t('b', 'NoExecute'), t('a', 'NoSchedule')], { added: [t('b', 'NoExecute')], removed: [] }],
    ['a taint removed', [t('a', 'NoSchedule'), t('b', 'NoExecute')], [t('a', 'NoSchedule')], { added: [], removed: [t('b', 'NoExecute')] }],
    ['every taint gone (a node deleted)', [t('a', 'NoSchedule'), t('b', 'NoExecute')], [], { added: [], removed: [t('a', 'NoSchedule'), t('b', 'NoExecute')] }],
    ['re-ordered: no change', [t('a', 'NoSchedule'), t('b', 'NoExecute')], [t('b', 'NoExecute'), t('a', 'NoSchedule')], { added: [], removed: [] }],
    [
      're-stamped: no change',
      [t('a', 'NoSchedule', '', '2026-01-01T00:00:00Z')],
      [t('a', 'NoSchedule', '', '2026-02-01T00:00:00Z')],
      { added: [], removed: [] },
    ],
    ['no value and an empty value are one', [{ key: 'a', value: '', effect: 'NoSchedule' }], [t('a', 'NoSchedule')], { added: [], removed: [] }],
    [
      'a value changed: one gone, one come',
      [t('a', 'NoSchedule', 'x')],
      [t('a', 'NoSchedule', 'y')],
      { added: [t('a', 'NoSchedule', 'y')], removed: [t('a', 'NoSchedule', 'x')] },
    ],
    ['an effect changed: one gone, one come', [t('a', 'NoSchedule')], [t('a', 'NoExecute')], { added: [t('a', 'NoExecute')], removed: [t('a', 'NoSchedule')] }],
  ])('%s', (_what, before, after, expected) => {
    expect(taintChanges(before, after)).toEqual(expected);
  });
});
