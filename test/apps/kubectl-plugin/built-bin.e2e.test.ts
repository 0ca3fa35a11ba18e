import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiFixture } from '../../support/api-test-app';
import { PluginRunner } from './plugin-runner';

const ROOT = path.resolve(__dirname, '../../..');
const PLUGIN = 'apps/kubectl-plugin';
const BIN = `${PLUGIN}/bin/kubectl-taintgate.js`;
const run = promisify(execFile);

/**
 * The bin of apps/kubectl-plugin/package.json as `npm run build && npm link -w kubectl-taintgate`
 * installs it: the plugin compiled as the build compiles it (tsconfig.build.json, then tsc-alias
 * for `@taintgate/domain`), here into a folder of the test's own laid out as the repository is
 * (dist/ beside apps/), and `bin/kubectl-taintgate.js` linked onto PATH as npm links a bin.
 */
describe('the kubectl-taintgate bin, run from the build', () => {
  const t = useApiFixture();
  let dir = '';
  let plugin: PluginRunner;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'taintgate-plugin-build-'));
    const fromDir = (target: string) => path.relative(dir, path.join(ROOT, target));
    // Relative paths throughout: tsc-alias reads an absolute outDir, and `paths` inherited from
    // another folder's tsconfig, against the folder of the tsconfig it is given.
    const tsconfig = {
      extends: fromDir('tsconfig.build.json'),
      compilerOptions: {
        rootDir: fromDir('.'),
        outDir: './dist',
        sourceMap: false,
        typeRoots: [fromDir('node_modules/@types')],
        paths: { '@taintgate/domain': [fromDir('libs/domain/src/index.ts')] },
      },
      include: [],
      files: [fromDir(`${PLUGIN}/src/main.ts`)],
    };
    await writeFile(path.join(dir, 'tsconfig.json'), JSON.stringify(tsconfig));
    const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);
    await run(bin('tsc'), ['-p', path.join(dir, 'tsconfig.json')], { cwd: dir });
    await run(bin('tsc-alias'), ['-p', path.join(dir, 'tsconfig.json')], { cwd: dir });
    await mkdir(path.dirname(path.join(dir, BIN)), { recursive: true });
    await copyFile(path.join(ROOT, BIN), path.join(dir, BIN));
    await symlink(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));

    plugin = await PluginRunner.create();
    // In place of the runner's own vite-node script: a link to the bin, as `npm link` makes one.
    await rm(path.join(plugin.bin, 'kubectl-taintgate'));
    await symlink(path.join(dir, BIN), path.join(plugin.bin, 'kubectl-taintgate'));
    await t.app.listen(0, '127.0.0.1');
    await plugin.kubeconfig({ server: (await t.app.getUrl()).replace('[::1]', '127.0.0.1') });
    await t.api.putNode('n1', { metadata: { name: 'n1' }, spec: { taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] } });
  }, 120_000);
  afterAll(async () => {
    await plugin?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('kubectl finds it and runs it: the answer, and the exit status', async () => {
    expect((await plugin.kubectl(['plugin', 'list'])).stdout).toContain(`${plugin.bin}/kubectl-taintgate`);
    const where = await plugin.run(['where', '-f', '-'], { input: 'kind: Pod\nmetadata: {name: web}\nspec: {containers: [{name: c, image: nginx}]}\n' });
    expect(where.stderr).toBe('');
    expect(where.code).toBe(1);
    expect(where.stdout).toBe(
      [
        'NODE   FEASIBLE   SCORE    REASONS',
        'n1     false      <none>   untolerated taint dedicated=gpu:NoSchedule; node has no status.allocatable: taken as unlimited, resources not checked',
        '',
        // The plugin prints the legacy line (detail), DefaultPreemption's words after it.
        '0/1 nodes are available: 1 node(s) had untolerated taint {dedicated: gpu}. preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.',
        '',
      ].join('\n'),
    );
  });
});
