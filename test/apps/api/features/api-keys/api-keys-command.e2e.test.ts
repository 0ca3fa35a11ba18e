import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { runApiKeysCommand } from '../../../../../apps/api/src/features/api-keys/api-keys-command';
import { loadConfig } from '../../../../../apps/api/src/platform/config/load-config';
import { useApiFixture } from '../../../../support/api-test-app';

describe('npm run apikeys', () => {
  const t = useApiFixture({ TAINTGATE_AUTH: 'on' });
  const run = async (...args: string[]) => {
    const lines: string[] = [];
    const code = await runApiKeysCommand(args, loadConfig({ DATABASE_URL: t.databaseUrl }), (line) => lines.push(line));
    return { code, lines };
  };

  it('creates a key the service takes, lists it without the key, and revokes it', async () => {
    const created = await run('create', 'pipeline', '--role', 'operator');
    expect(created.code).toBe(0);
    expect(created.lines[0]).toBe('apikey/pipeline created with the operator role on every cluster; the key is shown only now:');
    const key = created.lines[1] ?? '';
    expect(key).toMatch(/^tg_/);
    expect((await t.api.as(key).put('/v1/nodes/n1', { metadata: { name: 'n1' } })).statusCode).toBe(201);

    const listed = await run('list');
    expect(listed.lines[0]).toBe('NAME\tROLE\tCLUSTERS\tPREFIX\tREVOKED\tCREATED');
    expect(listed.lines[1]).toMatch(new RegExp(`^pipeline\toperator\t\\*\t${key.slice(0, 9)}\tfalse\t\\d{4}-`));
    expect(listed.lines.join('\n')).not.toContain(key);

    expect(await run('revoke', 'pipeline')).toEqual({ code: 0, lines: ['apikey/pipeline revoked'] });
    // The service caches a key for up to 5 s; the command revokes from outside it.
    await new Promise((resolve) => setTimeout(resolve, 5_100));
    expect((await t.api.as(key).get('/v1/nodes')).statusCode).toBe(401);
  });

  it('says what is wrong, with the field, and exits non-zero', async () => {
    expect(await run('create', 'x', '--role', 'root')).toEqual({
      code: 1,
      lines: ['error: spec.role: Unsupported value: "root": supported values: "viewer", "operator", "admin"'],
    });
    expect((await run('create', 'x')).code).toBe(2);
    expect((await run('delete', 'x')).code).toBe(2);
    expect(await run('revoke', 'nobody')).toEqual({ code: 1, lines: ['error: apikeys "nobody" not found'] });
  });

  it('runs as an npm script, making and migrating the database first', async () => {
    const { stdout } = await promisify(execFile)('npm', ['run', '-s', 'apikeys', '--', 'create', 'from-shell', '--role', 'viewer'], {
      env: { ...process.env, DATABASE_URL: t.databaseUrl },
    });
    const [line, key] = stdout.trim().split('\n');
    expect(line).toBe('apikey/from-shell created with the viewer role on every cluster; the key is shown only now:');
    expect((await t.api.as(key).get('/v1/nodes')).statusCode).toBe(200);
  }, 60_000);
});
