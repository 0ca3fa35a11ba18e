import { describe, expect, it } from 'vitest';
import { ClusterWriter } from '../../../../../apps/api/src/store/cluster-writer';
import { PODS_PER_WRITE } from '../../../../../apps/api/src/control-loops/taint-eviction/node-update-queue';
import { FLUSH_EVERY } from '../../../../../apps/api/src/features/import/import-batches';
import { ANALYZE_AFTER_OBJECTS } from '../../../../../apps/api/src/features/import/import.service';
import { useApiFixture } from '../../../../support/api-test-app';
import { waitUntil } from '../../../../support/waiting';

/**
 * An import is stored in writes of at most FLUSH_EVERY objects, each of its own revision, while
 * the body is read (ImportService): no import holds the cluster's lock for its whole run. These
 * tests hold it to the writes it makes, to the evictions each write decides, and to what a body
 * that breaks midway leaves.
 */

const node = (name: string, taints?: unknown[]) => ({ apiVersion: 'v1', kind: 'Node', metadata: { name }, ...(taints ? { spec: { taints } } : {}) });
const pod = (name: string, nodeName: string, tolerations: unknown[] = []) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: 'default' },
  spec: { nodeName, containers: [{ name: 'c', image: 'nginx' }], tolerations, terminationGracePeriodSeconds: 0 },
  status: { phase: 'Running' },
});
const list = (...items: unknown[]) => ({ apiVersion: 'v1', kind: 'List', metadata: { resourceVersion: '' }, items });
const drained = [{ key: 'maintenance', effect: 'NoExecute', timeAdded: '2026-11-23T07:00:00Z' }];
const forAnHour = [{ key: 'maintenance', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 3600 }];

