import { authorize } from '@taintgate/domain';
import { type DocumentNode, GraphQLError, OperationTypeNode, getOperationAST, parse } from 'graphql';
import type { SubscribePayload } from 'graphql-ws';
import type { SocketAccess } from '../../platform/access/socket-access';
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
