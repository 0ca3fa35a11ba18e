import { Injectable } from '@nestjs/common';
import type { RecordedSchedulingFailure } from '@taintgate/domain';
import { PrismaService } from '../../platform/database/prisma.service';
import { podKey } from '../../store/pod-record';
import type { PodName } from '../../store/pod-store';

/** The advisory lock class of a cluster's FailedScheduling writes ("tgfs"); the cluster's id is the object. */
const WRITE_LOCK_CLASS = 0x74676673;

/** A pod's latest FailedScheduling event, with its row. */
export interface LatestSchedulingEvent extends RecordedSchedulingFailure {
  readonly id: bigint;
}

/** A failed attempt that starts a new Event: the pod as it was (uid, resourceVersion) and the line. */
export interface NewSchedulingEvent extends PodName {
  readonly uid: string;
  readonly resourceVersion: string;
  readonly message: string;
}

/** A failed attempt that goes on with the series of the Event `id`. */
export interface RepeatedSchedulingEvent {
  readonly id: bigint;
  readonly message: string;
}

/** What a cluster's events were last written at: the revision decided from, and the count of writes. */
export interface SchedulingEventTurn {
  readonly revision: bigint;
  readonly turn: bigint;
}

/** A write's outcome: done (the new turn, and the new rows by pod key), another replica writing now, or what it decided from is overtaken. */
export type SchedulingEventWrite =
  | { readonly outcome: 'written'; readonly turn: bigint; readonly created: ReadonlyMap<string, bigint> }
  | { readonly outcome: 'busy' }
  | { readonly outcome: 'stale' };

/** The first turn's: a cluster never written. */
const NO_TURN: SchedulingEventTurn = { revision: -1n, turn: 0n };

/**
 * kube-scheduler's FailedScheduling events (`scheduling_events`) and each cluster's turn
 * (`scheduling_event_turns`), as FailedSchedulingRecorder reads and writes them: outside every
 * cluster's write lock, so that no write to the twin waits on them.
 */
@Injectable()
export class SchedulingEventStore {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * The clusters holding a pod kube-scheduler would try (no node, not terminated, not being
   * deleted), with their revision: one indexed probe per cluster, (cluster_id, node_name).
   */
  async clustersWithPendingPods(): Promise<{ id: number; name: string; revision: bigint }[]> {
    const rows = await this.prisma.rows<{ id: number; name: string; revision: string }>(
      `SELECT c.id, c.name, c.revision::text AS revision FROM clusters c
       WHERE EXISTS (SELECT 1 FROM pods p WHERE p.cluster_id = c.id AND p.node_name IS NULL AND p.deletion_timestamp IS NULL
                       AND p.phase NOT IN ('Succeeded', 'Failed'))`,
      [],
    );
    return rows.map((row) => ({ id: row.id, name: row.name, revision: BigInt(row.revision) }));
  }

  /** The cluster's last write (NO_TURN when none). */
  async turnOf(clusterId: number): Promise<SchedulingEventTurn> {
    const [row] = await this.prisma.rows<{ revision: string; turn: string }>(
      'SELECT revision::text AS revision, turn::text AS turn FROM scheduling_event_turns WHERE cluster_id = $1',
      [clusterId],
    );
    return row ? { revision: BigInt(row.revision), turn: BigInt(row.turn) } : NO_TURN;
  }

  /** The latest event of each of these pods that has one, by pod key: one statement whatever their number. */
  async latest(clusterId: number, pods: readonly PodName[]): Promise<Map<string, LatestSchedulingEvent>> {
    if (pods.length === 0) return new Map();
    const rows = await this.prisma.rows<{ id: string; namespace: string; name: string; uid: string; rv: string; message: string; count: number }>(
      `SELECT DISTINCT ON (s.pod_namespace, s.pod_name) s.id::text AS id, s.pod_namespace AS namespace, s.pod_name AS name, s.pod_uid::text AS uid,
              s.pod_resource_version::text AS rv, s.message, s.count
       FROM scheduling_events s JOIN unnest($2::text[], $3::text[]) AS v(namespace, name) ON s.pod_namespace = v.namespace AND s.pod_name = v.name
       WHERE s.cluster_id = $1
       ORDER BY s.pod_namespace, s.pod_name, s.id DESC`,
      [clusterId, pods.map((p) => p.namespace), pods.map((p) => p.name)],
    );
    return new Map(
      rows.map((row) => [
        podKey(row.namespace, row.name),
        { id: BigInt(row.id), podUid: row.uid, podResourceVersion: row.rv, message: row.message, count: row.count },
      ]),
    );
  }

