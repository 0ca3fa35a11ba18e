import { Injectable } from '@nestjs/common';
import { type Node, type Pod, type ReschedulingQuery, type ScheduledEviction, selectNodes, taintImpact, usageLookup } from '@taintgate/domain';
import { ClusterSnapshots } from '../cluster/cluster-snapshots';
import { k8sTime } from '../cluster/object-parts';
import { podKey } from '../cluster/pod-record';
import { AppConfig } from '../config/app-config';
import { EvictionLedger } from '../evictions/eviction-ledger';
import { valueOf } from '../failures/failure.exception';
import type { ImpactCommand } from './impact-command';

/** "What happens if I add this taint?" Nothing is changed. */
@Injectable()
export class ImpactService {
  constructor(
    private readonly snapshots: ClusterSnapshots,
    private readonly ledger: EvictionLedger,
    private readonly config: AppConfig,
  ) {}

  /**
   * Over the stored cluster, with the evictions already scheduled there (the controller keeps an
   * earlier deadline, and so does the answer), or over the hypothetical one sent inline.
   */
  async impact(clusterName: string, { taint, target, inline }: ImpactCommand) {
    const cluster: { clusterId?: number; nodes: Node[]; pods: Pod[]; usageOf?: ReschedulingQuery['usageOf'] } = inline ?? (await this.stored(clusterName));
    const nodeOf = new Map(cluster.nodes.map((n) => [n.metadata.name, n]));
    const names = new Set(valueOf(selectNodes(target, cluster.nodes, (name) => nodeOf.get(name))).map((n) => n.metadata.name));
    // Inline clusters have no evictions scheduled; a stored one has its own.
    const scheduledOf = cluster.clusterId === undefined ? () => undefined : await this.scheduledOn(cluster.clusterId, names);
    const now = Date.now();
    const result = taintImpact(
      taint,
      cluster.nodes,
      cluster.pods,
      names,
      now,
      { comparisonOperators: this.config.domain.tolerationComparisonOperators },
      scheduledOf,
      // Where each evicted pod could go, with the room the pods bound to each node take.
      { usageOf: cluster.usageOf ?? usageLookup(cluster.pods) },
    );
    return {
      ...result,
      at: k8sTime(new Date(now)),
      // `at` null: the deadline lies past year 9999, never in practice (docs/contract.md).
      evictions: result.evictions.map(({ alreadyScheduled, ...e }) => ({
        ...e,
        at: e.at === null ? null : new Date(e.at).toISOString(),
        neverInPractice: e.at === null,
        ...(alreadyScheduled ? { alreadyScheduled: { scheduledAt: new Date(alreadyScheduled.scheduledAt).toISOString() } } : {}),
      })),
    };
  }

  private async stored(cluster: string) {
    const view = await this.snapshots.view(cluster);
    return { clusterId: view.cluster.id, nodes: [...view.nodes.values()], pods: [...view.pods.values()], usageOf: view.usageOf };
  }

  /** The eviction scheduled for a pod on these nodes, if it is still for this very pod (uid and node). */
  private async scheduledOn(clusterId: number, nodeNames: ReadonlySet<string>): Promise<(pod: Pod) => ScheduledEviction | undefined> {
    const rows = await this.ledger.scheduledOnNodes(clusterId, [...nodeNames]);
    return (pod) => {
      const row = rows.get(podKey(pod.metadata.namespace ?? 'default', pod.metadata.name));
      if (!row || row.podUid !== pod.metadata.uid || row.nodeName !== pod.spec?.nodeName) return undefined;
      return { startedAt: row.startedAt.getTime(), fireAt: row.scheduledFor.getTime() };
    };
  }
}
