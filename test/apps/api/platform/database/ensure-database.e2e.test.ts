import { afterEach, describe, expect, it } from 'vitest';
import { ensureDatabase } from '../../../../../apps/api/src/platform/database/ensure-database';
import { databaseExists, databaseUrlFor, dropDatabase, uniqueDatabaseName } from '../../../../support/test-database';

describe('ensureDatabase (real Postgres)', () => {
  const created: string[] = [];

  afterEach(async () => {
    await Promise.all(created.splice(0).map(dropDatabase));
  });

  it('creates a missing database once, then finds it', async () => {
    const name = uniqueDatabaseName();
    created.push(name);

    expect(await ensureDatabase(databaseUrlFor(name))).toBe('created');
    expect(await databaseExists(name)).toBe(true);
    expect(await ensureDatabase(databaseUrlFor(name))).toBe('existed');
  });

  it('quotes the name: capitals, spaces and a double quote survive as written', async () => {
    const name = `${uniqueDatabaseName()}_Mixed "Q"; x`;
    created.push(name);

    expect(await ensureDatabase(databaseUrlFor(name))).toBe('created');
    expect(await databaseExists(name)).toBe(true);
    // Connecting finds it: the name pg reads from the URL is the name that was created.
    expect(await ensureDatabase(databaseUrlFor(name))).toBe('existed');
  });

  it('refuses a URL that names no database', async () => {
    await expect(ensureDatabase('postgresql://postgres@127.0.0.1:5432/')).rejects.toThrow(/names no database/);
  });
});
