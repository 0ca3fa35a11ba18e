import { Injectable } from '@nestjs/common';
import { type Node, type Pod, failure, placePod } from '@taintgate/domain';
import { ClusterSnapshots } from '../cluster/cluster-snapshots';
import { podKey } from '../cluster/pod-record';
import { AppConfig } from '../config/app-config';
import { fail } from '../failures/failure.exception';
import type { PodKey } from '../pods/pod-commands';
import type { PlacementCommand } from './placement-command';

/** "Where can this pod go?" over the stored cluster or a hypothetical one sent inline. */
@Injectable()
export class PlacementService {
  constructor(
    private readonly snapshots: ClusterSnapshots,
    private readonly config: AppConfig,
  ) {}

  /** An inline pod over the stored nodes or the inline ones, or a stored pod over the stored nodes. */
  async place(cluster: string, command: PlacementCommand) {
    if ('stored' in command) return this.placeStored(cluster, command.stored);
    return this.answer(cluster, command.pod, command.nodes);
  }

  /** GET /v1/namespaces/{ns}/pods/{name}/placement: a stored pod over the stored nodes. */
  async placeStored(cluster: string, { namespace, name }: PodKey) {
    const pod = (await this.snapshots.view(cluster)).pods.get(podKey(namespace, name)) ?? fail(failure.notFound('Pod', name));
    return this.answer(cluster, pod, undefined);
  }

  private async answer(cluster: string, pod: Pod, inline: Node[] | undefined) {
    const nodes = inline ?? [...(await this.snapshots.view(cluster)).nodes.values()];
    const { tolerationComparisonOperators, summaryWording } = this.config.domain;
    return placePod(pod, nodes, { comparisonOperators: tolerationComparisonOperators, summaryWording });
  }
}
