/**
 * The two ways applying migrations stops, worded and coded as Prisma's schema engine words
 * them (user-facing errors P3009 and P3018), so that whoever has met them from
 * `prisma migrate deploy` recognises them and knows `prisma migrate resolve` is the way out.
 */

const RESOLVE_HINT = 'Read more about how to resolve migration issues in a production database: https://pris.ly/d/migrate-resolve';

/** A row of `_prisma_migrations` that was started and neither finished nor rolled back. */
export interface FailedMigrationRow {
  readonly migrationName: string;
  readonly startedAt: Date;
  readonly logs: string | null;
}

/** P3009: an earlier migration failed, so no migration is applied until it is resolved. */
export class FailedMigrationsFoundError extends Error {
  readonly code = 'P3009';
  readonly migrationNames: readonly string[];

  constructor(failed: readonly FailedMigrationRow[]) {
    const details = failed
      .map((row) => {
        const logs = row.logs?.trim();
        return (
          `The \`${row.migrationName}\` migration started at ${prismaTimestamp(row.startedAt)} failed` + (logs ? ` with the following logs:\n${logs}` : '')
        );
      })
      .join('\n');
    super(`P3009: migrate found failed migrations in the target database, new migrations will not be applied. ${RESOLVE_HINT}\n${details}`);
    this.name = 'FailedMigrationsFoundError';
    this.migrationNames = failed.map((row) => row.migrationName);
  }
}

/** P3018: the migration's script failed; its implicit transaction rolled it back entirely. */
export class MigrationFailedError extends Error {
  readonly code = 'P3018';

  constructor(
    readonly migrationName: string,
    readonly databaseErrorCode: string,
    readonly databaseError: string,
  ) {
    super(`P3018: ${migrationFailedReport(migrationName, databaseErrorCode, databaseError)}`);
    this.name = 'MigrationFailedError';
  }
}

/** The text the engine writes to `_prisma_migrations.logs` for a failed script (P3018's). */
export function migrationFailedReport(migrationName: string, databaseErrorCode: string, databaseError: string): string {
  return (
    `A migration failed to apply. New migrations cannot be applied before the error is recovered from. ${RESOLVE_HINT}\n\n` +
    `Migration name: ${migrationName}\n\n` +
    `Database error code: ${databaseErrorCode}\n\n` +
    `Database error:\n${databaseError}\n`
  );
}

/** `2025-10-19 19:00:17.412 UTC`: how the engine prints `started_at` (chrono's UTC display). */
function prismaTimestamp(date: Date): string {
  return date.toISOString().replace('T', ' ').replace('Z', ' UTC');
}
