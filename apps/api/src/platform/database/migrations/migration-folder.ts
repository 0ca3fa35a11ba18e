import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** One `<timestamp>_<name>/migration.sql` of the migrations folder, read once. */
export interface MigrationScript {
  /** The folder's name, which is the name `_prisma_migrations.migration_name` records. */
  readonly name: string;
  /** The file decoded as UTF-8, as Prisma reads it; this is what is sent to Postgres. */
  readonly sql: string;
  /** Lowercase hex SHA-256 of the file's bytes, as Prisma writes it to `checksum`. */
  readonly checksum: string;
}

const MIGRATION_FILE = 'migration.sql';

/**
 * Reads every migration of `migrationsDir`, in the order they are applied: by folder name,
 * the timestamp prefix first. Plain files beside the folders (Prisma's `migration_lock.toml`)
 * are not migrations and are skipped.
 *
 * Prisma sorts with `localeCompare`; code-unit order is used here so that the order cannot
 * depend on the machine's locale. The two agree on Prisma's `<14 digits>_<name>` names.
 */
export async function readMigrationFolder(migrationsDir: string): Promise<MigrationScript[]> {
  const entries = await readdir(migrationsDir, { withFileTypes: true });
  const names = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

  return Promise.all(
    names.map(async (name) => {
      const file = path.join(migrationsDir, name, MIGRATION_FILE);
      let bytes: Buffer;
      try {
        bytes = await readFile(file);
      } catch (error) {
        // A folder without its script is a broken checkout, not an empty migration.
        throw new Error(`migration ${name}: cannot read ${file}`, { cause: error });
      }
      return { name, sql: bytes.toString('utf8'), checksum: sha256Hex(bytes) };
    }),
  );
}

/**
 * Whether `checksum` (from `_prisma_migrations`) still describes `script`. Like Prisma's
 * `script_matches_checksum`, a file whose only change is its line endings (LF <-> CRLF, as a
 * git checkout on another OS produces) still matches.
 */
export function checksumMatches(script: MigrationScript, checksum: string): boolean {
  if (script.checksum === checksum) return true;
  return (
    sha256Hex(Buffer.from(script.sql.replace(/\r\n/g, '\n'), 'utf8')) === checksum ||
    sha256Hex(Buffer.from(script.sql.replace(/\n/g, '\r\n'), 'utf8')) === checksum
  );
}

/**
 * Finds `prisma/migrations` by walking up from `startDir`: the same answer from the sources
 * (apps/api/src/..., under vitest) and from the build (dist/apps/api/src/...), whose depths
 * differ. Throws when no ancestor has one, rather than starting on a database without tables.
 */
export function findMigrationsDir(startDir: string): string {
  for (let dir = path.resolve(startDir); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'prisma', 'migrations');
    if (existsSync(candidate) && statSync(candidate).isDirectory()) return candidate;
    if (path.dirname(dir) === dir) break; // the filesystem root
  }
  throw new Error(`no prisma/migrations folder in ${path.resolve(startDir)} or any folder above it ` + '(the migrations must ship with the application)');
}

function sha256Hex(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}
