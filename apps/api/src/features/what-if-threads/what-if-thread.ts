import { parentPort, workerData } from 'node:worker_threads';
import {
  type DrainPlan,
  type DrainRequest,
  type EvictedPlacement,
  type EvictedRef,
  type Node,
  type PlacementOptions,
  type Pod,
  type SimulationMode,
  type SweepCluster,
  drainPlanOfLists,
  placeEvictedOfLists,
} from '@taintgate/domain';

/**
 * A worker thread's what-if (what-if-threads.ts starts it): its own copy of the cluster, made into
 * what a holder keeps, and the plan over it. The pods come after the rest, a slice a message, so
 * that copying 300,000 of them never holds the process's event loop for long; the answer goes back
 * as a message.
 */

/** What a what-if thread is asked: a drain plan (drainPlanOfLists), or where a taint's evicted pods go (placeEvictedOfLists). */
export type WhatIfQuestion =
  | { readonly kind: 'drain'; readonly request: DrainRequest }
  | { readonly kind: 'evicted'; readonly tainted: readonly Node[]; readonly evicted: readonly EvictedRef[]; readonly mode: SimulationMode };

/** The answer a question of that kind gets. */
export type WhatIfAnswer<Q extends WhatIfQuestion> = Q extends { kind: 'drain' } ? DrainPlan : EvictedPlacement;

/** What a what-if thread is handed (workerData: structured-cloned data, no functions), the cluster's pods aside. */
export interface WhatIfThreadTask {
  readonly cluster: Omit<SweepCluster, 'pods'>;
  readonly question: WhatIfQuestion;
  readonly options: PlacementOptions;
}

/** What a what-if thread is sent after it starts: a slice of the pods, then the end of them. */
export type WhatIfThreadInput = { readonly kind: 'pods'; readonly pods: readonly Pod[] } | { readonly kind: 'end' };

/** The question answered over the whole cluster. */
function answerOf(cluster: SweepCluster, question: WhatIfQuestion, options: PlacementOptions): DrainPlan | EvictedPlacement {
  if (question.kind === 'drain') return drainPlanOfLists(cluster, question.request, options);
  return placeEvictedOfLists(cluster, question.tainted, question.evicted, question.mode, options);
}

const port = parentPort;
if (port && workerData) {
  const { cluster, question, options } = workerData as WhatIfThreadTask;
  const pods: Pod[] = [];
  port.on('message', (input: WhatIfThreadInput) => {
    if (input.kind === 'pods') {
      for (const pod of input.pods) pods.push(pod);
      return;
    }
    port.postMessage(answerOf({ ...cluster, pods }, question, options));
    port.close();
  });
}
