import { authorize } from '@taintgate/domain';
import { type DocumentNode, type ExecutionArgs, GraphQLError, OperationTypeNode, getOperationAST, parse, subscribe } from 'graphql';
import type { SubscribePayload } from 'graphql-ws';
import type { SocketAccess } from '../../platform/access/socket-access';
import { asSocketCaller } from '../../platform/access/request-context';
import { graphqlAnswerOf } from '../../platform/failures/failure-answers';
import { roleNeeded } from './graphql-roles';
import { limitErrors } from './query-limits';

/**
 * What graphql-ws does with an operation sent on an admitted socket, before it runs: subscriptions
 * only (queries and mutations are served over HTTP, where the query cost and the request's log
 * apply), within HTTP's depth and complexity limits, each root field they may execute authorized
 * for the socket's caller (graphql-roles.ts); graphql-ws then validates the document against the
 * schema. Errors are answered on the operation; the socket stays open.
 */
export function socketOperationCheck(sockets: SocketAccess) {
  return (ctx: { readonly extra: unknown }, _id: string, payload: SubscribePayload): readonly GraphQLError[] | undefined => {
    let document: DocumentNode;
    try {
      document = parse(payload.query);
    } catch {
      // graphql-ws parses it again and answers the syntax error itself.
      return undefined;
    }
    const operation = getOperationAST(document, payload.operationName);
    if (!operation) return undefined;
    if (operation.operation !== OperationTypeNode.SUBSCRIPTION) {
      return [
        new GraphQLError(
          `${operation.operation === OperationTypeNode.QUERY ? 'queries' : 'mutations'} are served over HTTP at POST /graphql, not over WebSocket`,
          {
            extensions: { code: 'BAD_REQUEST', statusCode: 400 },
          },
        ),
      ];
    }
    const over = limitErrors(document);
    if (over.length > 0) return over;
    const { role, field } = roleNeeded(document, operation);
    const decided = authorize(sockets.callerOf(ctx.extra), role, `${operation.operation} ${field ?? '(no field)'}`);
    if (decided.ok) return undefined;
    const { message, extensions } = graphqlAnswerOf(decided.error);
    return [new GraphQLError(message, { extensions })];
  };
}

/** The context a socket's operations get (graphql-ws's `context`): the socket's `extra`, by which its caller is known. */
export const socketContext = (ctx: { readonly extra: unknown }) => ({ extra: ctx.extra });

/**
 * graphql-ws's `subscribe`: graphql's own, run as the socket's caller (request-context.ts), so that
 * what a resolver checks of its caller (the clusters its key holds: cluster-access.ts) is the
 * socket's, as a request's is on HTTP.
 */
export function socketSubscribe(sockets: SocketAccess) {
  return (args: ExecutionArgs) => {
    const caller = sockets.callerOf((args.contextValue as { extra?: unknown } | undefined)?.extra);
    return caller ? asSocketCaller(caller, () => subscribe(args)) : subscribe(args);
  };
}
