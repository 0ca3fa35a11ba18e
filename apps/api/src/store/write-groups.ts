/** What the line knows of a write waiting for its cluster's lock, to group it with others. */
export interface WaitingWrite {
  /**
   * Runs in a transaction of its own: a write that may be large (an import, a taint command over
   * many nodes, a controller's batch) whose neighbours should not wait for it to commit theirs.
   */
  readonly alone: boolean;
  /**
   * Reads the cluster's snapshot while it holds the lock (a node write's impact warnings): it
   * must be first in its group, so that every write before it has committed and is in the
   * snapshot it reads.
   */
  readonly leads: boolean;
}

/** At most this many writes share one transaction. */
const MAX_GROUP = 64;

/**
 * How many of the writes waiting in a cluster's line, from the front, go into the next
 * transaction: the first always; the writes after it while none runs alone or must lead, up to
 * MAX_GROUP. Each keeps its own revision, its own savepoint and its own outcome; they share the
 * lock and the commit, which at one commit's flush per write capped a cluster near 300 writes/s.
 */
export function groupSize(waiting: readonly WaitingWrite[], max = MAX_GROUP): number {
  if (waiting.length === 0) return 0;
  if (waiting[0]?.alone) return 1;
  let size = 1;
  while (size < waiting.length && size < max) {
    const next = waiting[size] as WaitingWrite;
    if (next.alone || next.leads) break;
    size++;
  }
  return size;
}
