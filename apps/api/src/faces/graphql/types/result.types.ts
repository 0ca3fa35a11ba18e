import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { GraphQLInt64 } from '../int64.scalar';
import { ListMetaType } from './list-meta.types';
import { NodeType } from './object.types';
import { PodRefType, TaintType } from './taint.types';
import { INNER_ITEMS, RESULT_ITEMS, listCost } from '../query-cost';

// Object types mirroring the REST answers of /v1/placement, /v1/taint-impact, /v1/taint and
// /v1/evictions, field for field (docs/contract.md, "The two answers").

@ObjectType('ResourceHolder', { description: 'a pod of the node that requests the resource' })
export class ResourceHolderType {
  @Field() namespace!: string;
  @Field() name!: string;
  @Field(() => GraphQLInt64) requested!: number | bigint;
}

@ObjectType('ResourceHolders', { description: "the node's pods that request a resource it is short of: how many, and the largest requests" })
export class ResourceHoldersType {
  @Field(() => Int) pods!: number;
  @Field(() => [ResourceHolderType], { description: 'at most three, the largest first' }) largest!: ResourceHolderType[];
}

@ObjectType('ResourceShortage', { description: "NodeResourcesFit's insufficient resource, in the scheduler's units (millicores for cpu, a count for pods)" })
export class ResourceShortageType {
  @Field() name!: string;
  @Field(() => GraphQLInt64) requested!: number | bigint;
  @Field(() => GraphQLInt64, { description: "what the node's pods request already (for pods: how many there are)" }) used!: number | bigint;
  @Field(() => GraphQLInt64) allocatable!: number | bigint;
  @Field(() => ResourceHoldersType, { nullable: true, description: 'who holds it: the nodes view only' }) heldBy?: ResourceHoldersType;
}

@ObjectType('PlacementReason')
export class PlacementReasonType {
  @Field({
    description:
      'UntoleratedTaint, Unschedulable, NodeSelectorMismatch, NodeAffinityMismatch, NodeNameMismatch, InsufficientResource, TooManyPods; soft: UntoleratedPreferNoSchedule, AllocatableUnknown',
  })
  code!: string;
  @Field() message!: string;
  @Field(() => TaintType, { nullable: true }) taint?: TaintType;
  @Field(() => String, { nullable: true, description: 'the pod field not met, for selector reasons' }) field?: string;
  @Field(() => ResourceShortageType, { nullable: true, description: 'the amounts, for resource reasons' }) resource?: ResourceShortageType;
}

@ObjectType('AdmittedToleration', { description: 'A toleration of the pod as admitted; addedBy names the admission step that added it.' })
export class AdmittedTolerationType {
  @Field(() => String, { nullable: true }) key?: string;
  @Field(() => String, { nullable: true }) operator?: string;
  @Field(() => String, { nullable: true }) value?: string;
  @Field(() => String, { nullable: true }) effect?: string;
  @Field(() => GraphQLInt64, { nullable: true }) tolerationSeconds?: number | bigint | null;
  @Field(() => String, { nullable: true, description: 'DaemonSetController, DefaultTolerationSeconds, PodTolerationRestriction or ExtendedResourceToleration' })
  addedBy?: string;
  @Field(() => String, { nullable: true, description: 'in `removed`: the admission step that took it away' }) removedBy?: string;
}

@ObjectType('Admission', { description: 'The inline pod as admission left it.' })
export class AdmissionType {
  @Field(() => [AdmittedTolerationType], { complexity: listCost(INNER_ITEMS) }) tolerations!: AdmittedTolerationType[];
  @Field(() => [AdmittedTolerationType], {
    nullable: true,
    description: 'tolerations admission took away (replaced by one of its own)',
    complexity: listCost(INNER_ITEMS),
  })
  removed?: AdmittedTolerationType[];
}

