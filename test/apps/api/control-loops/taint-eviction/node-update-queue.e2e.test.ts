import type { Node, Pod, Toleration } from '@taintgate/domain';
import { describe, expect, it } from 'vitest';
import { NodeUpdateQueue, PODS_PER_WRITE } from '../../../../../apps/api/src/control-loops/taint-eviction/node-update-queue';
import type { ApiTestApp } from '../../../../support/api-test-app';
import { useApiFixture } from '../../../../support/api-test-app';
import { sleep, waitUntil } from '../../../../support/waiting';

/**
 * A NoExecute taint over more pods than one write decides (PODS_PER_WRITE) stores the taints and
 * queues the nodes; NodeUpdateQueue then decides their pods in bounded writes, from Postgres, on
 * whichever replica gets there, each pod once.
 */

const NODES = 130;
const PODS_PER_NODE = 30;

/** What each pod does with `maint=now:NoExecute`, by its place on its node. */
const kinds = ['EvictNow', 'EvictNowNoGrace', 'Schedule', 'Nothing'] as const;
type Kind = (typeof kinds)[number];
const kindOf = (i: number): Kind => kinds[i % kinds.length] as Kind;

function cluster(): (Node | Pod)[] {
  const nodes: Node[] = Array.from({ length: NODES }, (_, n) => ({ apiVersion: 'v1', kind: 'Node', metadata: { name: `n-${n}` } }));
  const tolerationsOf: Record<Kind, Toleration[]> = {
    EvictNow: [],
    EvictNowNoGrace: [],
    Schedule: [{ key: 'maint', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 }],
    Nothing: [{ key: 'maint', operator: 'Exists', effect: 'NoExecute' }],
  };
  const pods: Pod[] = nodes.flatMap((node, n) =>
    Array.from({ length: PODS_PER_NODE }, (_, i) => ({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: `p-${n}-${i}`, namespace: 'web' },
      spec: {
        nodeName: node.metadata.name,
        containers: [{ name: 'c', image: 'nginx' }],
        tolerations: tolerationsOf[kindOf(i)],
        terminationGracePeriodSeconds: kindOf(i) === 'EvictNowNoGrace' ? 0 : 30,
      },
      status: { phase: 'Running' },
    })),
  );
  return [...nodes, ...pods];
}

interface Row {
  pod: string;
  status: string;
  seconds: string | null;
}

async function evictionsOf(t: ApiTestApp, name: string): Promise<Row[]> {
  return (
    await t.db.query<Row>(
      `SELECT e.pod_namespace || '/' || e.pod_name AS pod, e.status::text AS status, e.toleration_seconds::text AS seconds
       FROM evictions e JOIN clusters c ON c.id = e.cluster_id WHERE c.name = $1 ORDER BY e.id`,
      [name],
    )
  ).rows;
}

