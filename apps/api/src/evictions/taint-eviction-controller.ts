import { Injectable } from '@nestjs/common';
import { type Pod, type Taint, planNoExecute } from '@taintgate/domain';
import type { AfterCommit, Tx } from '../cluster/cluster-writer';
import { ClusterWriter } from '../cluster/cluster-writer';
import { taintOfRow } from '../cluster/node-record';
import { podKey, podOfRow } from '../cluster/pod-record';
import { AppConfig } from '../config/app-config';
import type { Eviction } from '../generated/prisma/client';
import { type NewEvent, insertEvents, insertEvictions } from './bulk-insert';
import { EvictionQueue } from './eviction-queue';
import { evictionSubject, podName } from './eviction-records';

/** The write a decision runs in: its transaction, revision, clock and after-commit hook. */
export interface WriteScope {
  tx: Tx;
  revision: bigint;
  afterCommit: AfterCommit;
  now: number;
}

/** How many due evictions one wake-up carries out at most, in one transaction. */
const WAKE_BATCH = 500;

type CancelReason = 'TaintRemoved' | 'ToleratesForever' | 'PodDeleted' | 'NodeDeleted' | 'Superseded' | 'PodGone';

/**
 * The taint eviction controller: whenever a write changes a node's taints or a pod's binding or
 * tolerations, it decides for every pod concerned (planNoExecute, in the domain) and records the
 * outcome in the same transaction: evict now, schedule an eviction (a row, plus a delayed job
 * queued after commit), keep the one scheduled, or cancel it. Postgres holds every deadline.
 */
@Injectable()
export class TaintEvictionController {
  constructor(
    private readonly writer: ClusterWriter,
    private readonly queue: EvictionQueue,
    private readonly config: AppConfig,
  ) {}

  /**
   * After writes to nodes (after undefined: deleted). Like the taint eviction controller, which is
   * told of a node only when its NoExecute taints change, only those nodes' pods are decided
   * again: a label or NoSchedule change on a busy pool reads no pods.
   */
  async nodeTaintsChanged(scope: WriteScope, changes: readonly { name: string; before: readonly Taint[]; after?: readonly Taint[] }[]): Promise<void> {
    const noExecute = (taints: readonly Taint[]) =>
      taints
        .filter((t) => t.effect === 'NoExecute')
        .map((t) => `${t.key}=${t.value ?? ''}`)
        .sort()
        .join(',');
    const changed = changes.filter((c) => noExecute(c.before) !== noExecute(c.after ?? [])).map((c) => c.name);
    await this.nodesChanged(scope, changed);
  }

  /** Every pod bound to these nodes, decided again. */
  private async nodesChanged(scope: WriteScope, nodeNames: readonly string[]): Promise<void> {
    if (nodeNames.length === 0) return;
    const taintsOf = await this.taintsOf(scope.tx, nodeNames);
    const pods = (await scope.tx.pod.findMany({ where: { nodeName: { in: [...nodeNames] } } })).map(podOfRow);
    await this.decide(scope, pods, (pod) => taintsOf.get(pod.spec?.nodeName ?? ''));
  }

  /** After a pod was created or replaced: bound to a tainted node, or its tolerations changed. */
  async podChanged(scope: WriteScope, pod: Pod): Promise<void> {
    const nodeName = pod.spec?.nodeName;
    if (!nodeName) return;
    const taintsOf = await this.taintsOf(scope.tx, [nodeName]);
    await this.decide(scope, [pod], () => taintsOf.get(nodeName));
  }

  /** After a pod was deleted: its scheduled eviction, if any, goes. */
  async podDeleted(scope: WriteScope, namespace: string, name: string): Promise<void> {
    const scheduled = await scope.tx.eviction.findMany({ where: { podNamespace: namespace, podName: name, status: 'Scheduled' } });
    const outcome = new Outcome();
    for (const row of scheduled) outcome.cancel(row, 'PodDeleted');
    await this.apply(scope, outcome);
  }