@ObjectType('PluginScores', {
  description: "Each default Score plugin's normalized score (0-100, before its weight); the resource plugins only when resources were checked",
})
export class PluginScoresType {
  @Field(() => Int, { nullable: true }) TaintToleration?: number;
  @Field(() => Int, { nullable: true }) NodeAffinity?: number;
  @Field(() => Int, { nullable: true }) NodeResourcesFit?: number;
  @Field(() => Int, { nullable: true }) PodTopologySpread?: number;
  @Field(() => Int, { nullable: true }) InterPodAffinity?: number;
  @Field(() => Int, { nullable: true }) NodeResourcesBalancedAllocation?: number;
  @Field(() => Int, { nullable: true }) ImageLocality?: number;
}

@ObjectType('NotEvaluated', {
  description: 'What the filters did not evaluate for the pod (a claim waiting for a first consumer, a DRA claim): no node is rejected for it',
})
export class NotEvaluatedType {
  @Field({ description: 'WaitForFirstConsumerClaim, ResourceClaim or UnknownClaim' }) kind!: string;
  @Field() name!: string;
  @Field() message!: string;
}

@ObjectType('PreemptionVictim', { description: 'A pod DefaultPreemption would evict to make room' })
export class PreemptionVictimType {
  @Field() namespace!: string;
  @Field() name!: string;
  @Field(() => Int) priority!: number;
  @Field({ description: 'evicting it breaks a PodDisruptionBudget' }) violatesBudget!: boolean;
}

@ObjectType('PlacementPreemption', {
  description:
    "For a pod no node fits: what kube-scheduler's DefaultPreemption would do (the node it nominates, the pods it evicts), or its words when it finds no room",
})
export class PlacementPreemptionType {
  @Field(() => String, { nullable: true, description: 'the node it would nominate (status.nominatedNodeName)' }) nominatedNode?: string;
  @Field(() => [PreemptionVictimType], {
    nullable: true,
    description: 'the pods it would evict there, most important first',
    complexity: listCost(INNER_ITEMS),
  })
  victims?: PreemptionVictimType[];
  @Field(() => Int, { nullable: true, description: 'how many of the victims break a PodDisruptionBudget' }) budgetViolations?: number;
  @Field(() => Int, { description: 'the nodes where preemption would make room' }) candidates!: number;
  @Field(() => String, { nullable: true, description: "PostFilter's words when it finds no candidate, as the summary line ends with them" }) message?: string;
}

@ObjectType('NodePlacement')
export class NodePlacementType {
  @Field() name!: string;
  @Field() feasible!: boolean;
  @Field(() => Int, { nullable: true, description: "the default Score plugins' weighted total (0-1200), null when infeasible" }) score!: number | null;
  @Field(() => Int, { nullable: true }) rank!: number | null;
  @Field(() => PluginScoresType, { nullable: true, description: 'for a feasible node' }) scores?: PluginScoresType;
  @Field(() => [PlacementReasonType], { complexity: listCost(INNER_ITEMS) }) reasons!: PlacementReasonType[];
}

@ObjectType('ReasonCount', { description: 'How many nodes have a reason of this code (a node counted once per code).' })
export class ReasonCountType {
  @Field() code!: string;
  @Field(() => Int) nodes!: number;
}

@ObjectType('RequestedResource', { description: "A shortage as a group of nodes shares it: what the pod requests, in the scheduler's units" })
export class RequestedResourceType {
  @Field() name!: string;
  @Field(() => GraphQLInt64) requested!: number | bigint;
}

@ObjectType('GroupReason', {
  description: "A reason a group of nodes shares; a shortage in kube-scheduler's words (Insufficient cpu), without each node's amounts",
})
export class GroupReasonType {
  @Field() code!: string;
  @Field() message!: string;
  @Field(() => TaintType, { nullable: true }) taint?: TaintType;
  @Field(() => String, { nullable: true }) field?: string;
  @Field(() => RequestedResourceType, { nullable: true }) resource?: RequestedResourceType;
}

@ObjectType('InfeasibleGroup', { description: 'Infeasible nodes with the same reasons: the reasons once, how many, and the first `top` names' })
export class InfeasibleGroupType {
  @Field(() => Int) count!: number;
  @Field(() => [GroupReasonType], { complexity: listCost(INNER_ITEMS) }) reasons!: GroupReasonType[];
  @Field(() => [String], { complexity: listCost(RESULT_ITEMS) }) nodes!: string[];
}

