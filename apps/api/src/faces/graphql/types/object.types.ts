import { Field, ObjectType } from '@nestjs/graphql';
import type { Node, Pod } from '@taintgate/domain';
import { GraphQLJSON } from '../json.scalar';
import { INNER_ITEMS, OBJECT_COST, listCost } from '../query-cost';
import { TaintType } from './taint.types';

/** A stored Node: typed convenience fields, and the whole Kubernetes object in `object`. */
@ObjectType('Node')
export class NodeType {
  @Field() name!: string;
  @Field(() => GraphQLJSON, { description: 'metadata.labels' }) labels!: Record<string, string>;
  @Field(() => [TaintType], { description: 'spec.taints', complexity: listCost(INNER_ITEMS) }) taints!: TaintType[];
  @Field({ description: 'spec.unschedulable (cordoned)' }) unschedulable!: boolean;
  @Field(() => GraphQLJSON, { description: 'status.conditions' }) conditions!: unknown[];
  @Field(() => GraphQLJSON, { description: 'The Kubernetes Node as REST answers it.', complexity: OBJECT_COST }) object!: Node;
}

/** A stored Pod: typed convenience fields, and the whole Kubernetes object (admission defaults applied). */
@ObjectType('Pod')
export class PodType {
  @Field() namespace!: string;
  @Field() name!: string;
  @Field(() => String, { nullable: true, description: 'spec.nodeName' }) nodeName?: string | null;
  @Field(() => String, { nullable: true, description: 'status.phase' }) phase?: string | null;
  @Field(() => GraphQLJSON, { description: 'spec.tolerations' }) tolerations!: unknown[];
  @Field(() => GraphQLJSON, { description: 'The Kubernetes Pod as REST answers it.', complexity: OBJECT_COST }) object!: Pod;
}

@ObjectType('NodeUpsert')
export class NodeUpsertType {
  @Field({ description: 'true when the node did not exist (REST answers 201)' }) created!: boolean;
  @Field(() => NodeType) node!: NodeType;
}

@ObjectType('PodUpsert')
export class PodUpsertType {
  @Field({ description: 'true when the pod did not exist (REST answers 201)' }) created!: boolean;
  @Field(() => PodType) pod!: PodType;
}

export function nodeView(node: Node): NodeType {
  return {
    name: node.metadata.name,
    labels: node.metadata.labels ?? {},
    taints: node.spec?.taints ?? [],
    unschedulable: node.spec?.unschedulable === true,
    conditions: node.status?.conditions ?? [],
    object: node,
  };
}

export function podView(pod: Pod): PodType {
  return {
    namespace: pod.metadata.namespace ?? 'default',
    name: pod.metadata.name,
    nodeName: pod.spec?.nodeName ?? null,
    phase: pod.status?.phase ?? null,
    tolerations: pod.spec?.tolerations ?? [],
    object: pod,
  };
}
