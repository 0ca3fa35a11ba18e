/**
 * Many clusters on one replica, within SNAPSHOT_MEMORY_BUDGET_MB: the realistic GKE cluster of
 * test/support/realistic-cluster.ts (2,000 nodes and 60,000 pods by default) stored once as the
 * default cluster and copied into more clusters in Postgres (setup, not measured), then the built
 * service (`node dist/apps/api/src/main.js`) with the budget given, asked a placement in each
 * cluster in turn, for several rounds. Each answer's time (a load when the cluster is not held),
 * the snapshots held after each round with their measured bytes (GET /metrics,
 * taintgate_snapshot_bytes), and the process's resident memory (VmRSS, and VmHWM, its peak).
 *   npm run build && npm run bench:snapshot-budget
 *   BENCH_CLUSTERS=10       clusters (the default one and its copies)
 *   BENCH_NODES=2000        nodes a cluster (30 pods a node)
 *   BENCH_BUDGET_MB=400     the replica's budget
 *   BENCH_ROUNDS=3          rounds over every cluster
 *   BENCH_DATABASE_URL=…    clusters stored by an earlier run (BENCH_KEEP=1 keeps them), not dropped
 */
import { readFileSync } from 'node:fs';
import { Client } from 'pg';
import { createBenchDatabase, endBench } from './bench-database';
import { memoryOf, startBuiltService } from './built-service';
import { machineLine } from './machine';
import { storeCluster } from './stored-objects';

const CLUSTERS = Number(process.env.BENCH_CLUSTERS ?? 10);
const NODES = Number(process.env.BENCH_NODES ?? 2000);
const BUDGET_MB = process.env.BENCH_BUDGET_MB ?? '400';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PLACEMENT = JSON.stringify({ pod: { metadata: { name: 'p' }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } });

const mib = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const clusterName = (i: number): string => (i === 0 ? 'default' : `copy-${i}`);

/** The default cluster's rows copied, column for column, into a new cluster of each name: Postgres copies them, nothing is built. */
async function copyCluster(databaseUrl: string, names: readonly string[]): Promise<void> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const columnsOf = async (table: string, without: readonly string[]): Promise<string> => {
      const { rows } = await db.query<{ name: string }>(
        `SELECT column_name AS name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position`,
        [table],
      );
      return rows
        .map((r) => r.name)
        .filter((name) => !without.includes(name))
        .map((name) => `"${name}"`)
        .join(', ');
    };
    for (const name of names) {
      const {
        rows: [cluster],
      } = await db.query<{ id: number }>(`INSERT INTO clusters (name, revision) SELECT $1, revision FROM clusters WHERE name = 'default' RETURNING id`, [name]);
      for (const table of ['nodes', 'taints', 'pods']) {
        const columns = await columnsOf(table, ['cluster_id', 'id']);
        await db.query(`INSERT INTO ${table} (cluster_id, ${columns}) SELECT $1, ${columns} FROM ${table} WHERE cluster_id = 1`, [cluster?.id]);
      }
    }
  } finally {
    await db.end();
  }
}

/** The snapshots the service holds now, from its metrics: bytes by cluster, and whether measured. */
async function heldOf(base: string): Promise<{ cluster: string; measured: boolean; bytes: number }[]> {
  const text = await (await fetch(`${base}/metrics`)).text();
  return [...text.matchAll(/^taintgate_snapshot_bytes\{cluster="([^"]+)",measured="(true|false)"\} (\d+)$/gm)].map((m) => ({
    cluster: m[1] as string,
    measured: m[2] === 'true',
    bytes: Number(m[3]),
  }));
}

async function main(): Promise<void> {
  console.log(machineLine());
  const given = process.env.BENCH_DATABASE_URL;
  const bench = given ? undefined : await createBenchDatabase();
  const databaseUrl = given ?? (bench as { databaseUrl: string }).databaseUrl;
  const prefix = `taintgate_bench_budget_${process.pid}`;
  process.env.SNAPSHOT_MEMORY_BUDGET_MB = BUDGET_MB;
  try {
    if (bench) {
      const t = performance.now();
      const stored = await storeCluster(databaseUrl, { nodes: NODES, podsPerNode: 30 }, false);
      await copyCluster(
        databaseUrl,
        Array.from({ length: CLUSTERS - 1 }, (_, i) => clusterName(i + 1)),
      );
      console.log(
        `stored ${CLUSTERS} clusters of ${stored.nodes} nodes and ${stored.pods} pods in ${((performance.now() - t) / 1000).toFixed(1)} s (setup, not measured)`,
      );
    }
    const port = 3900 + (process.pid % 500);
    const service = await startBuiltService(databaseUrl, port, prefix, async (base) => (await fetch(`${base}/livez`)).ok);
    const pid = service.child.pid as number;
    console.log(`budget ${BUDGET_MB} MiB; started: RSS ${mib(memoryOf(pid).rss * 1024)}`);
    try {
      const loads: number[] = [];
      const warm: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const times: string[] = [];
        for (let i = 0; i < CLUSTERS; i++) {
          const t = performance.now();
          const response = await fetch(`${service.base}/v1/clusters/${clusterName(i)}/placement`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: PLACEMENT,
          });
          await response.arrayBuffer();
          if (response.status !== 200) throw new Error(`placement in ${clusterName(i)} answered ${response.status}`);
          const ms = performance.now() - t;
          // A load reads tens of thousands of rows: a second or more; a held snapshot answers in milliseconds.
          (ms > 500 ? loads : warm).push(ms);
          times.push((ms / 1000).toFixed(2));
        }
        const held = await heldOf(service.base);
        const sum = held.reduce((s, h) => s + h.bytes, 0);
        const { rss, peak } = memoryOf(pid);
        console.log(
          `round ${round + 1}: answers ${times.join(' ')} s; held ${held.length} (${held.map((h) => `${h.cluster} ${mib(h.bytes)}${h.measured ? '' : ' estimated'}`).join(', ')}), ` +
            `${mib(sum)} of ${BUDGET_MB} MiB; RSS ${mib(rss * 1024)}, peak ${mib(peak * 1024)}; load ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
        );
      }
      console.log(
        `loads: ${loads.length}, median ${(median(loads) / 1000).toFixed(2)} s; answers from a held snapshot: ${warm.length}, median ${warm.length ? median(warm).toFixed(1) : '-'} ms`,
      );
    } finally {
      await service.stop();
    }
  } finally {
    await endBench(bench, prefix);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
