import { Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { redisClientProvider } from './redis-client.provider';

/** Owns the Redis client: provides it and closes it when the application shuts down. */
@Module({
  providers: [redisClientProvider],
  exports: [Redis],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    // QUIT lets pending replies arrive, but it would wait for a server that is not there:
    // without a live connection, just stop reconnecting.
    if (this.redis.status === 'ready') {
      await this.redis.quit();
    } else {
      this.redis.disconnect();
    }
  }
}
