import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { AppConfig } from '../config/app-config';

export const EVICTION_QUEUE = 'evictions';

/** What a wake-up job needs to know; everything else is read again from Postgres. */
export interface EvictionWakeup {
  id: bigint;
  wakeups: number;
  scheduledFor: Date;
}

/**
 * The id of a wake-up job: the eviction row and how many wake-ups it had. Rows are never reused
 * and each new wake-up of a row counts up, so an id is never taken twice (BullMQ would silently
 * drop the second job).
 */
export const jobIdOf = (e: Pick<EvictionWakeup, 'id' | 'wakeups'>): string => `evict-${e.id}-${e.wakeups}`;

/** BullMQ redis connections want no per-command retry limit (workers block on Redis). */
export function bullConnection(config: AppConfig): Redis {
  return new Redis(config.redisUrl, { maxRetriesPerRequest: null, enableOfflineQueue: true });
}

/**
 * Delayed BullMQ jobs that wake the worker when an eviction is due. A job is only a wake-up:
 * Postgres holds the deadline, and the worker checks it again before it evicts.
 */
@Injectable()
export class EvictionQueue implements OnModuleDestroy {
  private readonly connection: Redis;
  private queue?: Queue;

  constructor(config: AppConfig) {
    this.connection = bullConnection(config);
    // An unreachable Redis is reported by health; here it must not crash the process.
    this.connection.on('error', () => undefined);
    // The queue is made once Redis answers: BullMQ closed while its first connection still
    // retries leaves rejected promises behind. Until then the reconciler covers every wake-up.
    this.connection.once('ready', () => {
      this.queue = new Queue(EVICTION_QUEUE, { connection: this.connection, prefix: config.evictions.redisPrefix });
      this.queue.on('error', () => undefined);
    });
  }

  private live(): Queue {
    if (!this.queue) throw new Error('Redis has not answered yet; the reconciler will queue the wake-up');
    return this.queue;
  }

  /** Queues the wake-ups, each delayed until its deadline (by this machine's clock, as BullMQ does). */
  async enqueueAll(evictions: readonly EvictionWakeup[], now = Date.now()): Promise<void> {
    for (let i = 0; i < evictions.length; i += 1000) {
      await this.live().addBulk(
        evictions.slice(i, i + 1000).map((eviction) => ({
          name: 'evict',
          data: { evictionId: String(eviction.id) },
          opts: {
            jobId: jobIdOf(eviction),
            delay: Math.max(0, eviction.scheduledFor.getTime() - now),
            // Finished jobs leave nothing behind, so a lost wake-up can be queued again.
            removeOnComplete: true,
            removeOnFail: true,
            attempts: 5,
            backoff: { type: 'exponential', delay: 200 },
          },
        })),
      );
    }
  }

  /**
   * The evictions whose wake-up job Redis does not hold, asked in one round trip (one EXISTS
   * per job key, pipelined) rather than one request per scheduled eviction.
   */
  async withoutJob<T extends Pick<EvictionWakeup, 'id' | 'wakeups'>>(evictions: readonly T[]): Promise<T[]> {
    if (evictions.length === 0) return [];
    const queue = this.live();
    const replies = await this.connection.pipeline(evictions.map((e) => ['exists', queue.toKey(jobIdOf(e))])).exec();
    return evictions.filter((_, i) => replies?.[i]?.[1] === 0);
  }

  async onModuleDestroy(): Promise<void> {
    await this.queue?.close();
    this.connection.disconnect();
  }
}
