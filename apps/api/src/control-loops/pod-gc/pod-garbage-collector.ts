import { Injectable } from '@nestjs/common';
import { orphansToCollect, podGcDeletion } from '@taintgate/domain';
import { ClusterWriter } from '../../store/cluster-writer';
import { EventStore } from '../../store/event-store';
import { PeriodicPass } from '../../store/periodic-pass';
import { PodStore } from '../../store/pod-store';
import { PrismaService } from '../../platform/database/prisma.service';
import { AppConfig } from '../../platform/config/app-config';
import { TaintEvictionController } from '../taint-eviction/taint-eviction-controller';

/**
 * The pod garbage collector's orphan pass (pkg/controller/podgc, gcOrphaned): every
 * POD_GC_PERIOD_SECONDS, pods bound to a node that has been missing for the quarantine are
 * deleted, with the event and audit entry that say why, and any eviction waiting for them is
 * cancelled as for any deleted pod. Postgres holds all it needs (pods, tombstones with their
 * time), so any replica's pass does the same, one at a time under the revision lock.
 */
@Injectable()
export class PodGarbageCollector extends PeriodicPass {
  constructor(
    private readonly prisma: PrismaService,
    private readonly writer: ClusterWriter,
    private readonly pods: PodStore,
    private readonly events: EventStore,
    private readonly evictions: TaintEvictionController,
    private readonly config: AppConfig,
  ) {
    super({ seconds: config.podGc.periodSeconds });
  }

  protected async pass(): Promise<number> {
    let deleted = 0;
    // Most passes find nothing: they must take no revision (each write makes every replica reload).
    for (const clusterId of await this.pods.clustersWithPodsOnMissingNodes(this.prisma)) deleted += await this.collectIn(clusterId);
    return deleted;
  }

  private async collectIn(clusterId: number): Promise<number> {
    const deleted = await this.writer.writeExisting(
      clusterId,
      async (w) => {
        const candidates = (await this.pods.boundToMissingNodes(w)).map((p) => ({ ...p, boundAt: p.boundAt.getTime() }));
        const deletedAt = new Map(candidates.map((p) => [p.nodeName, p.nodeDeletedAt?.getTime()]));
        // Every candidate's node is missing: boundToMissingNodes asked the nodes table in this transaction.
        const clock = { nodeExists: () => false, nodeDeletedAt: (name: string) => deletedAt.get(name) };
        const orphans = orphansToCollect(candidates, clock, w.now, this.config.podGc.quarantineSeconds * 1000);
        if (orphans.length === 0) return 0;
        await this.pods.delete(w, ...orphans);
        await this.evictions.podsDeleted(w, orphans);
        await this.events.record(
          w,
          orphans.map((pod) => ({
            kind: 'PodGarbageCollected',
            type: 'Normal',
            reason: podGcDeletion.reason,
            message: `Deleted orphaned Pod ${pod.namespace}/${pod.name}: node ${pod.nodeName} no longer exists (${podGcDeletion.message})`,
            involvedKind: 'Pod',
            involvedNamespace: pod.namespace,
            involvedName: pod.name,
            evictionId: null,
          })),
        );
        await w.audit(
          ...orphans.map((pod) => ({ action: 'pod.gc', kind: 'Pod' as const, namespace: pod.namespace, name: pod.name, details: { node: pod.nodeName } })),
        );
        this.logger.log(`deleted ${orphans.length} orphaned pod(s) of cluster ${w.cluster.name}`);
        return orphans.length;
      },
      { what: 'pod garbage collector' },
    );
    return deleted ?? 0;
  }
}
