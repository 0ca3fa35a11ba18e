import { GraphQLScalarType, Kind, valueFromASTUntyped } from 'graphql';

/**
 * Any JSON value, passed through as it is. Kubernetes objects (Node, Pod) travel as JSON so
 * that `kubectl get -o json` output can be sent unchanged and the services validate it exactly
 * as they validate a REST body (same Kubernetes field paths in the errors).
 */
export const GraphQLJSON = new GraphQLScalarType({
  name: 'JSON',
  description: 'Any JSON value: a Kubernetes object, a list of conditions, labels.',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (ast, variables) => (ast.kind === Kind.NULL ? null : valueFromASTUntyped(ast, variables)),
});
