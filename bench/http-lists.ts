/**
 * Every pod of a stored realistic cluster listed through the service, as clients page it: REST's
 * `GET /v1/pods?limit=500` and the Kubernetes API's `GET /api/v1/pods?limit=500` followed through
 * their continue tokens, then the real `kubectl get pods -A` (a server-side Table), with its default
 * chunk size (500) and with 5,000. The cluster is test/support/realistic-cluster.ts's (pods as
 * kubectl prints them), 30 pods a node, stored on the machine's Postgres in a database of its own,
 * dropped at the end; the service listens on 127.0.0.1 in this process, the clients run in
 * processes of their own. Each list runs BENCH_RUNS times (3 by default).
 *   npm run bench:http-lists                       (2,000 nodes, 60,000 pods)
 *   BENCH_NODES=10000 npm run bench:http-lists     (300,000 pods: about a minute to store)
 *   BENCH_DATABASE_URL=postgres://…                a cluster stored by an earlier run (BENCH_KEEP=1 keeps one), not dropped
 *   BENCH_LIMIT=5000                               the REST clients' page size (500 by default, as kubectl's)
 *   BENCH_KUBECTL=0                                the REST lists only
 * (KUBECTL: the kubectl binary, `kubectl` on PATH by default.)
 */
import 'reflect-metadata';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ClusterSnapshots } from '../apps/api/src/store/cluster-snapshots';
import { endBench, storedClusterDatabase } from './bench-database';
import { withInProcessService } from './in-process-service';
import { machineLine } from './machine';

const NODES = Number(process.env.BENCH_NODES ?? 2_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const LIMIT = Number(process.env.BENCH_LIMIT ?? 500);
const KUBECTL_TOO = process.env.BENCH_KUBECTL !== '0';
const KUBECTL = process.env.KUBECTL ?? 'kubectl';

const run = promisify(execFile);
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const seconds = (ms: number) => (ms / 1000).toFixed(2);

/** The run in the middle by time. */
const middleOf = <T extends { ms: number }>(runs: readonly T[]): T => [...runs].sort((a, b) => a.ms - b.ms)[Math.floor(runs.length / 2)] as T;

/**
 * A client paging a list, one request after the other, in a process of its own (as any client
 * is): it finds each page's token in the page's head rather than parsing 500 pods, so that its own
 * work stays small beside the server's.
 */
const PAGER = `
const [base, route, limit] = process.argv.slice(1);
const start = performance.now();
let bytes = 0, pages = 0, token;
do {
  const answer = await fetch(base + route + '?limit=' + limit + (token ? '&continue=' + encodeURIComponent(token) : ''));
  const text = await answer.text();
  if (answer.status !== 200) throw new Error(route + ': ' + answer.status + ' ' + text.slice(0, 300));
  bytes += Buffer.byteLength(text);
  pages++;
  token = /"continue":"([^"]*)"/.exec(text.slice(0, 1000))?.[1];
} while (token);
console.log(JSON.stringify({ bytes, pages, ms: performance.now() - start }));
`;

async function pageAll(base: string, route: string): Promise<{ bytes: number; ms: number; pages: number }> {
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', PAGER, base, route, String(LIMIT)], { maxBuffer: 1 << 20 });
  return JSON.parse(stdout) as { bytes: number; ms: number; pages: number };
}

/**
 * `kubectl get pods -A --chunk-size=N` against the service: its wall time, the rows it printed,
 * and from its -v=6 log the time its requests took and the time it waited on its own client-side
 * rate limiter (client-go's default: 5 requests a second after a burst of 10).
 */
async function kubectlGetPods(server: string, chunkSize: number) {
  const dir = await mkdtemp(path.join(tmpdir(), 'taintgate-bench-kubectl-'));
  try {
    const kubeconfig = path.join(dir, 'kubeconfig');
    const lines = ['apiVersion: v1', 'kind: Config', 'clusters:', '- name: t', '  cluster:', `    server: ${server}`, 'users:', '- name: t', '  user: {}'];
    await writeFile(kubeconfig, [...lines, 'contexts:', '- name: t', '  context:', '    cluster: t', '    user: t', 'current-context: t', ''].join('\n'));
    const args = [`--kubeconfig=${kubeconfig}`, `--cache-dir=${path.join(dir, 'cache')}`, 'get', 'pods', '-A', `--chunk-size=${chunkSize}`, '-v=6'];
    const start = performance.now();
    const { stdout, stderr } = await run(KUBECTL, args, { env: { PATH: process.env.PATH ?? '', HOME: dir }, maxBuffer: 1 << 30 });
    const ms = performance.now() - start;
    const sum = (pattern: RegExp, scale: number) => [...stderr.matchAll(pattern)].reduce((total, m) => total + Number(m[1]) * scale, 0);
    return {
      ms,
      rows: stdout.split('\n').filter((line) => line.length > 0).length - 1,
      requests: [...stderr.matchAll(/\/api\/v1\/pods\S* 200 OK in/g)].length,
      serverMs: sum(/\/api\/v1\/pods\S* 200 OK in (\d+) milliseconds/g, 1),
      throttledMs: sum(/Waited for ([\d.]+)ms due to client-side throttling/g, 1) + sum(/Waited for ([\d.]+)s due to client-side throttling/g, 1000),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log(machineLine());
  const { bench, databaseUrl } = await storedClusterDatabase({ nodes: NODES, podsPerNode: 30 });
  const prefix = `taintgate_bench_http_lists_${process.pid}`;
  try {
    await withInProcessService(databaseUrl, prefix, measure);
  } finally {
    await endBench(bench, prefix);
  }
}

async function measure(app: NestFastifyApplication, base: string): Promise<void> {
  const loadStart = performance.now();
  const pods = (await app.get(ClusterSnapshots).view('default')).pods.size;
  console.log(`snapshot of ${pods} pods loaded in ${seconds(performance.now() - loadStart)} s; ${RUNS} runs of each list; load average ${loadAverage()}`);
  for (const route of ['/v1/pods', '/api/v1/pods']) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await pageAll(base, route));
    const middle = middleOf(runs);
    console.log(
      `GET ${route}?limit=${LIMIT}, every page (${middle.pages} pages, ${pods} pods, ${(middle.bytes / 1e6).toFixed(0)} MB): median ${seconds(middle.ms)} s ` +
        `(${runs.map((r) => seconds(r.ms)).join(', ')} s), ${Math.round((pods / middle.ms) * 1000)} pods/s`,
    );
  }
  for (const chunkSize of KUBECTL_TOO ? [500, 5000] : []) {
    const gets = [];
    for (let i = 0; i < RUNS; i++) gets.push(await kubectlGetPods(base, chunkSize));
    const middle = middleOf(gets);
    console.log(
      `${KUBECTL} get pods -A --chunk-size=${chunkSize} (${middle.rows} rows, ${middle.requests} requests): median ${seconds(middle.ms)} s ` +
        `(${gets.map((g) => seconds(g.ms)).join(', ')} s); in that run its requests took ${seconds(middle.serverMs)} s ` +
        `and it waited ${seconds(middle.throttledMs)} s on its client-side rate limiter`,
    );
  }
  console.log(`load average after: ${loadAverage()}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
