import { Injectable } from '@nestjs/common';
import {
  type NodeClasses,
  type PlacementCapacity,
  type PlacementContext,
  type PlacementOptions,
  type PlacementView,
  type Pod,
  admitPod,
  asRescheduled,
  contextWithout,
  excludingPod,
  explainAdmission,
  failure,
  placePod,
  placementNodesGrouped,
  placementSummaryGrouped,
  snapshotOf,
  usageLookup,
  withPreemption,
  type PodDisruptionBudget,
} from '@taintgate/domain';
import { ClusterSnapshots } from '../../store/cluster-snapshots';
import { admissionAnswer } from '../../http/edge/admission-answer';
import { podKey } from '../../store/pod-record';
import { AppConfig } from '../../platform/config/app-config';
import { fail } from '../../platform/failures/failure.exception';
import { type PlacementAnswer, type PlacementExtras, placementAnswer, placementNodesAnswer } from './placement-answers';
import type { PlacementCommand, StoredPodPlacement } from './placement-command';
import { WhatIfMetrics, type WhatIfSource } from '../../platform/metrics/what-if-metrics';
import { SummaryMemo } from './summary-memo';

/**
 * "Where can this pod go?" over a stored cluster or a hypothetical one sent inline, with
 * kube-scheduler's filters, NodeResourcesFit included: the room the pods bound to each node
 * already take (the stored ones, or the inline ones over inline nodes).
 */
@Injectable()
export class PlacementService {
  /** The summaries of inline pods over stored clusters, per revision: the replicas of a workload asked in turn are placed once. */
  private readonly summaries = new SummaryMemo();

  constructor(
    private readonly snapshots: ClusterSnapshots,
    private readonly config: AppConfig,
    private readonly metrics: WhatIfMetrics,
  ) {}

  /** An inline pod, admitted as on create, over the stored nodes or the inline ones; or a stored pod. In the view asked for. */
  async place(cluster: string, command: PlacementCommand, view: PlacementView): Promise<PlacementAnswer> {
    if ('stored' in command) return this.placeStored(cluster, command.stored, view);
    const started = performance.now();
    const admission = explainAdmission(command.pod, 'CREATE', this.config.domain);
    const extras = { admission: admissionAnswer(admission) };
    if (command.nodes) {
      const pods = (command.pods ?? []).map((pod) => admitPod(pod, 'CREATE', this.config.domain));
      // Inline nodes node by node: they come once, and may repeat a name, which classes (by name) would fold into one.
      const capacity = { usageOf: usageLookup(pods) };
      const context = { snapshot: snapshotOf(command.nodes, pods) };
      const placement = placePod(admission.pod, command.nodes, this.options(), capacity, context);
      // No PodDisruptionBudget is sent inline: preemption breaks none.
      const question = { pod: admission.pod, nodes: command.nodes, context, capacity, options: this.options(), podDisruptionBudgets: [] };
      return this.timed(
        started,
        view,
        'inline',
        withPreemption(placementAnswer(placement, view, extras, undefined, context.snapshot.podsOn), question, this.options()),
      );
    }
    const stored = await this.snapshots.view(cluster);
    return this.timed(
      started,
      view,
      'stored',
      this.storedAnswer(admission.pod, stored.nodeClasses, stored, stored.scheduling(), stored.podDisruptionBudgets, view, extras, stored.revision, cluster),
    );
  }

  /**
   * GET /v1/namespaces/{ns}/pods/{name}/placement: a stored pod over the stored nodes, its own
   * room, ports, spread and affinity not counted against it; with `reschedule`, as it would be
   * scheduled again (its nodeName cleared), which is what draining asks.
   */
  async placeStored(cluster: string, { namespace, name, reschedule }: StoredPodPlacement, view: PlacementView): Promise<PlacementAnswer> {
    const started = performance.now();
    const stored = await this.snapshots.view(cluster);
    const pod = stored.pods.get(podKey(namespace, name)) ?? fail(failure.notFound('Pod', name));
    const asked = reschedule ? asRescheduled(pod, stored) : { pod, capacity: excludingPod(stored, pod) };
    return this.timed(
      started,
      view,
      'stored',
      this.storedAnswer(
        asked.pod,
        stored.nodeClasses,
        asked.capacity,
        contextWithout(stored.scheduling(), pod),
        stored.podDisruptionBudgets,
        view,
        reschedule ? { rescheduled: true } : {},
        stored.revision,
      ),
    );
  }

  /** The answer, its time since `started` observed (taintgate_placement_duration_seconds). */
  private timed(started: number, view: PlacementView, source: WhatIfSource, answer: PlacementAnswer): PlacementAnswer {
    this.metrics.placed(view.name, source, started);
    return answer;
  }

  /**
   * Over stored nodes, from buckets of nodes alike to the pod and the snapshot's rooms: the summary
   * without an entry per node, the nodes view with entries for its page only. The summary of a pod
   * sent inline is remembered for the cluster's revision (`memoCluster`); a stored pod's is not, its
   * capacity and context being made without it.
   */
  private storedAnswer(
    pod: Pod,
    classes: NodeClasses,
    capacity: PlacementCapacity | undefined,
    context: PlacementContext,
    budgets: ReadonlyMap<string, PodDisruptionBudget>,
    view: PlacementView,
    extras: PlacementExtras,
    revision: bigint,
    memoCluster?: string,
  ): PlacementAnswer {
    const options = this.options();
    // For a pod no node fits: DefaultPreemption over the same cluster, every budget held.
    const question = { pod, nodes: context.snapshot.nodes, context, capacity, options, podDisruptionBudgets: [...budgets.values()] };
    if (view.name === 'summary') {
      const summarize = () => withPreemption(placementSummaryGrouped(pod, classes, options, capacity, view.top, context), question, options);
      const summary = memoCluster === undefined ? summarize() : this.summaries.summary(memoCluster, revision, view.top, pod, summarize);
      return { view: 'summary', ...summary, ...extras };
    }
    const page = withPreemption(placementNodesGrouped(pod, classes, options, capacity, view.chunking, revision, context), question, options);
    return placementNodesAnswer(page, extras, revision);
  }

  private options(): PlacementOptions {
    const { tolerationComparisonOperators, summaryWording } = this.config.domain;
    return { comparisonOperators: tolerationComparisonOperators, summaryWording };
  }
}