@ObjectType('Placement', {
  description: 'In the view asked for: summary (reasonCounts, feasibleNodes, infeasibleGroups) or nodes (metadata and a page of nodes); the rest in both',
})
export class PlacementType {
  @Field({ description: 'summary or nodes: which of the fields below are set' }) view!: string;
  @Field(() => PodRefType) pod!: PodRefType;
  @Field(() => Int) nodeCount!: number;
  @Field(() => Int) feasibleCount!: number;
  @Field({ description: "kube-scheduler's summary line, in the wording SCHEDULER_SUMMARY_WORDING chooses" }) summary!: string;
  @Field({ description: "the summary line in the legacy wording, naming each node's first untolerated taint" }) detail!: string;
  @Field(() => Boolean, {
    nullable: true,
    description: "true when resources were checked (NodeResourcesFit): the nodes' allocatable against their pods' requests",
  })
  capacityConsidered?: boolean;
  @Field(() => Boolean, { nullable: true, description: 'true for a stored pod placed as it would be rescheduled' }) rescheduled?: boolean;
  @Field(() => [NotEvaluatedType], { nullable: true, description: 'what the filters did not evaluate for the pod, by name', complexity: listCost(INNER_ITEMS) })
  notEvaluated?: NotEvaluatedType[];
  @Field(() => Int, {
    nullable: true,
    description: 'how many feasible nodes share the best total, when more than one: kube-scheduler picks one at random, this answer ranks them by name',
  })
  bestTied?: number;
  @Field(() => PlacementPreemptionType, { nullable: true, description: "for a pod no node fits: DefaultPreemption's decision" })
  preemption?: PlacementPreemptionType;
  @Field(() => AdmissionType, { nullable: true, description: 'for an inline pod: its tolerations as admitted, those added by admission marked' })
  admission?: AdmissionType;
  @Field(() => [ReasonCountType], { nullable: true, description: 'summary view', complexity: listCost(INNER_ITEMS) }) reasonCounts?: ReasonCountType[];
  @Field(() => [NodePlacementType], { nullable: true, description: 'summary view: the best `top` feasible nodes, ranked', complexity: listCost(RESULT_ITEMS) })
  feasibleNodes?: NodePlacementType[];
  @Field(() => [InfeasibleGroupType], {
    nullable: true,
    description: 'summary view: every infeasible node, in groups of identical reasons, the largest first',
    complexity: listCost(INNER_ITEMS),
  })
  infeasibleGroups?: InfeasibleGroupType[];
  @Field(() => ListMetaType, { nullable: true, description: "nodes view: the page's place (continue, remainingItemCount)" }) metadata?: ListMetaType;
  @Field(() => [NodePlacementType], { nullable: true, description: 'nodes view: a page of every node', complexity: listCost(RESULT_ITEMS) })
  nodes?: NodePlacementType[];
}

@ObjectType('AlreadyScheduled', { description: 'An eviction scheduled earlier, which the controller keeps: its deadline stands.' })
export class AlreadyScheduledType {
  @Field({ description: 'when it was scheduled (RFC 3339)' }) scheduledAt!: string;
}

@ObjectType('ImpactEviction')
export class ImpactEvictionType {
  @Field(() => PodRefType) pod!: PodRefType;
  @Field() node!: string;
  @Field({ description: 'Immediately or AfterTolerationSeconds' }) when!: string;
  @Field(() => GraphQLInt64, { nullable: true }) tolerationSeconds?: number | bigint;
  @Field(() => String, { nullable: true, description: 'RFC 3339 time of the eviction; null when it is never in practice' }) at!: string | null;
  @Field({ description: 'the deadline lies past year 9999: evicted after its tolerationSeconds, never in practice' }) neverInPractice!: boolean;
  @Field(() => AlreadyScheduledType, { nullable: true, description: 'set when an eviction already scheduled for the pod stands' })
  alreadyScheduled?: AlreadyScheduledType;
  @Field(() => String, { nullable: true, description: 'a node where the pod could go once evicted (each pod on its own); null: nowhere, it is stranded' })
  elsewhere?: string | null;
  @Field(() => String, {
    nullable: true,
    description: "the node kube-scheduler places the replacement on, in the answer's mode (together unless asked); null: nowhere; absent when none was placed",
  })
  to?: string | null;
  @Field(() => AdmissionType, { nullable: true, description: 'for an inline pod admission changed: its tolerations, those admission added marked' })
  admission?: AdmissionType;
}

