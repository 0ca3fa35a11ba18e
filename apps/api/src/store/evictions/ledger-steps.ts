import { type CancelReason, type Taint, taintToString } from '@taintgate/domain';
import type { Eviction } from '../../generated/prisma/client';
import type { NewEvent } from '../event-store';
import type { AuditEntry, WriteContext } from '../write-context';
import { taintOfEviction } from './eviction-records';

/** The taint eviction controller's events, as it words them (taint_eviction.go), and a mirror's predictions and outcomes, in the same voice. */
export const eventMessages = {
  EvictionScheduled: (pod: string, at: Date) => `Scheduling deletion of Pod ${pod} at ${at.toISOString()}`,
  EvictionExecuted: (pod: string) => `Marking for deletion Pod ${pod}`,
  EvictionCancelled: (pod: string) => `Cancelling deletion of Pod ${pod}`,
  EvictionPredicted: (pod: string, at: Date) => `Predicting deletion of Pod ${pod} at ${at.toISOString()} by the cluster's taint eviction controller`,
  EvictionCameTrue: (pod: string, at: Date) => `Pod ${pod} was deleted at its cluster, as predicted for ${at.toISOString()}`,
};

/** An event of the controller's (TaintManagerEviction) about an eviction's pod. */
export function evictionEvent(kind: NewEvent['kind'], row: Pick<Eviction, 'podNamespace' | 'podName'>, evictionId: bigint, message: string): NewEvent {
  return {
    kind,
    type: 'Normal',
    reason: 'TaintManagerEviction',
    message,
    involvedKind: 'Pod',
    involvedNamespace: row.podNamespace,
    involvedName: row.podName,
    evictionId,
  };
}

/** Cancels the evictions, a statement per reason, in the write; answers their events. */
export async function cancelEvictions(w: WriteContext, cancelled: readonly { row: Eviction; reason: CancelReason }[]): Promise<NewEvent[]> {
  const at = new Date(w.now).toISOString();
  const events: NewEvent[] = [];
  for (const [reason, rows] of groupBy(cancelled, (c) => c.reason)) {
    await w.sql(`UPDATE evictions SET status = 'Cancelled', cancelled_at = $1::timestamptz, reason = $2 WHERE id = ANY($3::bigint[])`, [
      at,
      reason,
      rows.map((c) => String(c.row.id)),
    ]);
    for (const { row } of rows)
      events.push(evictionEvent('EvictionCancelled', row, row.id, eventMessages.EvictionCancelled(`${row.podNamespace}/${row.podName}`)));
  }
  return events;
}

/** An audit entry about an eviction, on its pod. */
export function evictionAudit(
  action: string,
  row: Pick<Eviction, 'id' | 'podNamespace' | 'podName' | 'nodeName'>,
  taint: Taint | undefined,
  more: Record<string, string>,
): AuditEntry {
  return {
    action,
    kind: 'Pod',
    namespace: row.podNamespace,
    name: row.podName,
    details: { evictionId: String(row.id), node: row.nodeName, ...(taint ? { taint: taintToString(taint) } : {}), ...more },
  };
}

/** Audit entries, ten thousand a statement (a whole cluster's evictions are more than one statement's arguments). */
export async function auditAll(w: WriteContext, entries: readonly AuditEntry[]): Promise<void> {
  for (let i = 0; i < entries.length; i += 10_000) await w.audit(...entries.slice(i, i + 10_000));
}

export const cancelAudits = (cancelled: readonly { row: Eviction; reason: CancelReason }[]): AuditEntry[] =>
  cancelled.map(({ row, reason }) => evictionAudit('eviction.cancel', row, taintOfEviction(row), { reason }));

function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const group = groups.get(keyOf(item));
    if (group) group.push(item);
    else groups.set(keyOf(item), [item]);
  }
  return groups;
}
