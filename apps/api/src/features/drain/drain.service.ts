import { Injectable } from '@nestjs/common';
import { type DrainPlan, type DrainRequest, type Node, type PlacementOptions, drainPlan, emptyTargetWarnings, k8sTime, selectNodes } from '@taintgate/domain';
import type { ClusterView } from '../../store/cluster-snapshot';
import { clusterListsOf } from '../../store/cluster-lists';
import { ClusterSnapshots } from '../../store/cluster-snapshots';
import { AppConfig } from '../../platform/config/app-config';
import { valueOf } from '../../platform/failures/failure.exception';
import type { DrainPlanAnswer, NodeRemovalAnswer } from './drain-answers';
import type { DrainCommand } from './drain-command';
import { overTogetherBound, refuseTogether } from '../placement/together-bound';
import { whatIfOnThread } from '../what-if-threads/what-if-threads';

/** "What if I drained these nodes?" Nothing is changed. */
@Injectable()
export class DrainService {
  constructor(
    private readonly snapshots: ClusterSnapshots,
    private readonly config: AppConfig,
  ) {}

  /**
   * The plan over the stored cluster as it stands: its nodes, pods and PodDisruptionBudgets, and
   * what the scheduler's plugins look up. Together places at most PLACE_TOGETHER_MAX_PODS, a turn of
   * the scheduler each: nodes holding more pods are refused (400 naming `mode`) before any is placed.
   */
  async plan(clusterName: string, { target, mode, force }: DrainCommand): Promise<{ answer: DrainPlanAnswer; warnings: string[] }> {
    const view = await this.snapshots.view(clusterName);
    const nodes = [...view.nodes.values()];
    const names = valueOf(selectNodes(target, nodes, (name) => view.nodes.get(name))).map((node: Node) => node.metadata.name);
    const bound = names.reduce((sum, name) => sum + [...view.podsOn(name)].length, 0);
    if (mode === 'together') {
      const over = overTogetherBound(bound, 'pods on these nodes', this.config.plans.togetherMaxPods);
      if (over !== undefined) refuseTogether(over);
    }
    const now = Date.now();
    const request = { nodes: names, force, mode, now };
    const { threadMinPods, threadMemoryMb } = this.config.plans;
    // A long plan runs on a thread of its own, over a copy of the cluster (its indexes made there again); a short one here, from the holder's.
    const plan =
      bound >= threadMinPods
        ? await whatIfOnThread({ cluster: clusterListsOf(view), question: { kind: 'drain', request }, options: this.options() }, threadMemoryMb)
        : this.planHere(view, nodes, request);
    const warnings = emptyTargetWarnings(target, names.length);
    return { answer: { ...plan, at: k8sTime(new Date(now)), warnings: [...warnings, ...plan.warnings] }, warnings };
  }

  /** The plan on this thread, from the revision's lists and indexes (forked by the simulation: made once per revision, here or by an earlier question). */
  private planHere(view: ClusterView, nodes: Node[], request: DrainRequest): DrainPlan {
    const { snapshot, indexes } = view.scheduling();
    return drainPlan(
      {
        nodes,
        pods: [],
        podsBoundTo: view.podsOn,
        usageOf: view.usageOf,
        held: { podsOn: snapshot.podsOn, podLabels: () => indexes?.podLabels, affinityPods: () => indexes?.affinityPods },
        namespace: snapshot.namespace,
        storage: snapshot.storage,
        podDisruptionBudgets: [...view.podDisruptionBudgets.values()],
      },
      request,
      this.options(),
    );
  }

  /** Can this node go? Its drain plan (replacements placed together, no --force), removable when every replacement fits and nothing blocks it. */
  async removal(clusterName: string, node: string): Promise<NodeRemovalAnswer> {
    const { answer } = await this.plan(clusterName, { target: { by: 'names', names: [node] }, mode: 'together', force: false });
    return { node, removable: answer.verdict === 'AllFit', ...answer };
  }

  private options(): PlacementOptions {
    const { tolerationComparisonOperators, summaryWording } = this.config.domain;
    return { comparisonOperators: tolerationComparisonOperators, summaryWording };
  }
}
