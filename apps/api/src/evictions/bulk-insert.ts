import type { Tx } from '../cluster/cluster-writer';
import type { EvictionStatus, TaintEffect } from '../generated/prisma/client';

/**
 * The eviction ledger's inserts: thousands of rows as one statement over arrays (INSERT ... SELECT FROM unnest):
 * a NoExecute taint on a busy node pool decides for every pod in one transaction, and
 * row-by-row parameters made that take seconds at 10,000 pods.
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

export async function insertEvictions(tx: Tx, clusterId: number, rows: readonly NewEviction[]): Promise<InsertedEviction[]> {
  if (rows.length === 0) return [];
  const col = <K extends keyof NewEviction>(k: K) => rows.map((r) => r[k]);
  const iso = (dates: (Date | null)[]) => dates.map((d) => d?.toISOString() ?? null);
  return tx.$queryRaw<InsertedEviction[]>`
    INSERT INTO evictions (cluster_id, pod_namespace, pod_name, pod_uid, node_name, taint_key, taint_value, taint_effect,
                           status, started_at, scheduled_for, toleration_seconds, fired_at, reason)
    SELECT ${clusterId}::int, * FROM unnest(
      ${col('podNamespace')}::text[], ${col('podName')}::text[], ${col('podUid')}::uuid[], ${col('nodeName')}::text[],
      ${col('taintKey')}::text[], ${col('taintValue')}::text[], ${col('taintEffect')}::text[]::"TaintEffect"[],
      ${col('status')}::text[]::"EvictionStatus"[], ${iso(col('startedAt'))}::timestamptz[], ${iso(col('scheduledFor'))}::timestamptz[],
      ${col('tolerationSeconds').map((s) => (s === null ? null : String(s)))}::bigint[], ${iso(col('firedAt'))}::timestamptz[], ${col('reason')}::text[])
    RETURNING id, wakeups, pod_namespace AS "podNamespace", pod_name AS "podName", node_name AS "nodeName", scheduled_for AS "scheduledFor"`;
}
