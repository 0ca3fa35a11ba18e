import type { ApolloServerPlugin } from '@apollo/server';
import { type Failure, authorize, authorizeCluster } from '@taintgate/domain';
import { GraphQLError } from 'graphql';
import { graphqlAnswerOf } from '../../platform/failures/failure-answers';
import { currentRequest } from '../../platform/access/request-context';
import { roleNeeded } from './graphql-roles';
import { clustersNamed } from './graphql-clusters';

/**
 * POST /graphql is let in with the viewer role (access-hook.ts); once the operation is parsed and
 * validated, this checks what every root field it may execute needs (through fragments and aliases:
 * graphql-roles.ts), and an operation a caller may not run whole is refused before any field runs,
 * with 403 on the HTTP answer as REST would; so is one whose fields name a cluster the key does not
 * hold (graphql-clusters.ts; the resolvers check it again as they parse it). A batch's operations
 * are each a request of their own.
 */
/** Refuses the operation whole, with the failure's status on the HTTP answer (403). */
function refuse(f: Failure): never {
  const { message, extensions } = graphqlAnswerOf(f);
  throw new GraphQLError(message, { extensions: { ...extensions, http: { status: extensions.statusCode } } });
}

export const graphqlAccess: ApolloServerPlugin = {
  requestDidStart() {
    return Promise.resolve({
      didResolveOperation({ operation, document, schema, request }) {
        if (!operation) return Promise.resolve();
        const caller = currentRequest()?.caller;
        const { role, field } = roleNeeded(document, operation);
        const decided = authorize(caller, role, `${operation.operation} ${field ?? '(no field)'}`);
        if (!decided.ok) refuse(decided.error);
        else
          for (const cluster of clustersNamed(schema, document, operation, request.variables)) {
            const inScope = authorizeCluster(decided.value, cluster);
            if (!inScope.ok) refuse(inScope.error);
          }
        return Promise.resolve();
      },
    });
  },
};
