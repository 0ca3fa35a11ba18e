import { unwrapResolverError } from '@apollo/server/errors';
import { Logger } from '@nestjs/common';
import { failure } from '@taintgate/domain';
import { type GraphQLFormattedError, GraphQLError } from 'graphql';
import { INTERNAL_ERROR_MESSAGE, failureOfThrown, graphqlAnswerOf } from '../failures/failure-answers';
import { reportIfOutage } from '../failures/outages';

const logger = new Logger('GraphQL');

/**
 * Apollo's formatError. A failure thrown by a parser or a service is rendered by
 * failure-answers.ts, as REST renders it: the same message, and `extensions: {code, statusCode,
 * details: [{field, reason}]}` with the fields named by their Kubernetes paths (Postgres
 * unreachable: 503, told to the outage log once per interval). GraphQL's own
 * errors (syntax, validation, limits) pass as Apollo words them; anything else is a bug: logged,
 * and answered without its details.
 */
export function formatGraphqlError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  if (original instanceof GraphQLError || !(original instanceof Error)) return formatted;
  const found = failureOfThrown(original);
  if (found?.reason === 'ServiceUnavailable') reportIfOutage(original);
  if (found) return { ...formatted, ...graphqlAnswerOf(found) };
  logger.error(`unexpected error: ${original.message}`, original.stack);
  return { ...formatted, ...graphqlAnswerOf(failure.internal(INTERNAL_ERROR_MESSAGE)) };
}
