/**
 * A drain plan, or a taint's evicted pods placed, over HTTP at docs/contract.md's scale, and what
 * the other requests wait meanwhile:
 * the realistic cluster (10,000 nodes, 300,000 pods, stored in a database of its own, setup), the
 * built service started twice in a process of its own, once making every plan on its event loop
 * (WHATIF_THREAD_MIN_PODS past any plan) and once as configured (a plan moving 2,000 pods or more on
 * a worker thread). Each: POST /v1/drain-impact of the first BENCH_DRAIN_NODES nodes by name
 * (together), and POST /v1/taint-impact of a NoExecute taint on the same nodes (the summary, the
 * evicted pods placed together), BENCH_RUNS times each, while GET /livez is asked every 20 ms; the
 * answer's time, and the probes' median and longest wait during it.
 *   npm run build && npm run bench:http-drain
 *   BENCH_DRAIN_NODES=100 BENCH_RUNS=5
 *   BENCH_WHAT_IFS=taint               only the taint's (drain,taint by default)
 *   BENCH_DATABASE_URL=postgres://…  a cluster stored by an earlier run (BENCH_KEEP=1 keeps one), not dropped (storedClusterDatabase)
 */
import { endBench, storedClusterDatabase } from './bench-database';
import { startBuiltService } from './built-service';
import { machineLine } from './machine';

const size = { nodes: Number(process.env.BENCH_NODES ?? 10_000), podsPerNode: 30 };
const DRAINED = Number(process.env.BENCH_DRAIN_NODES ?? 300);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const WHAT_IFS = (process.env.BENCH_WHAT_IFS ?? 'drain,taint').split(',');

/** The counts a what-if's answer carries (a drain plan's, a taint impact summary's). */
interface Counted {
  counts?: { evicted?: number; evictedNow?: number; evictedLater?: number };
}

/** Each what-if asked: its request over the nodes named, and how many pods its answer moves. */
const whatIfs: Record<string, { path: string; body: (nodes: string[]) => unknown; moved: (answer: Counted) => number }> = {
  drain: { path: '/v1/drain-impact', body: (nodes) => ({ nodes }), moved: ({ counts }) => counts?.evicted ?? 0 },
  taint: {
    path: '/v1/taint-impact',
    body: (nodes) => ({ taints: ['bench=drain:NoExecute'], nodes, mode: 'together' }),
    moved: ({ counts }) => (counts?.evictedNow ?? 0) + (counts?.evictedLater ?? 0),
  },
};

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * GET /livez every 20 ms until `done`: each answer's wait, and the probes whose connection was reset
 * (a kept-alive connection the server let go, its idle timeout run late by an event loop held).
 */
async function probe(base: string, done: () => boolean): Promise<{ waits: number[]; reset: number }> {
  const waits: number[] = [];
  let reset = 0;
  while (!done()) {
    const t = performance.now();
    try {
      await (await fetch(`${base}/livez`)).arrayBuffer();
      waits.push(performance.now() - t);
    } catch {
      reset += 1;
    }
    await sleep(20);
  }
  return { waits, reset };
}

async function measure(databaseUrl: string, prefix: string, env: Record<string, string>, label: string, asked: string): Promise<void> {
  const whatIf = whatIfs[asked];
  if (!whatIf) throw new Error(`BENCH_WHAT_IFS: no what-if ${asked} (drain, taint)`);
  Object.assign(process.env, env);
  const ready = async (base: string) =>
    (await fetch(`${base}/v1/placement`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"pod":{"metadata":{"name":"p"}}}' })).ok;
  const service = await startBuiltService(databaseUrl, 4300 + (process.pid % 500), prefix, ready);
  try {
    const { base } = service;
    const list = (await (await fetch(`${base}/v1/nodes?limit=${DRAINED}`)).json()) as { items: { metadata: { name: string } }[] };
    const nodes = list.items.map((n) => n.metadata.name);
    const times: number[] = [];
    const waits: number[] = [];
    let reset = 0;
    let moved = 0;
    for (let run = 0; run < RUNS; run++) {
      let finished = false;
      const probes = probe(base, () => finished);
      const t = performance.now();
      const reply = await fetch(`${base}${whatIf.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(whatIf.body(nodes)),
      });
      const answer = (await reply.json()) as Counted;
      times.push(performance.now() - t);
      finished = true;
      const probed = await probes;
      waits.push(...probed.waits);
      reset += probed.reset;
      if (!reply.ok) throw new Error(`HTTP ${reply.status}: ${JSON.stringify(answer)}`);
      moved = whatIf.moved(answer);
    }
    console.log(
      `${asked} ${label}: ${nodes.length} nodes, ${moved} pods moved; the answer median ${(median(times) / 1000).toFixed(2)} s (${times.map((x) => (x / 1000).toFixed(2)).join(', ')}); ` +
        `GET /livez meanwhile (${waits.length}): median ${median(waits).toFixed(1)} ms, longest ${Math.max(...waits).toFixed(0)} ms, ${reset} reset`,
    );
  } finally {
    await service.stop();
  }
}

async function main(): Promise<void> {
  console.log(machineLine());
  const { bench, databaseUrl } = await storedClusterDatabase(size);
  const prefix = `taintgate_bench_http_drain_${process.pid}`;
  try {
    for (const asked of WHAT_IFS) {
      await measure(databaseUrl, prefix, { WHATIF_THREAD_MIN_PODS: '100000000' }, 'on the event loop', asked);
      await measure(databaseUrl, prefix, { WHATIF_THREAD_MIN_PODS: '2000' }, 'on a worker thread', asked);
    }
  } finally {
    await endBench(bench, prefix);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
