import { setImmediate as turn } from 'node:timers/promises';
import { type DrainPlan, type PlacementOptions, type SweepCluster, type DrainRequest, failure } from '@taintgate/domain';
import { FailureException } from '../../platform/failures/failure.exception';
import { startThread } from '../../platform/threads/start-thread';
import type { DrainThreadInput, DrainThreadTask } from './drain-thread';

/**
 * Pods sent to the thread a message: copying a message holds the event loop (structured clone).
 * 300,000 realistic pods in one held it 1.2 s; in messages of this many, the longest wait of a
 * request meanwhile was 325 ms (bench:http-drain).
 */
const PODS_A_MESSAGE = 10_000;

/**
 * A drain plan on a worker thread of its own (drain-thread.ts), over its own copy of the cluster
 * with a heap of its own (`memoryMb`): the replica keeps answering while it works, and a plan that
 * runs out of memory fails this request (500, saying so), not the process. The thread ends with it.
 */
export async function drainPlanOnThread(
  task: { cluster: SweepCluster; request: DrainRequest; options: PlacementOptions },
  memoryMb: number,
): Promise<DrainPlan> {
  const { pods, ...rest } = task.cluster;
  const handed: DrainThreadTask = { cluster: rest, request: task.request, options: task.options };
  const thread = startThread(__dirname, 'drain-thread', handed, memoryMb);
  let plan: DrainPlan | undefined;
  let error: Error | undefined;
  thread.once('message', (message: DrainPlan) => (plan = message));
  thread.once('error', (e) => (error = e));
  const exited = new Promise<number>((resolve) => thread.once('exit', resolve));
  // Set when the thread ends early (its heap passed): no more pods are sent.
  const ending = { stopped: false };
  void exited.then(() => (ending.stopped = true));
  const send = (input: DrainThreadInput) => thread.postMessage(input);
  for (let at = 0; at < pods.length && !ending.stopped; at += PODS_A_MESSAGE) {
    send({ kind: 'pods', pods: pods.slice(at, at + PODS_A_MESSAGE) });
    await turn();
  }
  if (!ending.stopped) send({ kind: 'end' });
  const code = await exited;
  if (plan) return plan;
  const why = error?.message ?? `it stopped with code ${code}`;
  throw new FailureException(failure.internal(`the drain plan's worker thread failed (its heap may grow to WHATIF_THREAD_MEMORY_MB=${memoryMb} MiB): ${why}`));
}
