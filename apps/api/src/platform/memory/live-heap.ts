import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * V8's full collection, reached without `--expose-gc` on the command line: the flag set at run
 * time makes `gc` a global of contexts made after it, and a new context hands it over. Once per
 * process; the global of the main context is left as it was.
 */
let collect: (() => void) | undefined;

function fullCollection(): () => void {
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  }
  return collect;
}

/**
 * The bytes the V8 heap holds alive now: a full collection first (a pause of a few hundred
 * milliseconds on a heap of a gigabyte), then the heap's used size. Two of these around a piece of
 * work measure what that work left alive, within what other work held meanwhile: what a cluster's
 * snapshot costs, measured rather than estimated (ClusterSnapshots).
 */
export function liveHeapBytes(): number {
  fullCollection()();
  return getHeapStatistics().used_heap_size;
}

/**
 * liveHeapBytes, by a collection that also compacts: every page's live objects moved together and
 * the pages they leave given back to the system.
 *
 * Why: a whole load of a large cluster leaves the heap full of holes. V8 copies into its old
 * generation much of what the load makes and soon lets go (rows, their strings, the nodes' rows
 * held while the pods are read), among the objects the snapshot keeps; a collection frees them but
 * keeps their pages, and V8 gave them back neither in a minute idle nor at the next collections.
 * On the realistic cluster of 10,000 nodes and 300,000 pods, 460 MB alive held 790 MB of pages,
 * and the replica's RSS stayed at 0.9-1.0 GiB; compacted once, 0.65-0.7 GiB (bench/RESULTS.md).
 * The price: a longer pause (0.7 s against 0.4 s there), and, while it moves, the pages of both.
 */
export function compactedHeapBytes(): number {
  setFlagsFromString('--compact-on-every-full-gc');
  try {
    fullCollection()();
  } finally {
    setFlagsFromString('--no-compact-on-every-full-gc');
  }
  return getHeapStatistics().used_heap_size;
}
