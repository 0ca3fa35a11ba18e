import 'reflect-metadata';
import { runApiKeysCommand } from './features/api-keys/api-keys-command';
import { loadConfig } from './platform/config/load-config';
import { ensureDatabase } from './platform/database/ensure-database';
import { findMigrationsDir } from './platform/database/migrations/migration-folder';
import { applyMigrations } from './platform/database/migrations/migration-runner';

/**
 * `npm run apikeys -- ...` (or `node dist/apps/api/src/apikeys.js ...` where the service is
 * installed): API keys managed from a shell, against the database DATABASE_URL names, which is
 * made and migrated first as `npm start` would, so that the first key can exist before the first
 * start.
 */
async function main(): Promise<number> {
  const config = loadConfig(process.env);
  const quiet = { log: () => undefined, warn: (message: string) => console.error(message) };
  await ensureDatabase(config.databaseUrl);
  await applyMigrations(config.databaseUrl, findMigrationsDir(__dirname), quiet);
  return runApiKeysCommand(process.argv.slice(2), config, (line) => console.log(line));
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error('apikeys failed:', error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
