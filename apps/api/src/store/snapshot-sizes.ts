/** How many objects a snapshot holds: nodes, pods, and the other kinds kept (`others`). */
export interface SnapshotObjects {
  nodes: number;
  pods: number;
  others: number;
}

/**
 * What one object costs when a snapshot was not measured, on average: measured on the realistic
 * cluster of 10,000 nodes and 300,000 pods (bench/RESULTS.md, "A snapshot of what decisions read"),
 * whose heap after collection held 403 MiB: the nodes (held whole: their images, addresses,
 * conditions) about 12 KB each, the pods (as decisions read them, their templates' parts shared)
 * about 1 KB each.
 */
const BYTES_PER_NODE = 12_000;
const BYTES_PER_POD = 1_000;
/** A namespace, a volume, a claim, a class, a CSINode or a PodDisruptionBudget: a few KB of JSON each. */
const BYTES_PER_OTHER = 4_000;

/**
 * A snapshot of fewer objects than this is not measured: the two full collections a measurement
 * takes (a few hundred milliseconds each on a large heap) would cost more than its bytes matter to
 * the budget, and a test suite makes thousands of small clusters. It counts the estimate.
 */
export const MEASURED_FROM_OBJECTS = 10_000;

export const estimatedBytes = ({ nodes, pods, others }: SnapshotObjects): number => nodes * BYTES_PER_NODE + pods * BYTES_PER_POD + others * BYTES_PER_OTHER;

const total = ({ nodes, pods, others }: SnapshotObjects): number => nodes + pods + others;

/** What a cluster's snapshot was measured to hold: the heap its load left alive, over the objects it then held. */
interface Measured {
  clusterId: number;
  bytesPerObject: number;
}

/**
 * The bytes of each cluster's snapshot, for the memory budget: measured when it was loaded whole
 * (the live heap before and after, ClusterSnapshots), then followed as objects come and go at the
 * bytes per object measured; estimated for a snapshot too small to measure. A measurement outlives
 * the snapshot it was taken of, so that a cluster dropped for the budget is expected at its own
 * size when it is loaded again, and room is made for it first.
 */
export class SnapshotSizes {
  private readonly measured = new Map<string, Measured>();

  /** Records what a load left alive (`bytes`, never below nothing) for the objects it holds. */
  record(cluster: { id: number; name: string }, bytes: number, objects: SnapshotObjects): void {
    const count = total(objects);
    if (count === 0) return;
    this.measured.set(cluster.name, { clusterId: cluster.id, bytesPerObject: Math.max(0, bytes) / count });
  }

  /** Forgets a cluster (deleted, or made again under its name). */
  forget(name: string): void {
    this.measured.delete(name);
  }

  /** Whether the cluster's size is measured, rather than estimated. */
  isMeasured(cluster: { id: number; name: string }): boolean {
    return this.measured.get(cluster.name)?.clusterId === cluster.id;
  }

  /**
   * The bytes of a snapshot of `objects` of this cluster: at its own measured bytes per object,
   * else at the mean of the clusters measured (when `objects` is large enough to be measured: it
   * is like them), else estimated.
   */
  bytesOf(cluster: { id: number; name: string }, objects: SnapshotObjects): number {
    const own = this.measured.get(cluster.name);
    if (own?.clusterId === cluster.id) return Math.round(own.bytesPerObject * total(objects));
    if (total(objects) >= MEASURED_FROM_OBJECTS && this.measured.size > 0) {
      let sum = 0;
      for (const { bytesPerObject } of this.measured.values()) sum += bytesPerObject;
      return Math.round((sum / this.measured.size) * total(objects));
    }
    return estimatedBytes(objects);
  }
}

/**
 * The snapshots to drop so that what stays, and `room` more, fits `budget`: the least recently
 * used first, never one of `kept` (the one in use, those a watch follows). All of the others may
 * not be enough; then all of them go.
 */
export function snapshotsToDrop<S>(held: readonly { snapshot: S; bytes: number; lastUsed: number; kept: boolean }[], budget: number, room = 0): S[] {
  let sum = room;
  for (const { bytes } of held) sum += bytes;
  const out: S[] = [];
  for (const { snapshot, bytes } of held.filter((h) => !h.kept).sort((a, b) => a.lastUsed - b.lastUsed)) {
    if (sum <= budget) break;
    out.push(snapshot);
    sum -= bytes;
  }
  return out;
}
