import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { sleep } from './waiting';

/**
 * A Redis and a Postgres of a test's own, started from the machine's binaries on free ports, for
 * fault tests that stop, kill or restart them: the shared servers on 6379 and 5432 are never
 * touched. Each is stopped and its files removed by `remove()`, which a test calls in afterAll
 * (and which is safe after a start that failed halfway).
 */

const run = promisify(execFile);
const POSTGRES_BIN = '/usr/lib/postgresql/15/bin';

/** A TCP port nothing listens on now (the OS's choice, released at once). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Resolves once a process has exited (at once if it has already). */
export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** `redis-server` on a port of its own, keeping nothing on disk; `kill()` and `start()` again on the same port. */
export class PrivateRedis {
  private process?: ChildProcess;

  private constructor(readonly port: number) {}

  static async start(): Promise<PrivateRedis> {
    const redis = new PrivateRedis(await freePort());
    await redis.start();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    this.process = child;
    await waitForPort(async () => {
      if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`);
      const answer = await run('redis-cli', ['-p', String(this.port), 'ping']).catch(() => ({ stdout: '' }));
      return answer.stdout.trim() === 'PONG';
    });
  }

  /** SIGKILL: everything it held is lost, as when a Redis without persistence dies. */
  async kill(): Promise<void> {
    const child = this.process;
    this.process = undefined;
    if (!child) return;
    child.kill('SIGKILL');
    await exited(child);
  }

  async remove(): Promise<void> {
    await this.kill();
  }
}

/**
 * A Postgres cluster of its own (initdb in a temporary folder, run by the `postgres` user when
 * the tests run as root, as Postgres refuses root), trust authentication, on a free port.
 */
export class PrivatePostgres {
  private running = false;

  private constructor(
    readonly port: number,
    private readonly dir: string,
  ) {}

  static async start(): Promise<PrivatePostgres> {
    const dir = mkdtempSync(path.join(tmpdir(), 'taintgate-pg-'));
    const postgres = new PrivatePostgres(await freePort(), dir);
    try {
      if (process.getuid?.() === 0) {
        const { stdout } = await run('id', ['-u', 'postgres']);
        const uid = Number(stdout.trim());
        chownSync(dir, uid, uid);
      }
      await postgres.asOwner('initdb', ['-D', postgres.dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
      await postgres.start();
    } catch (error) {
      await postgres.remove();
      throw error;
    }
    return postgres;
  }

  private get dataDir(): string {
    return path.join(this.dir, 'data');
  }

  /** A connection string for a database on this server. */
  urlOf(database: string): string {
    return `postgresql://postgres@127.0.0.1:${this.port}/${database}`;
  }

  async start(): Promise<void> {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
    await this.asOwner('pg_ctl', ['-D', this.dataDir, '-o', options, '-l', path.join(this.dir, 'log'), '-w', '-t', '30', 'start']);
    this.running = true;
    await waitForPort(async () => {
      const client = new Client({ connectionString: this.urlOf('postgres') });
      try {
        await client.connect();
        await client.query('SELECT 1');
        return true;
      } catch {
        return false;
      } finally {
        await client.end().catch(() => undefined);
      }
    });
  }

  /** `immediate`: a crash as far as clients can tell (every connection cut, WAL replayed on start). */
  async stop(mode: 'fast' | 'immediate' = 'immediate'): Promise<void> {
    if (!this.running) return;
    this.running = false;
    await this.asOwner('pg_ctl', ['-D', this.dataDir, '-m', mode, '-w', '-t', '30', 'stop']);
  }

  async remove(): Promise<void> {
    await this.stop().catch(() => undefined);
    rmSync(this.dir, { recursive: true, force: true });
  }

  private async asOwner(binary: string, args: string[]): Promise<void> {
    const file = path.join(POSTGRES_BIN, binary);
    if (process.getuid?.() === 0) await run('runuser', ['-u', 'postgres', '--', file, ...args]);
    else await run(file, args);
  }
}

/** Polls `ready` (which may throw to give up) every 50 ms for up to 20 s. */
async function waitForPort(ready: () => Promise<boolean>): Promise<void> {
  const end = Date.now() + 20_000;
  while (!(await ready())) {
    if (Date.now() > end) throw new Error('the server did not start within 20 s');
    await sleep(50);
  }
}
