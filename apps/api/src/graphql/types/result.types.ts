import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { GraphQLInt64 } from '../int64.scalar';
import { NodeType } from './object.types';
import { PodRefType, TaintType } from './taint.types';

// Object types mirroring the REST answers of /v1/placement, /v1/taint-impact, /v1/taint and
// /v1/evictions, field for field (docs/contract.md, "The two answers").

@ObjectType('PlacementReason')
export class PlacementReasonType {
  @Field({ description: 'UntoleratedTaint, Unschedulable, NodeSelectorMismatch, NodeAffinityMismatch, NodeNameMismatch, UntoleratedPreferNoSchedule' })
  code!: string;
  @Field() message!: string;
  @Field(() => TaintType, { nullable: true }) taint?: TaintType;
  @Field(() => String, { nullable: true, description: 'the pod field not met, for selector reasons' }) field?: string;
}

@ObjectType('NodePlacement')
export class NodePlacementType {
  @Field() name!: string;
  @Field() feasible!: boolean;
  @Field(() => Int, { nullable: true }) score!: number | null;
  @Field(() => Int, { nullable: true }) rank!: number | null;
  @Field(() => [PlacementReasonType]) reasons!: PlacementReasonType[];
}

@ObjectType('Placement')
export class PlacementType {
  @Field(() => PodRefType) pod!: PodRefType;
  @Field(() => [NodePlacementType]) nodes!: NodePlacementType[];
  @Field(() => Int) feasibleCount!: number;
  @Field({ description: "kube-scheduler's summary line, in the wording SCHEDULER_SUMMARY_WORDING chooses" }) summary!: string;
  @Field({ description: "the summary line in the legacy wording, naming each node's first untolerated taint" }) detail!: string;
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
}

@ObjectType('ImpactUnaffected')
export class ImpactUnaffectedType {
  @Field(() => PodRefType) pod!: PodRefType;
  @Field() node!: string;
  @Field({ description: 'ToleratesForever, NotNoExecute or Terminating' }) reason!: string;
}

@ObjectType('ImpactUnschedulable')
export class ImpactUnschedulableType {
  @Field(() => PodRefType) pod!: PodRefType;
}

@ObjectType('TaintImpact')
export class TaintImpactType {
  @Field(() => TaintType) taint!: TaintType;
  @Field(() => [String]) nodes!: string[];
  @Field(() => [ImpactEvictionType]) evictions!: ImpactEvictionType[];
  @Field(() => [ImpactUnaffectedType]) unaffected!: ImpactUnaffectedType[];
  @Field(() => [ImpactUnschedulableType], { description: 'pending pods left with no feasible node' }) unschedulable!: ImpactUnschedulableType[];
  @Field({ description: 'when the question was answered (RFC 3339)' }) at!: string;
}

@ObjectType('TaintCommandNodeResult')
export class TaintCommandNodeResultType {
  @Field() node!: string;
  @Field({ description: 'tainted, untainted or modified' }) operation!: string;
  @Field({ description: 'what kubectl prints: node/n1 tainted' }) message!: string;
  @Field(() => [TaintType]) taints!: TaintType[];
  @Field(() => NodeType, { description: 'the node after (as it would be, on a dry run)' }) object!: NodeType;
}

@ObjectType('TaintCommandResult')
export class TaintCommandResultType {
  @Field() dryRun!: boolean;
  @Field(() => [TaintCommandNodeResultType]) results!: TaintCommandNodeResultType[];
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
