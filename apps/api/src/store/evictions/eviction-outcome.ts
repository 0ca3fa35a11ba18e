import type { CancelReason, EvictionStep, Pod, Taint } from '@taintgate/domain';
import type { Eviction } from '../../generated/prisma/client';
import type { InsertedEviction } from './bulk-insert';
import type { EvictionWakeup } from './eviction-records';

/** What one write or wake-up decided, step by step, for the ledger to record in a few statements. */
export class EvictionOutcome {
  readonly cancelled: { row: Eviction; reason: CancelReason }[] = [];
  readonly scheduled: { pod: Pod; step: Extract<EvictionStep, { step: 'Schedule' }> }[] = [];
  readonly evictedNow: { pod: Pod; step: Extract<EvictionStep, { step: 'EvictNow' }> }[] = [];
  readonly due: { pod: Pod; row: Eviction }[] = [];
  readonly requeued: Eviction[] = [];
  /** A mirror's predictions whose pod left at or past their deadline: their cluster evicted it, as predicted. */
  readonly cameTrue: Eviction[] = [];

  cancel(row: Eviction, reason: CancelReason): void {
    this.cancelled.push({ row, reason });
  }
  schedule(pod: Pod, step: Extract<EvictionStep, { step: 'Schedule' }>): void {
    this.scheduled.push({ pod, step });
  }
  evictNow(pod: Pod, step: Extract<EvictionStep, { step: 'EvictNow' }>): void {
    this.evictedNow.push({ pod, step });
  }
  /** A scheduled eviction whose deadline has come, still wanted. */
  executeDue(row: Eviction, pod: Pod): void {
    this.due.push({ pod, row });
  }
  requeue(row: Eviction): void {
    this.requeued.push(row);
  }
  cameTrueFor(row: Eviction): void {
    this.cameTrue.push(row);
  }
}

/** An eviction carried out: the pod to delete and what removed it. */
export interface ExecutedEviction {
  pod: Pod;
  evictionId: bigint;
  nodeName: string;
  taint: Taint;
}

/** What the caller does once the ledger has recorded an outcome. */
export interface RecordedOutcome {
  executed: ExecutedEviction[];
  /** The evictions scheduled, as stored. */
  scheduled: InsertedEviction[];
  /** A mirror's: the evictions predicted, as stored. */
  predicted: InsertedEviction[];
  /** Wake-ups to queue after commit: new deadlines, and early wake-ups to run again. */
  wakeups: EvictionWakeup[];
}
