import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { type Failure, failure } from '@taintgate/domain';
import type { FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { AppConfig } from '../config/app-config';

/** Requests are counted per minute, a window the counts share in Redis. */
const WINDOW_MS = 60_000;

/** Whether the request may go on, or the 429 to answer it with (Retry-After: when its window ends). */
export type RateCheck = (request: FastifyRequest, subject: string) => Promise<Failure | undefined>;

/**
 * The rate limits of every request (@fastify/rate-limit, counting in Redis so that replicas share
 * the counts): per client address before its key is looked up (TAINTGATE_RATE_LIMIT_PER_ADDRESS:
 * a flood of made-up keys costs a lookup each, and is stopped here), and per API key once it is
 * known (TAINTGATE_RATE_LIMIT_PER_KEY). Each is a number of requests a minute; 0 is none. While
 * Redis is away nothing is counted and every request goes on: a limit is no reason to refuse work.
 */
export async function requestRates(app: NestFastifyApplication): Promise<{ perAddress: RateCheck; perKey: RateCheck }> {
  const config = app.get(AppConfig);
  const redis = app.get(Redis);
  const fastify = app.getHttpAdapter().getInstance();
  await fastify.register(fastifyRateLimit, { global: false, redis, nameSpace: `${config.evictions.redisPrefix}:rate:`, skipOnError: true });
  const limiter = (max: number, what: string): RateCheck => {
    if (max <= 0) return () => Promise.resolve(undefined);
    // What each request being checked is counted as, handed to the plugin's key generator.
    const subjects = new WeakMap<FastifyRequest, string>();
    const check = fastify.createRateLimit({
      max,
      timeWindow: WINDOW_MS,
      keyGenerator: (request) => subjects.get(request) ?? '',
      // Not counted while Redis is away: each command would wait for a reconnect first.
      allowList: () => redis.status !== 'ready',
    });
    return async (request, subject) => {
      subjects.set(request, subject);
      const counted = await check(request);
      if (counted.isAllowed || !counted.isExceeded) return undefined;
      const seconds = Math.max(1, counted.ttlInSeconds);
      return failure.tooManyRequests(`Too many requests: ${what} is limited to ${max} requests a minute; try again in ${seconds} s`, seconds, []);
    };
  };
  return {
    perAddress: limiter(config.auth.rateLimitPerAddress, 'this address'),
    perKey: limiter(config.auth.rateLimitPerKey, 'this API key'),
  };
}

/** The subject an address is counted as: IPv4 as it is, IPv6 by its /64 (one host's, usually). */
export const addressSubject = (request: FastifyRequest): string => `address:${normalizeIP(request.ip, 64)}`;
