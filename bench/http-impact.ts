/**
 * `POST /v1/taint-impact` over every node, default view (the summary), through the real service
 * listening on 127.0.0.1: a stored cluster of BENCH_NODES nodes (10,000 by default) and 30 pods a
 * node, on the machine's Postgres in a database of its own, dropped at the end. Requests are made
 * one at a time (BENCH_REQUESTS, 15 by default, after 2 untimed), so each time is one answer's own.
 * With BENCH_SCHEDULED=N, one bound pod in N has an eviction scheduled already (as after an
 * earlier taint), which the answer keeps. In the same process and run, the domain's
 * taintImpactSummary over the same snapshot, and with BENCH_PROFILE=FILE a CPU profile of the
 * timed requests (the service's side only: the client's is in the same process and small).
 * With BENCH_TAINTED=N, the taint goes on the first N nodes by name rather than every one (a small
 * question, whose evicted pods are placed together: the default mode).
 *   npm run bench:http-impact
 *   BENCH_TAINTED=10 npm run bench:http-impact
 *   BENCH_SCHEDULED=100 BENCH_PROFILE=/tmp/impact.cpuprofile npm run bench:http-impact
 *   BENCH_REALISTIC=1 npm run bench:http-impact   (the realistic cluster: pods as kubectl prints them)
 */
import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import os from 'node:os';
import { podKinds, taintImpactSummary } from '@taintgate/domain';
import { realisticCluster } from '../test/support/realistic-cluster';
import { Client } from 'pg';
import { ClusterSnapshots } from '../apps/api/src/store/cluster-snapshots';
import { AppConfig } from '../apps/api/src/platform/config/app-config';
import { EvictionLedger } from '../apps/api/src/store/evictions/eviction-ledger';
import { withStoredClusterService } from './in-process-service';
import { makeNodes, makePods, medianMs } from './cluster-fixture';
import { machineLine } from './machine';
import { storeClusterRows } from './stored-rows';

const NODES = Number(process.env.BENCH_NODES ?? 10_000);
const PODS = 30 * NODES;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 15);
const SCHEDULED_EVERY = Number(process.env.BENCH_SCHEDULED ?? 0);
const PROFILE = process.env.BENCH_PROFILE;
const TAINTED = Number(process.env.BENCH_TAINTED ?? 0);
/** BENCH_REALISTIC=1: the realistic cluster (test/support/realistic-cluster.ts: pods as kubectl prints them), 30 pods a node. */
const REALISTIC = process.env.BENCH_REALISTIC === '1';

const taint = { key: 'drain', effect: 'NoExecute' as const };

/** Evictions already scheduled, as the controller stores them: one bound pod in `every`, due in four minutes. */
async function scheduleEvictions(databaseUrl: string, every: number): Promise<number> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query(
      `INSERT INTO evictions (cluster_id, pod_namespace, pod_name, pod_uid, node_name, taint_key, taint_effect, status, started_at, scheduled_for, toleration_seconds)
       SELECT cluster_id, namespace, name, uid, node_name, 'drain', 'NoExecute', 'Scheduled', now() - interval '1 minute', now() + interval '4 minutes', 300
       FROM pods WHERE cluster_id = 1 AND node_name IS NOT NULL AND abs(hashtext(name)) % $1 = 0`,
      [every],
    );
    return result.rowCount ?? 0;
  } finally {
    await client.end();
  }
}

async function timeRequest(url: string, body: string): Promise<{ ms: number; text: string }> {
  const start = performance.now();
  const answer = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const text = await answer.text();
  if (answer.status !== 200) throw new Error(`${answer.status} ${text}`);
  return { ms: performance.now() - start, text };
}

const median = (times: readonly number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] as number;

