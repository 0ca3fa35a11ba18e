import { describe, expect, it } from 'vitest';
import { ClusterWriter } from '../../../../apps/api/src/store/cluster-writer';
import { useApiFixture } from '../../../support/api-test-app';
import { waitUntil } from '../../../support/waiting';

/**
 * A cluster's writes wait for its lock in the service's own line (ClusterWriter.inTurn), one at a
 * time on a pooled connection: more writers than the pool has connections waiting behind a long
 * write leave connections for the reads and for /readyz, and all of them are carried out after.
 */
describe('ClusterWriter: the writes of one cluster wait in line, not on pooled connections', () => {
  const t = useApiFixture();
  const { api, db } = t;

  it('30 writes behind a held lock: reads and /readyz answer meanwhile, and every write lands in order', async () => {
    await api.put('/v1/clusters/busy/nodes/n1', { metadata: { name: 'n1' } });
    const revision = BigInt((await db.query<{ r: string }>(`SELECT revision::text AS r FROM clusters WHERE name = 'busy'`)).rows[0]?.r ?? -1);
    await db.query('BEGIN');
    let writes: Promise<{ statusCode: number }>[] | undefined;
    try {
      await db.query(`SELECT 1 FROM clusters WHERE name = 'busy' FOR UPDATE`);
      // More than pg's pool of 10 connections.
      writes = Array.from({ length: 30 }, (_, i) =>
        api.put(`/v1/clusters/busy/namespaces/default/pods/p${i}`, { metadata: { name: `p${i}` }, spec: { containers: [{ name: 'c', image: 'nginx' }] } }),
      );
      const waitingOnTheRow = async () =>
        Number(
          (
            await db.query<{ n: string }>(
              `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
            )
          ).rows[0]?.n,
        );
      await waitUntil(async () => t.app.get(ClusterWriter).inLine('busy') === 30 && (await waitingOnTheRow()) > 0, 10_000);
      // One waits on the row; the others wait in memory.
      expect(await waitingOnTheRow()).toBe(1);
      for (let i = 0; i < 5; i++) {
        expect((await api.get('/v1/clusters/busy/nodes/n1')).statusCode).toBe(200);
        expect((await api.get('/readyz')).statusCode).toBe(200);
      }
    } finally {
      await db.query('ROLLBACK');
    }
    expect((await Promise.all(writes ?? [])).map((r) => r.statusCode)).toEqual(Array.from({ length: 30 }, () => 201));
    const after = BigInt((await db.query<{ r: string }>(`SELECT revision::text AS r FROM clusters WHERE name = 'busy'`)).rows[0]?.r ?? -1);
    expect(after).toBe(revision + 30n);
    expect(t.app.get(ClusterWriter).inLine('busy')).toBe(0);
  });
});
