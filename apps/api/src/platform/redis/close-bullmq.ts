import type { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { withTimeout } from '../time-limits/with-timeout';
import { startedOrFailed } from './connection-start';

/** What a BullMQ owner holds: a queue and a worker, each on a connection of its own (any may not exist yet). */
export interface BullMqParts {
  worker?: Worker | undefined;
  workerConnection?: Redis | undefined;
  queue?: Queue | undefined;
  queueConnection?: Redis | undefined;
}

/** Settles when `work` does or after `ms`, whichever is first; never rejects (a shutdown goes on). */
export const settledWithin = (work: Promise<unknown> | undefined, ms: number): Promise<unknown> | undefined =>
  work && withTimeout(work, ms).catch(() => undefined);

/**
 * The worker first (it may still be adding), then the queue, then their connections; every step
 * bounded by `timeoutMs`, so a shutdown ends whatever Redis does. BullMQ closed while its
 * connections still start up (a version check in flight) leaves a rejection no one hears, so they
 * finish starting first when Redis is there to answer. Without Redis, BullMQ's close would wait for
 * a reconnect that may never come, so the worker is closed by force: a job cut short commits or
 * not in Postgres, which holds what every job works from.
 */
export async function closeBullMq({ worker, workerConnection, queue, queueConnection }: BullMqParts, timeoutMs: number): Promise<void> {
  await Promise.all([startedOrFailed(workerConnection, timeoutMs), startedOrFailed(queueConnection, timeoutMs)]);
  const connected = workerConnection?.status === 'ready';
  if (worker && connected) await settledWithin(worker.waitUntilReady(), timeoutMs);
  if (worker) await settledWithin(worker.close(!connected), timeoutMs);
  workerConnection?.disconnect();
  if (queueConnection?.status === 'ready') await settledWithin(queue?.waitUntilReady(), timeoutMs);
  await settledWithin(queue?.close(), timeoutMs);
  queueConnection?.disconnect();
}
