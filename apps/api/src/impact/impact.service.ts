import { Injectable } from '@nestjs/common';
import { type Node, type Pod, selectNodes, taintImpact } from '@taintgate/domain';
import { ClusterSnapshot } from '../cluster/cluster-snapshot';
import { k8sTime } from '../cluster/object-parts';
import { AppConfig } from '../config/app-config';
import { valueOf } from '../failures/failure.exception';
import type { ImpactCommand } from './impact-command';

/** "What happens if I add this taint?" Nothing is changed. */
@Injectable()
export class ImpactService {
  constructor(
    private readonly snapshot: ClusterSnapshot,
    private readonly config: AppConfig,
  ) {}

  /** Over the stored cluster, or the hypothetical one sent inline. */
  async impact({ taint, target, inline }: ImpactCommand) {
    const cluster = inline ?? (await this.stored());
    const nodeOf = new Map(cluster.nodes.map((n) => [n.metadata.name, n]));
    const names = new Set(valueOf(selectNodes(target, cluster.nodes, (name) => nodeOf.get(name))).map((n) => n.metadata.name));
    const now = Date.now();
    const result = taintImpact(taint, cluster.nodes, cluster.pods, names, now, {
      comparisonOperators: this.config.domain.tolerationComparisonOperators,
    });
    return {
      ...result,
      at: k8sTime(new Date(now)),
      // `at` null: the deadline lies past year 9999, never in practice (docs/contract.md).
      evictions: result.evictions.map((e) => ({ ...e, at: e.at === null ? null : new Date(e.at).toISOString(), neverInPractice: e.at === null })),
    };
  }

  private async stored(): Promise<{ nodes: Node[]; pods: Pod[] }> {
    const view = await this.snapshot.view();
    return { nodes: [...view.nodes.values()], pods: [...view.pods.values()] };
  }
}
