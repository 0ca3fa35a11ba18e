import { Field, Int, ObjectType } from '@nestjs/graphql';
import { PodRefType } from './taint.types';
import { RESULT_ITEMS, listCost } from '../query-cost';

// The headroom of /v1/headroom, field for field (features/headroom/headroom-answers.ts).

@ObjectType('HeadroomGroup', { description: 'The copies a pool takes' })
export class HeadroomGroupType {
  @Field(() => String, { nullable: true, description: "the pool label's value; null for nodes without it" }) pool!: string | null;
  @Field(() => Int) count!: number;
}

@ObjectType('HeadroomNode', { description: 'The copies a node takes' })
export class HeadroomNodeType {
  @Field() name!: string;
  @Field(() => Int) count!: number;
  @Field(() => String, { nullable: true, description: 'what stops one more copy there; null when it would still take one' }) bindingResource!: string | null;
}

@ObjectType('Headroom', { description: 'How many more copies of a pod fit, placed one after another as kube-scheduler would place them' })
export class HeadroomType {
  @Field(() => PodRefType) pod!: PodRefType;
  @Field(() => Int) max!: number;
  @Field(() => Int) total!: number;
  @Field({ description: 'false when max copies were placed and more might fit' }) complete!: boolean;
  @Field({ description: 'filled or placed' }) method!: string;
  @Field(() => String, { nullable: true }) poolLabel!: string | null;
  @Field(() => [HeadroomGroupType], { complexity: listCost(RESULT_ITEMS) }) groups!: HeadroomGroupType[];
  @Field(() => [HeadroomNodeType], { complexity: listCost(RESULT_ITEMS) }) nodes!: HeadroomNodeType[];
  @Field(() => String, { nullable: true, description: "kube-scheduler's line for the copy that fits nowhere" }) failReason!: string | null;
  @Field(() => [String]) warnings!: string[];
}
