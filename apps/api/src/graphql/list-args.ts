import { Args, Int } from '@nestjs/graphql';
import { DEFAULT_LIST_LIMIT } from '@taintgate/domain';

/** The `limit` argument of every list query, as REST's `?limit=`. */
export const LimitArg = (): ParameterDecorator =>
  Args('limit', { type: () => Int, nullable: true, description: `At most this many items; absent or 0: ${DEFAULT_LIST_LIMIT}.` });

/** The `continue` argument of every list query: the previous page's `metadata.continue`, as REST's `?continue=`. */
export const ContinueArg = (): ParameterDecorator =>
  Args('continue', { type: () => String, nullable: true, description: "The previous page's metadata.continue: the page after it." });
