import type { Worker } from 'node:worker_threads';
import type { NodeRemovalRank } from '@taintgate/domain';
import type { SweepSettings } from '../../platform/config/app-config';
import { startThread } from '../../platform/threads/start-thread';
import type { SweepThreadMessage, SweepThreadTask } from './sweep-thread';

/**
 * A sweep's nodes shared among worker threads (SWEEP_THREADS), each judging its slice over its own
 * copy of the cluster with a heap of its own (SWEEP_THREAD_MEMORY_MB): the replica keeps answering
 * while they work, and a thread that runs out of memory fails the sweep, not the process.
 */

/** The nodes in `threads` slices of about equal size, in order. */
function slices(nodes: readonly string[], threads: number): string[][] {
  const size = Math.ceil(nodes.length / Math.max(1, threads));
  const out: string[][] = [];
  for (let at = 0; at < nodes.length; at += size) out.push(nodes.slice(at, at + size));
  return out;
}

/**
 * Every node of the task judged, on threads; `progress` is told the nodes judged so far, across the
 * threads, as they report. Rejects when a thread fails (an error, its memory limit), the others
 * stopped; so too when `signal` aborts (the process stopping).
 */
export async function runSweepThreads(
  task: SweepThreadTask,
  settings: SweepSettings,
  progress: (done: number) => void,
  signal?: AbortSignal,
): Promise<NodeRemovalRank[]> {
  const parts = slices(task.nodes, settings.threads);
  const doneOf = parts.map(() => 0);
  const threads: Worker[] = [];
  try {
    const results = await Promise.all(
      parts.map(
        (nodes, k) =>
          new Promise<NodeRemovalRank[]>((resolve, reject) => {
            const thread = startThread(__dirname, 'sweep-thread', { ...task, nodes }, settings.threadMemoryMb);
            threads.push(thread);
            let ranks: NodeRemovalRank[] | undefined;
            thread.on('message', (message: SweepThreadMessage) => {
              if (message.kind === 'done') ranks = message.ranks;
              else {
                doneOf[k] = message.done;
                progress(doneOf.reduce((sum, n) => sum + n, 0));
              }
            });
            thread.on('error', reject);
            signal?.addEventListener('abort', () => reject(new Error('sweep stopped')), { once: true });
            thread.on('exit', (code) => (ranks ? resolve(ranks) : reject(new Error(`a sweep thread stopped (exit code ${code}) before it finished`))));
          }),
      ),
    );
    return results.flat();
  } finally {
    await Promise.all(threads.map((thread) => thread.terminate()));
  }
}
