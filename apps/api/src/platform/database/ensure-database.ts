import { Client, escapeIdentifier } from 'pg';

export type EnsureDatabaseOutcome = 'existed' | 'created';

/** SQLSTATEs that matter here (PostgreSQL, Appendix A). */
const INVALID_CATALOG_NAME = '3D000'; // the database named in the connection does not exist
const DUPLICATE_DATABASE = '42P04';
const UNIQUE_VIOLATION = '23505'; // what a concurrent CREATE DATABASE of the same name can raise

/**
 * Creates the database named in `databaseUrl` if it does not exist yet, so that a fresh machine
 * needs nothing but a running server before `npm start`.
 *
 * It first connects to the target itself: when the database exists (the usual case) that is the
 * whole job, and it needs no rights on any other database. Only when the server answers "no
 * such database" does it connect to the `postgres` database of the same server to create it.
 * Several replicas starting at once may race to create it; losing that race is fine.
 */
export async function ensureDatabase(databaseUrl: string): Promise<EnsureDatabaseOutcome> {
  const target = new URL(databaseUrl);
  const name = databaseNameOf(target);

  if (await databaseExists(databaseUrl)) return 'existed';

  const maintenance = new URL(target.href);
  maintenance.pathname = '/postgres';
  const admin = new Client({ connectionString: maintenance.href });
  // A connection cut by the server says so as an event as well as by the query's rejection: heard, not fatal.
  admin.on('error', () => undefined);
  await admin.connect();
  try {
    // Identifiers cannot be bound as parameters: quote the name so that any character is safe.
    await admin.query(`CREATE DATABASE ${escapeIdentifier(name)}`);
    return 'created';
  } catch (error) {
    if (hasCode(error, DUPLICATE_DATABASE) || hasCode(error, UNIQUE_VIOLATION)) return 'existed';
    throw error;
  } finally {
    await admin.end();
  }
}

/**
 * The database name is the URL's path without its leading slash, decoded with `decodeURI`
 * exactly as pg decodes it, so that the name created is the name pg later connects to.
 */
export function databaseNameOf(url: URL): string {
  const name = decodeURI(url.pathname.replace(/^\//, ''));
  if (!name) {
    // pg would silently fall back to a database named after the user; refuse instead.
    throw new Error('DATABASE_URL names no database (expected .../<database> at its end)');
  }
  return name;
}

async function databaseExists(databaseUrl: string): Promise<boolean> {
  const probe = new Client({ connectionString: databaseUrl });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return true;
  } catch (error) {
    if (hasCode(error, INVALID_CATALOG_NAME)) return false;
    throw error;
  } finally {
    await probe.end().catch(() => undefined);
  }
}

/** Duck-typed rather than `instanceof DatabaseError`, which fails across two copies of pg. */
function hasCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}
