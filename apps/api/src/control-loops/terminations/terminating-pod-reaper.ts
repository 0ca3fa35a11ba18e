import { Injectable } from '@nestjs/common';
import { ClusterWriter } from '../../store/cluster-writer';
import { PeriodicPass } from '../../store/periodic-pass';
import { PodStore } from '../../store/pod-store';
import { PrismaService } from '../../platform/database/prisma.service';
import { EvictionLedger } from '../../store/evictions/eviction-ledger';
import { TaintEvictionController } from '../taint-eviction/taint-eviction-controller';

/**
 * Seconds between passes. In a cluster the kubelet stops the containers and removes the pod
 * within its grace period; a second is finer than any grace period a pod asks for.
 */
const PASS_SECONDS = 1;
/** How many pods one write removes at most. */
const REMOVE_PER_WRITE = 2000;

/**
 * What the kubelet and the API server do at the end of a graceful deletion: a terminating pod
 * whose deletionTimestamp has passed is removed (its tombstone tells every replica), and the
 * eviction that began it records when. Postgres holds the deadlines, so any replica's pass
 * does it, one at a time under the revision lock, after a restart too.
 */
@Injectable()
export class TerminatingPodReaper extends PeriodicPass {
  constructor(
    private readonly prisma: PrismaService,
    private readonly writer: ClusterWriter,
    private readonly pods: PodStore,
    private readonly ledger: EvictionLedger,
    private readonly evictions: TaintEvictionController,
  ) {
    super({ seconds: PASS_SECONDS });
  }

  protected async pass(): Promise<number> {
    let removed = 0;
    for (const clusterId of await this.pods.clustersWithPodsDueForRemoval(this.prisma, Date.now())) removed += await this.removeIn(clusterId);
    return removed;
  }

  /**
   * A few thousand pods a write: a NoExecute taint over a whole cluster makes hundreds of
   * thousands terminating at once, and one write removing them all would keep the cluster's other
   * writes waiting for seconds.
   */
  private async removeIn(clusterId: number): Promise<number> {
    let removed = 0;
    for (;;) {
      const batch = await this.removeSome(clusterId);
      removed += batch;
      if (batch < REMOVE_PER_WRITE) return removed;
    }
  }

  private async removeSome(clusterId: number): Promise<number> {
    const removed = await this.writer.writeExisting(
      clusterId,
      async (w) => {
        const due = await this.pods.dueForRemoval(w, REMOVE_PER_WRITE);
        if (due.length === 0) return 0;
        await this.pods.delete(w, ...due);
        await this.evictions.podsDeleted(w, due);
        await this.ledger.podsRemoved(
          w,
          due.map((p) => p.uid),
        );
        await w.audit(...due.map((pod) => ({ action: 'pod.terminated', kind: 'Pod' as const, namespace: pod.namespace, name: pod.name })));
        return due.length;
      },
      { what: 'terminating pod reaper' },
    );
    return removed ?? 0;
  }
}
