import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from '../apps/api/src/app.module';
import { configureApp, createHttpAdapter } from '../apps/api/src/configure-app';
import { createBenchDatabase } from './bench-database';
import { dropRedisKeys } from './redis-keys';

/**
 * The service in the benchmark's own process, listening on 127.0.0.1 over `databaseUrl`: without
 * auth (what is measured is the feature, not the key lookup), with keys of its own in the shared
 * Redis (`redisPrefix`, removed by the caller) and no eviction worker, so that nothing scheduled is
 * carried out while it runs. `use` gets the app and its base URL; the app is closed after.
 */
export async function withInProcessService<T>(
  databaseUrl: string,
  redisPrefix: string,
  use: (app: NestFastifyApplication, base: string) => Promise<T>,
): Promise<T> {
  process.env.DATABASE_URL = databaseUrl;
  process.env.TAINTGATE_AUTH = 'off';
  process.env.REDIS_PREFIX = redisPrefix;
  process.env.EVICTION_WORKER = 'false';
  const app = await NestFactory.create<NestFastifyApplication>(AppModule, createHttpAdapter(), { logger: false });
  await configureApp(app);
  await app.listen(0, '127.0.0.1');
  try {
    const address = app.getHttpServer().address();
    if (address === null || typeof address === 'string') throw new Error('the app listens on no port');
    return await use(app, `http://127.0.0.1:${address.port}`);
  } finally {
    await app.close();
  }
}

/**
 * A database of the bench's own, filled by `store`, then the service over it (withInProcessService);
 * the database and the service's Redis keys removed at the end, whatever happened.
 */
export async function withStoredClusterService<T>(
  store: (databaseUrl: string) => Promise<void>,
  use: (app: NestFastifyApplication, base: string) => Promise<T>,
): Promise<T> {
  const bench = await createBenchDatabase();
  try {
    await store(bench.databaseUrl);
    return await withInProcessService(bench.databaseUrl, bench.name, use);
  } finally {
    await bench.drop();
    await dropRedisKeys(bench.name);
  }
}
