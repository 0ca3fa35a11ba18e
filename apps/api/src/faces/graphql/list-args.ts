import { Args, ArgsType, Field, Int } from '@nestjs/graphql';
import { DEFAULT_LIST_LIMIT } from '@taintgate/domain';

/** The `limit` argument of every list query, as REST's `?limit=`. */
export const LimitArg = (): ParameterDecorator =>
  Args('limit', { type: () => Int, nullable: true, description: `At most this many items; absent or 0: ${DEFAULT_LIST_LIMIT}.` });

/** The `continue` argument of every list query: the previous page's `metadata.continue`, as REST's `?continue=`. */
export const ContinueArg = (): ParameterDecorator =>
  Args('continue', { type: () => String, nullable: true, description: "The previous page's metadata.continue: the page after it." });

/** What every paged query takes: the page (`limit`, `continue`) and the cluster, as the decorators above name them. */
@ArgsType()
class ListPageArgs {
  @Field(() => Int, { nullable: true, description: `At most this many items; absent or 0: ${DEFAULT_LIST_LIMIT}.` }) limit?: number | null;
  @Field(() => String, { nullable: true, description: "The previous page's metadata.continue: the page after it." }) continue?: string | null;
  @Field(() => String, { nullable: true, description: 'The cluster, as in /v1/clusters/{cluster}/...; "default" when absent.' }) cluster?: string | null;
}

/** `pods` and `podList`: GET /v1/pods's filters. */
@ArgsType()
export class PodListArgs extends ListPageArgs {
  @Field(() => String, { nullable: true }) namespace?: string | null;
  @Field(() => String, { nullable: true }) nodeName?: string | null;
  @Field(() => String, { nullable: true }) phase?: string | null;
}

/** `evictions` and `evictionList`: GET /v1/evictions's filters. */
@ArgsType()
export class EvictionListArgs extends ListPageArgs {
  @Field(() => String, { nullable: true, description: 'Scheduled, Cancelled or Executed' }) status?: string | null;
  @Field(() => String, { nullable: true }) nodeName?: string | null;
  @Field(() => String, { nullable: true }) namespace?: string | null;
  @Field(() => String, { nullable: true }) pod?: string | null;
}
