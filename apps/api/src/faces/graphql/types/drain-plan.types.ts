import { Field, Int, ObjectType } from '@nestjs/graphql';
import { PodRefType } from './taint.types';
import { RESULT_ITEMS, listCost } from '../query-cost';

// The drain plan of /v1/drain-impact, field for field (features/drain/drain-answers.ts).

@ObjectType('DrainEviction', { description: 'A pod the drain evicts, and where its replacement goes' })
export class DrainEvictionType {
  @Field(() => PodRefType) pod!: PodRefType;
  @Field() from!: string;
  @Field(() => String, { nullable: true, description: 'where its replacement goes; null when it fits nowhere or nothing recreates it' }) to!: string | null;
  @Field({ description: 'whether its controller recreates it (a pod with none, evicted with force, is gone)' }) replaced!: boolean;
  @Field({ nullable: true, description: "kube-scheduler's line for the replacement at its turn" }) summary?: string;
  @Field(() => Int, { nullable: true, description: 'how many nodes shared the best total, when more than one' }) bestTied?: number;
}

@ObjectType('DrainBlocked', { description: 'A pod the drain cannot evict' })
export class DrainBlockedType {
  @Field(() => PodRefType) pod!: PodRefType;
  @Field() from!: string;
  @Field({ description: 'DisruptionBudget, NoController, LocalStorage or DaemonSet' }) reason!: string;
  @Field() message!: string;
  @Field({ nullable: true, description: 'the PodDisruptionBudget that refuses the eviction' }) disruptionBudget?: string;
}

@ObjectType('DrainSkipped', { description: 'A pod the drain leaves' })
export class DrainSkippedType {
  @Field(() => PodRefType) pod!: PodRefType;
  @Field() from!: string;
  @Field({ description: 'DaemonSet, Mirror, Terminal or NodeNotDrained' }) reason!: string;
  @Field() message!: string;
}

@ObjectType('DrainUndrained', { description: 'A node kubectl does not drain, with its error' })
export class DrainUndrainedType {
  @Field() node!: string;
  @Field() message!: string;
}

@ObjectType('DrainCounts')
export class DrainCountsType {
  @Field(() => Int) evicted!: number;
  @Field(() => Int) placed!: number;
  @Field(() => Int) stranded!: number;
  @Field(() => Int, { description: 'evicted and recreated by nothing' }) deleted!: number;
  @Field(() => Int) blocked!: number;
  @Field(() => Int) skipped!: number;
}

@ObjectType('DrainPlan', {
  description: 'What kubectl drain --ignore-daemonsets --delete-emptydir-data [--force] would do, and where the replacements go (placed together or alone).',
})
export class DrainPlanType {
  @Field({ description: 'when the question was answered (RFC 3339)' }) at!: string;
  @Field({ description: 'together or alone' }) mode!: string;
  @Field({ description: 'AllFit, SomeStranded or Blocked' }) verdict!: string;
  @Field(() => [String], { complexity: listCost(RESULT_ITEMS) }) nodes!: string[];
  @Field(() => DrainCountsType) counts!: DrainCountsType;
  @Field(() => [DrainEvictionType], { complexity: listCost(RESULT_ITEMS) }) evicted!: DrainEvictionType[];
  @Field(() => [DrainEvictionType], { complexity: listCost(RESULT_ITEMS) }) stranded!: DrainEvictionType[];
  @Field(() => [DrainBlockedType], { complexity: listCost(RESULT_ITEMS) }) blocked!: DrainBlockedType[];
  @Field(() => [DrainSkippedType], { complexity: listCost(RESULT_ITEMS) }) skipped!: DrainSkippedType[];
  @Field(() => [DrainUndrainedType], { complexity: listCost(RESULT_ITEMS) }) undrained!: DrainUndrainedType[];
  @Field(() => [String], { description: "kubectl's warnings, after the request's own" }) warnings!: string[];
}

@ObjectType('NodeRemoval', { description: 'Whether a node can be removed: its drain plan, removable when every replacement fits and nothing blocks it' })
export class NodeRemovalType extends DrainPlanType {
  @Field() node!: string;
  @Field() removable!: boolean;
}
