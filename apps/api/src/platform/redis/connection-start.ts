import type { Redis } from 'ioredis';
import { withTimeout } from '../time-limits/with-timeout';

/** What ioredis says of a connection on its way up: its commands wait in its offline queue meanwhile. */
const STARTING = new Set(['connecting', 'connect', 'reconnecting']);

/**
 * Settles once a connection still starting is ready, or has failed an attempt (Redis not there), or
 * after `ms`; at once for any other. Closed while starting, ioredis rejects the commands BullMQ
 * queued on it (its version check) with "Connection is closed", a rejection no one hears: an
 * application closed moments after it started (a restart, a test's replica) left one.
 */
export function startedOrFailed(connection: Redis | undefined, ms: number): Promise<unknown> | undefined {
  if (!connection || !STARTING.has(connection.status)) return undefined;
  const started = new Promise((resolve) => {
    connection.once('ready', resolve);
    connection.once('error', resolve);
    connection.once('end', resolve);
  });
  return withTimeout(started, ms).catch(() => undefined);
}
