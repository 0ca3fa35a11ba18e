import 'reflect-metadata';
import type { Server } from 'node:http';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from './app.module';
import { configureApp, createHttpAdapter, httpsOptionsOf } from './configure-app';
import { loadConfig } from './platform/config/load-config';
import { certificateFingerprint, tlsOf } from './https';
import { databaseNameOf, ensureDatabase } from './platform/database/ensure-database';
import { findMigrationsDir } from './platform/database/migrations/migration-folder';
import { applyMigrations } from './platform/database/migrations/migration-runner';
import { NestLogLines } from './platform/logs/nest-log-lines';
import { createServiceLog } from './platform/logs/service-log';

async function bootstrap(): Promise<void> {
  const config = loadConfig(process.env);
  // One log from the first line on: Nest's lines and fastify's through the same pino (logs/).
  const log = createServiceLog(config.logs);
  Logger.overrideLogger(new NestLogLines(log));
  const logger = new Logger('Bootstrap');

  // Before Nest starts, so that no provider ever sees a missing database.
  if ((await ensureDatabase(config.databaseUrl)) === 'created') {
    logger.log(`created database ${databaseNameOf(new URL(config.databaseUrl))}`);
  }
  // Also before Nest: providers may query tables at init, so the schema must be current.
  // Replicas starting together wait on Prisma's advisory lock; one applies, the others find
  // nothing pending.
  const applied = await applyMigrations(config.databaseUrl, findMigrationsDir(__dirname), new Logger('Migrations'));
  logger.log(applied.length > 0 ? `applied ${applied.length} migration(s): ${applied.join(', ')}` : 'database schema is up to date (no pending migrations)');

  // The certificate files, or TAINTGATE_TLS=auto's, made once and kept in the database (https.ts).
  const tls = await tlsOf(config);
  if (tls && config.tlsAuto) logger.log(`TAINTGATE_TLS=auto: serving HTTPS with the certificate kept in the database (SHA-256 ${certificateFingerprint(tls)})`);
  const app = await NestFactory.create<NestFastifyApplication>(AppModule, createHttpAdapter(tls, log), {
    ...httpsOptionsOf(tls),
    logger: new NestLogLines(log),
  });
  // Error filter and OpenAPI document, shared with the tests' boot helper (configure-app.ts).
  await configureApp(app);
  // On SIGTERM/SIGINT, run the modules' shutdown hooks (close the pool and the Redis client)
  // and let the HTTP server finish its requests, instead of dying mid-answer. Each hook bounds
  // its own waits; the deadline below ends the process should one still hang.
  app.enableShutdownHooks(SHUTDOWN_SIGNALS);
  for (const signal of SHUTDOWN_SIGNALS) {
    process.once(signal, () => {
      exitAfterDeadline(logger, signal);
      closeConnectionsAsTheyIdle(app.getHttpServer());
    });
  }
  await app.listen(config.port, config.host);
  logger.log(`listening on ${await app.getUrl()}`);
}

const SHUTDOWN_SIGNALS = ['SIGTERM', 'SIGINT'];

/**
 * Longest a shutdown may take before the process exits anyway: under Kubernetes' default grace
 * period (30 s) and well under the 10 s promised in docs/operations.md, whatever Postgres and Redis do.
 */
const SHUTDOWN_DEADLINE_MS = 8_000;

function exitAfterDeadline(logger: Logger, signal: string): void {
  logger.log(`${signal}: shutting down`);
  setTimeout(() => {
    logger.error(`shutdown did not finish within ${SHUTDOWN_DEADLINE_MS} ms: exiting now`);
    process.exit(1);
  }, SHUTDOWN_DEADLINE_MS).unref();
}

/**
 * Closes each keep-alive connection as soon as it has no request in flight, while the shutdown
 * runs. The server's close (fastify.close(), run by Apollo's drain) waits for every open
 * connection, and one whose request finished after it began would otherwise stay open, idle,
 * for the keep-alive timeout (72 s): a client that keeps connections (a load balancer, a probe)
 * held the process for as long.
 */
function closeConnectionsAsTheyIdle(server: Server): void {
  server.closeIdleConnections();
  setInterval(() => server.closeIdleConnections(), 100).unref();
}

bootstrap().catch((error: unknown) => {
  // Nest's logger may not exist yet; stderr always does.
  console.error('taintgate failed to start:', error);
  process.exit(1);
});
