import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Client } from 'pg';
import { type FailedMigrationRow, FailedMigrationsFoundError, MigrationFailedError, migrationFailedReport } from './migration-errors';
import { checksumMatches, type MigrationScript, readMigrationFolder } from './migration-folder';

/** Where the runner reports; Nest's `Logger` fits, and so does `console`. */
export interface MigrationLog {
  log(message: string): void;
  warn(message: string): void;
}

/**
 * The key `prisma migrate` locks (schema engine, `acquire_lock`): using the same one means
 * this runner, another replica running it, and a `prisma migrate deploy` run elsewhere all
 * wait for one another instead of applying the same migration twice.
 */
const PRISMA_MIGRATE_LOCK_KEY = 72707369;

/**
 * The schema engine's own DDL for the table, copied verbatim (prisma-engines,
 * schema-engine/connectors/sql-schema-connector/src/flavour/postgres.rs,
 * `create_migrations_table`), so that Prisma finds exactly the table it would have made.
 */
const CREATE_MIGRATIONS_TABLE = `CREATE TABLE _prisma_migrations (
    id                      VARCHAR(36) PRIMARY KEY NOT NULL,
    checksum                VARCHAR(64) NOT NULL,
    finished_at             TIMESTAMPTZ,
    migration_name          VARCHAR(255) NOT NULL,
    logs                    TEXT,
    rolled_back_at          TIMESTAMPTZ,
    started_at              TIMESTAMPTZ NOT NULL DEFAULT now(),
    applied_steps_count     INTEGER NOT NULL DEFAULT 0
);
`;

interface MigrationRow {
  migration_name: string;
  checksum: string;
  started_at: Date;
  finished_at: Date | null;
  rolled_back_at: Date | null;
  logs: string | null;
}

const consoleLog: MigrationLog = { log: console.log, warn: console.warn };

/**
 * Applies the pending migrations of `migrationsDir` to the database of `databaseUrl` and
 * returns their names, in the order applied. It does what `prisma migrate deploy` does (the
 * Prisma CLI cannot run its schema engine on these machines), writing `_prisma_migrations`
 * the same way, so that Prisma run anywhere else agrees on what is applied:
 *
 * - everything happens under Prisma's advisory lock, on one dedicated connection;
 * - the table is created, with Prisma's DDL, when missing;
 * - a row started but neither finished nor rolled back (a failed migration) stops the run
 *   before anything is applied (P3009), until someone resolves it;
 * - a migration is pending when no row of its name has a null `rolled_back_at`;
 * - each pending one gets its row, then runs as one simple query, so Postgres runs the whole
 *   file in one implicit transaction: it applies entirely or not at all; then the row gets
 *   `applied_steps_count` 1 and `finished_at`, or the error in `logs` and the run stops (P3018).
 *
 * An applied migration whose file has changed since is only reported, as Prisma does.
 */
