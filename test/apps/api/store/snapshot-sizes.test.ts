import { describe, expect, it } from 'vitest';
import { MEASURED_FROM_OBJECTS, SnapshotSizes, estimatedBytes, snapshotsToDrop } from '../../../../apps/api/src/store/snapshot-sizes';

const big = { id: 1, name: 'big' };
const other = { id: 2, name: 'other' };
const objects = (nodes: number, pods: number, others = 0) => ({ nodes, pods, others });

describe('SnapshotSizes: a snapshot counts what its load was measured to hold', () => {
  it('estimates a cluster never measured', () => {
    const sizes = new SnapshotSizes();
    expect(sizes.bytesOf(big, objects(10, 300))).toBe(estimatedBytes(objects(10, 300)));
    expect(sizes.isMeasured(big)).toBe(false);
  });

  it('follows the measured bytes per object as objects come and go', () => {
    const sizes = new SnapshotSizes();
    sizes.record(big, 8_000_000, objects(1_000, 9_000));
    expect(sizes.isMeasured(big)).toBe(true);
    expect(sizes.bytesOf(big, objects(1_000, 9_000))).toBe(8_000_000);
    expect(sizes.bytesOf(big, objects(1_000, 19_000))).toBe(16_000_000);
  });

  it('keeps the measurement after the snapshot is dropped: the cluster is expected at its own size when loaded again', () => {
    const sizes = new SnapshotSizes();
    sizes.record(big, 8_000_000, objects(1_000, 9_000));
    // Nothing held of it now; the counts a load will read.
    expect(sizes.bytesOf(big, objects(1_000, 9_000, 0))).toBe(8_000_000);
  });

  it('expects a large cluster never measured at the mean of those measured; a small one at the estimate', () => {
    const sizes = new SnapshotSizes();
    sizes.record(big, 10_000_000, objects(0, 10_000));
    sizes.record(other, 30_000_000, objects(0, 10_000));
    const third = { id: 3, name: 'third' };
    expect(sizes.bytesOf(third, objects(0, MEASURED_FROM_OBJECTS))).toBe(2_000 * MEASURED_FROM_OBJECTS);
    expect(sizes.bytesOf(third, objects(0, 10))).toBe(estimatedBytes(objects(0, 10)));
  });

  it('forgets a cluster deleted, and does not take a measurement for another cluster of the same name', () => {
    const sizes = new SnapshotSizes();
    sizes.record(big, 8_000_000, objects(1_000, 9_000));
    expect(sizes.isMeasured({ id: 9, name: 'big' })).toBe(false);
    expect(sizes.bytesOf({ id: 9, name: 'big' }, objects(1, 1))).toBe(estimatedBytes(objects(1, 1)));
    sizes.forget('big');
    expect(sizes.isMeasured(big)).toBe(false);
  });

  it('never counts less than nothing (a load measured while other work freed memory), nor divides by an empty snapshot', () => {
    const sizes = new SnapshotSizes();
    sizes.record(big, -5_000, objects(10, 10));
    expect(sizes.bytesOf(big, objects(10, 10))).toBe(0);
    sizes.record(other, 1_000, objects(0, 0));
    expect(sizes.isMeasured(other)).toBe(false);
  });
});

describe('snapshotsToDrop: the least recently used first, until what stays and the room asked for fit', () => {
  const held = (name: string, bytes: number, lastUsed: number, kept = false) => ({ snapshot: name, bytes, lastUsed, kept });
  it.each([
    { name: 'within the budget: none', held: [held('a', 10, 1), held('b', 10, 2)], budget: 20, room: 0, dropped: [] },
    { name: 'over: the oldest first', held: [held('a', 10, 2), held('b', 10, 1), held('c', 10, 3)], budget: 20, room: 0, dropped: ['b'] },
    { name: 'room for a load: dropped before it', held: [held('a', 10, 2), held('b', 10, 1)], budget: 20, room: 15, dropped: ['b', 'a'] },
    {
      name: 'the one in use and a followed one stay',
      held: [held('a', 10, 1, true), held('b', 10, 2), held('c', 10, 3, true)],
      budget: 0,
      room: 0,
      dropped: ['b'],
    },
    { name: 'all of the others may not be enough', held: [held('a', 50, 1, true), held('b', 10, 2)], budget: 20, room: 0, dropped: ['b'] },
    { name: 'a budget of 0 keeps only the kept', held: [held('a', 1, 1), held('b', 1, 2, true)], budget: 0, room: 0, dropped: ['a'] },
  ])('$name', ({ held: snapshots, budget, room, dropped }) => {
    expect(snapshotsToDrop(snapshots, budget, room)).toEqual(dropped);
  });
});
