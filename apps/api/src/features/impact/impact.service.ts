import { Injectable } from '@nestjs/common';
import {
  type ExplainedAdmission,
  type ImpactView,
  type MatchOptions,
  type Node,
  type Pod,
  type PodRef,
  type ReschedulingQuery,
  type NodePodFacts,
  type PodKinds,
  type ScheduledEviction,
  type ScheduledEvictions,
  type Taint,
  type TaintImpact,
  type ImpactSummary,
  type NodeChangeImpact,
  type CommandImpact,
  type KubectlCommand,
  type NodeChange,
  type EvictedPlacement,
  type SimulatedCluster,
  type SimulationMode,
  type SweepCluster,
  addsTaintsOrCordons,
  commandImpact,
  evictedPlacementOf,
  placeEvicted,
  taintedNodes,
  emptyTargetWarnings,
  explainAdmission,
  impactSummary,
  nodeChangeImpact,
  noneScheduled,
  podKinds,
  selectNodes,
  taintImpact,
  taintImpactSummary,
  toleratesTaint,
  usageLookup,
  k8sTime,
} from '@taintgate/domain';
import { ClusterSnapshots } from '../../store/cluster-snapshots';
import type { ClusterView } from '../../store/cluster-snapshot';
import { admissionAnswer } from '../../http/edge/admission-answer';
import { podKey } from '../../store/pod-record';
import { AppConfig } from '../../platform/config/app-config';
import { EvictionLedger } from '../../store/evictions/eviction-ledger';
import { valueOf } from '../../platform/failures/failure.exception';
import { type ImpactAnswer, impactPodsAnswer, impactSummaryAnswer } from './impact-answers';
import type { ImpactCommand } from './impact-command';
import { askInstead, overTogetherBound, refuseTogether } from '../placement/together-bound';
import { WhatIfMetrics } from '../../platform/metrics/what-if-metrics';
import { clusterListsOf } from '../../store/cluster-lists';
import { whatIfOnThread } from '../what-if-threads/what-if-threads';

/** The cluster asked about: a stored one as its snapshot holds it, or one sent inline. */
interface StoredOrInline extends ReschedulingQuery {
  clusterId?: number;
  revision?: bigint;
  nodes: Node[];
  /** Iterated once or copied once: a snapshot's 300,000 pods are not copied for a summary. */
  pods: Iterable<Pod>;
  podsOn?: (nodeName: string) => Iterable<Pod>;
  /** What the summary reads of each node's pods, the pending pods and the pods' kinds, as the snapshot keeps them (stored clusters). */
  podsByNode?: { factsOn: (nodeName: string) => NodePodFacts; pending: () => Iterable<Pod>; kinds: PodKinds };
  /** A pod of the cluster by its reference (the evicted pods placed when a mode is asked). */
  podOf: (ref: PodRef) => Pod | undefined;
  /** What the holder keeps for the revision (stored clusters): the simulation forks it rather than reading every pod. */
  simulated?: Omit<SimulatedCluster, 'nodes'>;
  /** The cluster as plain lists, for a worker thread's copy. */
  lists: () => SweepCluster;
}

/** What every view of one question starts from (ImpactService.question). */
interface Question {
  cluster: StoredOrInline;
  /** Inline pods as admission made them, with what it added. */
  admitted: ExplainedAdmission[];
  /** The nodes the taints go on. */
  names: Set<string>;
  scheduledOf: ScheduledEvictions;
  now: number;
  /** `now` as answers write it. */
  at: string;
  rescheduling: (pods: Iterable<Pod>) => ReschedulingQuery;
  warnings: string[];
}

/** Every pod's fate with its counts (ImpactService.explain), at `now` (epoch ms). */
export interface ExplainedImpact {
  impact: TaintImpact;
  summary: ImpactSummary;
  now: number;
  warnings: string[];
}

/** "What happens if I add this taint?" Nothing is changed. */
@Injectable()
export class ImpactService {
  constructor(
    private readonly snapshots: ClusterSnapshots,
    private readonly ledger: EvictionLedger,
    private readonly config: AppConfig,
    private readonly metrics: WhatIfMetrics,
  ) {}