export async function applyMigrations(databaseUrl: string, migrationsDir: string, log: MigrationLog = consoleLog): Promise<string[]> {
  // Read before connecting: a broken checkout fails without touching the database.
  const scripts = await readMigrationFolder(migrationsDir);
  const rules = await readDatabaseRules(migrationsDir);

  const client = new Client({ connectionString: databaseUrl });
  // A connection dropped mid-run makes the pending query reject; without a listener the
  // 'error' event would also crash the process.
  client.on('error', (error) => log.warn(`migration connection lost: ${error.message}`));
  await client.connect();
  try {
    // Session-level: held across the statements (and implicit transactions) that follow.
    await client.query('SELECT pg_advisory_lock($1)', [PRISMA_MIGRATE_LOCK_KEY]);
    try {
      return await applyUnderLock(client, scripts, rules, log);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [PRISMA_MIGRATE_LOCK_KEY]).catch(() => undefined); // closing the session below releases it all the same
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function applyUnderLock(client: Client, scripts: readonly MigrationScript[], rules: string | undefined, log: MigrationLog): Promise<string[]> {
  await ensureMigrationsTable(client);

  const rows = (
    await client.query<MigrationRow>(
      `SELECT migration_name, checksum, started_at, finished_at, rolled_back_at, logs
         FROM _prisma_migrations ORDER BY started_at`,
    )
  ).rows;

  const failed: FailedMigrationRow[] = rows
    .filter((row) => row.finished_at === null && row.rolled_back_at === null)
    .map((row) => ({ migrationName: row.migration_name, startedAt: row.started_at, logs: row.logs }));
  if (failed.length > 0) throw new FailedMigrationsFoundError(failed);

  warnAboutEditedMigrations(scripts, rows, log);

  const current = new Set(rows.filter((row) => row.rolled_back_at === null).map((row) => row.migration_name));
  const pending = scripts.filter((script) => !current.has(script.name));

  const applied: string[] = [];
  for (const script of pending) {
    log.log(`applying migration ${script.name}`);
    await applyOne(client, script);
    applied.push(script.name);
  }
  // What the tables the migrations built are held to beyond them (the audit trail's triggers).
  if (rules !== undefined) await client.query(rules);
  return applied;
}

/**
 * Creates the table unless the connection's current schema (where the unqualified CREATE
 * puts it, and where Prisma looks) already has it. The advisory lock makes check-then-create
 * safe against another runner.
 */
async function ensureMigrationsTable(client: Client): Promise<void> {
  const existing = await client.query(
    `SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relname = '_prisma_migrations' AND c.relkind = 'r' AND n.nspname = current_schema()`,
  );
  if (existing.rowCount === 0) await client.query(CREATE_MIGRATIONS_TABLE);
}

async function applyOne(client: Client, script: MigrationScript): Promise<void> {
  const id = randomUUID();
  // started_at takes the column's default, now().
  await client.query('INSERT INTO _prisma_migrations (id, checksum, migration_name) VALUES ($1, $2, $3)', [id, script.checksum, script.name]);

  try {
    // No parameters: pg sends it as a simple query, so a file of many statements runs as one
    // implicit transaction (unless the file itself says BEGIN/COMMIT), as the engine runs it.
    await client.query(script.sql);
  } catch (error) {
    const { code, text } = describeDatabaseError(error);
    // A file with its own BEGIN that failed leaves the session in an aborted transaction,
    // where even the logs update below would fail. Outside a transaction this is a no-op
    // (Postgres only warns).
    await client.query('ROLLBACK');
    await client.query('UPDATE _prisma_migrations SET logs = $2 WHERE id = $1', [id, migrationFailedReport(script.name, code, text)]);
    throw new MigrationFailedError(script.name, code, text);
  }

  await client.query('UPDATE _prisma_migrations SET applied_steps_count = 1, finished_at = now() WHERE id = $1', [id]);
}

/** Warns about each applied migration whose file no longer matches the checksum recorded. */
function warnAboutEditedMigrations(scripts: readonly MigrationScript[], rows: readonly MigrationRow[], log: MigrationLog): void {
  const byName = new Map(scripts.map((script) => [script.name, script]));
  for (const row of rows) {
    if (row.finished_at === null || row.rolled_back_at !== null) continue;
    const script = byName.get(row.migration_name);
    if (script && !checksumMatches(script, row.checksum)) {
      log.warn(
        `migration ${row.migration_name} was modified after it was applied ` +
          `(checksum ${row.checksum} recorded, ${script.checksum} on disk); it is not applied again`,
      );
    }
  }
}

/** SQLSTATE and the server's wording (`ERROR: ...`, with its detail and hint) of a pg error. */
function describeDatabaseError(error: unknown): { code: string; text: string } {
  const e = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    severity?: unknown;
    message?: unknown;
    detail?: unknown;
    hint?: unknown;
  };
  const message = typeof e.message === 'string' ? e.message : String(error);
  const lines = [typeof e.severity === 'string' ? `${e.severity}: ${message}` : message];
  if (typeof e.detail === 'string') lines.push(`DETAIL: ${e.detail}`);
  if (typeof e.hint === 'string') lines.push(`HINT: ${e.hint}`);
  return { code: typeof e.code === 'string' ? e.code : 'none', text: lines.join('\n') };
}

/**
 * database-rules.sql beside the migrations folder (prisma/database-rules.sql), if there is one:
 * what schema.prisma cannot describe (triggers), applied after the migrations on every run.
 */
async function readDatabaseRules(migrationsDir: string): Promise<string | undefined> {
  try {
    return await readFile(path.join(migrationsDir, '..', 'database-rules.sql'), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
