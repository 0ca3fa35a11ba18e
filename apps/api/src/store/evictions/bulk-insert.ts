import type { WriteContext } from '../write-context';
import type { EvictionStatus, TaintEffect } from '../../generated/prisma/client';

/**
 * The eviction ledger's inserts: thousands of rows as one statement over arrays (INSERT ... SELECT FROM unnest)
 * on the write's own connection (WriteContext.rows): a NoExecute taint on a busy node pool decides
 * for every pod in one transaction, and row-by-row parameters made that take seconds at 10,000
 * pods; through Prisma each array would be encoded as JSON twice more.
 */

export interface NewEviction {
  podNamespace: string;
  podName: string;
  podUid: string;
  nodeName: string;
  taintKey: string;
  taintValue: string;
  taintEffect: TaintEffect;
  status: EvictionStatus;
  startedAt: Date;
  scheduledFor: Date;
  /** int64, as in Kubernetes; sent as decimal text so that no value is rounded on its way. */
  tolerationSeconds: number | bigint | null;
  firedAt: Date | null;
  reason: string | null;
}

/** What callers need back: the id, and what names the pod and the deadline. */
export interface InsertedEviction {
  id: bigint;
  wakeups: number;
  podNamespace: string;
  podName: string;
  nodeName: string;
  scheduledFor: Date;
}

export async function insertEvictions(w: WriteContext, rows: readonly NewEviction[]): Promise<InsertedEviction[]> {
  if (rows.length === 0) return [];
  const col = <K extends keyof NewEviction>(k: K) => rows.map((r) => r[k]);
  const iso = (dates: (Date | null)[]) => dates.map((d) => d?.toISOString() ?? null);
  const inserted = await w.rows<Omit<InsertedEviction, 'id'> & { id: string }>(
    `INSERT INTO evictions (cluster_id, pod_namespace, pod_name, pod_uid, node_name, taint_key, taint_value, taint_effect,
                            status, started_at, scheduled_for, toleration_seconds, fired_at, reason)
     SELECT $1::int, * FROM unnest($2::text[], $3::text[], $4::uuid[], $5::text[], $6::text[], $7::text[], $8::text[]::"TaintEffect"[],
       $9::text[]::"EvictionStatus"[], $10::timestamptz[], $11::timestamptz[], $12::bigint[], $13::timestamptz[], $14::text[])
     RETURNING id::text AS id, wakeups, pod_namespace AS "podNamespace", pod_name AS "podName", node_name AS "nodeName", scheduled_for AS "scheduledFor"`,
    [
      w.cluster.id,
      col('podNamespace'),
      col('podName'),
      col('podUid'),
      col('nodeName'),
      col('taintKey'),
      col('taintValue'),
      col('taintEffect'),
      col('status'),
      iso(col('startedAt')),
      iso(col('scheduledFor')),
      col('tolerationSeconds').map((s) => (s === null ? null : String(s))),
      iso(col('firedAt')),
      col('reason'),
    ],
  );
  return inserted.map((row) => ({ ...row, id: BigInt(row.id) }));
}
