import { Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { startedOrFailed } from './connection-start';
import { redisClientProvider } from './redis-client.provider';

/** How long a shutdown waits for the client to finish starting (it fails at once without Redis). */
const SHUTDOWN_WAIT_MS = 2_000;

/** Owns the Redis client: provides it and closes it when the application shuts down. */
@Module({
  providers: [redisClientProvider],
  exports: [Redis],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    // Still starting, its queued commands would be rejected by the close, heard by no one.
    await startedOrFailed(this.redis, SHUTDOWN_WAIT_MS);
    // QUIT lets pending replies arrive, but it would wait for a server that is not there:
    // without a live connection, just stop reconnecting.
    if (this.redis.status === 'ready') {
      await this.redis.quit();
    } else {
      this.redis.disconnect();
    }
  }
}
