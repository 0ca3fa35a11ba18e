import { type Pod, type Taint, canonicalInt64 } from '@taintgate/domain';
import type { Eviction, TaintEffect } from '../../generated/prisma/client';

/** An eviction as the API shows it. */
export function evictionView(row: Eviction) {
  const taint = taintOfEviction(row);
  return {
    id: String(row.id),
    pod: { namespace: row.podNamespace, name: row.podName, uid: row.podUid },
    node: row.nodeName,
    taint,
    status: row.status,
    startedAt: row.startedAt.toISOString(),
    scheduledFor: row.scheduledFor.toISOString(),
    // A bigint column; a JSON number in the answer, exact whatever its size (stringifyExactly).
    tolerationSeconds: row.tolerationSeconds === null ? null : canonicalInt64(row.tolerationSeconds),
    firedAt: row.firedAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    /** When the evicted pod was gone: firedAt began its graceful deletion. */
    podRemovedAt: row.podRemovedAt?.toISOString() ?? null,
    reason: row.reason,
  };
}

/** The columns that name the pod, node and taint of an eviction. */
export function evictionSubject(pod: Pod, nodeName: string, taint: Taint) {
  return {
    podNamespace: pod.metadata.namespace ?? 'default',
    podName: pod.metadata.name,
    podUid: pod.metadata.uid as string,
    nodeName,
    taintKey: taint.key,
    taintValue: taint.value ?? '',
    taintEffect: taint.effect as TaintEffect,
  };
}

export const podName = (pod: Pod) => `${pod.metadata.namespace ?? 'default'}/${pod.metadata.name}`;

/** The taint that caused an eviction, as a Kubernetes Taint (no value when it had none). */
export function taintOfEviction(row: Eviction): Taint {
  const taint: Taint = { key: row.taintKey, effect: row.taintEffect };
  if (row.taintValue) taint.value = row.taintValue;
  return taint;
}

/** What a wake-up job needs to know; everything else is read again from Postgres. */
export interface EvictionWakeup {
  id: bigint;
  wakeups: number;
  scheduledFor: Date;
}