  /**
   * Records the attempts decided from the cluster at `revision`, at `at`, in one transaction that
   * holds the cluster's advisory lock (tried, not waited for: `busy` while another replica writes
   * it). Refused (`stale`) when the cluster's events were written since the turn the caller knows
   * (`expected`: it decided from what it remembered of them) or from a newer revision (it decided
   * from an older cluster); nothing is written then.
   */
  async write(
    clusterId: number,
    {
      revision,
      expected,
      at,
      created,
      repeated,
    }: { revision: bigint; expected: bigint; at: Date; created: readonly NewSchedulingEvent[]; repeated: readonly RepeatedSchedulingEvent[] },
  ): Promise<SchedulingEventWrite> {
    const client = await this.prisma.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const held = (await client.query<{ held: boolean }>('SELECT pg_try_advisory_xact_lock($1, $2) AS held', [WRITE_LOCK_CLASS, clusterId])).rows[0]?.held;
      if (!held) {
        await client.query('ROLLBACK');
        return { outcome: 'busy' };
      }
      const [stored] = (
        await client.query<{ revision: string; turn: string }>('SELECT revision::text, turn::text FROM scheduling_event_turns WHERE cluster_id = $1', [
          clusterId,
        ])
      ).rows;
      const last = stored ? { revision: BigInt(stored.revision), turn: BigInt(stored.turn) } : NO_TURN;
      if (last.turn !== expected || last.revision > revision) {
        await client.query('ROLLBACK');
        return { outcome: 'stale' };
      }
      const ids = new Map<string, bigint>();
      if (created.length > 0) {
        const inserted = await client.query<{ id: string; namespace: string; name: string }>(
          `INSERT INTO scheduling_events (cluster_id, at, last_at, count, message, pod_namespace, pod_name, pod_uid, pod_resource_version)
           SELECT $1::int, $2::timestamptz, $2::timestamptz, 1, * FROM unnest($3::text[], $4::text[], $5::text[], $6::uuid[], $7::bigint[])
           RETURNING id::text, pod_namespace AS namespace, pod_name AS name`,
          [
            clusterId,
            at.toISOString(),
            created.map((c) => c.message),
            created.map((c) => c.namespace),
            created.map((c) => c.name),
            created.map((c) => c.uid),
            created.map((c) => c.resourceVersion),
          ],
        );
        for (const row of inserted.rows) ids.set(podKey(row.namespace, row.name), BigInt(row.id));
      }
      if (repeated.length > 0) {
        await client.query(
          `UPDATE scheduling_events s SET count = s.count + 1, last_at = $2::timestamptz, message = v.message
           FROM unnest($3::bigint[], $4::text[]) AS v(id, message) WHERE s.cluster_id = $1 AND s.id = v.id`,
          [clusterId, at.toISOString(), repeated.map((r) => String(r.id)), repeated.map((r) => r.message)],
        );
      }
      const turn = (
        await client.query<{ turn: string }>(
          `INSERT INTO scheduling_event_turns (cluster_id, revision, turn) VALUES ($1, $2::bigint, 1)
           ON CONFLICT (cluster_id) DO UPDATE SET revision = EXCLUDED.revision, turn = scheduling_event_turns.turn + 1
           RETURNING turn::text`,
          [clusterId, String(revision)],
        )
      ).rows[0]?.turn;
      await client.query('COMMIT');
      return { outcome: 'written', turn: BigInt(turn ?? '0'), created: ids };
    } catch (error) {
      broken = error instanceof Error ? error : new Error(String(error));
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release(broken);
    }
  }
}
