import { Field, Int, ObjectType } from '@nestjs/graphql';

/** metav1.ListMeta, as REST lists carry it. */
@ObjectType('ListMeta', { description: "A page's place in its list, as Kubernetes' ListMeta: ask for the next page with `continue`." })
export class ListMetaType {
  @Field(() => String, { nullable: true, description: 'the revision the list was read at' }) resourceVersion?: string;
  @Field(() => String, { nullable: true, description: "the next page's token (the `continue` argument); null on the last page" }) continue?: string;
  @Field(() => Int, { nullable: true, description: 'how many items follow this page; null when the list was filtered' }) remainingItemCount?: number;
}
