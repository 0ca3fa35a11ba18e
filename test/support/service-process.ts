import { type ChildProcess, spawn } from 'node:child_process';
import { TEST_SECRETS_KEY } from './boot-app';
import { compiledProgram } from './compiled-app';
import path from 'node:path';
import { exited, freePort } from './private-services';
import { sleep } from './waiting';

const ROOT = path.resolve(__dirname, '../..');

/**
 * The service as production runs it, in a process of its own (apps/api/src/main.ts as the
 * end-to-end tests compiled it, so no build is needed): for the faults an in-process
 * app cannot show, a SIGKILL and a SIGTERM. Listens on a free port; `stop()` kills it if still
 * running (every test calls it in a finally or afterEach).
 */
export class ServiceProcess {
  private readonly output: string[] = [];
  private readonly stdoutChunks: string[] = [];

  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {
    const keep = (chunk: Buffer) => this.output.push(chunk.toString());
    child.stdout?.on('data', keep);
    child.stdout?.on('data', (chunk: Buffer) => this.stdoutChunks.push(chunk.toString()));
    child.stderr?.on('data', keep);
  }

  /** Starts it with these settings (DATABASE_URL, REDIS_URL, ...) and waits until /livez answers. */
  static async start(env: Record<string, string>): Promise<ServiceProcess> {
    const port = await freePort();
    const child = spawn(process.execPath, ['--enable-source-maps', compiledProgram('apps/api/src/main.ts')], {
      cwd: ROOT,
      // Authentication off unless the test says otherwise: these tests are about processes, not keys.
      env: {
        ...process.env,
        TAINTGATE_AUTH: 'off',
        TAINTGATE_SECRETS_KEY: TEST_SECRETS_KEY,
        TAINTGATE_RATE_LIMIT_PER_ADDRESS: '0',
        TAINTGATE_RATE_LIMIT_PER_KEY: '0',
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        NO_COLOR: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const service = new ServiceProcess(child, `http://127.0.0.1:${port}`);
    try {
      const end = Date.now() + 90_000;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode} at start`);
        if (
          await fetch(`${service.url}/livez`).then(
            (r) => r.ok,
            () => false,
          )
        )
          break;
        if (Date.now() > end) throw new Error('the service did not answer /livez within 90 s');
        await sleep(100);
      }
    } catch (error) {
      await service.stop();
      throw new Error(`${(error as Error).message}\n${service.log()}`, { cause: error });
    }
    return service;
  }

  /** JSON in, status and JSON out. */
  async request(method: string, url: string, body?: unknown): Promise<{ status: number; body: unknown; headers: Headers }> {
    const init: RequestInit = { method };
    if (body !== undefined) init.body = JSON.stringify(body);
    if (body !== undefined) init.headers = { 'content-type': 'application/json' };
    const response = await fetch(`${this.url}${url}`, init);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Plain text (the health endpoints).
    }
    return { status: response.status, body: parsed, headers: response.headers };
  }

  /** Sends `signal` and answers how long the process took to exit (ms), or fails after `withinMs`. */
  async signalAndTime(signal: NodeJS.Signals, withinMs: number): Promise<number> {
    const started = Date.now();
    this.child.kill(signal);
    const timedOut = Symbol('timeout');
    const outcome = await Promise.race([exited(this.child), sleep(withinMs).then(() => timedOut)]);
    if (outcome === timedOut) throw new Error(`the service had not exited ${withinMs} ms after ${signal}\n${this.log()}`);
    return Date.now() - started;
  }

  /** What it wrote to stdout alone (its log), as written so far. */
  stdout(): string {
    return this.stdoutChunks.join('');
  }

  /** What it printed, for a failure's message. */
  log(): string {
    return this.output.join('');
  }

  /** Kills it (SIGKILL) unless it has exited. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill('SIGKILL');
    await exited(this.child);
  }
}
