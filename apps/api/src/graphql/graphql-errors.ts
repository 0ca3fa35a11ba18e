import { unwrapResolverError } from '@apollo/server/errors';
import { Logger } from '@nestjs/common';
import { type GraphQLFormattedError, GraphQLError } from 'graphql';
import { ApiError, reasonPhrase } from '../common/api-error';

const logger = new Logger('GraphQL');

/** What a client is told about a failure of ours; the cause goes to the log only (as over REST). */
const INTERNAL_ERROR_MESSAGE = 'internal error: the request could not be completed; the cause has been logged';

/** `BAD_REQUEST`, `NOT_FOUND`, `CONFLICT`: the HTTP reason phrase REST would answer, as a code. */
export const codeOf = (statusCode: number): string => reasonPhrase(statusCode).toUpperCase().replace(/[^A-Z]+/g, '_');

/**
 * Apollo's formatError. A service's ApiError keeps its message and becomes
 * `extensions: {code, statusCode, details: [{field, reason}]}`, the fields named by their
 * Kubernetes paths exactly as in REST's body. GraphQL's own errors (syntax, validation, limits)
 * pass as Apollo words them; anything else is a bug: logged, and answered without its details.
 */
export function formatGraphqlError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  if (original instanceof ApiError) {
    return {
      ...formatted,
      message: original.message,
      extensions: { code: codeOf(original.statusCode), statusCode: original.statusCode, details: (original.details ?? []).map(({ field, reason }) => ({ field, reason })) },
    };
  }
  if (original instanceof GraphQLError || !(original instanceof Error)) return formatted;
  logger.error(`unexpected error: ${original.message}`, original.stack);
  return { ...formatted, message: INTERNAL_ERROR_MESSAGE, extensions: { code: 'INTERNAL_SERVER_ERROR', statusCode: 500, details: [] } };
}
