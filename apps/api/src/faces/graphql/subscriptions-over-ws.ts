import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, OperationTypeNode } from 'graphql';

/**
 * Subscriptions are served over graphql-ws on /graphql (Nest's subscription server), never over
 * HTTP: a subscription POSTed there reached its resolver without a socket to stream to, and
 * answered an internal error. Apollo's plugins run for HTTP requests only, so this refuses them
 * there, with 400 and where to go instead.
 */
export const subscriptionsOverWebSocketOnly: ApolloServerPlugin = {
  requestDidStart() {
    return Promise.resolve({
      didResolveOperation({ operation }) {
        if (operation?.operation !== OperationTypeNode.SUBSCRIPTION) return Promise.resolve();
        throw new GraphQLError('subscriptions are served over WebSocket (graphql-ws protocol) at /graphql, not over HTTP', {
          extensions: { code: 'BAD_REQUEST', http: { status: 400 } },
        });
      },
    });
  },
};
