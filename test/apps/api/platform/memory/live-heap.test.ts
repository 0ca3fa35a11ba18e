import { getHeapStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { compactedHeapBytes, liveHeapBytes } from '../../../../../apps/api/src/platform/memory/live-heap';

describe('liveHeapBytes: what the heap holds alive, after a full collection', () => {
  it('counts what is held and not what was let go', () => {
    const before = liveHeapBytes();
    let held: { index: number; name: string }[] | undefined = Array.from({ length: 500_000 }, (_, index) => ({ index, name: `pod-${index}` }));
    const holding = liveHeapBytes() - before;
    // Half a million small objects and their strings: tens of megabytes, alive.
    expect(holding).toBeGreaterThan(20 * 2 ** 20);
    expect(held.length).toBe(500_000);
    held = undefined;
    // Let go: collected, whatever else the process made meanwhile.
    expect(liveHeapBytes() - before).toBeLessThan(holding / 4);
    expect(held).toBeUndefined();
  });
});

describe('compactedHeapBytes: the same, and the pages of what was let go given back', () => {
  it('gives back the pages a normal collection keeps when what was let go lay among what is kept', () => {
    liveHeapBytes();
    const base = getHeapStatistics().total_heap_size;
    // A million objects in the old generation, then every other one let go: pages half full, as a
    // large load leaves them (live-heap.ts).
    const made = Array.from({ length: 1_000_000 }, (_, index) => ({ index, name: `pod-${index}` }));
    liveHeapBytes();
    const kept = made.filter((_, index) => index % 2 === 0);
    made.length = 0;
    const live = liveHeapBytes();
    const holes = getHeapStatistics().total_heap_size;
    expect(holes - base).toBeGreaterThan(60 * 2 ** 20);

    // The same objects alive, in fewer pages.
    expect(Math.abs(compactedHeapBytes() - live)).toBeLessThan(8 * 2 ** 20);
    const compacted = getHeapStatistics().total_heap_size;
    expect(holes - compacted).toBeGreaterThan((holes - base) / 4);
    expect(kept.length).toBe(500_000);

    // Compaction is for that one collection only: the next normal one moves nothing back.
    liveHeapBytes();
    expect(getHeapStatistics().total_heap_size).toBeLessThan(holes);
  });
});
