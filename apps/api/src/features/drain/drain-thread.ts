import { parentPort, workerData } from 'node:worker_threads';
import { type DrainPlan, type DrainRequest, type PlacementOptions, type Pod, type SweepCluster, drainPlanOfLists } from '@taintgate/domain';

/**
 * A worker thread's drain plan (drain-threads.ts starts it): its own copy of the cluster, made into
 * what a holder keeps, and the plan (drainPlanOfLists). The pods come after the rest, a slice a
 * message, so that copying 300,000 of them never holds the process's event loop for long; the plan
 * goes back as a message.
 */

/** What a drain thread is handed (workerData: structured-cloned data, no functions), the cluster's pods aside. */
export interface DrainThreadTask {
  readonly cluster: Omit<SweepCluster, 'pods'>;
  readonly request: DrainRequest;
  readonly options: PlacementOptions;
}

/** What a drain thread is sent after it starts: a slice of the pods, then the end of them. */
export type DrainThreadInput = { readonly kind: 'pods'; readonly pods: readonly Pod[] } | { readonly kind: 'end' };

const port = parentPort;
if (port && workerData) {
  const { cluster, request, options } = workerData as DrainThreadTask;
  const pods: Pod[] = [];
  port.on('message', (input: DrainThreadInput) => {
    if (input.kind === 'pods') {
      for (const pod of input.pods) pods.push(pod);
      return;
    }
    const plan: DrainPlan = drainPlanOfLists({ ...cluster, pods }, request, options);
    port.postMessage(plan);
    port.close();
  });
}
