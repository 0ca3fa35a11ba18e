import { describe, expect, it } from 'vitest';
import { taintWriteOf } from '../../../../apps/api/src/store/node-store';
import type { StoredTaint } from '../../../../apps/api/src/store/node-record';

/** NodeStore.saveTaintsMany writes only the rows a node's taints change: taintWriteOf says which. */
const t = (key: string, value = '', effect = 'NoSchedule', at = 1000): StoredTaint => ({ key, value, effect, timeAdded: new Date(at) });

describe('taintWriteOf', () => {
  const cases: { name: string; before: StoredTaint[]; after: StoredTaint[]; want: ReturnType<typeof taintWriteOf> }[] = [
    { name: 'nothing before or after', before: [], after: [], want: { kind: 'none' } },
    { name: 'the same taints', before: [t('a'), t('b')], after: [t('a'), t('b')], want: { kind: 'none' } },
    { name: 'a first taint', before: [], after: [t('x')], want: { kind: 'prepend', taints: [t('x')] } },
    {
      name: 'new taints in front (kubectl taint)',
      before: [t('a'), t('b')],
      after: [t('x'), t('y'), t('a'), t('b')],
      want: { kind: 'prepend', taints: [t('x'), t('y')] },
    },
    { name: 'one removed from the middle', before: [t('a'), t('b'), t('c')], after: [t('a'), t('c')], want: { kind: 'remove', taints: [t('b')] } },
    { name: 'every taint removed', before: [t('a'), t('b')], after: [], want: { kind: 'remove', taints: [t('a'), t('b')] } },
    { name: 'a value overwritten (kubectl --overwrite)', before: [t('a', 'v1')], after: [t('a', 'v2')], want: { kind: 'rewrite' } },
    { name: 'the same taint with another time', before: [t('a')], after: [t('a', '', 'NoSchedule', 2000)], want: { kind: 'rewrite' } },
    { name: 'added and removed at once', before: [t('a'), t('b')], after: [t('x'), t('a')], want: { kind: 'rewrite' } },
    { name: 'a new taint after those kept', before: [t('a')], after: [t('a'), t('x')], want: { kind: 'rewrite' } },
    { name: 'reordered', before: [t('a'), t('b')], after: [t('b'), t('a')], want: { kind: 'rewrite' } },
    {
      name: 'another effect is another taint',
      before: [t('a')],
      after: [t('a', '', 'NoExecute'), t('a')],
      want: { kind: 'prepend', taints: [t('a', '', 'NoExecute')] },
    },
  ];
  it.each(cases)('$name', ({ before, after, want }) => {
    expect(taintWriteOf(before, after)).toEqual(want);
  });
});
