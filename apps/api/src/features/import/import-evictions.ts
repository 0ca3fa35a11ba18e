import type { EvictionsDecided } from '../../control-loops/taint-eviction/taint-eviction-controller';

/** How many of the evictions an import decided its answer lists, each whole; past these, they are counted. */
export const MAX_EVICTIONS_LISTED = 100;

/**
 * The evictions an import's writes decided, as the taint eviction controller decides a pod it sees
 * for the first time: those executed at once and those scheduled for a deadline (in a mirror, those
 * predicted), counted, the first
 * MAX_EVICTIONS_LISTED kept by id for the answer to read; and the nodes whose pods were too many to
 * decide in the import's own writes (NodeUpdateQueue), decided just after it.
 */
export class ImportEvictions {
  executed = 0;
  scheduled = 0;
  /** A mirror's: what its cluster's controller is expected to do (nothing is executed or scheduled there). */
  predicted = 0;
  queuedNodes = 0;
  /** The first MAX_EVICTIONS_LISTED decided, in the order decided. */
  readonly listed: bigint[] = [];

  add(decided: EvictionsDecided & { queued?: number }): void {
    this.executed += decided.executed.length;
    this.scheduled += decided.scheduled.length;
    this.predicted += decided.predicted.length;
    this.queuedNodes += decided.queued ?? 0;
    // Past the first writes of a large import the list is full: nothing to copy.
    for (const ids of [decided.executed, decided.scheduled, decided.predicted]) {
      const room = MAX_EVICTIONS_LISTED - this.listed.length;
      if (room > 0) this.listed.push(...ids.slice(0, room));
    }
  }
}
