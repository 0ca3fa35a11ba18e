import { describe, expect, it } from 'vitest';
import { TurnGroupColumns } from '../../../../../libs/domain/src/scheduling/simulation/kind-turn-groups';

/**
 * A kind that shares a ranking reads its groups with its own matching pods split off: each node
 * holding some leaves its group for one of (group, count), so that the spread score can tell it from
 * its neighbours; a group left with no node of its own is no group of the turn.
 */

// Six nodes in two groups of the shared ranking: 0, 1, 2 in group 0; 3, 4 in group 1; 5 fits nowhere.
const groupAt = Int32Array.from([0, 0, 0, 1, 1, -1]);
const groups = [
  { count: 3, host: 0 },
  { count: 2, host: 0 },
];

const rows = (t: ReturnType<TurnGroupColumns['of']>) =>
  Array.from({ length: t.count }, (_, k) => ({ group: t.group[k], host: t.host[k], members: t.members[k], first: t.first[k] }));

describe('TurnGroupColumns: a turn of a kind sharing a ranking', () => {
  const cases = [
    {
      name: 'no counts of its own: the live groups as they are',
      hostAt: undefined,
      positions: [],
      want: [
        { group: 0, host: 0, members: 3, first: -1 },
        { group: 1, host: 0, members: 2, first: -1 },
      ],
    },
    {
      name: 'one matching pod on node 1: group 0 keeps two nodes, node 1 is a group of its own',
      hostAt: [0, 1, 0, 0, 0, 0],
      positions: [1],
      want: [
        { group: 0, host: 0, members: 2, first: -1 },
        { group: 1, host: 0, members: 2, first: -1 },
        { group: 0, host: 1, members: 1, first: 1 },
      ],
    },
    {
      name: 'nodes 2 and 0 with one pod each (listed in that order): one split group, its first node 0',
      hostAt: [1, 0, 1, 0, 0, 0],
      positions: [2, 0],
      want: [
        { group: 0, host: 0, members: 1, first: -1 },
        { group: 1, host: 0, members: 2, first: -1 },
        { group: 0, host: 1, members: 2, first: 0 },
      ],
    },
    {
      name: 'both nodes of group 1 hold pods (2 and 9, past the counts kept in columns): group 1 is no group of the turn',
      hostAt: [0, 0, 0, 2, 9, 0],
      positions: [3, 4],
      want: [
        { group: 0, host: 0, members: 3, first: -1 },
        { group: 1, host: 2, members: 1, first: 3 },
        { group: 1, host: 9, members: 1, first: 4 },
      ],
    },
    {
      name: 'a node listed whose pods all left (0), and one that fits nowhere (5): neither is split',
      hostAt: [0, 0, 0, 0, 0, 3],
      positions: [0, 5],
      want: [
        { group: 0, host: 0, members: 3, first: -1 },
        { group: 1, host: 0, members: 2, first: -1 },
      ],
    },
  ];

  it.each(cases)('$name', ({ hostAt, positions, want }) => {
    const columns = new TurnGroupColumns();
    const own = hostAt ? { hostAt: Int32Array.from(hostAt), positions } : undefined;
    expect(rows(columns.of([0, 1], groups, groupAt, own))).toEqual(want);
  });

  it('a turn after another reads none of its marks', () => {
    const columns = new TurnGroupColumns();
    columns.of([0, 1], groups, groupAt, { hostAt: Int32Array.from([1, 1, 1, 0, 0, 0]), positions: [0, 1, 2] });
    expect(rows(columns.of([0, 1], groups, groupAt, { hostAt: Int32Array.from([0, 0, 0, 0, 1, 0]), positions: [4] }))).toEqual([
      { group: 0, host: 0, members: 3, first: -1 },
      { group: 1, host: 0, members: 1, first: -1 },
      { group: 1, host: 1, members: 1, first: 4 },
    ]);
  });
});
