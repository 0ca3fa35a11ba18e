import { describe, expect, it } from 'vitest';
import { lowerCounts } from '../../../../../libs/domain/src/scheduling/framework/lowered-counts';

describe("lowerCounts: a PreFilter's counts with some lowered, the others read through", () => {
  const base = new Map([
    ['zone=a', 3],
    ['zone=b', 1],
    ['zone=c', 2],
  ]);

  it('nothing lowered: the same map', () => {
    expect(lowerCounts(base, new Map(), true)).toBe(base);
    expect(lowerCounts(base, new Map([['zone=z', 4]]), true)).toBe(base);
  });

  it('a count brought to 0 leaves the map when asked (topologyToMatchedTermCount.update deletes it)', () => {
    const lowered = lowerCounts(base, new Map([['zone=b', 1]]), true);
    expect(lowered.size).toBe(2);
    expect(lowered.get('zone=b')).toBeUndefined();
    expect(lowered.has('zone=b')).toBe(false);
    expect([...lowered]).toEqual([
      ['zone=a', 3],
      ['zone=c', 2],
    ]);
  });

  it('or stays at 0 (PodTopologySpread keeps every eligible domain)', () => {
    const lowered = lowerCounts(
      base,
      new Map([
        ['zone=b', 1],
        ['zone=a', 1],
      ]),
      false,
    );
    expect(lowered.size).toBe(3);
    expect(new Map(lowered)).toEqual(
      new Map([
        ['zone=a', 2],
        ['zone=b', 0],
        ['zone=c', 2],
      ]),
    );
    expect([...lowered.keys()]).toEqual(['zone=a', 'zone=b', 'zone=c']);
    expect([...lowered.values()]).toEqual([2, 0, 2]);
    const seen: string[] = [];
    lowered.forEach((count, key) => seen.push(`${key}:${count}`));
    expect(seen).toEqual(['zone=a:2', 'zone=b:0', 'zone=c:2']);
    expect(base.get('zone=a')).toBe(3);
  });
});
