import { Injectable } from '@nestjs/common';
import type { WriteContext } from '../write-context';
import { podKey } from '../pod-record';
import { PrismaService } from '../../platform/database/prisma.service';
import type { Event, Eviction, EvictionStatus, Prisma } from '../../generated/prisma/client';
import { EventStore, type NewEvent } from '../event-store';
import { insertEvictions } from './bulk-insert';
import type { EvictionOutcome, ExecutedEviction, RecordedOutcome } from './eviction-outcome';
import { type EvictionWakeup, evictionSubject, podName, taintOfEviction } from './eviction-records';
import { recordPredictions } from './eviction-predictions';
import { auditAll, cancelAudits, cancelEvictions, eventMessages, evictionAudit, evictionEvent } from './ledger-steps';

export interface EvictionFilters {
  status?: EvictionStatus | undefined;
  nodeName?: string | undefined;
  namespace?: string | undefined;
  pod?: string | undefined;
  /** At most this many. */
  limit: number;
  /** The newest id the page may hold (a continue token's start); from the newest of all when absent. */
  upTo?: bigint | undefined;
}

/**
 * The evictions still waiting for their pods: a managed cluster's deadlines (Scheduled), a mirror's
 * predictions (Predicted). A cluster holds one kind or the other (its mode's change turns each into
 * the other: ClusterSpecs), so a decision reads both as the eviction waiting for a pod.
 */
const WAITING: EvictionStatus[] = ['Scheduled', 'Predicted'];

/** The most rows one query reads (Postgres' LIMIT takes a bigint, Prisma's `take` an Int). */
const MAX_ROWS = 2 ** 31 - 2;

/**
 * The evictions table: every deadline the controller set and what became of it, with the events
 * that tell it (through EventStore). The one owner of its SQL; the controller decides, this records.
 */
@Injectable()
export class EvictionLedger {
  constructor(
    private readonly prisma: PrismaService,
    private readonly events: EventStore,
  ) {}

  /** The evictions waiting on these nodes of the cluster, by the pod's `namespace/name`: in a write, or as committed. */
  async scheduledOnNodes(clusterId: number, nodeNames: readonly string[] | 'every', w?: WriteContext): Promise<Map<string, Eviction>> {
    // In a write, on its own connection: a pod write bound to a node asks this under the lock.
    // Outside one, on the pool, the names as one array: Prisma's `in` binds each of 10,000 names
    // as a parameter of its own (107 ms against 34 ms for a taint impact over every node). Every
    // node (a question over all of them): no names at all, the array being most of that 34 ms.
    const every = nodeNames === 'every';
    const text = `SELECT ${EVICTION_COLUMNS} FROM evictions WHERE cluster_id = $1 AND status IN ('Scheduled', 'Predicted')${every ? '' : ' AND node_name = ANY($2::text[])'}`;
    const values = every ? [clusterId] : [clusterId, nodeNames];
    const raw = w ? await w.rows<RawEviction>(text, values) : await this.prisma.rows<RawEviction>(text, values);
    const rows = raw.map(evictionOfRaw);
    return new Map(rows.map((row) => [podKey(row.podNamespace, row.podName), row]));
  }

  /**
   * The evictions waiting on these nodes, read outside any write with the cluster's revision they
   * are as of (one repeatable-read transaction): what a plan made before taking the lock reads.
   */
  async scheduledOnNodesAsOf(clusterId: number, nodeNames: readonly string[]): Promise<{ revision: bigint | undefined; scheduled: Map<string, Eviction> }> {
    const reads = [];
    // Ten thousand names a query: each is a parameter of its own.
    for (let i = 0; i < nodeNames.length; i += 10_000) {
      reads.push(this.prisma.eviction.findMany({ where: { clusterId, status: { in: WAITING }, nodeName: { in: nodeNames.slice(i, i + 10_000) } } }));
    }
    const [cluster, ...found] = await this.prisma.$transaction(
      [this.prisma.cluster.findUnique({ where: { id: clusterId }, select: { revision: true } }), ...reads],
      { isolationLevel: 'RepeatableRead' },
    );
    const rows = found.flat();
    return {
      revision: cluster?.revision,
      scheduled: new Map(rows.map((row) => [podKey(row.podNamespace, row.podName), row])),
    };
  }

