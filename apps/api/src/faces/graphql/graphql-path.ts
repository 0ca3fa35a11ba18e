/** Where GraphQL is served: queries and mutations over HTTP, subscriptions over a WebSocket, and the explorer page. */
export const GRAPHQL_PATH = '/graphql';

/** A request for GraphQL's path (its query string aside). */
export const isGraphqlPath = (url: string | undefined): boolean => (url ?? '').split('?')[0] === GRAPHQL_PATH;
