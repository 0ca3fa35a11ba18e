import { describe, expect, it } from 'vitest';
import { ClusterWriter } from '../../../../apps/api/src/store/cluster-writer';
import { useApiFixture } from '../../../support/api-test-app';
import { waitUntil } from '../../../support/waiting';

/**
 * The writes of one cluster that wait together share one transaction (ClusterWriter, write
 * groups): each keeps its own revision, audit row and answer; one that fails (a stale
 * resourceVersion, a forbidden update) or is a dry run is undone alone, and its neighbours commit.
 */
describe('ClusterWriter: writes waiting together commit together, each on its own', () => {
  const t = useApiFixture();
  const { api, db } = t;
  const pod = (name: string, image = 'nginx') => ({ metadata: { name }, spec: { containers: [{ name: 'c', image }] } });
  const revisionOf = async (cluster: string) =>
    BigInt((await db.query<{ r: string }>(`SELECT revision::text AS r FROM clusters WHERE name = $1`, [cluster])).rows[0]?.r ?? -1);

  /** Sends the writes while the test holds the cluster's row, so that they all wait, then lets them go; answers their replies. */
  async function together<T>(cluster: string, send: () => Promise<T>[]): Promise<{ replies: T[]; transactions: number }> {
    const writer = t.app.get(ClusterWriter);
    let transactions = 0;
    const stop = writer.onHold((c) => c === cluster && transactions++);
    await db.query('BEGIN');
    let sent: Promise<T>[] = [];
    try {
      await db.query(`SELECT 1 FROM clusters WHERE name = $1 FOR UPDATE`, [cluster]);
      sent = send();
      await waitUntil(() => Promise.resolve(writer.inLine(cluster) === sent.length), 10_000);
    } finally {
      await db.query('COMMIT');
    }
    const replies = await Promise.all(sent);
    stop();
    return { replies, transactions };
  }

  it('every write lands at a revision of its own, in fewer transactions than writes', async () => {
    await api.put('/v1/clusters/g/namespaces/ns/pods/first', pod('first'));
    const before = await revisionOf('g');
    const { replies, transactions } = await together('g', () =>
      Array.from({ length: 20 }, (_, i) => api.put(`/v1/clusters/g/namespaces/ns/pods/p${i}`, pod(`p${i}`))),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array.from({ length: 20 }, () => 201));
    // The first waited on the row alone; the others, waiting behind it, went together.
    expect(transactions).toBeLessThan(20);
    expect(await revisionOf('g')).toBe(before + 20n);
    const versions = replies.map((r) => BigInt(r.json().metadata.resourceVersion)).sort((a, b) => (a < b ? -1 : 1));
    expect(versions).toEqual(Array.from({ length: 20 }, (_, i) => before + 1n + BigInt(i)));
    const audited = await db.query<{ name: string; revision: string }>(
      `SELECT a.name, a.revision::text AS revision FROM audit_events a JOIN clusters c ON c.id = a.cluster_id
       WHERE c.name = 'g' AND a.action = 'pod.create' AND a.name LIKE 'p%'`,
    );
    expect(new Map(audited.rows.map((row) => [row.name, row.revision]))).toEqual(
      new Map(replies.map((r) => [r.json().metadata.name, r.json().metadata.resourceVersion])),
    );
  });

  it('a stale resourceVersion, a forbidden update and a dry run are undone alone; their neighbours commit', async () => {
    const first = (await api.put('/v1/clusters/h/namespaces/ns/pods/target', pod('target'))).json();
    const stored = (await api.put('/v1/clusters/h/namespaces/ns/pods/target', pod('target', 'nginx:2'))).json();
    // Read before the last write: a client that sends it back is refused.
    const stale = { ...first, spec: { ...first.spec, containers: [{ ...first.spec.containers[0], image: 'nginx:3' }] } };
    const before = await revisionOf('h');
    const { replies } = await together('h', () => [
      api.put('/v1/clusters/h/namespaces/ns/pods/a', pod('a')),
      api.put('/v1/clusters/h/namespaces/ns/pods/target', stale),
      api.put('/v1/clusters/h/namespaces/ns/pods/b', pod('b')),
      api.put('/v1/clusters/h/namespaces/ns/pods/target', { ...pod('target'), spec: { ...pod('target').spec, nodeSelector: { x: 'y' } } }),
      api.put('/v1/clusters/h/namespaces/ns/pods/c', pod('c')),
      // The Kubernetes API's create, as a dry run.
      api.post('/clusters/h/api/v1/namespaces/ns/pods?dryRun=All', { apiVersion: 'v1', kind: 'Pod', ...pod('dry') }),
      api.put('/v1/clusters/h/namespaces/ns/pods/d', pod('d')),
    ]);
    expect(replies.map((r) => r.statusCode)).toEqual([201, 409, 201, 400, 201, 201, 201]);
    expect(await revisionOf('h')).toBe(before + 4n);
    const names = (await api.get('/v1/clusters/h/namespaces/ns/pods')).json().items.map((p: { metadata: { name: string } }) => p.metadata.name);
    expect(names).toEqual(['a', 'b', 'c', 'd', 'target']);
    // The target is as it was, and nothing but the four creations was audited.
    expect((await api.get('/v1/clusters/h/namespaces/ns/pods/target')).json()).toEqual(stored);
    const audited = await db.query<{ name: string }>(
      `SELECT a.name FROM audit_events a JOIN clusters c ON c.id = a.cluster_id WHERE c.name = 'h' AND a.revision > $1 ORDER BY a.revision`,
      [String(before)],
    );
    expect(audited.rows.map((row) => row.name)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('a node write that taints, waiting behind others, runs first in the next transaction: its warnings hold the writes before it', async () => {
    await api.put('/v1/clusters/k/nodes/n1', { metadata: { name: 'n1' } });
    const bound = (name: string) => ({ ...pod(name), spec: { ...pod(name).spec, nodeName: 'n1' }, status: { phase: 'Running' } });
    const before = await revisionOf('k');
    const { replies, transactions } = await together('k', () => [
      api.put('/v1/clusters/k/namespaces/ns/pods/a', bound('a')),
      api.put('/v1/clusters/k/namespaces/ns/pods/b', bound('b')),
      api.put('/v1/clusters/k/nodes/n1', { metadata: { name: 'n1' }, spec: { taints: [{ key: 'maint', effect: 'NoExecute' }] } }),
      api.put('/v1/clusters/k/namespaces/ns/pods/c', bound('c')),
      api.put('/v1/clusters/k/nodes/n1', { metadata: { name: 'n1', labels: { x: 'y' } }, spec: { taints: [{ key: 'maint', effect: 'NoExecute' }] } }),
    ]);
    expect(replies.map((r) => r.statusCode)).toEqual([201, 201, 200, 201, 200]);
    // The pods written before the taint, in the same burst, are in the snapshot its warnings read; the one after is not.
    expect(replies[2]?.headers.warning).toEqual([
      '299 - "node/n1: 2 pods are evicted at once (ns/a, ns/b)"',
      '299 - "node/n1: 2 evicted pods have no other node to go to (ns/a, ns/b)"',
    ]);
    expect(replies[4]?.headers.warning).toBeUndefined();
    // The taint's write was undone where it waited and ran first in a transaction of its own making: two at least.
    expect(transactions).toBeGreaterThanOrEqual(2);
    expect(await revisionOf('k')).toBe(before + 5n);
    const versions = replies.map((r) => BigInt(r.json().metadata.resourceVersion));
    expect(versions).toEqual(Array.from({ length: 5 }, (_, i) => before + 1n + BigInt(i)));
  });

  it('a node write that taints, known for one by the snapshot held, leads its transaction from the start: its warnings hold the writes before it', async () => {
    await api.put('/v1/clusters/m/nodes/n1', { metadata: { name: 'n1' } });
    // The replica now holds the cluster: the taint's write is known to read it before its turn.
    expect((await api.get('/v1/clusters/m/nodes/n1')).statusCode).toBe(200);
    const bound = (name: string) => ({ ...pod(name), spec: { ...pod(name).spec, nodeName: 'n1' }, status: { phase: 'Running' } });
    const before = await revisionOf('m');
    const { replies, transactions } = await together('m', () => [
      api.put('/v1/clusters/m/namespaces/ns/pods/a', bound('a')),
      api.put('/v1/clusters/m/nodes/n1', { metadata: { name: 'n1' }, spec: { taints: [{ key: 'maint', effect: 'NoExecute' }] } }),
      api.put('/v1/clusters/m/namespaces/ns/pods/b', bound('b')),
    ]);
    expect(replies.map((r) => r.statusCode)).toEqual([201, 200, 201]);
    expect(replies[1]?.headers.warning).toEqual([
      '299 - "node/n1: 1 pod is evicted at once (ns/a)"',
      '299 - "node/n1: 1 evicted pod has no other node to go to (ns/a)"',
    ]);
    // Its own transaction after the pod's, at least (another after it once the group has held the lock 25 ms).
    expect(transactions).toBeGreaterThanOrEqual(2);
    const versions = replies.map((r) => BigInt(r.json().metadata.resourceVersion));
    expect(versions).toEqual([before + 1n, before + 2n, before + 3n]);
  });

  it('the next group begins while the one before commits: its first statement waits at Postgres for the lock, and its writes come after', async () => {
    const writer = t.app.get(ClusterWriter);
    // A commit that takes half a second: a deferred trigger runs at commit, holding the cluster's row.
    await db.query(`CREATE TABLE slow_commit (n int)`);
    await db.query(`CREATE FUNCTION slow_commit_sleep() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(0.5); RETURN NULL; END $$`);
    await db.query(
      `CREATE CONSTRAINT TRIGGER slow_commit_at_commit AFTER INSERT ON slow_commit DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION slow_commit_sleep()`,
    );
    try {
      const backends = (where: string) => db.query(`SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND ${where}`);
      const slow = writer.write('pipelined', async (w) => {
        await w.sql('INSERT INTO slow_commit VALUES (1)', []);
        return w.revision;
      });
      await waitUntil(async () => (await backends(`wait_event = 'PgSleep'`)).rowCount === 1, 5_000);
      const next = writer.write('pipelined', (w) => Promise.resolve(w.revision));
      // While that commit runs, the next write's transaction is at Postgres, waiting on the cluster's row.
      await waitUntil(async () => (await backends(`wait_event_type = 'Lock' AND query LIKE '%take_revision%'`)).rowCount === 1, 5_000);
      expect((await backends(`wait_event = 'PgSleep'`)).rowCount).toBe(1);
      const [first, second] = await Promise.all([slow, next]);
      expect(second).toBe(first + 1n);
      expect(writer.inLine('pipelined')).toBe(0);
    } finally {
      await db.query('DROP TABLE slow_commit');
      await db.query('DROP FUNCTION slow_commit_sleep');
    }
  });
});
