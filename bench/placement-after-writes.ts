/**
 * A placement right after a write, over a stored cluster at docs/contract.md's scale (the realistic
 * cluster of test/support/realistic-cluster.ts, 10,000 nodes and 300,000 pods, stored in a database
 * of its own, setup): the built service started in a process of its own, warmed by a placement,
 * then rounds of one pod written (`PUT`, a label changed: a new revision of the cluster) and one
 * placement of a ReplicaSet's replica (what the default spread constraints and the existing pods'
 * anti-affinity read: the snapshot's indexes of pods by labels and by affinity). Each placement
 * after a write is timed, and so is one asked again with nothing written in between.
 *   npm run build && npm run bench:placement-after-writes
 *   BENCH_ROUNDS=21                  rounds (default 15)
 *   BENCH_DATABASE_URL=postgres://…  a cluster stored by an earlier run (BENCH_KEEP=1 keeps one), not dropped (storedClusterDatabase)
 */
import { endBench, storedClusterDatabase } from './bench-database';
import { startBuiltService } from './built-service';
import { machineLine } from './machine';

const size = { nodes: Number(process.env.BENCH_NODES ?? 10_000), podsPerNode: 30 };
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);

/** A replica of a workload of the bench's own: the default spread constraints select it by its controller. */
const REPLICA = JSON.stringify({
  pod: {
    metadata: {
      name: 'replica',
      namespace: 'bench',
      labels: { app: 'bench' },
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'bench-5d8f', uid: '00000000-0000-4000-8000-000000000001', controller: true }],
    },
    spec: { containers: [{ name: 'c', image: 'nginx', resources: { requests: { cpu: '250m', memory: '256Mi' } } }] },
  },
});

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

async function timed(run: () => Promise<Response>): Promise<number> {
  const t = performance.now();
  const response = await run();
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return performance.now() - t;
}

async function main(): Promise<void> {
  console.log(machineLine());
  const { bench, databaseUrl } = await storedClusterDatabase(size);
  const prefix = `taintgate_bench_after_writes_${process.pid}`;
  try {
    const place = (base: string) => fetch(`${base}/v1/placement`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: REPLICA });
    const service = await startBuiltService(databaseUrl, 3900 + (process.pid % 500), prefix, async (base) => (await place(base)).ok);
    try {
      const { base } = service;
      // The pod each round writes: the first of the list, its labels changed each time.
      const list = (await (await fetch(`${base}/v1/pods?limit=1`)).json()) as { items: { metadata: { namespace: string; name: string } }[] };
      const { namespace, name } = list.items[0]?.metadata ?? { namespace: '', name: '' };
      const url = `${base}/v1/namespaces/${namespace}/pods/${name}`;
      const pod = (await (await fetch(url)).json()) as { metadata: { labels?: Record<string, string>; resourceVersion?: string } };
      const afterWrite: number[] = [];
      const again: number[] = [];
      const writes: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const body = { ...pod, metadata: { ...pod.metadata, resourceVersion: undefined, labels: { ...pod.metadata.labels, 'bench-round': String(round) } } };
        writes.push(await timed(() => fetch(url, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })));
        afterWrite.push(await timed(() => place(base)));
        again.push(await timed(() => place(base)));
      }
      const line = (label: string, values: number[]) =>
        `${label}: median ${median(values).toFixed(1)} ms (min ${Math.min(...values).toFixed(1)}, max ${Math.max(...values).toFixed(1)})`;
      console.log(line('the write (PUT one pod)', writes));
      console.log(line('a placement right after it', afterWrite));
      console.log(line('the same placement again, nothing written', again));
    } finally {
      await service.stop();
    }
  } finally {
    await endBench(bench, prefix);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
