import { randomBytes } from 'node:crypto';
import { Client, escapeIdentifier } from 'pg';
import { CONFIG_DEFAULTS } from '../../apps/api/src/platform/config/load-config';

/**
 * The server the tests use: DATABASE_URL when set, else the developer default. Only its
 * server part matters; each test names a database of its own on it.
 */
export function testServerUrl(): URL {
  return new URL(process.env['DATABASE_URL'] || CONFIG_DEFAULTS.DATABASE_URL);
}

/** A database name no other test run will pick: taintgate_test_<random>. */
export function uniqueDatabaseName(): string {
  return `taintgate_test_${randomBytes(6).toString('hex')}`;
}

/** The connection string for `name` on the test server (same user, host, port, options). */
export function databaseUrlFor(name: string): string {
  const url = testServerUrl();
  // The URL setter percent-encodes what must be (space, double quote), and pg decodes it back.
  url.pathname = `/${name}`;
  return url.href;
}

/** Runs `work` with a client on the server's `postgres` database, then closes it. */
export async function withMaintenanceClient<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: databaseUrlFor('postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function databaseExists(name: string): Promise<boolean> {
  return withMaintenanceClient(async (client) => {
    const result = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    return result.rowCount === 1;
  });
}

/** Drops `name`, ending any session still connected to it (FORCE, PostgreSQL 13+). */
export async function dropDatabase(name: string): Promise<void> {
  await withMaintenanceClient((client) => client.query(`DROP DATABASE IF EXISTS ${escapeIdentifier(name)} WITH (FORCE)`));
}
