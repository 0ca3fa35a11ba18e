/**
 * Mirrors kept in step at docs/contract.md's scale: a source API server (the built service over a
 * database holding the realistic GKE cluster of test/support/realistic-cluster.ts, 30 pods a
 * node; setup, not measured) and a second built service that mirrors it, each in a process of its
 * own (`node dist/apps/api/src/main.js`, as `npm start` runs it), on the machine's Postgres and
 * Redis. Measured:
 *   1. the first sync: from the mirror's PUT to its status.sync `Watching` with every node and pod
 *      held (each of BENCH_MIRRORS mirrors of the same source, synced by the one mirror replica);
 *   2. how soon a change at the source is seen at the mirror: pods created at the source at
 *      BENCH_RATE a second for BENCH_SECONDS, each timed from its PUT's answer to its ADDED event
 *      on a watch of the mirror's Kubernetes API (median, p99, longest);
 *   3. the mirror's memory then (VmRSS, VmHWM).
 *   npm run build && npm run bench:mirror-sync
 *   BENCH_NODES=1000 BENCH_MIRRORS=10 npm run bench:mirror-sync   # ten 1,000-node clusters on one replica
 */
import { randomBytes } from 'node:crypto';
import { request } from 'undici';
import { createBenchDatabase, endBench, storedClusterDatabase } from './bench-database';
import { memoryOf, startBuiltService } from './built-service';
import { machineLine } from './machine';

const size = { nodes: Number(process.env.BENCH_NODES ?? 10_000), podsPerNode: 30 };
const MIRRORS = Number(process.env.BENCH_MIRRORS ?? 1);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);

