/**
 * Cold start and memory over a stored cluster at docs/contract.md's scale: the realistic GKE
 * cluster of test/support/realistic-cluster.ts (10,000 nodes, 30 pods a node) stored as rows in a
 * database of its own (bench/stored-objects.ts, setup, not measured), then the built
 * service (`node dist/apps/api/src/main.js`, as `npm start` runs it) started in a process of its
 * own, so that the benchmark's own objects are not counted: the time from its start to its first
 * answer (a `POST /v1/placement`, which waits for the first load of the cluster), the longest a
 * `GET /livez` waited meanwhile (what the load held the event loop), and its memory then, read
 * from /proc (VmRSS, and VmHWM, the peak). Several starts; the database is dropped at the end.
 *   npm run build && npm run bench:cold-start
 *   BENCH_NODES=1000                 a tenth of the cluster
 *   BENCH_GENERATED=1                the small generated pods of bench:stored-cluster instead (cluster-fixture.ts)
 *   BENCH_STARTS=5                   starts to take the median of (default 3)
 *   BENCH_DATABASE_URL=postgres://…  a cluster stored by an earlier run (BENCH_KEEP=1 keeps one), not dropped
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { endBench, storedClusterDatabase } from './bench-database';
import { BUILT_MAIN, SERVICE_ENV, SERVICE_NODE_FLAGS, memoryOf } from './built-service';
import { machineLine } from './machine';

const size = { nodes: Number(process.env.BENCH_NODES ?? 10_000), podsPerNode: 30 };
const STARTS = Number(process.env.BENCH_STARTS ?? 3);
const MAIN = BUILT_MAIN;
const NODE_FLAGS = SERVICE_NODE_FLAGS;
const PLACEMENT = JSON.stringify({ pod: { metadata: { name: 'p' }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } });

const mib = (kib: number): string => `${(kib / 1024).toFixed(0)} MiB`;
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/** The CPU seconds the process has used (user and system), from /proc/<pid>/stat: on a shared machine, what its wall time is not. */
function cpuSecondsOf(pid: number): number {
  // The fields after the command's closing parenthesis; utime and stime are the 14th and 15th of the line.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function place(port: number): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}/v1/placement`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: PLACEMENT });
  await response.arrayBuffer();
  return response.status;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether `GET /livez` answers 200 (false while the service does not listen). */
const livez = (port: number): Promise<boolean> =>
  fetch(`http://127.0.0.1:${port}/livez`).then(
    async (r) => (await r.arrayBuffer(), r.status === 200),
    () => false,
  );

/** `GET /livez` every 20 ms until `done`: the longest one waited, in ms. */
async function probeLivez(port: number, done: () => boolean): Promise<number> {
  let longest = 0;
  while (!done()) {
    const sent = performance.now();
    await livez(port);
    longest = Math.max(longest, performance.now() - sent);
    await sleep(20);
  }
  return longest;
}

interface Start {
  /** When it began to accept connections (`GET /livez` answered). */
  listeningMs: number;
  firstAnswerMs: number;
  /** CPU seconds the service used until then. */
  cpuSeconds: number;
  /** The snapshot's load as the service logs it (ClusterSnapshot, a refresh of a second or more). */
  loadLine: string;
  /** The longest a `GET /livez`, asked every 20 ms from when it listened until the first answer, waited: what the load held the event loop. */
  longestLivezMs: number;
  afterFirst: { rss: number; peak: number };
  settled: { rss: number; peak: number };
}

/** One start of the service: until its first answer, then its memory, then a few answers and its memory once settled. */
async function startOnce(databaseUrl: string, prefix: string, port: number): Promise<Start> {
  const started = performance.now();
  const child = spawn(process.execPath, [...NODE_FLAGS, MAIN], {
    env: { ...SERVICE_ENV, ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', TAINTGATE_AUTH: 'off', REDIS_PREFIX: prefix },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let loadLine = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    const line = /read \d+ nodes, \d+ pods and \d+ other objects written since revision -1 in [\d.]+ s/.exec(chunk);
    if (line) loadLine = line[0];
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    // Refused until it listens; once it does, the first placement waits for the cluster's load,
    // and /livez is asked meanwhile.
    while (!(await livez(port))) {
      if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}`);
      await sleep(20);
    }
    const listeningMs = performance.now() - started;
    let answered = false;
    const probing = probeLivez(port, () => answered);
    const status = await place(port);
    if (status !== 200) throw new Error(`placement answered ${status}`);
    const firstAnswerMs = performance.now() - started;
    answered = true;
    const longestLivezMs = await probing;
    const cpuSeconds = cpuSecondsOf(child.pid as number);
    const afterFirst = memoryOf(child.pid as number);
    for (let i = 0; i < 20; i++) await place(port);
    await sleep(3000);
    return { listeningMs, firstAnswerMs, cpuSeconds, loadLine, longestLivezMs, afterFirst, settled: memoryOf(child.pid as number) };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

async function main(): Promise<void> {
  console.log(machineLine());
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` first`);
  const { bench, databaseUrl } = await storedClusterDatabase(size, process.env.BENCH_GENERATED === '1');
  const prefix = `taintgate_bench_cold_${process.pid}`;
  try {
    const starts: Start[] = [];
    for (let i = 0; i < STARTS; i++) {
      const s = await startOnce(databaseUrl, prefix, 3400 + (process.pid % 500));
      starts.push(s);
      console.log(
        `start ${i + 1}: listening after ${(s.listeningMs / 1000).toFixed(2)} s, first answer after ${(s.firstAnswerMs / 1000).toFixed(2)} s, ${s.cpuSeconds.toFixed(1)} s of CPU (${s.loadLine}); ` +
          `longest /livez meanwhile ${s.longestLivezMs.toFixed(0)} ms; RSS then ${mib(s.afterFirst.rss)} (peak ${mib(s.afterFirst.peak)}); ` +
          `after 20 more answers and 3 s ${mib(s.settled.rss)} (peak ${mib(s.settled.peak)}); load ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
      );
    }
    console.log(
      `median of ${STARTS}: first answer ${(median(starts.map((s) => s.firstAnswerMs)) / 1000).toFixed(2)} s, ` +
        `RSS ${mib(median(starts.map((s) => s.settled.rss)))}, peak RSS ${mib(median(starts.map((s) => s.settled.peak)))}`,
    );
  } finally {
    await endBench(bench, prefix);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
