import { type RetainedEviction, evictionExpired } from '@taintgate/domain';
import { describe, expect, it } from 'vitest';
import { RetentionService } from '../../../../../apps/api/src/control-loops/retention/retention.service';
import { useApiFixture } from '../../../../support/api-test-app';
import { waitUntil } from '../../../../support/waiting';

const DAY = 86_400_000;
const now = Date.now();
const ago = (days: number) => new Date(now - days * DAY);

describe('retention: history older than RETENTION_DAYS is pruned', () => {
  // No Redis: the repeatable job never runs here, so each prune below is the only one; no worker,
  // so no sweep carries out the made-up scheduled eviction.
  const t = useApiFixture({ RETENTION_DAYS: '30', REDIS_URL: 'redis://127.0.0.1:1', EVICTION_WORKER: 'false' });

  it('prunes old events (FailedScheduling ones by their last attempt), audit rows, tombstones, finished evictions and finished removal sweeps, and keeps the rest, every scheduled eviction and every sweep still running', async () => {
    for (const [days, tag] of [
      [40, 'old'],
      [10, 'new'],
    ] as const) {
      await t.db.query(
        `INSERT INTO events (at, type, reason, message, involved_kind, involved_name, kind, cluster_id) VALUES ($1, 'Normal', 'R', $2, 'Pod', 'p', 'EvictionScheduled', 1)`,
        [ago(days), tag],
      );
      await t.db.query(`INSERT INTO audit_events (at, action, kind, name, revision, cluster_id) VALUES ($1, $2, 'Node', 'n', 1, 1)`, [ago(days), tag]);
    }
    await t.db.query(
      `INSERT INTO tombstones (kind, key, revision, deleted_at, cluster_id) VALUES ('Node', 'a', 3, $1, 1), ('Node', 'b', 7, $1, 1), ('Node', 'c', 9, $2, 1)`,
      [ago(40), ago(10)],
    );
    const evictions: (RetainedEviction & { name: string })[] = [
      { name: 'scheduled-long-ago', status: 'Scheduled', firedAt: null, cancelledAt: null },
      { name: 'executed-old', status: 'Executed', firedAt: ago(31).getTime(), cancelledAt: null },
      { name: 'executed-new', status: 'Executed', firedAt: ago(29).getTime(), cancelledAt: null },
      { name: 'cancelled-old', status: 'Cancelled', firedAt: null, cancelledAt: ago(60).getTime() },
      { name: 'cancelled-new', status: 'Cancelled', firedAt: null, cancelledAt: ago(1).getTime() },
    ];
    for (const e of evictions) {
      await t.db.query(
        `INSERT INTO evictions (pod_namespace, pod_name, pod_uid, node_name, taint_key, taint_effect, status, started_at, scheduled_for, fired_at, cancelled_at, cluster_id)
         VALUES ('ns', $1, gen_random_uuid(), 'n', 'k', 'NoExecute', $2, $3, $3, $4, $5, 1)`,
        [e.name, e.status, ago(90), e.firedAt === null ? null : new Date(e.firedAt), e.cancelledAt === null ? null : new Date(e.cancelledAt)],
      );
    }

    // kube-scheduler's FailedScheduling events: a series is as old as its last attempt.
    for (const [first, last, tag] of [
      [40, 31, 'old'],
      [40, 10, 'ongoing'],
    ] as const) {
      await t.db.query(
        `INSERT INTO scheduling_events (at, last_at, count, message, pod_namespace, pod_name, pod_uid, pod_resource_version, cluster_id)
         VALUES ($1, $2, 2, $3, 'ns', 'p', gen_random_uuid(), 1, 1)`,
        [ago(first), ago(last), tag],
      );
    }

    // Removal sweeps: finished ones by when they finished; one waiting or running is never history.
    for (const [phase, finished, tag] of [
      ['Succeeded', ago(40), 'old'],
      ['Failed', ago(31), 'old-failed'],
      ['Succeeded', ago(10), 'new'],
      ['Running', null, 'running'],
    ] as const) {
      await t.db.query(
        `INSERT INTO removal_sweeps (id, cluster_id, phase, nodes, created_at, finished_at) VALUES (gen_random_uuid(), 1, $1, ARRAY[$2], $3, $4)`,
        [phase, tag, ago(50), finished],
      );
    }

    const pruned = await t.app.get(RetentionService).prune(now);
    expect(pruned).toEqual({ events: 2, auditEvents: 1, tombstones: 2, evictions: 2, sweeps: 2 });
    expect((await t.db.query('SELECT nodes[1] AS tag FROM removal_sweeps ORDER BY tag')).rows).toEqual([{ tag: 'new' }, { tag: 'running' }]);

    expect((await t.db.query('SELECT message FROM events')).rows).toEqual([{ message: 'new' }]);
    expect((await t.db.query('SELECT message FROM scheduling_events')).rows).toEqual([{ message: 'ongoing' }]);
    expect((await t.db.query('SELECT action FROM audit_events')).rows).toEqual([{ action: 'new' }]);
    expect((await t.db.query('SELECT key FROM tombstones')).rows).toEqual([{ key: 'c' }]);
    // The statements prune exactly what the domain's rule says is expired.
    const kept = (await t.db.query('SELECT pod_name FROM evictions ORDER BY pod_name')).rows.map((r: { pod_name: string }) => r.pod_name);
    const cutoff = now - 30 * DAY;
    expect(kept).toEqual(
      evictions
        .filter((e) => !evictionExpired(e, cutoff))
        .map((e) => e.name)
        .sort(),
    );
    // The newest revision whose tombstone went: replicas behind it read the cluster whole.
    expect((await t.db.query('SELECT tombstones_pruned_through AS r FROM clusters WHERE id = 1')).rows[0].r).toBe('7');

    expect(await t.app.get(RetentionService).prune(now)).toEqual({ events: 0, auditEvents: 0, tombstones: 0, evictions: 0, sweeps: 0 });
  });

  it('a replica whose snapshot is older than the tombstones pruned reads the cluster whole, and misses no deletion', async () => {
    const replica = await t.bootReplica();
    const onReplica = () => replica.inject({ method: 'GET', url: '/v1/clusters/gone/nodes' });
    for (const name of ['keep', 'drop']) expect((await t.api.put(`/v1/clusters/gone/nodes/${name}`, { metadata: { name } })).statusCode).toBe(201);
    expect((await onReplica()).json().items.map((n: { metadata: { name: string } }) => n.metadata.name)).toEqual(['drop', 'keep']);

    expect((await t.api.del('/v1/clusters/gone/nodes/drop')).statusCode).toBe(200);
    await t.db.query(`UPDATE tombstones SET deleted_at = $1 WHERE key = 'drop'`, [ago(31)]);
    expect((await t.app.get(RetentionService).prune(now)).tombstones).toBe(1);

    expect((await onReplica()).json().items.map((n: { metadata: { name: string } }) => n.metadata.name)).toEqual(['keep']);
  });
});

