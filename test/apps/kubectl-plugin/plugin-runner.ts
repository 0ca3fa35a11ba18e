import { execFile, spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { type KubectlRun, RunningKubectl } from '../../support/kubectl';

const ROOT = path.resolve(__dirname, '../../..');

/**
 * `kubectl taintgate ...` run by the machine's real kubectl, which finds the plugin on PATH: a
 * `kubectl-taintgate` in a temporary folder that runs apps/kubectl-plugin/src/main.ts bundled once
 * by esbuild into that folder (so no build is needed, and a run starts in a tenth of a second
 * where vite-node compiled the plugin anew for each of the file's runs; the bin of
 * package.json runs the same source from `npm run build`'s dist/). HOME is the folder too, so
 * ~/.kube/config is the test's own.
 */
export class PluginRunner {
  readonly bin: string;
  readonly home: string;

  private constructor(readonly dir: string) {
    this.bin = path.join(dir, 'bin');
    this.home = path.join(dir, 'home');
  }

  static async create(): Promise<PluginRunner> {
    const runner = new PluginRunner(await mkdtemp(path.join(tmpdir(), 'taintgate-plugin-')));
    await mkdir(runner.bin);
    await mkdir(path.join(runner.home, '.kube'), { recursive: true });
    const plugin = path.join(runner.bin, 'kubectl-taintgate');
    const bundle = path.join(runner.dir, 'kubectl-taintgate.cjs');
    await build({
      entryPoints: [path.join(ROOT, 'apps/kubectl-plugin/src/main.ts')],
      outfile: bundle,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: `node${process.versions.node.split('.')[0]}`,
      sourcemap: 'inline',
      logLevel: 'error',
    });
    await writeFile(plugin, `#!/bin/sh\nexec '${process.execPath}' --enable-source-maps '${bundle}' "$@"\n`);
    await chmod(plugin, 0o755);
    return runner;
  }

  /** Writes a kubeconfig of one context (server, token, CA or insecure-skip-tls-verify): ~/.kube/config, or the file named. */
  async kubeconfig(cluster: { server: string; token?: string; ca?: string; insecure?: boolean; namespace?: string }, file?: string): Promise<string> {
    const target = file ?? path.join(this.home, '.kube', 'config');
    const trust = cluster.ca
      ? `\n    certificate-authority-data: ${Buffer.from(cluster.ca).toString('base64')}`
      : cluster.insecure
        ? '\n    insecure-skip-tls-verify: true'
        : '';
    await writeFile(
      target,
      `apiVersion: v1
kind: Config
clusters:
- name: taintgate
  cluster:
    server: ${cluster.server}${trust}
users:
- name: taintgate
  user:${cluster.token ? `\n    token: ${cluster.token}` : ' {}'}
contexts:
- name: taintgate
  context:
    cluster: taintgate
    user: taintgate${cluster.namespace ? `\n    namespace: ${cluster.namespace}` : ''}
current-context: taintgate
`,
    );
    return target;
  }

  /** A file in the test's folder. */
  async file(name: string, text: string): Promise<string> {
    const target = path.join(this.dir, name);
    await writeFile(target, text);
    return target;
  }

  private env(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
    return { PATH: `${this.bin}${path.delimiter}${process.env.PATH ?? ''}`, HOME: this.home, ...extra };
  }

  /** `kubectl ARGS...` to its end (`taintgate ...`, or `plugin list`), `input` on stdin. */
  kubectl(args: readonly string[], options: { input?: string; env?: NodeJS.ProcessEnv } = {}): Promise<KubectlRun> {
    return new Promise((resolve) => {
      const child = execFile('kubectl', args, { env: this.env(options.env ?? {}), timeout: 60_000 }, (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      });
      child.stdin?.end(options.input);
    });
  }

  /** `kubectl taintgate ARGS...` to its end. */
  run(args: readonly string[], options: { input?: string; env?: NodeJS.ProcessEnv } = {}): Promise<KubectlRun> {
    return this.kubectl(['taintgate', ...args], options);
  }

  /** `kubectl taintgate ARGS...` left running (`evictions --watch`) until stop(). */
  start(args: readonly string[]): RunningKubectl {
    const child = spawn('kubectl', ['taintgate', ...args], { env: this.env({}), stdio: ['ignore', 'pipe', 'pipe'] });
    return new RunningKubectl(child);
  }

  async close(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }
}