@ObjectType('Rescheduling', {
  description: 'Where the evicted pods go: placed together (the default) or alone; each on its own when too many to place together.',
})
export class ReschedulingType {
  @Field({ description: 'whether resources were checked (NodeResourcesFit)' }) capacityConsidered!: boolean;
  @Field(() => Int, { description: 'evicted pods with nowhere to go, placed in `mode`; with no mode, each on its own' }) stranded!: number;
  @Field(() => String, { nullable: true, description: 'together or alone; null when none was placed (more than PLACE_TOGETHER_MAX_PODS, no mode asked)' })
  mode?: string;
}

@ObjectType('ImpactUnaffected')
export class ImpactUnaffectedType {
  @Field(() => PodRefType) pod!: PodRefType;
  @Field() node!: string;
  @Field({ description: 'ToleratesForever, NotNoExecute or Terminating' }) reason!: string;
  @Field(() => AdmissionType, { nullable: true, description: 'for an inline pod admission changed: its tolerations, those admission added marked' })
  admission?: AdmissionType;
}

@ObjectType('ImpactUnschedulable')
export class ImpactUnschedulableType {
  @Field(() => PodRefType) pod!: PodRefType;
}

@ObjectType('ImpactCounts', { description: "Each pod's fate, counted" })
export class ImpactCountsType {
  @Field(() => Int, { description: 'bound pods evicted at once' }) evictedNow!: number;
  @Field(() => Int, { description: 'bound pods evicted once their tolerationSeconds pass' }) evictedLater!: number;
  @Field(() => Int, { description: 'bound pods whose deadline lies past year 9999' }) neverInPractice!: number;
  @Field(() => Int, { description: 'of the evictions, those where an eviction already scheduled stands' }) alreadyScheduled!: number;
  @Field(() => Int, { description: 'bound pods on those nodes that stay' }) unaffected!: number;
  @Field(() => Int, { description: 'pending pods left with no feasible node' }) unschedulable!: number;
}

@ObjectType('TimelineBucket', { description: 'Evictions that come after the bucket before, up to withinSeconds after the question' })
export class TimelineBucketType {
  @Field(() => Int, { nullable: true, description: 'the end of the bucket, seconds after the question; null: later' }) withinSeconds!: number | null;
  @Field(() => Int) count!: number;
  @Field({ description: 'its first eviction (RFC 3339)' }) first!: string;
  @Field({ description: 'its last eviction (RFC 3339)' }) last!: string;
}

