import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ensureDatabase } from '../../apps/api/src/database/ensure-database';
import { findMigrationsDir } from '../../apps/api/src/database/migrations/migration-folder';
import { applyMigrations } from '../../apps/api/src/database/migrations/migration-runner';
import type { CONFIG_DEFAULTS } from '../../apps/api/src/config/load-config';
import { bootApp } from './boot-app';
import { databaseUrlFor, dropDatabase, uniqueDatabaseName } from './test-database';

export interface ApiTestApp {
  app: NestFastifyApplication;
  databaseUrl: string;
  /** Closes the app and drops its database. */
  close(): Promise<void>;
}

const quiet = { log: () => undefined, warn: () => undefined };

/**
 * The whole service on a database of its own, created and migrated as `npm start` does, on the
 * machine's real Postgres and Redis. Call `close()` in afterAll.
 */
export async function startApiApp(overrides: Partial<Record<keyof typeof CONFIG_DEFAULTS, string>> = {}): Promise<ApiTestApp> {
  const databaseName = uniqueDatabaseName();
  const databaseUrl = databaseUrlFor(databaseName);
  await ensureDatabase(databaseUrl);
  await applyMigrations(databaseUrl, findMigrationsDir(__dirname), quiet);
  const app = await bootApp({ DATABASE_URL: databaseUrl, ...overrides });
  const started: ApiTestApp = {
    app,
    databaseUrl,
    async close() {
      // The app now in `app`: a test that restarts the service puts the new one there, and
      // closing the old one twice fails (its graphql-ws server is closed already).
      await started.app.close();
      await dropDatabase(databaseName);
    },
  };
  return started;
}