  /**
   * Over the stored cluster, with the evictions already scheduled there (the controller keeps an
   * earlier deadline, and so does the answer), or over the hypothetical one sent inline.
   */
  async impact(clusterName: string, command: ImpactCommand, view: ImpactView): Promise<ImpactAnswer> {
    const started = performance.now();
    const asked = await this.question(clusterName, command);
    const { cluster, names, now, at, scheduledOf, rescheduling, warnings } = asked;
    if (view.name === 'summary') {
      // Only the pods on the nodes tainted and the pending ones count: a stored cluster's as the
      // snapshot keeps them packed by node (its kinds found once per pod object, across questions).
      const { podsByNode } = cluster;
      const pods = podsByNode ? { factsOn: podsByNode.factsOn, pending: podsByNode.pending() } : cluster.pods;
      const options = this.config.matchOptions;
      const kinds = podsByNode?.kinds ?? podKinds();
      const summary = taintImpactSummary(command.taints, cluster.nodes, pods, names, now, options, scheduledOf, rescheduling(cluster.pods), kinds);
      const evicted = summary.counts.evictedNow + summary.counts.evictedLater;
      const mode = this.placementMode(command, evicted, warnings);
      // Nothing evicted (a NoSchedule taint): nothing to place, and no pod's fate to make for it.
      const placed = mode && (evicted > 0 ? await this.placedEvictions(mode, command, asked) : { mode, to: new Map(), stranded: 0 });
      if (placed && summary.rescheduling) summary.rescheduling = { ...summary.rescheduling, mode: placed.mode, stranded: placed.stranded };
      return this.timed(started, view.name, command, impactSummaryAnswer(summary, at, warnings));
    }
    const result = await this.placed(command, asked, this.everyPod(command, asked));
    const admissionOf = admissionByPod(asked.admitted, command.taints, this.config.matchOptions);
    const answered = {
      // `at` null: the deadline lies past year 9999, never in practice (docs/contract.md).
      evictions: result.evictions.map(({ alreadyScheduled, ...e }) => ({
        ...e,
        at: e.at === null ? null : new Date(e.at).toISOString(),
        neverInPractice: e.at === null,
        ...(alreadyScheduled ? { alreadyScheduled: { scheduledAt: new Date(alreadyScheduled.scheduledAt).toISOString() } } : {}),
        ...admissionOf(e.pod),
      })),
      unaffected: result.unaffected.map((u) => ({ ...u, ...admissionOf(u.pod) })),
    };
    return this.timed(started, view.name, command, impactPodsAnswer(result, answered, view, at, cluster.revision, warnings));
  }

  /**
   * Every pod's fate and the counts together, for an answer that tells both in a few lines (the
   * chat answer): the summary is counted from the same pods, so the two cannot disagree.
   */
  async explain(clusterName: string, command: ImpactCommand): Promise<ExplainedImpact> {
    const started = performance.now();
    const asked = await this.question(clusterName, command);
    const result = await this.placed(command, asked, this.everyPod(command, asked));
    return this.timed(started, 'explain', command, { impact: result, summary: impactSummary(result, asked.now), now: asked.now, warnings: asked.warnings });
  }

  /** The answer, its time since `started` observed (taintgate_taint_impact_duration_seconds; `explain`: the chat answer's). */
  private timed<T>(started: number, view: string, { inline }: ImpactCommand, answer: T): T {
    this.metrics.impactAnswered(view, inline ? 'inline' : 'stored', started);
    return answer;
  }