@ObjectType('TaintImpact', {
  description: 'In the view asked for: summary (counts, timeline) or pods (metadata, nodes and a page of the pods); the rest in both',
})
export class TaintImpactType {
  @Field({ description: 'summary or pods: which of the fields below are set' }) view!: string;
  @Field(() => TaintType, { description: 'the first of taints' }) taint!: TaintType;
  @Field(() => [TaintType], { description: 'every taint asked about, added together', complexity: listCost(INNER_ITEMS) }) taints!: TaintType[];
  @Field(() => [String], {
    nullable: true,
    description: 'what the answer alone would not say: a selector that matched no node',
    complexity: listCost(INNER_ITEMS),
  })
  warnings?: string[];
  @Field({ description: 'when the question was answered (RFC 3339)' }) at!: string;
  @Field(() => ReschedulingType, { nullable: true }) rescheduling?: ReschedulingType;
  @Field(() => Int, { nullable: true, description: 'summary view: the nodes the taint would go on' }) nodeCount?: number;
  @Field(() => ImpactCountsType, { nullable: true, description: 'summary view' }) counts?: ImpactCountsType;
  @Field(() => [TimelineBucketType], { nullable: true, description: 'summary view: the evictions by when they come', complexity: listCost(INNER_ITEMS) })
  timeline?: TimelineBucketType[];
  @Field(() => ListMetaType, { nullable: true, description: "pods view: the page's place (continue, remainingItemCount)" }) metadata?: ListMetaType;
  @Field(() => [String], { nullable: true, description: 'pods view: the nodes the taint would go on', complexity: listCost(RESULT_ITEMS) }) nodes?: string[];
  @Field(() => [ImpactEvictionType], { nullable: true, description: "pods view: this page's evictions", complexity: listCost(RESULT_ITEMS) })
  evictions?: ImpactEvictionType[];
  @Field(() => [ImpactUnaffectedType], { nullable: true, description: "pods view: this page's pods that stay", complexity: listCost(RESULT_ITEMS) })
  unaffected?: ImpactUnaffectedType[];
  @Field(() => [ImpactUnschedulableType], {
    nullable: true,
    description: "pods view: this page's pending pods left with no feasible node",
    complexity: listCost(RESULT_ITEMS),
  })
  unschedulable?: ImpactUnschedulableType[];
}

@ObjectType('TaintCommandNodeResult')
export class TaintCommandNodeResultType {
  @Field() node!: string;
  @Field({ description: 'tainted, untainted or modified' }) operation!: string;
  @Field({ description: 'what kubectl prints: node/n1 tainted' }) message!: string;
  @Field(() => [TaintType], { complexity: listCost(INNER_ITEMS) }) taints!: TaintType[];
  @Field(() => NodeType, { description: 'the node after (as it would be, on a dry run)' }) object!: NodeType;
}

@ObjectType('NoExecuteReport', { description: 'What the taint eviction controller did with the pods of the nodes whose NoExecute taints changed' })
export class NoExecuteReportType {
  @Field(() => Int, { description: 'nodes whose NoExecute taints changed' }) nodes!: number;
  @Field(() => Int, { description: 'pods deleted at once' }) evictedNow!: number;
  @Field(() => Int, { description: 'evictions scheduled for when tolerationSeconds pass' }) scheduled!: number;
  @Field(() => String, { nullable: true, description: 'the soonest of them (RFC 3339)' }) firstScheduledFor?: string;
  @Field(() => Int, { description: 'evictions scheduled earlier that no longer hold' }) cancelled!: number;
  @Field(() => Int, { description: 'the other pods on those nodes' }) unaffected!: number;
  @Field(() => Int, { description: 'nodes whose pods the controller decides after the write (too many for it)' }) queuedNodes!: number;
}

@ObjectType('TaintCommandResult')
export class TaintCommandResultType {
  @Field() dryRun!: boolean;
  @Field(() => [TaintCommandNodeResultType], { complexity: listCost(RESULT_ITEMS) }) results!: TaintCommandNodeResultType[];
  @Field(() => NoExecuteReportType, { nullable: true, description: 'when NoExecute taints changed (not on a dry run)' }) noExecute?: NoExecuteReportType;
}

@ObjectType('Eviction')
export class EvictionType {
  @Field(() => ID) id!: string;
  @Field(() => PodRefType) pod!: PodRefType;
  @Field() node!: string;
  @Field(() => TaintType) taint!: TaintType;
  @Field({ description: "Scheduled, Cancelled or Executed; a mirror's Predicted" }) status!: string;
  @Field() startedAt!: string;
  @Field() scheduledFor!: string;
  @Field(() => GraphQLInt64, { nullable: true }) tolerationSeconds!: number | bigint | null;
  @Field(() => String, { nullable: true }) firedAt!: string | null;
  @Field(() => String, { nullable: true }) cancelledAt!: string | null;
  @Field(() => String, { nullable: true, description: 'when the evicted pod was gone, its grace period over (firedAt began its deletion)' })
  podRemovedAt!: string | null;
  @Field(() => String, { nullable: true }) reason!: string | null;
}
