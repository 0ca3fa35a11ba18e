import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** A BullMQ key prefix no other test run uses. */
export const uniqueRedisPrefix = (): string => `taintgate_test_${randomBytes(4).toString('hex')}`;

/** Deletes every key under the prefix (the test's own), as a flush of Redis would for it. */
export async function deleteRedisKeys(prefix: string, url = process.env.REDIS_URL || 'redis://127.0.0.1:6379'): Promise<number> {
  const redis = new Redis(url);
  try {
    let deleted = 0;
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) deleted += await redis.del(...keys);
    } while (cursor !== '0');
    return deleted;
  } finally {
    redis.disconnect();
  }
}
