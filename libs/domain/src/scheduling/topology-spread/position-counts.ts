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
  /** Each listed position's place in `listed`, made when first needed (a list searched at each bind would cost more). */
  private placeOf: Map<number, number> | undefined;

  private places(): Map<number, number> {
    return (this.placeOf ??= new Map(this.listed.map((position, k) => [position, k])));
  }

  /** The position's count (0 where none was ever counted), without a column: a reader asking node by node of two selectors in turn would redraw one at each question. */
  countAt(at: number): number {
    const place = this.places().get(at);
    return place === undefined ? 0 : (this.values[place] as number);
  }

  /** Moves the count of the position by `by`, listing it if it was never listed. */
  add(at: number, by: number): void {
    const placeOf = this.places();
    const place = placeOf.get(at);
    if (place === undefined) {
      placeOf.set(at, this.listed.length);
      this.listed.push(at);
      this.values.push(by);
    } else this.values[place] = (this.values[place] as number) + by;
  }
}

/**
 * One counter's dense column, showing the counts of the selector last asked for (`of`): a column read
 * is valid until the counter is asked for another selector's. Counts are made in a column of their
 * own (`count`), which the shown one never is: a turn that reads one selector's column may count
 * another's meanwhile (a spread constraint on the zone whose selector is not the hostname's).
 */
export class CountColumn {
  private column: Int32Array | undefined;
  private shown: PositionCounts | undefined;
  /** Where counts are made: all 0 between two counts. */
  private scratch: Int32Array | undefined;

  constructor(private readonly length: number) {}

  /** The counts as a column by position (absent positions 0). */
  of(counts: PositionCounts): Int32Array {
    const column = (this.column ??= new Int32Array(this.length));
    if (this.shown !== counts) {
      if (this.shown) for (const at of this.shown.listed) column[at] = 0;
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

  /** New counts, each position `fill` gives counted once more, positions listed in the order they first count. */
  count(fill: (count: (at: number) => void) => void): PositionCounts {
    const scratch = (this.scratch ??= new Int32Array(this.length));
    const counts = new PositionCounts();
    const { listed, values } = counts;
    fill((at) => {
      if (scratch[at] === 0) listed.push(at);
      scratch[at] = (scratch[at] as number) + 1;
    });
    for (const at of listed) {
      values.push(scratch[at] as number);
      scratch[at] = 0;
    }
    return counts;
  }
}
