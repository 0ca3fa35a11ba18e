import { Field, Int, ObjectType } from '@nestjs/graphql';
import { NodeType, PodType } from './object.types';
import { EvictionType } from './result.types';

/** metav1.ListMeta, as REST lists carry it. */
@ObjectType('ListMeta', { description: "A page's place in its list, as Kubernetes' ListMeta: ask for the next page with `continue`." })
export class ListMetaType {
  @Field(() => String, { nullable: true, description: 'the revision the list was read at' }) resourceVersion?: string;
  @Field(() => String, { nullable: true, description: "the next page's token (the `continue` argument); null on the last page" }) continue?: string;
  @Field(() => Int, { nullable: true, description: 'how many items follow this page; null when the list was filtered' }) remainingItemCount?: number;
}

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