  /** The ids of the evictions waiting on these nodes, in the write. */
  async scheduledIdsOnNodes(w: WriteContext, nodeNames: readonly string[]): Promise<Set<bigint>> {
    const rows = await w.rows<{ id: string }>(
      `SELECT id::text AS id FROM evictions WHERE cluster_id = $1::int AND status IN ('Scheduled', 'Predicted') AND node_name = ANY($2::text[])`,
      [w.cluster.id, nodeNames],
    );
    return new Set(rows.map((row) => BigInt(row.id)));
  }

  /** The evictions waiting for these pods, in a query per thousand pods (a reaper pass may remove thousands). */
  async scheduledForPods(w: WriteContext, pods: readonly { namespace: string; name: string }[]): Promise<Eviction[]> {
    const rows: Eviction[] = [];
    for (let i = 0; i < pods.length; i += 1000) {
      const names = pods.slice(i, i + 1000).map(({ namespace, name }) => ({ podNamespace: namespace, podName: name }));
      rows.push(...(await w.tx.eviction.findMany({ where: { clusterId: w.cluster.id, status: { in: WAITING }, OR: names } })));
    }
    return rows;
  }

  /** The evictions of these ids as stored now, in the order of their ids (an import's answer lists those its writes decided). */
  async byIds(ids: readonly bigint[]): Promise<Eviction[]> {
    if (ids.length === 0) return [];
    return this.prisma.eviction.findMany({ where: { id: { in: [...ids] } }, orderBy: { id: 'asc' } });
  }

  /** The cluster an eviction belongs to; undefined once it is gone (its cluster deleted). */
  async clusterOf(id: bigint): Promise<number | undefined> {
    return (await this.prisma.eviction.findUnique({ where: { id }, select: { clusterId: true } }))?.clusterId;
  }

  /**
   * The cluster's evictions already due, earliest first, and this one (when named) if still
   * scheduled. Read after the write took the revision, so an eviction another replica carried
   * out first is no longer Scheduled here: each is carried out once.
   */
  async dueOrById(w: WriteContext, id: bigint | undefined, limit: number): Promise<Eviction[]> {
    const due: Prisma.EvictionWhereInput = { scheduledFor: { lte: new Date(w.now) } };
    return w.tx.eviction.findMany({
      where: { clusterId: w.cluster.id, status: 'Scheduled', ...(id === undefined ? due : { OR: [{ id }, due] }) },
      orderBy: { scheduledFor: 'asc' },
      take: limit,
    });
  }

  /** The clusters with an eviction still scheduled whose deadline is at or before `cutoff` (one indexed read, outside any write). */
  async clustersWithDue(cutoff: Date): Promise<number[]> {
    const rows = await this.prisma.eviction.findMany({
      where: { status: 'Scheduled', scheduledFor: { lte: cutoff } },
      distinct: ['clusterId'],
      select: { clusterId: true },
    });
    return rows.map((row) => row.clusterId);
  }

  /** Every eviction still waiting, in every cluster, earliest first (outside any write: the reconciler reads it). */
  async allScheduled(): Promise<Eviction[]> {
    return this.prisma.eviction.findMany({ where: { status: 'Scheduled' }, orderBy: { scheduledFor: 'asc' } });
  }

  /**
   * The evictions still waiting, per cluster, and how far past its deadline the earliest is (0
   * while none is due, in seconds), for the `limit` clusters with the most: one grouped read of the
   * `(status, scheduled_for)` index's Scheduled rows, on the pool. The limit is written into the
   * text (a number: nothing but digits).
   */
  async scheduledByCluster(limit: number): Promise<{ name: string; scheduled: number; overdue: number }[]> {
    return this.prisma.rows(
      `SELECT c.name, count(*)::int AS scheduled,
    greatest(0, extract(epoch FROM now() - min(e.scheduled_for)))::float8 AS overdue
  FROM evictions e JOIN clusters c ON c.id = e.cluster_id
  WHERE e.status = 'Scheduled'
  GROUP BY c.name ORDER BY count(*) DESC LIMIT ${limit}`,
      [],
    );
  }

