import type { Pod, Taint } from '@taintgate/domain';
import type { EventStore, NewEvent } from '../event-store';
import type { AuditEntry, WriteContext } from '../write-context';
import { podKey } from '../pod-record';
import { type NewEviction, insertEvictions } from './bulk-insert';
import type { EvictionOutcome, RecordedOutcome } from './eviction-outcome';
import { evictionSubject, podName } from './eviction-records';
import { auditAll, cancelAudits, cancelEvictions, eventMessages, evictionAudit, evictionEvent } from './ledger-steps';

/**
 * A mirror's outcome, recorded as predictions: what its cluster's own taint eviction controller
 * will do, and when. Nothing is executed and no wake-up is queued. An eviction now is predicted at
 * the write's time, a deadline at its deadline (status Predicted, with the controller's event,
 * EvictionPredicted); predictions no longer wanted are cancelled as the controller cancels its
 * work; a prediction whose pod left at or past its deadline came true (Executed, DeletedAtSource).
 */
export async function recordPredictions(w: WriteContext, outcome: EvictionOutcome, events: EventStore): Promise<RecordedOutcome> {
  const at = new Date(w.now);
  const told: NewEvent[] = await cancelEvictions(w, outcome.cancelled);
  const taintOf = new Map<string, Taint>();
  const rows: NewEviction[] = [];
  const predict = (pod: Pod, taint: Taint, startedAt: Date, fireAt: Date, tolerationSeconds: number | null) => {
    taintOf.set(podName(pod), taint);
    rows.push({
      ...evictionSubject(pod, pod.spec?.nodeName as string, taint),
      status: 'Predicted',
      startedAt,
      scheduledFor: fireAt,
      tolerationSeconds,
      firedAt: null,
      reason: null,
    });
  };
  for (const { pod, step } of outcome.evictedNow) predict(pod, step.taint, at, at, step.tolerationSeconds);
  for (const { pod, step } of outcome.scheduled) predict(pod, step.taint, new Date(step.startedAt), new Date(step.fireAt), step.tolerationSeconds);
  const predicted = await insertEvictions(w, rows);
  for (const row of predicted)
    told.push(evictionEvent('EvictionPredicted', row, row.id, eventMessages.EvictionPredicted(`${row.podNamespace}/${row.podName}`, row.scheduledFor)));

  if (outcome.cameTrue.length) {
    await w.sql(
      `UPDATE evictions SET status = 'Executed', fired_at = $1::timestamptz, pod_removed_at = $1::timestamptz, reason = 'DeletedAtSource' WHERE id = ANY($2::bigint[])`,
      [at.toISOString(), outcome.cameTrue.map((row) => String(row.id))],
    );
    for (const row of outcome.cameTrue)
      told.push(evictionEvent('EvictionExecuted', row, row.id, eventMessages.EvictionCameTrue(`${row.podNamespace}/${row.podName}`, row.scheduledFor)));
  }
  await events.record(w, told);
  const audited: AuditEntry[] = [
    ...cancelAudits(outcome.cancelled),
    ...predicted.map((row) =>
      evictionAudit('eviction.predict', row, taintOf.get(podKey(row.podNamespace, row.podName)), { scheduledFor: row.scheduledFor.toISOString() }),
    ),
  ];
  await auditAll(w, audited);
  return { executed: [], scheduled: [], predicted, wakeups: [] };
}
