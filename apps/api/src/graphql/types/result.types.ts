import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { GraphQLInt64 } from '../int64.scalar';
import { NodeType } from './object.types';
import { PodRefType, TaintType } from './taint.types';
import { INNER_ITEMS, RESULT_ITEMS, listCost } from '../query-cost';

// Object types mirroring the REST answers of /v1/placement, /v1/taint-impact, /v1/taint and
// /v1/evictions, field for field (docs/contract.md, "The two answers").

@ObjectType('ResourceShortage', { description: "NodeResourcesFit's insufficient resource, in the scheduler's units (millicores for cpu, a count for pods)" })
export class ResourceShortageType {
  @Field() name!: string;
  @Field(() => GraphQLInt64) requested!: number | bigint;
  @Field(() => GraphQLInt64, { description: "what the node's pods request already (for pods: how many there are)" }) used!: number | bigint;
  @Field(() => GraphQLInt64) allocatable!: number | bigint;
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

@ObjectType('NodePlacement')
export class NodePlacementType {
  @Field() name!: string;
  @Field() feasible!: boolean;
  @Field(() => Int, { nullable: true }) score!: number | null;
  @Field(() => Int, { nullable: true }) rank!: number | null;
  @Field(() => [PlacementReasonType], { complexity: listCost(INNER_ITEMS) }) reasons!: PlacementReasonType[];
}

@ObjectType('Placement')
export class PlacementType {
  @Field(() => PodRefType) pod!: PodRefType;
  @Field(() => [NodePlacementType], { complexity: listCost(RESULT_ITEMS) }) nodes!: NodePlacementType[];
  @Field(() => Int) feasibleCount!: number;
  @Field({ description: "kube-scheduler's summary line, in the wording SCHEDULER_SUMMARY_WORDING chooses" }) summary!: string;
  @Field({ description: "the summary line in the legacy wording, naming each node's first untolerated taint" }) detail!: string;
  @Field(() => Boolean, {
    nullable: true,
    description: "true when resources were checked (NodeResourcesFit): the nodes' allocatable against their pods' requests",
  })
  capacityConsidered?: boolean;
  @Field(() => Boolean, { nullable: true, description: 'true for a stored pod placed as it would be rescheduled' }) rescheduled?: boolean;
  @Field(() => AdmissionType, { nullable: true, description: 'for an inline pod: its tolerations as admitted, those added by admission marked' })
  admission?: AdmissionType;
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
  @Field(() => AdmissionType, { nullable: true, description: 'for an inline pod admission changed: its tolerations, those admission added marked' })
  admission?: AdmissionType;
}

@ObjectType('Rescheduling', { description: 'Where the evicted pods could go, each considered on its own.' })
export class ReschedulingType {
  @Field({ description: 'whether resources were checked (NodeResourcesFit)' }) capacityConsidered!: boolean;
  @Field(() => Int, { description: 'evicted pods with nowhere else to go' }) stranded!: number;
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

@ObjectType('TaintImpact')
export class TaintImpactType {
  @Field(() => TaintType) taint!: TaintType;
  @Field(() => [String], { complexity: listCost(RESULT_ITEMS) }) nodes!: string[];
  @Field(() => [ImpactEvictionType], { complexity: listCost(RESULT_ITEMS) }) evictions!: ImpactEvictionType[];
  @Field(() => [ImpactUnaffectedType], { complexity: listCost(RESULT_ITEMS) }) unaffected!: ImpactUnaffectedType[];
  @Field(() => [ImpactUnschedulableType], { description: 'pending pods left with no feasible node', complexity: listCost(RESULT_ITEMS) })
  unschedulable!: ImpactUnschedulableType[];
  @Field({ description: 'when the question was answered (RFC 3339)' }) at!: string;
  @Field(() => ReschedulingType, { nullable: true }) rescheduling?: ReschedulingType;
}

@ObjectType('TaintCommandNodeResult')
export class TaintCommandNodeResultType {
  @Field() node!: string;
  @Field({ description: 'tainted, untainted or modified' }) operation!: string;
  @Field({ description: 'what kubectl prints: node/n1 tainted' }) message!: string;
  @Field(() => [TaintType], { complexity: listCost(INNER_ITEMS) }) taints!: TaintType[];
  @Field(() => NodeType, { description: 'the node after (as it would be, on a dry run)' }) object!: NodeType;
}

@ObjectType('TaintCommandResult')
export class TaintCommandResultType {
  @Field() dryRun!: boolean;
  @Field(() => [TaintCommandNodeResultType], { complexity: listCost(RESULT_ITEMS) }) results!: TaintCommandNodeResultType[];
}

@ObjectType('Eviction')
export class EvictionType {
  @Field(() => ID) id!: string;
  @Field(() => PodRefType) pod!: PodRefType;
  @Field() node!: string;
  @Field(() => TaintType) taint!: TaintType;
  @Field({ description: 'Scheduled, Cancelled or Executed' }) status!: string;
  @Field() startedAt!: string;
  @Field() scheduledFor!: string;
  @Field(() => GraphQLInt64, { nullable: true }) tolerationSeconds!: number | bigint | null;
  @Field(() => String, { nullable: true }) firedAt!: string | null;
  @Field(() => String, { nullable: true }) cancelledAt!: string | null;
  @Field(() => String, { nullable: true, description: 'when the evicted pod was gone, its grace period over (firedAt began its deletion)' })
  podRemovedAt!: string | null;
  @Field(() => String, { nullable: true }) reason!: string | null;
}
