import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client, escapeIdentifier } from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findMigrationsDir } from '../../../../../apps/api/src/platform/database/migrations/migration-folder';
import { applyMigrations, type MigrationLog } from '../../../../../apps/api/src/platform/database/migrations/migration-runner';
import { databaseUrlFor, dropDatabase, uniqueDatabaseName, withMaintenanceClient } from '../../../../support/test-database';

/** Each test: an empty database of its own and an empty migrations folder in a folder of its own in the OS's tmp (where database-rules.sql may go beside it). */
let databaseName: string;
let databaseUrl: string;
let root: string;
let migrationsDir: string;

beforeEach(async () => {
  databaseName = uniqueDatabaseName();
  databaseUrl = databaseUrlFor(databaseName);
  await withMaintenanceClient((client) => client.query(`CREATE DATABASE ${escapeIdentifier(databaseName)}`));
  root = await mkdtemp(path.join(os.tmpdir(), 'taintgate-migrations-'));
  migrationsDir = path.join(root, 'migrations');
  await mkdir(migrationsDir);
});

afterEach(async () => {
  await dropDatabase(databaseName);
  await rm(root, { recursive: true, force: true });
});

async function writeMigration(name: string, sql: string): Promise<string> {
  await mkdir(path.join(migrationsDir, name), { recursive: true });
  await writeFile(path.join(migrationsDir, name, 'migration.sql'), sql);
  return createHash('sha256').update(sql).digest('hex');
}

async function query<Row extends Record<string, unknown>>(sql: string): Promise<Row[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<Row>(sql)).rows;
  } finally {
    await client.end();
  }
}

interface MigrationRow extends Record<string, unknown> {
  id: string;
  checksum: string;
  migration_name: string;
  started_at: Date;
  finished_at: Date | null;
  rolled_back_at: Date | null;
  logs: string | null;
  applied_steps_count: number;
}

const migrationRows = (): Promise<MigrationRow[]> => query<MigrationRow>('SELECT * FROM _prisma_migrations ORDER BY started_at, migration_name');

/** A log that keeps what it was told, for the assertions. */
function recordingLog(): MigrationLog & { warnings: string[] } {
  const warnings: string[] = [];
  return { warnings, log: () => undefined, warn: (message) => warnings.push(message) };
}

const A = '20260101000000_create_nodes';
const B = '20260102000000_add_taints';
const C = '20260103000000_add_pods';

