import { Logger, type Provider } from '@nestjs/common';
import { Redis } from 'ioredis';
import { AppConfig } from '../config/app-config';

const logger = new Logger('Redis');

/** Why each client's connection last failed, until it is ready again (see connectionProblem). */
const lastConnectionErrors = new WeakMap<Redis, string>();

/**
 * Why `redis` has no connection, or undefined while it has one. A command that fails because
 * the client could not reconnect says only "max retries per request"; this says what the
 * server or the network answered (e.g. "connect ECONNREFUSED 127.0.0.1:6379").
 */
export function connectionProblem(redis: Redis): string | undefined {
  return redis.status === 'ready' ? undefined : lastConnectionErrors.get(redis);
}

/**
 * One ioredis client for the process, injected by its class (`constructor(redis: Redis)`).
 * BullMQ workers will need connections of their own (blocking commands, and
 * `maxRetriesPerRequest: null`); this one serves plain commands.
 */
export const redisClientProvider: Provider = {
  provide: Redis,
  inject: [AppConfig],
  useFactory: (config: AppConfig): Redis => {
    const redis = new Redis(config.redisUrl, {
      // While Redis is away a command fails after one reconnect attempt instead of twenty, so
      // callers (the health check first) answer promptly; the client keeps reconnecting.
      maxRetriesPerRequest: 1,
      connectTimeout: 2_000,
    });
    onConnectionError(redis);
    return redis;
  },
};

/**
 * Hears `redis`'s connection errors: ioredis emits 'error' on every failed reconnect, and
 * unheard, Node would crash the process. Each distinct failure is logged once rather than every
 * two seconds, and remembered for connectionProblem.
 */
export function onConnectionError(redis: Redis): void {
  redis.on('error', (error: Error) => {
    if (error.message !== lastConnectionErrors.get(redis)) {
      logger.warn(`connection error: ${error.message}`);
    }
    lastConnectionErrors.set(redis, error.message);
  });
  redis.on('ready', () => {
    if (lastConnectionErrors.delete(redis)) logger.log('connection restored');
  });
}