  /**
   * A change of the cluster's mode, in its write: a mirror's predictions become a managed cluster's
   * deadlines (answered, for their wake-ups to be queued; one past is carried out by the next
   * sweep), and a managed cluster's deadlines become predictions (their wake-ups find nothing
   * Scheduled). Each wake-up's count moves on, so that a job id is never reused.
   */
  async convertWaiting(w: WriteContext, to: 'Scheduled' | 'Predicted'): Promise<EvictionWakeup[]> {
    const from = to === 'Scheduled' ? 'Predicted' : 'Scheduled';
    const rows = await w.rows<{ id: string; wakeups: number; scheduledFor: Date }>(
      `UPDATE evictions SET status = $3::"EvictionStatus", wakeups = wakeups + 1 WHERE cluster_id = $1 AND status = $2::"EvictionStatus"
       RETURNING id::text AS id, wakeups, scheduled_for AS "scheduledFor"`,
      [w.cluster.id, from, to],
    );
    return to === 'Scheduled' ? rows.map((row) => ({ ...row, id: BigInt(row.id) })) : [];
  }

  /** The executed evictions of these pods (by uid) are complete: their pods are gone now. */
  async podsRemoved(w: WriteContext, podUids: readonly string[]): Promise<void> {
    if (podUids.length === 0) return;
    await w.sql(
      `UPDATE evictions SET pod_removed_at = $1::timestamptz
       WHERE cluster_id = $2::int AND status = 'Executed' AND pod_uid = ANY($3::uuid[]) AND pod_removed_at IS NULL`,
      [new Date(w.now).toISOString(), w.cluster.id, podUids],
    );
  }

  /**
   * A page of a cluster's evictions of every status, newest first: one row more than the limit,
   * to tell whether more remain, and, when no filter applies and more remain, how many there are
   * from the page's start on (remainingItemCount).
   */
  async list(clusterId: number, filters: EvictionFilters): Promise<{ rows: Eviction[]; fromStart?: number }> {
    const where: Prisma.EvictionWhereInput = { clusterId };
    if (filters.status !== undefined) where.status = filters.status;
    if (filters.nodeName !== undefined) where.nodeName = filters.nodeName;
    if (filters.namespace !== undefined) where.podNamespace = filters.namespace;
    if (filters.pod !== undefined) where.podName = filters.pod;
    if (filters.upTo !== undefined) where.id = { lte: filters.upTo };
    const rows = await this.prisma.eviction.findMany({ where, orderBy: { id: 'desc' }, take: Math.min(filters.limit, MAX_ROWS) + 1 });
    const unfiltered = Object.keys(where).length === (filters.upTo === undefined ? 1 : 2);
    if (!unfiltered || rows.length <= filters.limit) return { rows };
    return { rows, fromStart: await this.prisma.eviction.count({ where }) };
  }

  /** The cluster's newest event's id (0 when there is none): where a new reader starts. */
  async lastEventId(clusterId: number): Promise<bigint> {
    const last = await this.prisma.event.findFirst({ where: { clusterId }, orderBy: { id: 'desc' }, select: { id: true } });
    return last?.id ?? 0n;
  }

  /** The cluster's eviction events after `cursor`, oldest first, with the evictions they are about. */
  async eventsAfter(clusterId: number, cursor: bigint, limit: number): Promise<{ events: Event[]; evictions: Map<bigint, Eviction> }> {
    const events = await this.prisma.event.findMany({
      where: { clusterId, id: { gt: cursor }, kind: { in: ['EvictionScheduled', 'EvictionExecuted', 'EvictionCancelled', 'EvictionPredicted'] } },
      orderBy: { id: 'asc' },
      take: limit,
    });
    const ids = [...new Set(events.flatMap((e) => (e.evictionId === null ? [] : [e.evictionId])))];
    const evictions = ids.length ? await this.prisma.eviction.findMany({ where: { id: { in: ids } } }) : [];
    return { events, evictions: new Map(evictions.map((row) => [row.id, row])) };
  }

