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
