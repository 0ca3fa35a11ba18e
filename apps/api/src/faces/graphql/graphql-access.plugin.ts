import type { ApolloServerPlugin } from '@apollo/server';
import { authorize } from '@taintgate/domain';
import { GraphQLError } from 'graphql';
import { graphqlAnswerOf } from '../../platform/failures/failure-answers';
import { currentRequest } from '../../platform/access/request-context';
import { roleNeeded } from './graphql-roles';

/**
 * POST /graphql is let in with the viewer role (access-hook.ts); once the operation is parsed and
 * validated, this checks what every root field it may execute needs (through fragments and aliases:
 * graphql-roles.ts), and an operation a caller may not run whole is refused before any field runs,
 * with 403 on the HTTP answer as REST would. A batch's operations are each a request of their own.
 */
export const graphqlAccess: ApolloServerPlugin = {
  requestDidStart() {
    return Promise.resolve({
      didResolveOperation({ operation, document }) {
        if (!operation) return Promise.resolve();
        const caller = currentRequest()?.caller;
        const { role, field } = roleNeeded(document, operation);
        const decided = authorize(caller, role, `${operation.operation} ${field ?? '(no field)'}`);
        if (decided.ok) return Promise.resolve();
        const { message, extensions } = graphqlAnswerOf(decided.error);
        throw new GraphQLError(message, { extensions: { ...extensions, http: { status: extensions.statusCode } } });
      },
    });
  },
};
