import { setImmediate as turn } from 'node:timers/promises';
import { type PlacementOptions, type SweepCluster, failure } from '@taintgate/domain';
import { FailureException } from '../../platform/failures/failure.exception';
import { startThread } from '../../platform/threads/start-thread';
import type { WhatIfAnswer, WhatIfQuestion, WhatIfThreadInput, WhatIfThreadTask } from './what-if-thread';

/**
 * Pods sent to the thread a message: copying a message holds the event loop (structured clone).
 * 300,000 realistic pods in one held it 1.2 s; in messages of this many, the longest wait of a
 * request meanwhile was 325 ms (bench:http-drain).
 */
const PODS_A_MESSAGE = 10_000;

/** What a long what-if is called in its failure (`the drain plan's worker thread failed`). */
const named: Record<WhatIfQuestion['kind'], string> = { drain: 'drain plan', evicted: "evicted pods' placement" };

/**
 * A what-if on a worker thread of its own (what-if-thread.ts), over its own copy of the cluster
 * with a heap of its own (`memoryMb`): the replica keeps answering while it works, and a what-if
 * that runs out of memory fails this request (500, saying so), not the process. The thread ends
 * with it.
 */
export async function whatIfOnThread<Q extends WhatIfQuestion>(
  task: { cluster: SweepCluster; question: Q; options: PlacementOptions },
  memoryMb: number,
): Promise<WhatIfAnswer<Q>> {
  const { pods, ...rest } = task.cluster;
  const handed: WhatIfThreadTask = { cluster: rest, question: task.question, options: task.options };
  const thread = startThread(__dirname, 'what-if-thread', handed, memoryMb);
  let answer: WhatIfAnswer<Q> | undefined;
  let error: Error | undefined;
  thread.once('message', (message: WhatIfAnswer<Q>) => (answer = message));
  thread.once('error', (e) => (error = e));
  const exited = new Promise<number>((resolve) => thread.once('exit', resolve));
  // Set when the thread ends early (its heap passed): no more pods are sent.
  const ending = { stopped: false };
  void exited.then(() => (ending.stopped = true));
  const send = (input: WhatIfThreadInput) => thread.postMessage(input);
  for (let at = 0; at < pods.length && !ending.stopped; at += PODS_A_MESSAGE) {
    send({ kind: 'pods', pods: pods.slice(at, at + PODS_A_MESSAGE) });
    await turn();
  }
  if (!ending.stopped) send({ kind: 'end' });
  const code = await exited;
  if (answer) return answer;
  const why = error?.message ?? `it stopped with code ${code}`;
  throw new FailureException(
    failure.internal(`the ${named[task.question.kind]}'s worker thread failed (its heap may grow to WHATIF_THREAD_MEMORY_MB=${memoryMb} MiB): ${why}`),
  );
}
