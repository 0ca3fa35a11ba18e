import type { Logger } from '@nestjs/common';
import type { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { RedisUnreachableError, reportIfOutage } from '../failures/outages';
import { onConnectionError } from './redis-client.provider';

/** Longest a queue command may take (an add of a thousand jobs takes milliseconds). */
const COMMAND_TIMEOUT_MS = 2_000;

/**
 * A BullMQ queue's connection, which only adds and asks: while Redis is away a command fails at
 * once (no offline queue) or after COMMAND_TIMEOUT_MS on a connection that hangs, rather than
 * waiting for Redis to return. What a queue could not add, its reconciler adds later (the
 * evictions' and the webhook deliveries' both).
 */
export function queueConnectionOf(redisUrl: string): Redis {
  const connection = new Redis(redisUrl, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: 2_000,
  });
  // Told once per distinct error by the provider's logger; it must never crash the process.
  onConnectionError(connection);
  return connection;
}

/** A BullMQ worker's connection: its blocking reads want no per-command retry limit, and wait for Redis. */
export function workerConnectionOf(redisUrl: string): Redis {
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null, enableOfflineQueue: true, connectTimeout: 2_000 });
  connection.on('error', () => undefined);
  return connection;
}

/**
 * A worker's errors told: while its connection is down, as an outage (BullMQ says so on every retry;
 * the outage log says it once per interval), else as a warning.
 */
export function reportWorkerErrors(worker: Worker, connection: Redis, logger: Logger): void {
  worker.on('error', (error) => {
    if (!reportIfOutage(connection.status === 'ready' ? error : new RedisUnreachableError(error.message))) logger.warn(`worker: ${error.message}`);
  });
}