describe('applyMigrations (real Postgres)', () => {
  it('creates _prisma_migrations with Prisma DDL, applies in name order, writes each row as Prisma does', async () => {
    // Written in reverse: the order must come from the names, and B needs A's table.
    const checksumB = await writeMigration(B, 'ALTER TABLE nodes ADD COLUMN taints jsonb;\n');
    const checksumA = await writeMigration(A, 'CREATE TABLE nodes (name text PRIMARY KEY);\n');
    // Not a migration: Prisma keeps its lock file beside the folders.
    await writeFile(path.join(migrationsDir, 'migration_lock.toml'), 'provider = "postgresql"\n');

    expect(await applyMigrations(databaseUrl, migrationsDir, recordingLog())).toEqual([A, B]);

    const rows = await migrationRows();
    expect(rows.map((row) => row.migration_name)).toEqual([A, B]);
    for (const [row, checksum] of [
      [rows[0]!, checksumA],
      [rows[1]!, checksumB],
    ] as const) {
      expect(row.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(row.checksum).toBe(checksum);
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.finished_at!.getTime()).toBeGreaterThanOrEqual(row.started_at.getTime());
      expect(row.applied_steps_count).toBe(1);
      expect(row.logs).toBeNull();
      expect(row.rolled_back_at).toBeNull();
    }
    expect(await query("SELECT column_name FROM information_schema.columns WHERE table_name = 'nodes' ORDER BY ordinal_position")).toEqual([
      { column_name: 'name' },
      { column_name: 'taints' },
    ]);

    // The table's shape is the engine's, column for column.
    const columns = await query(`
      SELECT column_name, data_type, character_maximum_length AS length, is_nullable, column_default
        FROM information_schema.columns
       WHERE table_schema = 'public' AND table_name = '_prisma_migrations'
       ORDER BY ordinal_position`);
    expect(columns).toEqual([
      { column_name: 'id', data_type: 'character varying', length: 36, is_nullable: 'NO', column_default: null },
      { column_name: 'checksum', data_type: 'character varying', length: 64, is_nullable: 'NO', column_default: null },
      { column_name: 'finished_at', data_type: 'timestamp with time zone', length: null, is_nullable: 'YES', column_default: null },
      { column_name: 'migration_name', data_type: 'character varying', length: 255, is_nullable: 'NO', column_default: null },
      { column_name: 'logs', data_type: 'text', length: null, is_nullable: 'YES', column_default: null },
      { column_name: 'rolled_back_at', data_type: 'timestamp with time zone', length: null, is_nullable: 'YES', column_default: null },
      { column_name: 'started_at', data_type: 'timestamp with time zone', length: null, is_nullable: 'NO', column_default: 'now()' },
      { column_name: 'applied_steps_count', data_type: 'integer', length: null, is_nullable: 'NO', column_default: '0' },
    ]);
    expect(
      await query(`SELECT conname, pg_get_constraintdef(oid) AS def FROM pg_constraint
                    WHERE conrelid = '_prisma_migrations'::regclass`),
    ).toEqual([{ conname: '_prisma_migrations_pkey', def: 'PRIMARY KEY (id)' }]);
  });

  it('applies database-rules.sql beside the folder after the migrations, at every run (what schema.prisma cannot say: a trigger)', async () => {
    await writeMigration(A, 'CREATE TABLE nodes (name text PRIMARY KEY);');
    await writeFile(
      path.join(root, 'database-rules.sql'),
      `CREATE OR REPLACE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END; $$;
DROP TRIGGER IF EXISTS refuse ON nodes;
CREATE TRIGGER refuse BEFORE DELETE ON nodes FOR EACH ROW EXECUTE FUNCTION refuse();`,
    );
    expect(await applyMigrations(databaseUrl, migrationsDir, recordingLog())).toEqual([A]);
    // Again with nothing pending: the rules are applied anew, idempotently.
    expect(await applyMigrations(databaseUrl, migrationsDir, recordingLog())).toEqual([]);
    await query("INSERT INTO nodes VALUES ('n1')");
    await expect(query('DELETE FROM nodes')).rejects.toThrow('refused');
    expect(await query<{ n: number }>("SELECT count(*)::int AS n FROM pg_trigger WHERE tgname = 'refuse'")).toEqual([{ n: 1 }]);
  });

  it('applies nothing the second time, and a migration added later alone', async () => {
    await writeMigration(A, 'CREATE TABLE nodes (name text PRIMARY KEY);');
    await writeMigration(B, 'ALTER TABLE nodes ADD COLUMN taints jsonb;');
    expect(await applyMigrations(databaseUrl, migrationsDir, recordingLog())).toEqual([A, B]);

    expect(await applyMigrations(databaseUrl, migrationsDir, recordingLog())).toEqual([]);
    expect(await migrationRows()).toHaveLength(2);

    await writeMigration(C, 'CREATE TABLE pods (name text PRIMARY KEY);');
    expect(await applyMigrations(databaseUrl, migrationsDir, recordingLog())).toEqual([C]);
    const rows = await migrationRows();
    expect(rows.map((row) => [row.migration_name, row.applied_steps_count])).toEqual([
      [A, 1],
      [B, 1],
      [C, 1],
    ]);
  });

  it('records a failed migration (rolled back whole, error in logs) and then refuses to run (P3009)', async () => {
    await writeMigration(A, 'CREATE TABLE nodes (name text PRIMARY KEY);');
    // Its first statement succeeds, its second fails: one implicit transaction, so neither stays.
    await writeMigration(B, 'CREATE TABLE taints (key text);\nSELECT 1 / 0;\n');

    const failure = applyMigrations(databaseUrl, migrationsDir, recordingLog());
    await expect(failure).rejects.toMatchObject({ code: 'P3018', migrationName: B });
    await expect(failure).rejects.toThrow(new RegExp(`Migration name: ${B}[\\s\\S]*22012[\\s\\S]*division by zero`));

    const rows = await migrationRows();
    expect(rows.map((row) => row.migration_name)).toEqual([A, B]);
    const failed = rows[1]!;
    expect(failed.finished_at).toBeNull();
    expect(failed.rolled_back_at).toBeNull();
    expect(failed.applied_steps_count).toBe(0);
    expect(failed.logs).toContain(`Migration name: ${B}`);
    expect(failed.logs).toContain('Database error code: 22012');
    expect(failed.logs).toContain('ERROR: division by zero');
    expect(await query("SELECT to_regclass('taints') AS t")).toEqual([{ t: null }]);

    // Even with a good migration pending, nothing runs until the failure is resolved.
    await writeMigration(C, 'CREATE TABLE pods (name text PRIMARY KEY);');
    const refusal = applyMigrations(databaseUrl, migrationsDir, recordingLog());
    await expect(refusal).rejects.toMatchObject({ code: 'P3009', migrationNames: [B] });
    await expect(refusal).rejects.toThrow(
      new RegExp(
        `^P3009: migrate found failed migrations in the target database[\\s\\S]*The \`${B}\` migration started at .* UTC failed with the following logs:`,
      ),
    );
    expect(await migrationRows()).toHaveLength(2);
    expect(await query("SELECT to_regclass('pods') AS t")).toEqual([{ t: null }]);
  });

  it('still records the error when the failing file opened its own transaction', async () => {
    // The session is left in an aborted transaction; the runner must get out of it to write logs.
    await writeMigration(A, 'BEGIN;\nCREATE TABLE nodes (name text PRIMARY KEY);\nSELECT 1 / 0;\nCOMMIT;\n');
    await expect(applyMigrations(databaseUrl, migrationsDir, recordingLog())).rejects.toMatchObject({
      code: 'P3018',
      migrationName: A,
    });
    const [row] = await migrationRows();
    expect(row).toMatchObject({ migration_name: A, finished_at: null, applied_steps_count: 0 });
    expect(row!.logs).toContain('division by zero');
    expect(await query("SELECT to_regclass('nodes') AS t")).toEqual([{ t: null }]);
  });

  it('re-applies a migration whose failed row was marked rolled back, keeping the old row', async () => {
    await writeMigration(A, 'SELECT 1 / 0;');
    await expect(applyMigrations(databaseUrl, migrationsDir, recordingLog())).rejects.toMatchObject({ code: 'P3018' });

    // What `prisma migrate resolve --rolled-back` does; then the file is fixed.
    await query(`UPDATE _prisma_migrations SET rolled_back_at = now() WHERE migration_name = '${A}'`);
    const fixedChecksum = await writeMigration(A, 'CREATE TABLE nodes (name text PRIMARY KEY);');

    expect(await applyMigrations(databaseUrl, migrationsDir, recordingLog())).toEqual([A]);
    const rows = await migrationRows();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ migration_name: A, finished_at: null, applied_steps_count: 0 });
    expect(rows[0]!.rolled_back_at).toBeInstanceOf(Date);
    expect(rows[1]).toMatchObject({ migration_name: A, checksum: fixedChecksum, rolled_back_at: null, applied_steps_count: 1 });
    expect(rows[1]!.finished_at).toBeInstanceOf(Date);
  });

  it('two runners at once apply each migration exactly once (advisory lock)', async () => {
    // Slow enough that the second runner arrives while the first holds the lock; a second
    // CREATE TABLE of the same name would fail, so a double application cannot go unseen.
    await writeMigration(A, 'SELECT pg_sleep(0.3);\nCREATE TABLE nodes (name text PRIMARY KEY);');
    await writeMigration(B, 'CREATE TABLE pods (name text PRIMARY KEY);');

    const results = await Promise.all([
      applyMigrations(databaseUrl, migrationsDir, recordingLog()),
      applyMigrations(databaseUrl, migrationsDir, recordingLog()),
    ]);

    expect(results.flat().sort()).toEqual([A, B]);
    expect(results.map((names) => names.length).sort()).toEqual([0, 2]);
    expect((await migrationRows()).map((row) => row.migration_name)).toEqual([A, B]);
  });

  it('only warns when an applied migration file has changed since (not for line endings alone)', async () => {
    await writeMigration(A, 'CREATE TABLE nodes (name text PRIMARY KEY);\n');
    await writeMigration(B, 'CREATE TABLE pods (name text PRIMARY KEY);\n');
    const recorded = await applyMigrations(databaseUrl, migrationsDir, recordingLog());
    expect(recorded).toEqual([A, B]);

    await writeMigration(A, 'CREATE TABLE nodes (name text PRIMARY KEY, edited int);\n');
    await writeMigration(B, 'CREATE TABLE pods (name text PRIMARY KEY);\r\n'); // a Windows checkout
    const log = recordingLog();
    expect(await applyMigrations(databaseUrl, migrationsDir, log)).toEqual([]);
    expect(log.warnings).toHaveLength(1);
    expect(log.warnings[0]).toMatch(new RegExp(`migration ${A} was modified after it was applied`));
    expect(await migrationRows()).toHaveLength(2);
  });

  it('fails, naming the migration, when a migration folder has no migration.sql', async () => {
    await mkdir(path.join(migrationsDir, A));
    await expect(applyMigrations(databaseUrl, migrationsDir, recordingLog())).rejects.toThrow(new RegExp(`migration ${A}: cannot read`));
  });
});

describe('findMigrationsDir', () => {
  it('walks up from a nested folder to the nearest prisma/migrations, and fails when there is none', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'taintgate-root-'));
    try {
      const nested = path.join(root, 'dist', 'apps', 'api', 'src');
      await mkdir(nested, { recursive: true });
      expect(() => findMigrationsDir(nested)).toThrow(/no prisma\/migrations folder/);

      await mkdir(path.join(root, 'prisma', 'migrations'), { recursive: true });
      expect(findMigrationsDir(nested)).toBe(path.join(root, 'prisma', 'migrations'));
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
