/**
 * The built service (`node dist/apps/api/src/main.js`, as `npm start` runs it) in a process of its
 * own, for benchmarks that measure it as it is deployed: its code as tsc emits it, not as the
 * benchmark's loader transforms it, and no benchmark work on its event loop. `npm run build` first.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const BUILT_MAIN = path.join(__dirname, '../dist/apps/api/src/main.js');
/** The environment `npm run serve` gives it (docs/operations.md, Memory), under the run's own: a run may set another. */
export const SERVICE_ENV = { MALLOC_ARENA_MAX: '2' };
/** As `npm start` runs it; BENCH_NODE_FLAGS (space-separated) to try others. */
export const SERVICE_NODE_FLAGS = (process.env.BENCH_NODE_FLAGS ?? '--max-old-space-size=8192').split(' ').filter(Boolean);

export interface BuiltService {
  child: ChildProcess;
  base: string;
  stop: () => Promise<void>;
}

/** Starts it over `databaseUrl` without auth (what is measured is the feature, not the key lookup); resolves once `ready` answers. */
export async function startBuiltService(
  databaseUrl: string,
  port: number,
  redisPrefix: string,
  ready: (base: string) => Promise<boolean>,
): Promise<BuiltService> {
  if (!existsSync(BUILT_MAIN)) throw new Error(`${BUILT_MAIN} is missing: run \`npm run build\` first`);
  const child = spawn(process.execPath, [...SERVICE_NODE_FLAGS, BUILT_MAIN], {
    // No rate limit unless the run sets one: a benchmark's thousands of requests a second from one address would be 429s.
    env: {
      TAINTGATE_RATE_LIMIT_PER_ADDRESS: '0',
      TAINTGATE_RATE_LIMIT_PER_KEY: '0',
      ...SERVICE_ENV,
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      TAINTGATE_AUTH: 'off',
      REDIS_PREFIX: redisPrefix,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}`);
    if (await ready(base).catch(() => false)) return { child, base, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The process's resident memory now and at its peak, in KiB, from /proc/<pid>/status. */
export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kib('VmRSS'), peak: kib('VmHWM') };
}
