import { describe, expect, it } from 'vitest';
import { StreamReads } from '../../../../../apps/api/src/platform/database/stream-reads';

describe('StreamReads: at most 3 of the streams reads at a time, the others in order', () => {
  it('runs 3 at once, then each waiting read as one ends; a failed read passes its turn on too', async () => {
    const reads = new StreamReads();
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const read = (n: number) =>
      reads.run(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        order.push(n);
        if (n === 1) throw new Error('read failed');
        return n;
      });
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, n) => read(n)));
    expect(most).toBe(3);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
    expect(order.slice(3).sort((a, b) => a - b)).toEqual([3, 4, 5, 6, 7, 8, 9]);
    // All done: the next read runs at once.
    expect(await reads.run(() => Promise.resolve('again'))).toBe('again');
  });
});
