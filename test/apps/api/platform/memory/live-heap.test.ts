import { describe, expect, it } from 'vitest';
import { liveHeapBytes } from '../../../../../apps/api/src/platform/memory/live-heap';

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
