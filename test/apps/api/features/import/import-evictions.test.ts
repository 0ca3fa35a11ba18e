import { describe, expect, it } from 'vitest';
import { ImportEvictions, MAX_EVICTIONS_LISTED } from '../../../../../apps/api/src/features/import/import-evictions';

describe('ImportEvictions: what an import decided, write after write', () => {
  it('counts every eviction executed and scheduled and every node queued, and keeps the first ids in the order decided', () => {
    const evictions = new ImportEvictions();
    evictions.add({ executed: [5n, 6n], scheduled: [7n], predicted: [] });
    evictions.add({ executed: [], scheduled: [], predicted: [], queued: 3 });
    evictions.add({ executed: [8n], scheduled: [], predicted: [] });
    expect(evictions).toMatchObject({ executed: 3, scheduled: 1, predicted: 0, queuedNodes: 3, listed: [5n, 6n, 7n, 8n] });
  });

  it(`lists at most ${MAX_EVICTIONS_LISTED}, and counts the rest`, () => {
    const evictions = new ImportEvictions();
    const ids = (from: number, count: number) => Array.from({ length: count }, (_, i) => BigInt(from + i));
    evictions.add({ executed: ids(0, 60), scheduled: ids(1000, 60), predicted: [] });
    evictions.add({ executed: ids(2000, 10), scheduled: [], predicted: [] });
    expect(evictions.executed).toBe(70);
    expect(evictions.scheduled).toBe(60);
    expect(evictions.listed).toEqual([...ids(0, 60), ...ids(1000, 40)]);
  });

  it("counts a mirror's predictions, listed after what was executed and scheduled in the same write", () => {
    const evictions = new ImportEvictions();
    evictions.add({ executed: [], scheduled: [], predicted: [3n, 4n] });
    evictions.add({ executed: [], scheduled: [], predicted: [9n] });
    expect(evictions).toMatchObject({ executed: 0, scheduled: 0, predicted: 3, listed: [3n, 4n, 9n] });
  });
});
