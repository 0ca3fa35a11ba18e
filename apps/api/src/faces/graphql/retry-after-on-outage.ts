import type { ApolloServerPlugin } from '@apollo/server';
import { RETRY_AFTER_SECONDS, statusOf } from '../../platform/failures/failure-answers';

/**
 * A GraphQL answer with an error of status 503 (Postgres unreachable) says when to retry, as
 * REST's 503 does: `Retry-After` on the HTTP answer (whose status stays GraphQL's 200; the
 * error's `extensions.statusCode` is 503).
 */
export const retryAfterOnOutage: ApolloServerPlugin = {
  requestDidStart() {
    return Promise.resolve({
      willSendResponse({ response }) {
        const errors = response.body.kind === 'single' ? response.body.singleResult.errors : undefined;
        if (errors?.some((e) => e.extensions?.['statusCode'] === statusOf('ServiceUnavailable'))) {
          response.http.headers.set('retry-after', String(RETRY_AFTER_SECONDS));
        }
        return Promise.resolve();
      },
    });
  },
};
