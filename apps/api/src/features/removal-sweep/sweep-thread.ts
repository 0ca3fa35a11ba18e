import { parentPort, workerData } from 'node:worker_threads';
import { type NodeRemovalRank, type PlacementOptions, type SweepCluster, sweepRemovals } from '@taintgate/domain';

/**
 * A worker thread's share of a removal sweep (sweep-threads.ts starts it): its own copy of the
 * cluster, its nodes, judged one after another by the domain (sweepRemovals). Its progress and its
 * ranks go back as messages; the process's event loop never waits on it.
 */

/** What a sweep thread is handed (workerData: structured-cloned data, no functions). */
export interface SweepThreadTask {
  readonly cluster: SweepCluster;
  readonly nodes: readonly string[];
  readonly now: number;
  readonly options: PlacementOptions;
}

/** What it tells: how many of its nodes are judged, after each; then their ranks, unranked. */
export type SweepThreadMessage = { readonly kind: 'progress'; readonly done: number } | { readonly kind: 'done'; readonly ranks: NodeRemovalRank[] };

const port = parentPort;
if (port && workerData) {
  const task = workerData as SweepThreadTask;
  const tell = (message: SweepThreadMessage) => port.postMessage(message);
  const ranks = sweepRemovals(task.cluster, task.nodes, task.now, task.options, (done) => tell({ kind: 'progress', done }));
  tell({ kind: 'done', ranks });
}
