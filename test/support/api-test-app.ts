import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Client } from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { ensureDatabase } from '../../apps/api/src/platform/database/ensure-database';
import { findMigrationsDir } from '../../apps/api/src/platform/database/migrations/migration-folder';
import { applyMigrations } from '../../apps/api/src/platform/database/migrations/migration-runner';
import { Api } from './api-client';
import { type BootOptions, type ConfigOverrides, bootApp } from './boot-app';
import { deleteRedisKeys, uniqueRedisPrefix } from './redis-prefix';
import { databaseUrlFor, dropDatabase, uniqueDatabaseName } from './test-database';

/** What a test may configure; the database and the Redis prefix are the fixture's own. */
export type ApiTestOverrides = Omit<ConfigOverrides, 'DATABASE_URL' | 'REDIS_PREFIX'>;

const quiet = { log: () => undefined, warn: () => undefined };

/**
 * The whole service on a database and a Redis key prefix of its own, the database created and
 * migrated as `npm start` does, on the machine's real Postgres and Redis.
 *
 * The names, `api` and `db` are fixed when the object is made, so a test may take them apart
 * at describe scope (`const { api, db } = useApiFixture()`); `app` is only there between
 * start() and close(), and restart() replaces it, so read it where it is used (`t.app`).
 */
export class ApiTestApp {
  readonly databaseName = uniqueDatabaseName();
  readonly databaseUrl = databaseUrlFor(this.databaseName);
  readonly redisPrefix = uniqueRedisPrefix();
  /** Requests to the app running now. */
  readonly api = new Api(() => this.app);
  /** A pg client on the test database, for what the API does not show (audit trail, revision); connected by start(). */
  readonly db = new Client({ connectionString: this.databaseUrl });

  private running: NestFastifyApplication | undefined;
  private readonly replicas: NestFastifyApplication[] = [];

  /** The settings it boots with: the fixture's, as restart() changed them. */
  private readonly settings: ApiTestOverrides;

  constructor(
    overrides: ApiTestOverrides = {},
    private readonly options: BootOptions = {},
  ) {
    this.settings = { ...overrides };
  }

  get app(): NestFastifyApplication {
    if (!this.running) throw new Error('the service under test is not running: read `app` in a test or hook, after start()');
    return this.running;
  }

  async start(): Promise<this> {
    await ensureDatabase(this.databaseUrl);
    await applyMigrations(this.databaseUrl, findMigrationsDir(__dirname), quiet);
    this.running = await this.boot();
    await this.db.connect();
    return this;
  }

  /**
   * Stops the service and starts it again on the same database and Redis prefix, with `changed`
   * settings over the fixture's (a key rotated), from then on.
   */
  async restart(changed: ApiTestOverrides = {}): Promise<void> {
    const old = this.app;
    // Not running while it stops: closing an app twice fails (its graphql-ws server is closed already).
    this.running = undefined;
    await old.close();
    Object.assign(this.settings, changed);
    this.running = await this.boot();
  }

  /** Another instance of the same service (same database, same Redis prefix), closed by close(). */
  async bootReplica(): Promise<NestFastifyApplication> {
    const replica = await this.boot();
    this.replicas.push(replica);
    return replica;
  }

  /** Closes every instance, drops the database and deletes the Redis keys; safe after a start() that failed halfway. */
  async close(): Promise<void> {
    // Before the drop, which would end it from the server side and make it emit an error.
    await this.db.end();
    for (const replica of this.replicas.splice(0)) await replica.close();
    const app = this.running;
    this.running = undefined;
    await app?.close();
    await dropDatabase(this.databaseName);
    // After the apps: a BullMQ worker still running would write keys again.
    await deleteRedisKeys(this.redisPrefix);
  }

  private boot(): Promise<NestFastifyApplication> {
    return bootApp({ ...this.settings, DATABASE_URL: this.databaseUrl, REDIS_PREFIX: this.redisPrefix }, this.options);
  }
}

/** Starts the service now; the caller closes it (a test that needs one per test: beforeEach/afterEach). */
export function startApiApp(overrides: ApiTestOverrides = {}, options: BootOptions = {}): Promise<ApiTestApp> {
  return new ApiTestApp(overrides, options).start();
}

/**
 * The service for the tests of the file or describe block it is called in: started in
 * beforeAll, closed in afterAll.
 *
 *   const t = useApiFixture({ EVICTION_RECONCILE_SECONDS: '1' });
 *   const { api, db } = t;
 *   it('...', async () => { await api.putNode('n1'); await t.restart(); ... t.app ... });
 */
export function useApiFixture(overrides: ApiTestOverrides = {}, options: BootOptions = {}): ApiTestApp {
  const service = new ApiTestApp(overrides, options);
  beforeAll(async () => {
    await service.start();
  });
  afterAll(async () => {
    await service.close();
  });
  return service;
}