  /**
   * A wake-up job fired: decide again, from what is stored now, for this eviction and every
   * other one already due (one transaction carries out a burst of deadlines). Evicts when still
   * due, cancels when no longer wanted, queues a new wake-up when woken early (a job runs by the
   * clock of whichever machine queued it).
   */
  async wake(evictionId: bigint): Promise<{ executed: number; cancelled: number; requeued: number }> {
    const now = Date.now();
    return this.writer.write(async (tx, revision, afterCommit) => {
      const scope = { tx, revision, afterCommit, now };
      const rows = await tx.eviction.findMany({
        where: { status: 'Scheduled', OR: [{ id: evictionId }, { scheduledFor: { lte: new Date(now) } }] },
        orderBy: { scheduledFor: 'asc' },
        take: WAKE_BATCH,
      });
      const podRows = rows.length
        ? await tx.pod.findMany({ where: { OR: rows.map((r) => ({ namespace: r.podNamespace, name: r.podName })) } })
        : [];
      const podOf = new Map(podRows.map((p) => [podKey(p.namespace, p.name), p]));
      const taintsOf = await this.taintsOf(tx, [...new Set(rows.map((r) => r.nodeName))]);
      const outcome = new Outcome();
      for (const row of rows) {
        const podRow = podOf.get(podKey(row.podNamespace, row.podName));
        if (!podRow || podRow.uid !== row.podUid || podRow.nodeName !== row.nodeName) {
          outcome.cancel(row, 'PodGone');
          continue;
        }
        const pod = podOfRow(podRow);
        const current = { startedAt: row.startedAt.getTime(), fireAt: row.scheduledFor.getTime() };
        const decision = planNoExecute(taintsOf.get(row.nodeName) ?? [], pod.spec?.tolerations, current, now, this.options());
        if (decision.action === 'Cancel') outcome.cancel(row, decision.reason === 'ToleratesForever' ? 'ToleratesForever' : 'TaintRemoved');
        else if (decision.action === 'EvictNow' || now >= row.scheduledFor.getTime()) outcome.executeScheduled(row, pod);
        else outcome.requeue(row);
      }
      await this.apply(scope, outcome);
      return { executed: outcome.executed.length, cancelled: outcome.cancelled.length, requeued: outcome.requeued.length };
    });
  }

  private options() {
    return { comparisonOperators: this.config.domain.tolerationComparisonOperators };
  }

  /** The NoExecute-relevant taints of these nodes, in their order; a missing node has none listed. */
  private async taintsOf(tx: Tx, nodeNames: readonly string[]): Promise<Map<string, Taint[]>> {
    const nodes = await tx.node.findMany({ where: { name: { in: [...nodeNames] } }, include: { taints: true } });
    return new Map(nodes.map((n) => [n.name, [...n.taints].sort((a, b) => a.position - b.position).map(taintOfRow)]));
  }

  /** Decides for each pod (planNoExecute), then records every outcome in a few batched statements. */
  private async decide(scope: WriteScope, pods: readonly Pod[], taintsOf: (pod: Pod) => Taint[] | undefined): Promise<void> {
    if (pods.length === 0) return;
    const nodeNames = [...new Set(pods.map((p) => p.spec?.nodeName ?? ''))];
    const scheduled = await scope.tx.eviction.findMany({ where: { status: 'Scheduled', nodeName: { in: nodeNames } } });
    const scheduledOf = new Map(scheduled.map((row) => [podKey(row.podNamespace, row.podName), row]));
    const outcome = new Outcome();
    for (const pod of pods) {
      const existing = scheduledOf.get(podKey(pod.metadata.namespace ?? 'default', pod.metadata.name));
      const taints = taintsOf(pod);
      if (taints === undefined) {
        // The node is gone: nothing left to be evicted from.
        if (existing) outcome.cancel(existing, 'NodeDeleted');
        continue;
      }
      const current = existing ? { startedAt: existing.startedAt.getTime(), fireAt: existing.scheduledFor.getTime() } : undefined;
      const decision = planNoExecute(taints, pod.spec?.tolerations, current, scope.now, this.options());
      if (decision.action === 'KeepScheduled') continue;
      if (decision.action === 'Cancel') {
        if (existing) outcome.cancel(existing, decision.reason === 'ToleratesForever' ? 'ToleratesForever' : 'TaintRemoved');
        continue;
      }
      if (existing) outcome.cancel(existing, 'Superseded');
      if (decision.action === 'EvictNow') {
        const taint = decision.reason === 'Untolerated' ? (decision.untolerated[0] as Taint) : decision.taint;
        outcome.executeNow(pod, taint, decision.reason === 'ToleranceElapsed' ? 0 : null);
      } else {
        outcome.schedule(pod, decision.taint, decision.startedAt, decision.fireAt, decision.tolerationSeconds);
      }
    }
    await this.apply(scope, outcome);
  }