  /** What every view starts from: the cluster, the nodes the taints go on, the evictions scheduled on them, the time. */
  private async question(clusterName: string, { target, inline }: ImpactCommand): Promise<Question> {
    // Inline pods are admitted here, as on create; what admission added is told with their evictions.
    const admitted = inline?.pods.map((pod) => explainAdmission(pod, 'CREATE', this.config.domain)) ?? [];
    const inlinePods = new Map(admitted.map((a) => [podKey(a.pod.metadata.namespace ?? 'default', a.pod.metadata.name), a.pod]));
    const cluster: StoredOrInline = inline
      ? {
          nodes: inline.nodes,
          pods: [...inlinePods.values()],
          podOf: (ref) => inlinePods.get(podKey(ref.namespace, ref.name)),
          lists: () => ({ nodes: inline.nodes, pods: [...inlinePods.values()] }),
        }
      : await this.stored(clusterName);
    const nodeOf = new Map(cluster.nodes.map((n) => [n.metadata.name, n]));
    const names = new Set(valueOf(selectNodes(target, cluster.nodes, (name) => nodeOf.get(name))).map((n) => n.metadata.name));
    // Inline clusters have no evictions scheduled; a stored one has its own.
    const scheduledOf = cluster.clusterId === undefined ? noneScheduled : await this.scheduledOn(cluster.clusterId, names, names.size === cluster.nodes.length);
    const now = Date.now();
    return {
      cluster,
      admitted,
      names,
      scheduledOf,
      now,
      at: k8sTime(new Date(now)),
      // Where each evicted pod could go, with the room the pods bound to each node take; stored nodes decided by class.
      rescheduling: (pods) => ({ usageOf: cluster.usageOf ?? usageLookup(pods), nodeClasses: cluster.nodeClasses }),
      warnings: emptyTargetWarnings(target, names.size),
    };
  }

  /** taintImpact over every pod of the question: each eviction built, named and sorted. */
  private everyPod(command: ImpactCommand, asked: Question): TaintImpact {
    const pods = [...asked.cluster.pods];
    const { cluster, names, now, scheduledOf, rescheduling } = asked;
    return taintImpact(command.taints, cluster.nodes, pods, names, now, this.config.matchOptions, scheduledOf, rescheduling(pods));
  }

  /**
   * Every pod's fate with the evicted pods placed (placementMode): each eviction's `to`, and
   * rescheduling's `stranded` counted in the mode.
   */
  private async placed(command: ImpactCommand, asked: Question, result: TaintImpact): Promise<TaintImpact> {
    const evicted = result.evictions.filter((e) => e.at !== null).length;
    const mode = this.placementMode(command, evicted, asked.warnings);
    const placed = mode && (await this.placedEvictions(mode, command, asked, result));
    if (!placed || !result.rescheduling) return result;
    for (const eviction of result.evictions) {
      const to = evictedPlacementOf(placed, eviction.pod);
      if (to) eviction.to = to.node;
    }
    result.rescheduling = { ...result.rescheduling, mode: placed.mode, stranded: placed.stranded };
    return result;
  }

  /**
   * The mode the `evicted` pods are placed in: the one asked; with none, together (as
   * kube-scheduler would place them). Together places at most PLACE_TOGETHER_MAX_PODS, a turn of
   * the scheduler each: past it, `together` asked is refused (400 naming `mode`), and with no mode
   * asked none is placed (each judged on its own, as `elsewhere`), which the answer's warnings say.
   */
  private placementMode(command: ImpactCommand, evicted: number, warnings: string[]): SimulationMode | undefined {
    if (command.mode === 'alone') return 'alone';
    const over = overTogetherBound(evicted, 'evicted pods', this.config.plans.togetherMaxPods);
    if (over === undefined) return 'together';
    if (command.mode === 'together') refuseTogether(over);
    warnings.push(`not placed: ${over}; each is judged on its own (elsewhere, stranded): ${askInstead}`);
    return undefined;
  }