describe('retention runs as a BullMQ repeatable job', () => {
  const t = useApiFixture({ RETENTION_DAYS: '1', RETENTION_PERIOD_SECONDS: '1' });

  it('prunes without being asked', async () => {
    await t.db.query(
      `INSERT INTO events (at, type, reason, message, involved_kind, involved_name, kind, cluster_id) VALUES ($1, 'Normal', 'R', 'old', 'Pod', 'p', 'EvictionScheduled', 1)`,
      [ago(2)],
    );
    await waitUntil(async () => (await t.db.query('SELECT count(*)::int AS n FROM events')).rows[0].n === 0, 15_000);
  });
});

describe('RETENTION_DAYS=0 keeps everything', () => {
  const t = useApiFixture({ RETENTION_DAYS: '0' });

  it('prunes nothing', async () => {
    await t.db.query(`INSERT INTO audit_events (at, action, kind, name, revision, cluster_id) VALUES ($1, 'ancient', 'Node', 'n', 1, 1)`, [ago(3650)]);
    expect(await t.app.get(RetentionService).prune(now)).toEqual({ events: 0, auditEvents: 0, tombstones: 0, evictions: 0, sweeps: 0 });
    expect((await t.db.query('SELECT count(*)::int AS n FROM audit_events')).rows[0].n).toBe(1);
  });
});