  /**
   * Records an outcome. Executing is what the taint eviction controller does: the pod is
   * deleted (the controller first marks it with the DisruptionTarget condition, which a deleted
   * pod no longer shows here), the eviction recorded as executed, the event "Marking for
   * deletion Pod ns/name"; cancelling records "Cancelling deletion of Pod ns/name".
   */
  private async apply(scope: WriteScope, outcome: Outcome): Promise<void> {
    const { tx, now } = scope;
    const at = new Date(now);
    const events: NewEvent[] = [];
    const event = (namespace: string, name: string, evictionId: bigint, message: string) =>
      events.push({ at, type: 'Normal', reason: 'TaintManagerEviction', message, involvedKind: 'Pod', involvedNamespace: namespace, involvedName: name, evictionId });

    for (const [reason, rows] of groupBy(outcome.cancelled, (c) => c.reason)) {
      await tx.eviction.updateMany({ where: { id: { in: rows.map((c) => c.row.id) } }, data: { status: 'Cancelled', cancelledAt: at, reason } });
      for (const { row } of rows) event(row.podNamespace, row.podName, row.id, `Cancelling deletion of Pod ${row.podNamespace}/${row.podName}`);
    }

    if (outcome.scheduled.length) {
      const rows = await insertEvictions(
        tx,
        outcome.scheduled.map((s) => ({
          ...evictionSubject(s.pod, s.pod.spec?.nodeName as string, s.taint),
          status: 'Scheduled',
          startedAt: new Date(s.startedAt),
          scheduledFor: new Date(s.fireAt),
          tolerationSeconds: s.tolerationSeconds,
          firedAt: null,
          reason: null,
        })),
      );
      for (const row of rows) event(row.podNamespace, row.podName, row.id, `Scheduling deletion of Pod ${row.podNamespace}/${row.podName} at ${row.scheduledFor.toISOString()}`);
      scope.afterCommit(() => this.queue.enqueueAll(rows));
    }

    if (outcome.requeued.length) {
      await tx.eviction.updateMany({ where: { id: { in: outcome.requeued.map((r) => r.id) } }, data: { wakeups: { increment: 1 } } });
      const next = outcome.requeued.map((r) => ({ ...r, wakeups: r.wakeups + 1 }));
      scope.afterCommit(() => this.queue.enqueueAll(next));
    }

    const executed: { pod: Pod; row: Pick<Eviction, 'id' | 'nodeName' | 'taintKey' | 'taintValue' | 'taintEffect' | 'podNamespace'> }[] = [];
    if (outcome.executed.some((e) => e.row)) {
      const ids = outcome.executed.flatMap((e) => (e.row ? [e.row.id] : []));
      await tx.eviction.updateMany({ where: { id: { in: ids } }, data: { status: 'Executed', firedAt: at, reason: 'DeletionByTaintManager' } });
    }
    const fresh = outcome.executed.filter((e) => !e.row);
    const subjects = fresh.map((e) => evictionSubject(e.pod, e.pod.spec?.nodeName as string, e.taint as Taint));
    const created = await insertEvictions(
      tx,
      fresh.map((e, i) => ({
        ...(subjects[i] as ReturnType<typeof evictionSubject>),
        status: 'Executed',
        startedAt: at,
        scheduledFor: at,
        firedAt: at,
        tolerationSeconds: e.tolerationSeconds ?? null,
        reason: 'DeletionByTaintManager',
      })),
    );
    // RETURNING promises no order: match the new rows to their pods by name.
    const idOf = new Map(created.map((row) => [podKey(row.podNamespace, row.podName), row.id]));
    fresh.forEach((e, i) => executed.push({ pod: e.pod, row: { ...(subjects[i] as ReturnType<typeof evictionSubject>), id: idOf.get(podName(e.pod)) as bigint } }));
    for (const e of outcome.executed) if (e.row) executed.push({ pod: e.pod, row: e.row });
    if (executed.length) {
      const keys = executed.map(({ pod }) => ({ namespace: pod.metadata.namespace ?? 'default', name: pod.metadata.name }));
      for (let i = 0; i < keys.length; i += 1000) await tx.pod.deleteMany({ where: { OR: keys.slice(i, i + 1000) } });
      await tx.tombstone.createMany({ data: keys.map((k) => ({ kind: 'Pod', key: podKey(k.namespace, k.name), revision: scope.revision })) });
      await tx.auditEvent.createMany({
        data: executed.map(({ pod, row }) => ({
          action: 'pod.evict',
          kind: 'Pod',
          namespace: pod.metadata.namespace ?? 'default',
          name: pod.metadata.name,
          details: { node: row.nodeName, taint: `${row.taintKey}${row.taintValue ? `=${row.taintValue}` : ''}:${row.taintEffect}`, evictionId: String(row.id) },
          revision: scope.revision,
        })),
      });
      for (const { pod, row } of executed) event(row.podNamespace, pod.metadata.name, row.id, `Marking for deletion Pod ${podName(pod)}`);
    }
    await insertEvents(tx, events);
  }
}

/** Rows of one wake-up or write go in batches; this collects what to do with each. */
class Outcome {
  readonly cancelled: { row: Eviction; reason: CancelReason }[] = [];
  readonly scheduled: { pod: Pod; taint: Taint; startedAt: number; fireAt: number; tolerationSeconds: number }[] = [];
  readonly executed: { pod: Pod; row?: Eviction; taint?: Taint; tolerationSeconds?: number | null }[] = [];
  readonly requeued: Eviction[] = [];

  cancel(row: Eviction, reason: CancelReason): void {
    this.cancelled.push({ row, reason });
  }
  schedule(pod: Pod, taint: Taint, startedAt: number, fireAt: number, tolerationSeconds: number): void {
    this.scheduled.push({ pod, taint, startedAt, fireAt, tolerationSeconds });
  }
  executeNow(pod: Pod, taint: Taint, tolerationSeconds: number | null): void {
    this.executed.push({ pod, taint, tolerationSeconds });
  }
  executeScheduled(row: Eviction, pod: Pod): void {
    this.executed.push({ pod, row });
  }
  requeue(row: Eviction): void {
    this.requeued.push(row);
  }
}

function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
}