  /**
   * The evicted pods placed as kube-scheduler would place their replacements (placeEvicted), in
   * `mode`, over the cluster with the taints on their nodes. From every pod's fate (`impact`),
   * else from the pods on the nodes tainted (the summary made none). At least
   * WHATIF_THREAD_MIN_PODS evicted: on a worker thread of its own, over a copy of the cluster (its
   * indexes made there again), so that the replica answers meanwhile; fewer: here, from the
   * holder's indexes.
   */
  private async placedEvictions(mode: SimulationMode, command: ImpactCommand, asked: Question, impact?: TaintImpact): Promise<EvictedPlacement> {
    const { cluster, names, now, scheduledOf } = asked;
    const result = impact ?? this.onTargets(command, asked, now, scheduledOf);
    const tainted = taintedNodes(cluster.nodes, names, command.taints);
    const { tolerationComparisonOperators, summaryWording } = this.config.domain;
    const options = { comparisonOperators: tolerationComparisonOperators, summaryWording };
    const { threadMinPods, threadMemoryMb } = this.config.plans;
    // Those never evicted in practice (at null) are not placed.
    const leaving = result.evictions.filter((e) => e.at !== null).map(({ pod, at }) => ({ pod, at }));
    if (leaving.length >= threadMinPods) {
      const question = { kind: 'evicted' as const, tainted: [...tainted.values()], evicted: leaving, mode };
      return whatIfOnThread({ cluster: cluster.lists(), question, options }, threadMemoryMb);
    }
    const nodes = cluster.nodes.map((node) => tainted.get(node.metadata.name) ?? node);
    const evicted = result.evictions.flatMap((e) => {
      const pod = cluster.podOf(e.pod);
      return pod ? [{ pod, at: e.at }] : [];
    });
    const simulated = cluster.simulated ?? { pods: [...cluster.pods] };
    return placeEvicted({ ...simulated, nodes }, evicted, mode, options);
  }

  /** taintImpact over the pods bound to the nodes tainted only: their evictions, nothing looked for (the placement does). */
  private onTargets({ taints }: ImpactCommand, { cluster, names }: Question, now: number, scheduledOf: Question['scheduledOf']): TaintImpact {
    const { podsOn } = cluster;
    const pods = podsOn ? [...names].flatMap((name) => [...podsOn(name)]) : [...cluster.pods].filter((pod) => names.has(pod.spec?.nodeName ?? ''));
    return taintImpact(taints, cluster.nodes, pods, names, now, this.config.matchOptions, scheduledOf);
  }

  /**
   * What storing `after` over `before` does to the stored cluster's pods (nodeChangeImpact): read
   * inside the write, before it commits, so the cluster and its scheduled evictions are still as
   * they were. Undefined when the write adds no taint and does not cordon.
   */
  async ofNodeChange(cluster: string, before: Node | undefined, after: Node, now: number): Promise<NodeChangeImpact | undefined> {
    if (!addsTaintsOrCordons(before, after)) return undefined;
    const options = this.config.matchOptions;
    // A cluster this very write creates is not committed yet: it has no pods to tell of.
    const view = await this.snapshots.find(cluster, now);
    if (!view) return nodeChangeImpact(before, after, [], [], now, options);
    const scheduledOf = await this.scheduledOn(view.cluster.id, new Set([after.metadata.name]));
    // The pods one node's write can tell of: those bound to it, and the pending ones.
    const pods = [...view.podsOn(after.metadata.name), ...view.pendingPods()];
    return nodeChangeImpact(before, after, [...view.nodes.values()], pods, now, options, scheduledOf, { usageOf: view.usageOf, nodeClasses: view.nodeClasses });
  }

  /**
   * A kubectl command over several nodes (`kubectl taint nodes -l ...`), each node given the same
   * change, judged together (commandImpact): over the stored cluster as it stands, its evictions
   * scheduled on those nodes, and the pods bound to them and pending.
   */
  async ofCommand(cluster: string, command: KubectlCommand, change: NodeChange): Promise<CommandImpact> {
    const started = performance.now();
    const view = await this.snapshots.view(cluster);
    const now = Date.now();
    const names = command.nodes.filter((name) => view.nodes.has(name));
    const scheduledOf = await this.scheduledOn(view.cluster.id, new Set(names));
    const pods = [...names.flatMap((name) => [...view.podsOn(name)]), ...view.pendingPods()];
    const { tolerationComparisonOperators, summaryWording } = this.config.domain;
    const impact = commandImpact(
      { ...command, nodes: names },
      change,
      { nodes: [...view.nodes.values()], pods, simulated: simulatedOf(view) },
      now,
      {
        match: this.config.matchOptions,
        placement: { comparisonOperators: tolerationComparisonOperators, summaryWording },
        maxTogether: this.config.plans.togetherMaxPods,
      },
      scheduledOf,
      { usageOf: view.usageOf, nodeClasses: view.nodeClasses },
    );
    this.metrics.impactAnswered('command', 'stored', started);
    return impact;
  }