async function queuedOf(t: ApiTestApp, name: string): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pending_node_updates q JOIN clusters c ON c.id = q.cluster_id WHERE c.name = $1`,
    [name],
  );
  return rows[0]?.n ?? -1;
}

async function revisionOf(t: ApiTestApp, name: string): Promise<bigint> {
  const { rows } = await t.db.query<{ revision: string }>(`SELECT revision::text AS revision FROM clusters WHERE name = $1`, [name]);
  return BigInt(rows[0]?.revision ?? -1);
}

async function importCluster(t: ApiTestApp, name: string): Promise<void> {
  const imported = await t.api.post(`/v1/clusters/${name}/import`, { apiVersion: 'v1', kind: 'List', items: cluster() });
  expect(imported.statusCode).toBe(200);
  expect(imported.json().rejected).toEqual([]);
}

/** Each pod decided once, as its tolerations say: evicted (gone at once without a grace period), scheduled, or left alone. */
async function expectEveryPodDecidedOnce(t: ApiTestApp, name: string): Promise<void> {
  const rows = await evictionsOf(t, name);
  expect(new Set(rows.map((r) => r.pod)).size).toBe(rows.length);
  const byPod = new Map(rows.map((r) => [r.pod, r]));
  const pods = new Map(
    ((await t.api.get(`/v1/clusters/${name}/pods?limit=10000`)).json().items as Pod[]).map((p) => [`${p.metadata.namespace}/${p.metadata.name}`, p]),
  );
  for (let n = 0; n < NODES; n++) {
    for (let i = 0; i < PODS_PER_NODE; i++) {
      const key = `web/p-${n}-${i}`;
      const kind = kindOf(i);
      if (kind === 'Nothing') {
        expect(byPod.get(key), key).toBeUndefined();
        expect(pods.get(key)?.metadata.deletionTimestamp, key).toBeUndefined();
      } else if (kind === 'Schedule') {
        expect(byPod.get(key), key).toEqual({ pod: key, status: 'Scheduled', seconds: '300' });
      } else {
        expect(byPod.get(key)?.status, key).toBe('Executed');
        if (kind === 'EvictNowNoGrace') expect(pods.has(key), key).toBe(false);
        else expect(pods.get(key)?.metadata.deletionTimestamp, key).toBeDefined();
      }
    }
  }
}

describe('NodeUpdateQueue: a NoExecute taint over more pods than one write decides', () => {
  const t = useApiFixture();

  it('the command answers with the taints stored and its nodes queued; their pods are then decided in writes of at most PODS_PER_WRITE', async () => {
    expect(NODES * PODS_PER_NODE).toBeGreaterThan(PODS_PER_WRITE);
    await importCluster(t, 'big');
    const reply = await t.api.post('/v1/clusters/big/taint', { all: true, taints: ['maint=now:NoExecute'] });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().results).toHaveLength(NODES);
    const commanded = await revisionOf(t, 'big');

    await waitUntil(async () => (await queuedOf(t, 'big')) === 0, 30_000);
    await expectEveryPodDecidedOnce(t, 'big');
    // More than one write after the command's own (the reaper may add more later).
    expect(await revisionOf(t, 'big')).toBeGreaterThanOrEqual(commanded + BigInt(Math.ceil((NODES * PODS_PER_NODE) / PODS_PER_WRITE)));
    // The evictions carried out audit as the command's own would have.
    const { rows } = await t.db.query<{ action: string; n: number }>(
      `SELECT a.action, count(*)::int AS n FROM audit_events a JOIN clusters c ON c.id = a.cluster_id
       WHERE c.name = 'big' AND a.action IN ('pod.evict', 'eviction.schedule') GROUP BY a.action ORDER BY a.action`,
    );
    const perNode = (wanted: Kind[]) => Array.from({ length: PODS_PER_NODE }, (_, i) => kindOf(i)).filter((k) => wanted.includes(k)).length * NODES;
    expect(rows).toEqual([
      { action: 'eviction.schedule', n: perNode(['Schedule']) },
      { action: 'pod.evict', n: perNode(['EvictNow', 'EvictNowNoGrace']) },
    ]);
  });
});

describe('NodeUpdateQueue in Postgres: nodes queued where no worker runs are decided by any replica, once', () => {
  const t = useApiFixture({ EVICTION_WORKER: 'false' });

  it('queued without a worker: nothing decided; then two replicas run the queue at once and each pod is decided once', async () => {
    await importCluster(t, 'queued');
    const podsBefore = (await t.api.get('/v1/clusters/queued/pods?limit=10000')).json().items as Pod[];
    const reply = await t.api.post('/v1/clusters/queued/taint', { all: true, taints: ['maint=now:NoExecute'] });
    expect(reply.statusCode).toBe(200);
    expect(await queuedOf(t, 'queued')).toBe(NODES);
    // Still queued a while later: this replica runs no worker, and the pods are as they were.
    await sleep(1500);
    expect(await queuedOf(t, 'queued')).toBe(NODES);
    expect(await evictionsOf(t, 'queued')).toEqual([]);
    expect((await t.api.get('/v1/clusters/queued/pods?limit=10000')).json().items).toEqual(podsBefore);

    const replica = await t.bootReplica();
    const decided = await Promise.all([t.app.get(NodeUpdateQueue).run(), replica.get(NodeUpdateQueue).run()]);
    expect(decided[0] + decided[1]).toBe(NODES);
    expect(await queuedOf(t, 'queued')).toBe(0);
    await expectEveryPodDecidedOnce(t, 'queued');
  });
});
