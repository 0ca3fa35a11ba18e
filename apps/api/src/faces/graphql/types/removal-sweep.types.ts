import { Field, Int, ObjectType } from '@nestjs/graphql';
import { RESULT_ITEMS, listCost } from '../query-cost';
import { DrainCountsType } from './drain-plan.types';

// A removal sweep of POST /v1/removal-sweep, field for field (features/removal-sweep/removal-sweep-answers.ts).

@ObjectType('NodeRemovalRank', { description: 'One node of a sweep: whether it can go, and why not' })
export class NodeRemovalRankType {
  @Field() node!: string;
  @Field() removable!: boolean;
  @Field({ description: 'AllFit, SomeStranded or Blocked' }) verdict!: string;
  @Field(() => DrainCountsType) counts!: DrainCountsType;
  @Field(() => [String], { description: "kubectl's error, each blocked pod's, each stranded replacement's line (the first 5)" }) reasons!: string[];
}

@ObjectType('RemovalSweepMetadata')
export class RemovalSweepMetadataType {
  @Field({ description: "the sweep's id" }) name!: string;
  @Field() cluster!: string;
  @Field() creationTimestamp!: string;
}

@ObjectType('RemovalSweepSpec')
export class RemovalSweepSpecType {
  @Field(() => Int, { description: 'the nodes asked' }) nodeCount!: number;
}

@ObjectType('RemovalSweepStatus')
export class RemovalSweepStatusType {
  @Field({ description: 'Pending, Running, Succeeded or Failed' }) phase!: string;
  @Field(() => Int, { description: 'nodes judged so far' }) done!: number;
  @Field(() => Int, { description: 'nodes to judge' }) total!: number;
  @Field(() => String, { nullable: true, description: "the cluster's revision the sweep read" }) revision?: string;
  @Field(() => String, { nullable: true }) startTime?: string;
  @Field(() => String, { nullable: true }) completionTime?: string;
  @Field(() => Int, { nullable: true, description: 'how many of the nodes can go, once Succeeded' }) removable?: number;
  @Field(() => String, { nullable: true, description: 'why it failed, once Failed' }) error?: string;
  @Field(() => [NodeRemovalRankType], {
    nullable: true,
    description: 'once Succeeded: every node, the easiest to remove first',
    complexity: listCost(RESULT_ITEMS),
  })
  nodes?: NodeRemovalRankType[];
}

@ObjectType('RemovalSweep', { description: 'Every node of a cluster judged for removal, as a job: its progress, then the nodes ranked' })
export class RemovalSweepType {
  @Field() apiVersion!: string;
  @Field() kind!: string;
  @Field(() => RemovalSweepMetadataType) metadata!: RemovalSweepMetadataType;
  @Field(() => RemovalSweepSpecType) spec!: RemovalSweepSpecType;
  @Field(() => RemovalSweepStatusType) status!: RemovalSweepStatusType;
}
