/**
 * A PreFilter's counts with a few of them lowered, read through without copying the others: what
 * the counts become when the pods of one node are taken off (the PreFilter extensions' RemovePod),
 * which touches only that node's few topology pairs of maps that may hold one per node.
 */

class LoweredCounts implements ReadonlyMap<string, number> {
  readonly size: number;

  constructor(
    private readonly base: ReadonlyMap<string, number>,
    /** The changed keys' new counts, every key one of base's. */
    private readonly changed: ReadonlyMap<string, number>,
    private readonly dropZero: boolean,
  ) {
    let dropped = 0;
    if (dropZero) for (const count of changed.values()) if (count === 0) dropped++;
    this.size = base.size - dropped;
  }

  get(key: string): number | undefined {
    const count = this.changed.get(key);
    if (count === undefined) return this.base.get(key);
    return count === 0 && this.dropZero ? undefined : count;
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  *entries(): MapIterator<[string, number]> {
    for (const key of this.base.keys()) {
      const count = this.get(key);
      if (count !== undefined) yield [key, count];
    }
  }

  *keys(): MapIterator<string> {
    for (const [key] of this.entries()) yield key;
  }

  *values(): MapIterator<number> {
    for (const [, count] of this.entries()) yield count;
  }

  forEach(callback: (value: number, key: string, map: ReadonlyMap<string, number>) => void): void {
    for (const [key, count] of this.entries()) callback(count, key, this);
  }

  [Symbol.iterator](): MapIterator<[string, number]> {
    return this.entries();
  }
}

/**
 * The counts with `lowered` (key to amount) taken off, never below 0. With `dropZero` a count brought
 * to 0 leaves the map (topologyToMatchedTermCount.update deletes it, so the map's size counts only
 * pairs still matched); without it, it stays at 0 (PodTopologySpread keeps every eligible domain).
 */
export function lowerCounts(base: ReadonlyMap<string, number>, lowered: ReadonlyMap<string, number>, dropZero: boolean): ReadonlyMap<string, number> {
  const changed = new Map<string, number>();
  for (const [key, amount] of lowered) {
    const count = base.get(key);
    if (count === undefined || amount === 0) continue;
    changed.set(key, Math.max(0, count - amount));
  }
  return changed.size === 0 ? base : new LoweredCounts(base, changed, dropZero);
}
