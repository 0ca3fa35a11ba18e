import { describe, expect, it } from 'vitest';
import { type WaitingWrite, groupSize } from '../../../../apps/api/src/store/write-groups';

const small: WaitingWrite = { alone: false, leads: false };
const large: WaitingWrite = { alone: true, leads: false };
const leading: WaitingWrite = { alone: false, leads: true };

describe('groupSize', () => {
  const cases: { name: string; waiting: WaitingWrite[]; max?: number; want: number }[] = [
    { name: 'nothing waiting', waiting: [], want: 0 },
    { name: 'one write', waiting: [small], want: 1 },
    { name: 'every small write waiting', waiting: [small, small, small], want: 3 },
    { name: 'at most max', waiting: [small, small, small, small], max: 3, want: 3 },
    { name: 'a large write first runs alone', waiting: [large, small, small], want: 1 },
    { name: 'small writes stop before a large one', waiting: [small, small, large, small], want: 2 },
    { name: 'a write that reads the snapshot may lead', waiting: [leading, small, small], want: 3 },
    { name: 'but not follow', waiting: [small, leading, small], want: 1 },
    { name: 'a large write that reads the snapshot runs alone', waiting: [{ alone: true, leads: true }, small], want: 1 },
  ];
  it.each(cases)('$name', ({ waiting, max, want }) => {
    expect(groupSize(waiting, max)).toBe(want);
  });
});