async function main(): Promise<void> {
  console.log(machineLine());
  console.log(
    `cluster: ${NODES} nodes, ${PODS} pods; ${REQUESTS} requests one at a time; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  await withStoredClusterService(async (databaseUrl) => {
    if (REALISTIC) {
      const cluster = realisticCluster({ nodes: NODES, podsPerNode: 30 });
      await storeClusterRows(databaseUrl, cluster.nodes, cluster.pods);
    } else {
      const nodes = makeNodes(NODES);
      await storeClusterRows(databaseUrl, nodes, makePods(PODS, nodes, 0.01));
    }
    const scheduled = SCHEDULED_EVERY > 0 ? await scheduleEvictions(databaseUrl, SCHEDULED_EVERY) : 0;
    console.log(`evictions scheduled already: ${scheduled}`);
  }, measure);
}

async function measure(app: NestFastifyApplication, base: string): Promise<void> {
  const url = `${base}/v1/taint-impact`;
  const snapshots = app.get(ClusterSnapshots);
  const held = await snapshots.view('default');
  const target = TAINTED > 0 ? { nodes: [...held.nodes.keys()].sort().slice(0, TAINTED) } : { all: true };
  const body = JSON.stringify({ taint, ...target });

  const first = await timeRequest(url, body);
  await timeRequest(url, body);
  const session = PROFILE ? new Session() : undefined;
  if (session) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
  }
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) times.push((await timeRequest(url, body)).ms);
  if (session && PROFILE) {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(PROFILE, JSON.stringify(profile));
    session.disconnect();
  }

  // The domain's own time for the same question over the same snapshot, without evictions
  // scheduled: each question on its own, and with the pods' kinds kept as the service keeps them.
  const view = await snapshots.view('default');
  const nodes = [...view.nodes.values()];
  const names = new Set(view.nodes.keys());
  const options = app.get(AppConfig).matchOptions;
  const rescheduling = { usageOf: view.usageOf, nodeClasses: view.nodeClasses };
  const ask = (kinds = podKinds()) => taintImpactSummary(taint, nodes, view.pods.values(), names, Date.now(), options, undefined, rescheduling, kinds);
  const fresh = medianMs(() => ask(), 5, 1);
  const kinds = podKinds();
  const kept = medianMs(() => ask(kinds), 9, 1);
  // As the service asks it: the pods packed by node as the snapshot keeps them (node-pod-facts.ts).
  const packed = medianMs(
    () =>
      taintImpactSummary(
        taint,
        nodes,
        { factsOn: view.podFactsOn, pending: view.pendingPods() },
        names,
        Date.now(),
        options,
        undefined,
        rescheduling,
        view.podKinds,
      ),
    9,
    1,
  );
  // What the service reads from Postgres per question beside the snapshot: the evictions scheduled on the nodes tainted.
  const ledger = app.get(EvictionLedger);
  const reads: number[] = [];
  for (let i = 0; i < 9; i++) {
    const start = performance.now();
    await ledger.scheduledOnNodes(view.cluster.id, TAINTED > 0 ? [...names] : 'every');
    reads.push(performance.now() - start);
  }

  const answer = JSON.parse(first.text) as { counts: unknown; rescheduling: unknown };
  console.log(`answer: ${JSON.stringify(answer.counts)} ${JSON.stringify(answer.rescheduling)}`);
  console.log(`first request after the snapshot's load: ${first.ms.toFixed(0)} ms`);
  console.log(
    `POST /v1/taint-impact (summary, ${TAINTED > 0 ? `the first ${TAINTED} of ${NODES} nodes` : `all ${NODES} nodes`}), one request at a time: median ${median(times).toFixed(0)} ms ` +
      `(min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)}; ${REQUESTS} requests)`,
  );
  console.log(
    `domain: taintImpactSummary over the snapshot's pods (none scheduled): median ${fresh.median.toFixed(0)} ms each question on its own (5 runs), ` +
      `${kept.median.toFixed(0)} ms with the pods' kinds kept (9 runs), ${packed.median.toFixed(0)} ms over the pods packed by node as the snapshot keeps them (9 runs); ` +
      `service median / domain's packed: ${(median(times) / packed.median).toFixed(1)}x`,
  );
  console.log(
    `the evictions scheduled on those ${names.size} nodes, read as the service reads them (EvictionLedger.scheduledOnNodes): median ${median(reads).toFixed(1)} ms (9 reads)`,
  );
  console.log(
    `load average after: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  if (PROFILE) console.log(`profile of the timed requests: ${PROFILE}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
