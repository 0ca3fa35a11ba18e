/**
 * A turn's groups of nodes for a kind that shares its ranking (kind-ranking.ts): the ranking's
 * groups are alike in every part of the total but the kind's count of matching pods, which the
 * shared ranking does not hold; the kind's own counts split the nodes that hold its pods off their
 * groups, into groups by (ranking's group, count). A turn splits a few hundred nodes (a workload's),
 * where a ranking of the kind's own would move every node bound to since its last turn.
 */

/** A kind's matching pods by position now, and the positions that may hold some (each once). */
export interface OwnCounts {
  readonly hostAt: Int32Array;
  readonly positions: readonly number[];
}

/** A turn's groups by their place k: the ranking's group, the count of matching pods, how many nodes, the first node (-1: the group's own first member). */
export interface TurnGroups {
  count: number;
  readonly group: number[];
  readonly host: number[];
  readonly members: number[];
  readonly first: number[];
}

/** What the turn reads of a ranking's group: its nodes and their count of matching pods. */
interface RankingGroup {
  readonly count: number;
  readonly host: number;
}

/** Split groups are found by group and count of matching pods in a column while the count is under this (a map past it). */
const SPLIT_HOSTS = 4;

/** The turn's groups in columns kept from turn to turn, and the marks by group of the splits (a turn's stamp, not a map). */
export class TurnGroupColumns {
  private readonly turn: TurnGroups = { count: 0, group: [], host: [], members: [], first: [] };
  private readonly split: TurnGroups = { count: 0, group: [], host: [], members: [], first: [] };
  private last = 0;
  /** By ranking group: the stamp of the turn that marked it, how many nodes it loses, its split groups' places by count. */
  private stamp = new Int32Array(64);
  private off = new Int32Array(64);
  private at = new Int32Array(64 * SPLIT_HOSTS);

  /**
   * The live groups (less the nodes `own` splits off: first -1, their first node read from their
   * members), then the split nodes by group and count (first: their first position). `groupAt`: each
   * node's ranking group by position (-1: none, it does not fit).
   */
  of(live: readonly number[], groups: readonly RankingGroup[], groupAt: Int32Array, own: OwnCounts | undefined): TurnGroups {
    const t = this.turn;
    t.count = 0;
    if (!own) {
      for (const g of live) {
        const group = groups[g] as RankingGroup;
        push(t, g, group.host, group.count, -1);
      }
      return t;
    }
    const split = this.splitOff(groups.length, groupAt, own);
    const stamp = this.last;
    for (const g of live) {
      const group = groups[g] as RankingGroup;
      const left = group.count - (this.stamp[g] === stamp ? (this.off[g] as number) : 0);
      if (left > 0) push(t, g, group.host, left, -1);
    }
    for (let k = 0; k < split.count; k++) {
      push(t, split.group[k] as number, split.host[k] as number, split.members[k] as number, split.first[k] as number);
    }
    return t;
  }

  /** The nodes `own` splits off, by group and count; each group marked with how many it loses. */
  private splitOff(groupCount: number, groupAt: Int32Array, { hostAt, positions }: OwnCounts): TurnGroups {
    if (this.stamp.length < groupCount) {
      const size = groupCount * 2;
      this.stamp = new Int32Array(size);
      this.off = new Int32Array(size);
      this.at = new Int32Array(size * SPLIT_HOSTS);
    }
    const stamp = ++this.last;
    const split = this.split;
    split.count = 0;
    let beyond: Map<string, number> | undefined;
    for (let j = 0; j < positions.length; j++) {
      const i = positions[j] as number;
      const host = hostAt[i] as number;
      const g = groupAt[i] as number;
      if (host <= 0 || g < 0) continue;
      if (this.stamp[g] !== stamp) {
        this.stamp[g] = stamp;
        this.off[g] = 0;
        this.at.fill(-1, g * SPLIT_HOSTS, (g + 1) * SPLIT_HOSTS);
      }
      this.off[g] = (this.off[g] as number) + 1;
      // A key made only past the columns (a node with four matching pods and more).
      const key = host < SPLIT_HOSTS ? undefined : `${g}/${host}`;
      const at = key === undefined ? (this.at[g * SPLIT_HOSTS + host] as number) : (beyond?.get(key) ?? -1);
      if (at >= 0) {
        split.members[at] = (split.members[at] as number) + 1;
        if (i < (split.first[at] as number)) split.first[at] = i;
        continue;
      }
      if (key === undefined) this.at[g * SPLIT_HOSTS + host] = split.count;
      else (beyond ??= new Map()).set(key, split.count);
      push(split, g, host, 1, i);
    }
    return split;
  }
}

function push(t: TurnGroups, group: number, host: number, members: number, first: number): void {
  const k = t.count++;
  t.group[k] = group;
  t.host[k] = host;
  t.members[k] = members;
  t.first[k] = first;
}