const mib = (kib: number): string => `${(kib / 1024).toFixed(0)} MiB`;
const at = (sorted: number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

/** A cluster as GET /v1/clusters/{name} answers it, and a list's page, as far as read here. */
interface ClusterAnswer {
  status: { nodes: number; pods: number; sync?: { state: string } };
}
interface ListAnswer {
  metadata: { resourceVersion: string };
  items: { metadata: { name: string } }[];
}

async function json<T = unknown>(url: string, init: { method?: 'GET' | 'PUT'; body?: unknown } = {}): Promise<T> {
  const answer = await request(url, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json' },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await answer.body.text();
  if (answer.statusCode >= 300) throw new Error(`${init.method ?? 'GET'} ${url}: ${answer.statusCode} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

const ready = async (base: string) => (await request(`${base}/readyz`)).statusCode === 200;

async function main(): Promise<void> {
  console.log(machineLine());
  console.log(`source: ${size.nodes} nodes, ${size.nodes * size.podsPerNode} pods; ${MIRRORS} mirror(s) of it on one replica`);
  const { bench: sourceDb, databaseUrl: sourceUrl } = await storedClusterDatabase(size);
  const mirrorDb = await createBenchDatabase();
  const prefixes = [`bench_src_${randomBytes(3).toString('hex')}`, `bench_mir_${randomBytes(3).toString('hex')}`];
  const source = await startBuiltService(sourceUrl, 23_700 + Math.floor(Math.random() * 200), prefixes[0] as string, ready);
  const mirror = await startBuiltService(mirrorDb.databaseUrl, 24_100 + Math.floor(Math.random() * 200), prefixes[1] as string, ready);
  try {
    // The source loads its cluster before the clock starts: its first list is the source's cost, not the mirror's.
    const t0 = performance.now();
    const held = await json<ClusterAnswer>(`${source.base}/v1/clusters/default`);
    console.log(
      `source answered its cluster (${held.status.nodes} nodes, ${held.status.pods} pods) in ${((performance.now() - t0) / 1000).toFixed(1)} s (setup)`,
    );
    await json(`${source.base}/api/v1/pods?limit=1`);

    // 1. The first sync of each mirror.
    const started = performance.now();
    const names = Array.from({ length: MIRRORS }, (_, i) => `m${i}`);
    for (const name of names)
      await json(`${mirror.base}/v1/clusters/${name}`, { method: 'PUT', body: { spec: { mode: 'mirror', source: { server: source.base } } } });
    const syncedAt = new Map<string, number>();
    while (syncedAt.size < names.length) {
      for (const name of names) {
        if (syncedAt.has(name)) continue;
        const cluster = await json<ClusterAnswer>(`${mirror.base}/v1/clusters/${name}`);
        if (cluster.status.sync?.state === 'Watching' && cluster.status.nodes === held.status.nodes && cluster.status.pods === held.status.pods) {
          syncedAt.set(name, (performance.now() - started) / 1000);
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const times = [...syncedAt.values()].sort((a, b) => a - b);
    console.log(`first sync: ${names.length} mirror(s) in step after ${times.map((s) => s.toFixed(1)).join(', ')} s; the last at ${at(times, 1).toFixed(1)} s`);
    const afterSync = memoryOf(mirror.child.pid as number);
    console.log(`mirror replica memory: ${mib(afterSync.rss)} RSS, ${mib(afterSync.peak)} at its peak`);

    // 2. A change at the source, seen at the mirror: ADDED events of a watch on m0.
    const rv = (await json<ListAnswer>(`${mirror.base}/clusters/m0/api/v1/pods?limit=1`)).metadata.resourceVersion;
    const seen = new Map<string, number>();
    const watch = new AbortController();
    const watching = (async () => {
      const answer = await request(`${mirror.base}/clusters/m0/api/v1/pods?watch=true&resourceVersion=${rv}&timeoutSeconds=${SECONDS + 60}`, {
        signal: watch.signal,
      });
      let pending = '';
      for await (const chunk of answer.body) {
        pending += (chunk as Buffer).toString('utf8');
        for (let end = pending.indexOf('\n'); end >= 0; end = pending.indexOf('\n')) {
          const line = pending.slice(0, end);
          pending = pending.slice(end + 1);
          const event = JSON.parse(line) as { type: string; object: { metadata: { name: string } } };
          if (event.type === 'ADDED' && event.object.metadata.name.startsWith('lat-')) seen.set(event.object.metadata.name, performance.now());
        }
      }
    })().catch(() => undefined);
    const node = (await json<ListAnswer>(`${source.base}/api/v1/nodes?limit=1`)).items[0]?.metadata.name ?? '';
    const made = new Map<string, number>();
    const total = RATE * SECONDS;
    const begin = performance.now();
    for (let i = 0; i < total; i++) {
      const wait = begin + (i * 1000) / RATE - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const name = `lat-${i}`;
      void json(`${source.base}/v1/namespaces/bench/pods/${name}`, {
        method: 'PUT',
        body: { spec: { nodeName: node, containers: [{ name: 'c', image: 'nginx' }] } },
      }).then(() => made.set(name, performance.now()));
    }
    const deadline = performance.now() + 30_000;
    while (seen.size < total && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    watch.abort();
    await watching;
    const latencies = [...made].flatMap(([name, at]) => (seen.has(name) ? [(seen.get(name) as number) - at] : [])).sort((a, b) => a - b);
    console.log(
      `changes at ${RATE}/s for ${SECONDS} s: ${latencies.length} of ${total} seen at the mirror; from the source's answer to the mirror's event: median ${at(latencies, 0.5).toFixed(0)} ms, p99 ${at(latencies, 0.99).toFixed(0)} ms, longest ${at(latencies, 1).toFixed(0)} ms`,
    );
    const end = memoryOf(mirror.child.pid as number);
    console.log(`mirror replica memory at the end: ${mib(end.rss)} RSS, ${mib(end.peak)} at its peak`);
  } finally {
    await mirror.stop();
    await source.stop();
    await endBench(sourceDb, prefixes[0] as string);
    await endBench(mirrorDb, prefixes[1] as string);
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
