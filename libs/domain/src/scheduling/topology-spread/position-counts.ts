/**
 * A selector's count of matching pods on every node of a snapshot, by the node's position, kept
 * sparse: only the positions whose count is or was not 0 (a workload's few hundred nodes of 10,000),
 * and one dense column per counter (CountColumn) that shows one selector's counts at a time, for
 * readers that look positions up at random. A simulation counts a thousand selectors; a dense column
 * each (40 KB of memory outside the heap at 10,000 nodes) made V8 start a full collection of a
 * 300,000-pod heap at every drain plan, for the memory outside the heap alone.
 */
export class PositionCounts {
  /** The positions whose count is or was not 0, each once, in the order they came (MatchingPodCounter.positionsCounted). */
  readonly listed: number[] = [];
  /** Each listed position's count, in the same order. */
  readonly values: number[] = [];
  /** Each listed position's place in `listed`, made at the first count moved (a list searched at each bind would cost more). */
  private placeOf: Map<number, number> | undefined;

  /** Moves the count of the position by `by`, listing it if it was never listed. */
  add(at: number, by: number): void {
    if (!this.placeOf) this.placeOf = new Map(this.listed.map((position, k) => [position, k]));
    const place = this.placeOf.get(at);
    if (place === undefined) {
      this.placeOf.set(at, this.listed.length);
      this.listed.push(at);
      this.values.push(by);
    } else this.values[place] = (this.values[place] as number) + by;
  }
}

/**
 * One counter's dense column, showing the counts of the selector last asked for (`of`): a column read
 * is valid until the counter is asked for another selector's. Counts are made in it too (`count`),
 * positions listed as they first count.
 */
export class CountColumn {
  private column: Int32Array | undefined;
  private shown: PositionCounts | undefined;

  constructor(private readonly length: number) {}

  /** The counts as a column by position (absent positions 0). */
  of(counts: PositionCounts): Int32Array {
    const column = (this.column ??= new Int32Array(this.length));
    if (this.shown !== counts) {
      this.hide(column);
      const { listed, values } = counts;
      for (let k = 0; k < listed.length; k++) column[listed[k] as number] = values[k] as number;
      this.shown = counts;
    }
    return column;
  }

  /** A count moved: in the column too when it shows these counts. */
  moved(counts: PositionCounts, at: number, by: number): void {
    counts.add(at, by);
    if (this.shown === counts && this.column) this.column[at] = (this.column[at] as number) + by;
  }

  /** New counts, each position `fill` gives counted once more: made in the column, which then shows them. */
  count(fill: (count: (at: number) => void) => void): PositionCounts {
    const column = (this.column ??= new Int32Array(this.length));
    this.hide(column);
    const counts = new PositionCounts();
    const { listed } = counts;
    fill((at) => {
      if (column[at] === 0) listed.push(at);
      column[at] = (column[at] as number) + 1;
    });
    for (const at of listed) counts.values.push(column[at] as number);
    this.shown = counts;
    return counts;
  }

  /** The shown counts' positions back to 0 (every listed position: the only ones not 0). */
  private hide(column: Int32Array): void {
    if (this.shown) for (const at of this.shown.listed) column[at] = 0;
    this.shown = undefined;
  }
}
