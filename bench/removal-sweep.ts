/**
 * A removal sweep at the scale docs/contract.md aims at: 10,000 nodes in three zones, 300,000
 * running pods of 1,000 workloads (as bench/drain-plan.ts's cluster). First the domain's sweep
 * (sweepRemovals: one simulation, each node cordoned, its pods placed, undone) over the first
 * BENCH_SWEEP nodes on this thread: the time a node, past the first ones (each kind of pod ranks the
 * nodes once, then keeps its ranking); then, with BENCH_THREADS, the service's path (runSweepThreads:
 * the cluster copied to each worker thread, the nodes shared among them) and how late the event loop
 * ran meanwhile (what the replica's other answers wait).
 *   npm run bench:removal-sweep
 * (BENCH_NODES, BENCH_PODS: the cluster's size; BENCH_SWEEP: nodes swept, 1000 by default; BENCH_THREADS: 2 by default, 0 to skip.)
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { defaultSettings, sweepRemovals } from '@taintgate/domain';
import { runSweepThreads } from '../apps/api/src/features/removal-sweep/sweep-threads';
import { random, runningReplicas, zonedNodes } from './cluster-fixture';
import { machineLine } from './machine';

const NODES = Number(process.env.BENCH_NODES ?? 10_000);
const PODS = Number(process.env.BENCH_PODS ?? 300_000);
const SWEEP = Number(process.env.BENCH_SWEEP ?? 1_000);
const THREADS = Number(process.env.BENCH_THREADS ?? 2);
const WORKLOADS = 1_000;

const nodes = zonedNodes(NODES);
const pods = runningReplicas(nodes, PODS, WORKLOADS, random(7));
const names = nodes.map((n) => n.metadata.name).slice(0, SWEEP);

console.log(machineLine());
console.log(`${NODES} nodes, ${PODS} pods; sweeping ${names.length} nodes`);

const marks: number[] = [];
const start = performance.now();
const ranks = sweepRemovals({ nodes, pods }, names, Date.now(), undefined, () => marks.push(performance.now()));
const total = performance.now() - start;
const setup = (marks[0] ?? start) - start;
const half = Math.floor(marks.length / 2);
const perNode = marks.length > 1 ? ((marks.at(-1) as number) - (marks[half] as number)) / (marks.length - 1 - half) : NaN;
console.log(
  `domain, one thread: ${(total / 1000).toFixed(2)} s for ${ranks.length} nodes (${setup.toFixed(0)} ms to the first node's answer); ` +
    `${perNode.toFixed(1)} ms a node over the second half; ${ranks.filter((r) => r.removable).length} removable`,
);
console.log(`projected for all ${NODES} nodes on one thread: ${((setup + perNode * NODES) / 1000).toFixed(0)} s`);

/** The service's path: the cluster copied to each thread, the nodes shared among them, the event loop watched meanwhile. */
async function threaded(): Promise<void> {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  // The process's resident memory, the threads' heaps in it, sampled while they work.
  let peakRss = process.memoryUsage.rss();
  const before = peakRss;
  const sampling = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 200);
  const threadStart = performance.now();
  let done = 0;
  const swept = await runSweepThreads(
    {
      cluster: { nodes, pods },
      nodes: names,
      now: Date.now(),
      options: { comparisonOperators: defaultSettings.tolerationComparisonOperators, summaryWording: defaultSettings.summaryWording },
    },
    { worker: true, threads: THREADS, threadMemoryMb: 8192 },
    (n) => (done = n),
  );
  delay.disable();
  clearInterval(sampling);
  const ms = performance.now() - threadStart;
  console.log(
    `service path, ${THREADS} threads: ${(ms / 1000).toFixed(2)} s for ${swept.length} nodes (${done} reported); ` +
      `event loop delay p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms, max ${(delay.max / 1e6).toFixed(1)} ms; ` +
      `resident memory ${(before / 2 ** 30).toFixed(2)} GiB before, ${(peakRss / 2 ** 30).toFixed(2)} GiB at most`,
  );
}

if (THREADS > 0) void threaded();
