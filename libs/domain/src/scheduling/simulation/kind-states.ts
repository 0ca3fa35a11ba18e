import type { PluginOutcome } from '../node-buckets';

/** Above every node's bits (one per resource a pod may be short of, 25 at most): a state's key is outcome * MASK_LIMIT + bits. */
const MASK_LIMIT = 2 ** 26;

/**
 * How many nodes a kind's ranking holds in each state kube-scheduler's line counts: the bits of the
 * resources they are short of, and their plugins' outcome (by an index, outcomes alike in their
 * reasons sharing one; 0: they pass). What the line is made again from when a state's count moves.
 */
export class KindStates {
  private readonly outcomes: { readonly reasons: readonly string[] }[] = [{ reasons: [] }];
  private readonly outcomeIds = new Map<string, number>([['', 0]]);
  private readonly counts = new Map<number, number>();

  /** The outcome's index, the same for outcomes alike in the reasons kube-scheduler's line counts. */
  outcomeId(outcome: PluginOutcome): number {
    const reasons = outcome.rejection?.reasons ?? [];
    const key = reasons.join('\n');
    let id = this.outcomeIds.get(key);
    if (id === undefined) {
      this.outcomeIds.set(key, (id = this.outcomes.length));
      this.outcomes.push({ reasons });
    }
    return id;
  }

  /** `by` more nodes (fewer, when negative) in the state of these bits and outcome. */
  count(mask: number, outcome: number, by: number): void {
    const key = outcome * MASK_LIMIT + mask;
    const count = (this.counts.get(key) ?? 0) + by;
    if (count === 0) this.counts.delete(key);
    else this.counts.set(key, count);
  }

  /** The states with nodes, as summaryOfStates reads them. */
  counted(): { mask: number; reasons: readonly string[]; count: number }[] {
    return [...this.counts].map(([key, count]) => ({
      mask: key % MASK_LIMIT,
      reasons: (this.outcomes[Math.floor(key / MASK_LIMIT)] as { reasons: readonly string[] }).reasons,
      count,
    }));
  }
}