  private async stored(cluster: string): Promise<StoredOrInline> {
    const view = await this.snapshots.view(cluster);
    return {
      podOf: (ref) => view.pods.get(podKey(ref.namespace, ref.name)),
      // Asked for only when a mode is: the revision's lists and indexes, made on first asking.
      get simulated() {
        return simulatedOf(view);
      },
      clusterId: view.cluster.id,
      revision: view.revision,
      nodes: [...view.nodes.values()],
      // Iterable again and again: the summary may walk them, then a mode's placement every pod's fate.
      pods: { [Symbol.iterator]: () => view.pods.values() },
      podsOn: view.podsOn,
      podsByNode: { factsOn: view.podFactsOn, pending: view.pendingPods, kinds: view.podKinds },
      lists: () => clusterListsOf(view),
      usageOf: view.usageOf,
      nodeClasses: view.nodeClasses,
    };
  }

  /**
   * The eviction scheduled for a pod on these nodes, if it is still for this very pod (uid and
   * node). `everyNode`: the names are all the cluster's nodes, read without naming them.
   */
  private async scheduledOn(clusterId: number, nodeNames: ReadonlySet<string>, everyNode = false): Promise<ScheduledEvictions> {
    const found = await this.ledger.scheduledOnNodes(clusterId, everyNode ? 'every' : [...nodeNames]);
    const rows = everyNode ? new Map([...found].filter(([, row]) => nodeNames.has(row.nodeName))) : found;
    // Most questions find none: then nothing is looked up.
    if (rows.size === 0) return noneScheduled;
    // By uid, which the pod holds already: a summary asks for each of 300,000 pods, and a
    // `namespace/name` key built for each cost more than the rest of its decision. Only the pods
    // of the nodes named here are asked.
    const byUid = new Map([...rows].map(([key, row]) => [row.podUid, { key, row }]));
    const nodes = new Set([...rows.values()].map((row) => row.nodeName));
    const scheduledOf = (pod: Pod): ScheduledEviction | undefined => {
      const found = pod.metadata.uid === undefined ? undefined : byUid.get(pod.metadata.uid);
      if (!found || found.row.nodeName !== pod.spec?.nodeName) return undefined;
      // The uid names one pod: the same checks as by key (its namespace/name, uid and node).
      if (found.key !== podKey(pod.metadata.namespace ?? 'default', pod.metadata.name)) return undefined;
      return { startedAt: found.row.startedAt.getTime(), fireAt: found.row.scheduledFor.getTime() };
    };
    return Object.assign(scheduledOf, { nodes });
  }
}

/** The stored cluster as a simulation forks it: the revision's lists and indexes, made once per revision (here or by an earlier question). */
function simulatedOf(view: ClusterView): Omit<SimulatedCluster, 'nodes'> {
  const { snapshot, indexes } = view.scheduling();
  return {
    pods: [],
    usageOf: view.usageOf,
    held: { podsOn: snapshot.podsOn, podLabels: () => indexes?.podLabels, affinityPods: () => indexes?.affinityPods },
    namespace: snapshot.namespace,
    storage: snapshot.storage,
  };
}

/**
 * For an inline pod that admission gave a toleration of the taint asked about: `admission`, its
 * tolerations with those admission added marked (`addedBy: DefaultTolerationSeconds`), so a user
 * sees why a pod with no toleration of its own is evicted after 300 s rather than at once. Stored
 * pods were admitted when they were stored.
 */
function admissionByPod(explained: readonly ExplainedAdmission[], taints: readonly Taint[], options: MatchOptions): (pod: PodRef) => { admission?: unknown } {
  const byKey = new Map<string, unknown>();
  for (const admission of explained) {
    if (!admission.tolerations.some((t) => t.addedBy && taints.some((taint) => toleratesTaint(t.toleration, taint, options)))) continue;
    byKey.set(podKey(admission.pod.metadata.namespace ?? 'default', admission.pod.metadata.name), admissionAnswer(admission));
  }
  return (pod) => {
    const admission = byKey.get(podKey(pod.namespace, pod.name));
    return admission === undefined ? {} : { admission };
  };
}
