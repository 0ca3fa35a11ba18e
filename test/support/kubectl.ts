import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The machine's real kubectl binaries, run against a taintgate that listens on loopback, each
 * with a kubeconfig and a discovery cache of its own (in a temporary folder, removed by close()).
 */

/** The oldest and the newest kubectl the machine has, and the one on PATH. */
export const KUBECTLS = [
  { version: '1.27', binary: '/usr/lib/google-cloud-sdk/bin/kubectl.1.27' },
  { version: '1.32', binary: 'kubectl' },
  { version: '1.33', binary: '/usr/lib/google-cloud-sdk/bin/kubectl.1.33' },
].filter((k) => k.binary === 'kubectl' || existsSync(k.binary));

export interface KubectlRun {
  code: number;
  stdout: string;
  stderr: string;
}

export class Kubectl {
  private constructor(
    private readonly binary: string,
    private readonly dir: string,
    private readonly kubeconfig: string,
  ) {}

  /**
   * A kubectl whose current context is `server` (e.g. http://127.0.0.1:PORT/clusters/prod), with
   * `token` if given, trusting the PEM certificate `ca` for an https server.
   */
  static async for(binary: string, server: string, token?: string, ca?: string): Promise<Kubectl> {
    const dir = await mkdtemp(path.join(tmpdir(), 'taintgate-kubectl-'));
    const kubeconfig = path.join(dir, 'kubeconfig');
    const user = token ? `\n    token: ${token}` : ' {}';
    const authority = ca ? `\n    certificate-authority-data: ${Buffer.from(ca).toString('base64')}` : '';
    await writeFile(
      kubeconfig,
      `apiVersion: v1
kind: Config
clusters:
- name: taintgate
  cluster:
    server: ${server}${authority}
users:
- name: taintgate
  user:${user}
contexts:
- name: taintgate
  context:
    cluster: taintgate
    user: taintgate
current-context: taintgate
`,
    );
    return new Kubectl(binary, dir, kubeconfig);
  }

  /**
   * kubectl started and left running (`get -w`): its output read as it comes, until stop() kills
   * it. Stopped by close() too, should a test fail before it does.
   */
  start(args: readonly string[]): RunningKubectl {
    const child = spawn(this.binary, [...this.flags(), ...args], { env: this.env(), stdio: ['ignore', 'pipe', 'pipe'] });
    const running = new RunningKubectl(child);
    this.running.add(running);
    return running;
  }

  private readonly running = new Set<RunningKubectl>();

  private flags(): string[] {
    return [`--kubeconfig=${this.kubeconfig}`, `--cache-dir=${path.join(this.dir, 'cache')}`];
  }

  private env(): NodeJS.ProcessEnv {
    return { PATH: process.env.PATH ?? '', HOME: this.dir };
  }

  /** Runs kubectl to its end, with `input` on stdin and `env` beside PATH and HOME (KUBE_EDITOR for `kubectl edit`). */
  run(args: readonly string[], input?: string, env: NodeJS.ProcessEnv = {}): Promise<KubectlRun> {
    return new Promise((resolve) => {
      const child = execFile(this.binary, [...this.flags(), ...args], { env: { ...this.env(), ...env }, timeout: 30_000 }, (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      });
      // Closed when there is nothing to send: kubectl asks on stdin for a user name when a server refuses it with no credentials.
      child.stdin?.end(input);
    });
  }

  async close(): Promise<void> {
    for (const running of this.running) await running.stop();
    await rm(this.dir, { recursive: true, force: true });
  }
}

/**
 * A self-signed certificate for 127.0.0.1 and its key, made by the machine's openssl in a
 * temporary folder (removed by `remove`), for the service's HTTPS in tests.
 */
export function selfSignedCertificate(): { certFile: string; keyFile: string; cert: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'taintgate-tls-'));
  const certFile = path.join(dir, 'tls.crt');
  const keyFile = path.join(dir, 'tls.key');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=taintgate-test',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  return { certFile, keyFile, cert: readFileSync(certFile, 'utf8'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A kubectl left running: what it printed so far, a wait for a line, and its end. */
export class RunningKubectl {
  stdout = '';
  stderr = '';
  private readonly exited: Promise<number>;

  constructor(private readonly child: ChildProcess) {
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (this.stdout += chunk));
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (this.stderr += chunk));
    this.exited = new Promise((resolve) => child.once('close', (code) => resolve(code ?? 1)));
  }

  /** The lines printed so far, trailing spaces and empty lines left out. */
  lines(): string[] {
    return this.stdout
      .split('\n')
      .map((l) => l.trimEnd())
      .filter(Boolean);
  }

  /** Waits until `found` holds of the lines printed (at most `ms`), and answers them; fails with what was printed. */
  async waitFor(found: (lines: string[]) => boolean, ms = 15_000): Promise<string[]> {
    const until = Date.now() + ms;
    while (!found(this.lines())) {
      if (Date.now() > until || this.child.exitCode !== null) {
        throw new Error(`kubectl printed:\n${this.stdout}\nstderr:\n${this.stderr}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return this.lines();
  }

  /** Whether it is still running (a watch the server ended makes kubectl exit). */
  get runningStill(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Ends it (SIGTERM, as ^C would) and answers its exit code. */
  async stop(): Promise<number> {
    if (this.runningStill) this.child.kill('SIGTERM');
    return this.exited;
  }
}