  /**
   * Records an outcome in the write's transaction: cancellations, new deadlines, wake-ups that
   * came early, and executions (new rows for pods evicted at once, the scheduled rows for those
   * whose deadline came), each with the controller's event. Deleting the pods is the caller's.
   */
  async record(w: WriteContext, outcome: EvictionOutcome): Promise<RecordedOutcome> {
    if (w.mode === 'mirror') return recordPredictions(w, outcome, this.events);
    const at = new Date(w.now);
    const events: NewEvent[] = await cancelEvictions(w, outcome.cancelled);

    const wakeups: EvictionWakeup[] = [];
    const scheduled = await insertEvictions(
      w,
      outcome.scheduled.map(({ pod, step }) => ({
        ...evictionSubject(pod, pod.spec?.nodeName as string, step.taint),
        status: 'Scheduled',
        startedAt: new Date(step.startedAt),
        scheduledFor: new Date(step.fireAt),
        tolerationSeconds: step.tolerationSeconds,
        firedAt: null,
        reason: null,
      })),
    );
    for (const row of scheduled) {
      events.push(evictionEvent('EvictionScheduled', row, row.id, eventMessages.EvictionScheduled(`${row.podNamespace}/${row.podName}`, row.scheduledFor)));
      wakeups.push(row);
    }

    if (outcome.requeued.length) {
      await w.tx.eviction.updateMany({ where: { id: { in: outcome.requeued.map((r) => r.id) } }, data: { wakeups: { increment: 1 } } });
      wakeups.push(...outcome.requeued.map((r) => ({ ...r, wakeups: r.wakeups + 1 })));
    }

    const executed: ExecutedEviction[] = [];
    if (outcome.due.length) {
      await w.tx.eviction.updateMany({
        where: { id: { in: outcome.due.map((d) => d.row.id) } },
        data: { status: 'Executed', firedAt: at, reason: 'DeletionByTaintManager' },
      });
      for (const { pod, row } of outcome.due) executed.push({ pod, evictionId: row.id, nodeName: row.nodeName, taint: taintOfEviction(row) });
    }
    const now = outcome.evictedNow.map(({ pod, step }) => ({ pod, step, subject: evictionSubject(pod, pod.spec?.nodeName as string, step.taint) }));
    const created = await insertEvictions(
      w,
      now.map(({ step, subject }) => ({
        ...subject,
        status: 'Executed',
        startedAt: at,
        scheduledFor: at,
        firedAt: at,
        tolerationSeconds: step.tolerationSeconds,
        reason: 'DeletionByTaintManager',
      })),
    );
    // RETURNING promises no order: match the new rows to their pods by name.
    const idOf = new Map(created.map((row) => [podKey(row.podNamespace, row.podName), row.id]));
    for (const { pod, step, subject } of now)
      executed.push({ pod, evictionId: idOf.get(podName(pod)) as bigint, nodeName: subject.nodeName, taint: step.taint });
    for (const e of executed) {
      const subject = { podNamespace: e.pod.metadata.namespace ?? 'default', podName: e.pod.metadata.name };
      events.push(evictionEvent('EvictionExecuted', subject, e.evictionId, eventMessages.EvictionExecuted(podName(e.pod))));
    }

    await this.events.record(w, events);
    // The audit trail says who set each eviction in motion (the key whose write added the taint)
    // or stopped it; executions are audited with the pod's deletion (TaintEvictionController).
    const taintScheduled = new Map(outcome.scheduled.map(({ pod, step }) => [podName(pod), step.taint]));
    await auditAll(w, [
      ...cancelAudits(outcome.cancelled),
      ...scheduled.map((row) =>
        evictionAudit('eviction.schedule', row, taintScheduled.get(podKey(row.podNamespace, row.podName)), { scheduledFor: row.scheduledFor.toISOString() }),
      ),
    ]);
    return { executed, scheduled, predicted: [], wakeups };
  }
}

/** The evictions table's columns as Prisma names them (int8 as text, read back as bigints by evictionOfRaw). */
const EVICTION_COLUMNS = `id::text AS id, pod_namespace AS "podNamespace", pod_name AS "podName", pod_uid::text AS "podUid", node_name AS "nodeName",
  taint_key AS "taintKey", taint_value AS "taintValue", taint_effect::text AS "taintEffect", status::text AS status, started_at AS "startedAt",
  scheduled_for AS "scheduledFor", toleration_seconds::text AS "tolerationSeconds", fired_at AS "firedAt", cancelled_at AS "cancelledAt", reason,
  created_at AS "createdAt", wakeups, pod_removed_at AS "podRemovedAt", cluster_id AS "clusterId"`;

type RawEviction = Omit<Eviction, 'id' | 'tolerationSeconds'> & { id: string; tolerationSeconds: string | null };

const evictionOfRaw = (row: RawEviction): Eviction => ({
  ...row,
  id: BigInt(row.id),
  tolerationSeconds: row.tolerationSeconds === null ? null : BigInt(row.tolerationSeconds),
});
