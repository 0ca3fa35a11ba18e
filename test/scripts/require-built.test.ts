import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

// `npm run serve` starts the built service without building; before any build it must say what
// to run, not fail with node's module-not-found stack.

const SCRIPT = path.resolve(__dirname, '../../scripts/require-built.js');
const run = promisify(execFile);
const folder = mkdtempSync(path.join(os.tmpdir(), 'require-built-'));

/** Exit status and stderr of the script run on `file`. */
async function check(file: string): Promise<{ status: number; stderr: string }> {
  try {
    const { stderr } = await run(process.execPath, [SCRIPT, file]);
    return { status: 0, stderr };
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    return { status: failed.code, stderr: failed.stderr };
  }
}

describe('scripts/require-built.js', () => {
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('lets the service start when its compiled entry point exists', async () => {
    const main = path.join(folder, 'main.js');
    writeFileSync(main, '');
    expect(await check(main)).toEqual({ status: 0, stderr: '' });
  });

  it('says there is no build yet, and what to run, when it does not', async () => {
    const { status, stderr } = await check(path.join(folder, 'dist', 'main.js'));
    expect(status).toBe(1);
    expect(stderr).toContain(`${path.join(folder, 'dist', 'main.js')} is missing: there is no build to serve yet.`);
    expect(stderr).toContain('Run `npm run build` and then `npm run serve`, or `npm start`, which builds and serves.');
  });
});
