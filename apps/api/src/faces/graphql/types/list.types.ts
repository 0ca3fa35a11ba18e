import { Field, ObjectType } from '@nestjs/graphql';
import { NodeType, PodType } from './object.types';
import { ListMetaType } from './list-meta.types';
import { EvictionType } from './result.types';

@ObjectType('NodeList', { description: 'A page of nodes, by name (GET /v1/nodes).' })
export class NodeListType {
  @Field(() => ListMetaType) metadata!: ListMetaType;
  @Field(() => [NodeType]) items!: NodeType[];
}

@ObjectType('PodList', { description: 'A page of pods, by namespace and name (GET /v1/pods).' })
export class PodListType {
  @Field(() => ListMetaType) metadata!: ListMetaType;
  @Field(() => [PodType]) items!: PodType[];
}

@ObjectType('EvictionList', { description: 'A page of evictions, newest first (GET /v1/evictions).' })
export class EvictionListType {
  @Field(() => ListMetaType) metadata!: ListMetaType;
  @Field(() => [EvictionType]) items!: EvictionType[];
}