describe('an import, in writes of FLUSH_EVERY objects', () => {
  const t = useApiFixture();
  const { api, db } = t;

  const revisionOf = async (cluster: string): Promise<bigint> =>
    BigInt((await db.query<{ revision: string }>(`SELECT revision::text AS revision FROM clusters WHERE name = $1`, [cluster])).rows[0]?.revision ?? 0);
  const count = async (table: 'nodes' | 'pods', cluster: string): Promise<number> =>
    Number(
      (await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table} t JOIN clusters c ON c.id = t.cluster_id WHERE c.name = $1`, [cluster])).rows[0]
        ?.n,
    );
  const evictionsOf = async (cluster: string): Promise<Record<string, number>> =>
    Object.fromEntries(
      (
        await db.query<{ status: string; n: string }>(
          `SELECT e.status::text AS status, count(*)::text AS n FROM evictions e JOIN clusters c ON c.id = e.cluster_id WHERE c.name = $1 GROUP BY 1`,
          [cluster],
        )
      ).rows.map((r) => [r.status, Number(r.n)]),
    );

  it('takes a revision per write, and decides in each the pods it stores on a NoExecute-tainted node', async () => {
    const pods = Array.from({ length: 3000 }, (_, i) => pod(`p-${i}`, 'draining', i % 2 ? forAnHour : []));
    const items = [node('draining', drained), ...pods];
    const reply = await api.post('/v1/clusters/writes/import', list(...items));
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ created: 3001, rejected: [] });
    // Two writes of objects (each of its own revision), then the one that audits the import, whose revision the answer gives.
    const versionOf = async (name: string) => Number((await api.get(`/v1/clusters/writes/namespaces/default/pods/${name}`)).json().metadata.resourceVersion);
    expect(FLUSH_EVERY).toBeLessThan(items.length);
    // Item i of the body (the node first) is stored by write floor(i / FLUSH_EVERY) + 1; pods that tolerate the taint are not written again.
    const writeOf = (i: number) => Math.floor(i / FLUSH_EVERY) + 1;
    expect(await versionOf('p-1')).toBe(writeOf(2));
    expect(await versionOf('p-2999')).toBe(writeOf(3000));
    expect(writeOf(3000)).toBeGreaterThan(writeOf(2));
    expect(Number(reply.json().resourceVersion)).toBeGreaterThan(writeOf(3000));
    // Every pod decided: those that do not tolerate the taint evicted at once, the others in an hour.
    expect(await evictionsOf('writes')).toEqual({ Executed: 1500, Scheduled: 1500 });
  });

  it('a node read after its pods decides them all again when its write changes its NoExecute taints', async () => {
    const count = 2 * PODS_PER_WRITE;
    const pods = Array.from({ length: count }, (_, i) => pod(`p-${i}`, 'late', i % 2 ? forAnHour : []));
    const reply = await api.post('/v1/clusters/late/import', list(...pods, node('late', drained)));
    expect(reply.json()).toMatchObject({ created: count + 1, rejected: [] });
    // More pods than one write decides: the node is queued, and the controller's queue decides them after the answer.
    await waitUntil(async () => (await evictionsOf('late')).Scheduled === count / 2, 30_000);
    expect(await evictionsOf('late')).toEqual({ Executed: count / 2, Scheduled: count / 2 });
  });

  it('a body that breaks past its first write stores what came before and says so; the same import again finishes it', async () => {
    const nodes = Array.from({ length: FLUSH_EVERY + FLUSH_EVERY / 2 }, (_, i) => node(`n-${String(i).padStart(4, '0')}`));
    const whole = JSON.stringify(list(...nodes));
    const broken = `${whole.slice(0, whole.lastIndexOf(']'))},{"kind":"Node",`;
    const reply = await api.raw('POST', '/v1/clusters/broken/import', broken);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toMatch(
      new RegExp(`^the body cannot be read: .* \\(the ${FLUSH_EVERY} objects before it were stored; import the whole body again to finish\\)$`),
    );
    expect(await count('nodes', 'broken')).toBe(FLUSH_EVERY);
    const again = await api.raw('POST', '/v1/clusters/broken/import', whole);
    expect(again.json()).toMatchObject({ created: FLUSH_EVERY / 2, unchanged: FLUSH_EVERY, rejected: [] });
  });

  it('one that breaks within its first write stores nothing', async () => {
    const whole = JSON.stringify(list(...Array.from({ length: 10 }, (_, i) => node(`n-${i}`))));
    const reply = await api.raw('POST', '/v1/clusters/unread/import', `${whole.slice(0, whole.lastIndexOf(']'))},{"kind":"Node",`);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).not.toContain('were stored');
    expect(await revisionOf('unread')).toBe(0n);
  });

  it('prune deletes in writes of FLUSH_EVERY too; a dry run takes no lock and writes nothing', async () => {
    const pods = Array.from({ length: FLUSH_EVERY + 10 }, (_, i) => pod(`p-${i}`, 'keep'));
    await api.post('/v1/clusters/pruned/import', list(node('keep'), ...pods));
    const revision = await revisionOf('pruned');
    await db.query('BEGIN');
    try {
      await db.query(`SELECT 1 FROM clusters WHERE name = 'pruned' FOR UPDATE`);
      const dry = await api.post('/v1/clusters/pruned/import?prune=true&pruneKinds=Node,Pod&dryRun=true', list(node('keep')));
      expect(dry.json()).toMatchObject({ dryRun: true, unchanged: 1, deleted: FLUSH_EVERY + 10, resourceVersion: String(revision) });
    } finally {
      await db.query('ROLLBACK');
    }
    expect(await revisionOf('pruned')).toBe(revision);
    const pruned = await api.post('/v1/clusters/pruned/import?prune=true&pruneKinds=Node,Pod', list(node('keep')));
    expect(pruned.json()).toMatchObject({ unchanged: 1, deleted: FLUSH_EVERY + 10 });
    // Two writes of deletions, then the audit's.
    expect(await revisionOf('pruned')).toBe(revision + 3n);
    expect(await count('pods', 'pruned')).toBe(0);
  });

  it('a large import leaves the tables it filled analyzed (the planner has their statistics before autovacuum comes)', async () => {
    const analyzed = async (): Promise<Record<string, string | null>> =>
      Object.fromEntries(
        (
          await db.query<{ relname: string; at: string | null }>(
            `SELECT relname, last_analyze::text AS at FROM pg_stat_user_tables WHERE relname IN ('nodes', 'taints', 'pods')`,
          )
        ).rows.map((r) => [r.relname, r.at]),
      );
    const before = await analyzed();
    const small = await api.post('/v1/clusters/small/import', list(node('few'), ...Array.from({ length: 10 }, (_, i) => pod(`p-${i}`, 'few'))));
    expect(small.json()).toMatchObject({ created: 11 });
    expect(await analyzed()).toEqual(before);
    const pods = Array.from({ length: ANALYZE_AFTER_OBJECTS }, (_, i) => pod(`p-${i}`, `n-${i % 100}`));
    const large = await api.post('/v1/clusters/large/import', list(...Array.from({ length: 100 }, (_, i) => node(`n-${i}`)), ...pods));
    expect(large.json()).toMatchObject({ created: ANALYZE_AFTER_OBJECTS + 100, rejected: [] });
    await waitUntil(async () => {
      const after = await analyzed();
      return ['nodes', 'taints', 'pods'].every((table) => after[table] !== null && after[table] !== before[table]);
    }, 5_000);
  });

  it("has one write in the cluster's line at a time while it reads on, and another client's write goes between two of them", async () => {
    const writer = t.app.get(ClusterWriter);
    const items = [node('n'), ...Array.from({ length: FLUSH_EVERY * 6 }, (_, i) => pod(`p-${i}`, 'n'))];
    let holds = 0;
    let most = 0;
    let other: Promise<{ json(): { metadata: { resourceVersion: string } } }> | undefined;
    const stop = writer.onHold((cluster) => {
      if (cluster !== 'lined') return;
      holds++;
      // The import's writes only (the other client's is in the line from when it is sent until it is answered).
      most = Math.max(most, writer.inLine('lined') - (other ? 1 : 0));
      if (holds === 2) other = api.put('/v1/clusters/lined/nodes/other', { metadata: { name: 'other' } });
    });
    try {
      const reply = await api.post('/v1/clusters/lined/import', list(...items));
      expect(reply.json()).toMatchObject({ created: items.length, rejected: [] });
      const between = Number((await (other as NonNullable<typeof other>)).json().metadata.resourceVersion);
      expect(between).toBeGreaterThan(2);
      expect(between).toBeLessThan(Number(reply.json().resourceVersion) - 1);
      expect(most).toBe(1);
    } finally {
      stop();
    }
  });
});
