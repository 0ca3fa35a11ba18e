import { describe, expect, it } from 'vitest';
import { CountColumn, PositionCounts } from '../../../../../libs/domain/src/scheduling/topology-spread/position-counts';

/** Counts made in a column of `length` from the positions given, each counted once per mention. */
const countsOf = (column: CountColumn, positions: readonly number[]) => column.count((count) => positions.forEach(count));

describe('PositionCounts: a selector’s counts kept sparse', () => {
  it('lists a position the first time it moves, and never forgets it (a node whose pods all left stays, at 0)', () => {
    const counts = new PositionCounts();
    counts.add(7, 1);
    counts.add(3, 2);
    counts.add(7, -1);
    expect(counts.listed).toEqual([7, 3]);
    expect(counts.values).toEqual([0, 2]);
    expect([7, 3, 5].map((at) => counts.countAt(at))).toEqual([0, 2, 0]);
  });
});

describe('CountColumn: one dense column per counter, showing one selector’s counts at a time', () => {
  type Seen = { column: number[]; listed: number[]; values: number[] };
  const cases: { name: string; run: (column: CountColumn) => Seen; expected: Seen }[] = [
    {
      name: 'counts made in it list each position once, in the order first counted, and the column shows them',
      run: (column) => {
        const a = countsOf(column, [4, 1, 4, 4]);
        return { column: Array.from(column.of(a)), listed: a.listed, values: a.values };
      },
      expected: { column: [0, 1, 0, 0, 3], listed: [4, 1], values: [3, 1] },
    },
    {
      name: 'another selector’s counts shown clear the first one’s positions',
      run: (column) => {
        const a = countsOf(column, [4, 1]);
        const b = countsOf(column, [2]);
        column.of(a);
        return { column: Array.from(column.of(b)), listed: b.listed, values: b.values };
      },
      expected: { column: [0, 0, 1, 0, 0], listed: [2], values: [1] },
    },
    {
      name: 'a count moved while shown moves in the column too; one moved while hidden shows when asked again',
      run: (column) => {
        const a = countsOf(column, [1]);
        const b = countsOf(column, [2]);
        column.moved(a, 3, 1);
        column.moved(b, 2, 1);
        column.of(b);
        column.moved(b, 0, 1);
        return { column: Array.from(column.of(a)), listed: a.listed, values: a.values };
      },
      expected: { column: [0, 1, 0, 1, 0], listed: [1, 3], values: [1, 1] },
    },
    {
      name: 'counting another selector leaves the column shown as it was (a turn reads one selector’s column while it counts another’s)',
      run: (column) => {
        const a = countsOf(column, [1, 1]);
        const shown = column.of(a);
        const b = countsOf(column, [1, 3]);
        return { column: Array.from(shown), listed: b.listed, values: b.values };
      },
      expected: { column: [0, 2, 0, 0, 0], listed: [1, 3], values: [1, 1] },
    },
    {
      name: 'a position moved back to 0 stays listed and is cleared when another selector is shown',
      run: (column) => {
        const a = countsOf(column, [1]);
        column.moved(a, 1, -1);
        column.moved(a, 4, 2);
        const b = countsOf(column, []);
        return { column: Array.from(column.of(b)), listed: a.listed, values: a.values };
      },
      expected: { column: [0, 0, 0, 0, 0], listed: [1, 4], values: [0, 2] },
    },
  ];
  for (const { name, run, expected } of cases) {
    it(name, () => {
      expect(run(new CountColumn(5))).toEqual(expected);
    });
  }
});
