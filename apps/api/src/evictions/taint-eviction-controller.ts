import { Injectable } from '@nestjs/common';
import { type Pod, type Taint, planNoExecute } from '@taintgate/domain';
import type { AfterCommit, Tx } from '../cluster/cluster-writer';
import { ClusterWriter } from '../cluster/cluster-writer';
import { taintOfRow } from '../cluster/node-record';
import { podKey, podOfRow } from '../cluster/pod-record';
import { AppConfig } from '../config/app-config';
import type { Eviction } from '../generated/prisma/client';
import { EvictionQueue } from './eviction-queue';
import { evictionSubject, podName } from './eviction-records';

/** The write a decision runs in: its transaction, revision, clock and after-commit hook. */
export interface WriteScope {
  tx: Tx;
  revision: bigint;
  afterCommit: AfterCommit;
  now: number;
}

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

  /** After the taints of these nodes changed (or the nodes were deleted): every pod bound to them. */
  async nodesChanged(scope: WriteScope, nodeNames: readonly string[]): Promise<void> {
    if (nodeNames.length === 0) return;
    const [nodes, podRows] = [
      await scope.tx.node.findMany({ where: { name: { in: [...nodeNames] } }, include: { taints: true } }),
      await scope.tx.pod.findMany({ where: { nodeName: { in: [...nodeNames] } } }),
    ];
    const taintsOf = new Map(nodes.map((n) => [n.name, [...n.taints].sort((a, b) => a.position - b.position).map(taintOfRow)]));
    await this.decide(
      scope,
      podRows.map(podOfRow),
      (pod) => taintsOf.get(pod.spec?.nodeName ?? ''),
    );
  }

  /** After a pod was created or replaced: bound to a tainted node, or its tolerations changed. */
  async podChanged(scope: WriteScope, pod: Pod): Promise<void> {
    const nodeName = pod.spec?.nodeName;
    if (!nodeName) return;
    const node = await scope.tx.node.findUnique({ where: { name: nodeName }, include: { taints: true } });
    const taints = node ? [...node.taints].sort((a, b) => a.position - b.position).map(taintOfRow) : undefined;
    await this.decide(scope, [pod], () => taints);
  }

  /** After a pod was deleted: its scheduled eviction, if any, goes. */
  async podDeleted(scope: WriteScope, namespace: string, name: string): Promise<void> {
    const scheduled = await scope.tx.eviction.findMany({ where: { podNamespace: namespace, podName: name, status: 'Scheduled' } });
    for (const row of scheduled) await this.cancel(scope, row, 'PodDeleted');
  }

  /**
   * A wake-up job fired: decide again from what is stored now. Evicts when still due, cancels
   * when no longer wanted, queues a new wake-up when woken early (the job runs by the clock
   * of whichever machine queued it).
   */
  async wake(evictionId: bigint): Promise<'Executed' | 'Cancelled' | 'Requeued' | 'Stale'> {
    const now = Date.now();
    return this.writer.write(async (tx, revision, afterCommit) => {
      const scope = { tx, revision, afterCommit, now };
      const row = await tx.eviction.findUnique({ where: { id: evictionId } });
      if (!row || row.status !== 'Scheduled') return 'Stale';
      const podRow = await tx.pod.findUnique({ where: { namespace_name: { namespace: row.podNamespace, name: row.podName } } });
      if (!podRow || podRow.uid !== row.podUid || podRow.nodeName !== row.nodeName) {
        await this.cancel(scope, row, 'PodGone');
        return 'Cancelled';
      }
      const pod = podOfRow(podRow);
      const node = await tx.node.findUnique({ where: { name: row.nodeName }, include: { taints: true } });
      const taints = node ? [...node.taints].sort((a, b) => a.position - b.position).map(taintOfRow) : [];
      const decision = planNoExecute(taints, pod.spec?.tolerations, { startedAt: row.startedAt.getTime(), fireAt: row.scheduledFor.getTime() }, now, this.options());
      if (decision.action === 'Cancel') {
        await this.cancel(scope, row, decision.reason === 'ToleratesForever' ? 'ToleratesForever' : 'TaintRemoved');
        return 'Cancelled';
      }
      if (decision.action === 'EvictNow' || now >= row.scheduledFor.getTime()) {
        await this.execute(scope, pod, row);
        return 'Executed';
      }
      const next = await tx.eviction.update({ where: { id: row.id }, data: { wakeups: { increment: 1 } } });
      afterCommit(() => this.queue.enqueue(next));
      return 'Requeued';
    });
  }

  private options() {
    return { comparisonOperators: this.config.domain.tolerationComparisonOperators };
  }

  /** Decides for each pod, batching the reads of their scheduled evictions. */
  private async decide(scope: WriteScope, pods: readonly Pod[], taintsOf: (pod: Pod) => Taint[] | undefined): Promise<void> {
    if (pods.length === 0) return;
    const scheduled = await scope.tx.eviction.findMany({
      where: { status: 'Scheduled', OR: pods.map((p) => ({ podNamespace: p.metadata.namespace ?? 'default', podName: p.metadata.name })) },
    });
    const scheduledOf = new Map(scheduled.map((row) => [podKey(row.podNamespace, row.podName), row]));
    for (const pod of pods) {
      const existing = scheduledOf.get(podKey(pod.metadata.namespace ?? 'default', pod.metadata.name));
      const taints = taintsOf(pod);
      if (taints === undefined) {
        // The node is gone: nothing left to be evicted from.
        if (existing) await this.cancel(scope, existing, 'NodeDeleted');
        continue;
      }
      const current = existing ? { startedAt: existing.startedAt.getTime(), fireAt: existing.scheduledFor.getTime() } : undefined;
      const decision = planNoExecute(taints, pod.spec?.tolerations, current, scope.now, this.options());
      switch (decision.action) {
        case 'KeepScheduled':
          break;
        case 'Cancel':
          if (existing) await this.cancel(scope, existing, decision.reason === 'ToleratesForever' ? 'ToleratesForever' : 'TaintRemoved');
          break;
        case 'EvictNow': {
          if (existing) await this.cancel(scope, existing, 'Superseded');
          const taint = decision.reason === 'Untolerated' ? (decision.untolerated[0] as Taint) : decision.taint;
          const row = await scope.tx.eviction.create({
            data: {
              ...evictionSubject(pod, pod.spec?.nodeName as string, taint),
              status: 'Scheduled',
              startedAt: new Date(scope.now),
              scheduledFor: new Date(scope.now),
              tolerationSeconds: decision.reason === 'ToleranceElapsed' ? 0 : null,
            },
          });
          await this.execute(scope, pod, row);
          break;
        }
        case 'EvictAt': {
          if (existing) await this.cancel(scope, existing, 'Superseded');
          const row = await scope.tx.eviction.create({
            data: {
              ...evictionSubject(pod, pod.spec?.nodeName as string, decision.taint),
              status: 'Scheduled',
              startedAt: new Date(decision.startedAt),
              scheduledFor: new Date(decision.fireAt),
              tolerationSeconds: decision.tolerationSeconds,
            },
          });
          await this.event(scope, pod.metadata.namespace, pod.metadata.name, row.id, `Scheduling deletion of Pod ${podName(pod)} at ${row.scheduledFor.toISOString()}`);
          scope.afterCommit(() => this.queue.enqueue(row));
          break;
        }
      }
    }
  }

  /**
   * Carries the eviction out as the taint eviction controller does: the pod is deleted (the
   * controller first marks it with the DisruptionTarget condition, which a deleted pod no longer
   * shows here), the eviction recorded as executed, and the event "Marking for deletion Pod".
   */
  private async execute(scope: WriteScope, pod: Pod, row: Eviction): Promise<void> {
    const namespace = pod.metadata.namespace ?? 'default';
    await scope.tx.pod.delete({ where: { namespace_name: { namespace, name: pod.metadata.name } } });
    await this.writer.tombstone(scope.tx, scope.revision, 'Pod', podKey(namespace, pod.metadata.name));
    await scope.tx.eviction.update({ where: { id: row.id }, data: { status: 'Executed', firedAt: new Date(scope.now), reason: 'DeletionByTaintManager' } });
    await this.event(scope, namespace, pod.metadata.name, row.id, `Marking for deletion Pod ${podName(pod)}`);
    await this.writer.audit(scope.tx, scope.revision, {
      action: 'pod.evict',
      kind: 'Pod',
      namespace,
      name: pod.metadata.name,
      details: { node: row.nodeName, taint: `${row.taintKey}${row.taintValue ? `=${row.taintValue}` : ''}:${row.taintEffect}`, evictionId: String(row.id) },
    });
  }

  private async cancel(scope: WriteScope, row: Eviction, reason: CancelReason): Promise<void> {
    await scope.tx.eviction.update({ where: { id: row.id }, data: { status: 'Cancelled', cancelledAt: new Date(scope.now), reason } });
    await this.event(scope, row.podNamespace, row.podName, row.id, `Cancelling deletion of Pod ${row.podNamespace}/${row.podName}`);
  }

  private async event(scope: WriteScope, namespace: string | undefined, name: string, evictionId: bigint, message: string): Promise<void> {
    await scope.tx.event.create({
      data: { type: 'Normal', reason: 'TaintManagerEviction', message, involvedKind: 'Pod', involvedNamespace: namespace ?? 'default', involvedName: name, evictionId },
    });
  }
}
