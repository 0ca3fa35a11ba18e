import { describe, expect, it } from 'vitest';
import { ImportEvictions, MAX_EVICTIONS_LISTED } from '../../../../../apps/api/src/features/import/import-evictions';

describe('ImportEvictions: what an import decided, write after write', () => {
  it('counts every eviction executed and scheduled and every node queued, and keeps the first ids in the order decided', () => {
    const evictions = new ImportEvictions();
    evictions.add({ executed: [5n, 6n], scheduled: [7n] });
    evictions.add({ executed: [], scheduled: [], queued: 3 });
    evictions.add({ executed: [8n], scheduled: [] });
    expect(evictions).toMatchObject({ executed: 3, scheduled: 1, queuedNodes: 3, listed: [5n, 6n, 7n, 8n] });
  });

  it(`lists at most ${MAX_EVICTIONS_LISTED}, and counts the rest`, () => {
    const evictions = new ImportEvictions();
    const ids = (from: number, count: number) => Array.from({ length: count }, (_, i) => BigInt(from + i));
    evictions.add({ executed: ids(0, 60), scheduled: ids(1000, 60) });
    evictions.add({ executed: ids(2000, 10), scheduled: [] });
    expect(evictions.executed).toBe(70);
    expect(evictions.scheduled).toBe(60);
    expect(evictions.listed).toEqual([...ids(0, 60), ...ids(1000, 40)]);
  });
});
