import { Injectable } from '@nestjs/common';
import { type PlacementOptions, emptyTargetWarnings, explainAdmission, failure, headroom, podRef, selectNodes } from '@taintgate/domain';
import { ClusterSnapshots } from '../../store/cluster-snapshots';
import { podKey } from '../../store/pod-record';
import { PodStore } from '../../store/pod-store';
import { AppConfig } from '../../platform/config/app-config';
import { fail, valueOf } from '../../platform/failures/failure.exception';
import type { HeadroomAnswer } from './headroom-answers';
import type { HeadroomCommand } from './headroom-command';

/** "How many more of these fit?" over the stored cluster. Nothing is changed. */
@Injectable()
export class HeadroomService {
  constructor(
    private readonly snapshots: ClusterSnapshots,
    /** A stored pod's template is read whole: whether it has volumes at all decides how its copies are counted. */
    private readonly pods: PodStore,
    private readonly config: AppConfig,
  ) {}

  async headroom(clusterName: string, command: HeadroomCommand): Promise<HeadroomAnswer> {
    const view = await this.snapshots.view(clusterName);
    const template =
      'inline' in command.pod
        ? explainAdmission(command.pod.inline, 'CREATE', this.config.domain).pod
        : ((await this.pods.whole(view.cluster.id, [command.pod.stored])).get(podKey(command.pod.stored.namespace, command.pod.stored.name)) ??
          fail(failure.notFound('Pod', command.pod.stored.name)));
    const nodes = [...view.nodes.values()];
    const names = command.target && valueOf(selectNodes(command.target, nodes, (name) => view.nodes.get(name))).map((node) => node.metadata.name);
    const { snapshot, indexes } = view.scheduling();
    const answer = headroom(
      {
        nodes,
        pods: [],
        usageOf: view.usageOf,
        held: { podsOn: snapshot.podsOn, podLabels: () => indexes?.podLabels, affinityPods: () => indexes?.affinityPods },
        namespace: snapshot.namespace,
        storage: snapshot.storage,
      },
      { pod: template, max: command.max, ...(names ? { nodes: names } : {}) },
      this.options(),
    );
    const warnings = command.target && names ? emptyTargetWarnings(command.target, names.length) : [];
    return { pod: podRef(template), max: command.max, ...answer, warnings };
  }

  private options(): PlacementOptions {
    const { tolerationComparisonOperators, summaryWording } = this.config.domain;
    return { comparisonOperators: tolerationComparisonOperators, summaryWording };
  }
}
