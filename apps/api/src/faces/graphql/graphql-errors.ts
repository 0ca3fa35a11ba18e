import { unwrapResolverError } from '@apollo/server/errors';
import { Logger } from '@nestjs/common';
import { failure } from '@taintgate/domain';
import { type GraphQLFormattedError, GraphQLError } from 'graphql';
import { INTERNAL_ERROR_MESSAGE, failureOfThrown, graphqlAnswerOf } from '../../platform/failures/failure-answers';
import { reportIfOutage } from '../../platform/failures/outages';

const logger = new Logger('GraphQL');

/**
 * Apollo's formatError. A failure thrown by a parser or a service is rendered by
 * failure-answers.ts, as REST renders it: the same message, and `extensions: {code, statusCode,
 * details: [{field, reason}]}` with the fields named by their Kubernetes paths (Postgres
 * unreachable: 503, told to the outage log once per interval). GraphQL's own errors (syntax,
 * validation, limits) pass as Apollo words them, and its argument coercion is 400; anything else
 * is a bug: logged, and answered without its details.
 */
export function formatGraphqlError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  if (original instanceof GraphQLError)
    return isArgumentError(original, formatted) ? { ...formatted, ...graphqlAnswerOf(failure.badRequest(original.message)) } : formatted;
  if (!(original instanceof Error)) return formatted;
  const found = failureOfThrown(original);
  if (found?.reason === 'ServiceUnavailable') reportIfOutage(original);
  if (found) return { ...formatted, ...graphqlAnswerOf(found) };
  logger.error(`unexpected error: ${original.message}`, original.stack);
  return { ...formatted, ...graphqlAnswerOf(failure.internal(INTERNAL_ERROR_MESSAGE)) };
}

/**
 * graphql-js coerces arguments while it executes, after validation: an explicit null for a
 * non-null argument with a default (`$dryRun: Boolean` given null where `dryRun: Boolean! = false`)
 * is its own GraphQLError, with no original error and no code, which Apollo would call
 * INTERNAL_SERVER_ERROR. It is the client's mistake: 400. (graphql-js words every error of
 * getArgumentValues `Argument "name" ...`; its other execution errors, such as a null for a
 * non-null field, are ours and stay 500.)
 */
function isArgumentError(error: GraphQLError, formatted: GraphQLFormattedError): boolean {
  return error.originalError === undefined && formatted.extensions?.code === 'INTERNAL_SERVER_ERROR' && error.message.startsWith('Argument "');
}
