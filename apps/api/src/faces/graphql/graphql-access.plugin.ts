import type { ApolloServerPlugin } from '@apollo/server';
import { type Role, authorize, roleAllows } from '@taintgate/domain';
import { GraphQLError, Kind, type OperationDefinitionNode, OperationTypeNode } from 'graphql';
import { graphqlAnswerOf } from '../../platform/failures/failure-answers';
import { currentRequest } from '../../platform/access/request-context';

/**
 * The role each GraphQL operation needs, as the REST route doing the same needs it: every query and
 * subscription views; a mutation operates, unless it is one of these.
 */
const MUTATIONS_NEEDING_MORE: Readonly<Record<string, Role>> = {
  deleteCluster: 'admin',
};

/** What the operation's top-level fields need together: the most any of them needs. */
function roleFor(operation: OperationDefinitionNode): Role {
  if (operation.operation !== OperationTypeNode.MUTATION) return 'viewer';
  let needed: Role = 'operator';
  for (const selection of operation.selectionSet.selections) {
    const more = selection.kind === Kind.FIELD ? MUTATIONS_NEEDING_MORE[selection.name.value] : undefined;
    if (more && !roleAllows(needed, more)) needed = more;
  }
  return needed;
}

/**
 * POST /graphql is let in with the viewer role (access-hook.ts); once the operation is parsed,
 * this checks what it needs, and a mutation a viewer sent is refused whole, before any field runs,
 * with 403 on the HTTP answer as REST would.
 */
export const graphqlAccess: ApolloServerPlugin = {
  requestDidStart() {
    return Promise.resolve({
      didResolveOperation({ operation, operationName }) {
        if (!operation) return Promise.resolve();
        const caller = currentRequest()?.caller;
        const what = `${operation.operation} ${operationName ?? firstFieldOf(operation)}`;
        const decided = authorize(caller, roleFor(operation), what);
        if (decided.ok) return Promise.resolve();
        const { message, extensions } = graphqlAnswerOf(decided.error);
        throw new GraphQLError(message, { extensions: { ...extensions, http: { status: extensions.statusCode } } });
      },
    });
  },
};

const firstFieldOf = (operation: OperationDefinitionNode): string => {
  const first = operation.selectionSet.selections[0];
  return first?.kind === Kind.FIELD ? first.name.value : '(anonymous)';
};
