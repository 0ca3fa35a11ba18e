import { GraphQLScalarType, Kind, type ValueNode } from 'graphql';

/**
 * A JSON value written inline in a query, as `valueFromASTUntyped` reads it, except that an
 * integer beyond 2^53 stays exact (a bigint), as the same value sent in variables does
 * (edge/exact-json.ts): `tolerationSeconds: 9223372036854775807` is valid Kubernetes.
 */
function jsonOfLiteral(ast: ValueNode, variables: Record<string, unknown> | null | undefined): unknown {
  switch (ast.kind) {
    case Kind.NULL:
      return null;
    case Kind.INT: {
      const value = Number(ast.value);
      return Number.isSafeInteger(value) ? value : BigInt(ast.value);
    }
    case Kind.FLOAT:
      return parseFloat(ast.value);
    case Kind.STRING:
    case Kind.ENUM:
    case Kind.BOOLEAN:
      return ast.value;
    case Kind.LIST:
      return ast.values.map((item) => jsonOfLiteral(item, variables));
    case Kind.OBJECT: {
      // No prototype, as valueFromASTUntyped builds it: a field named __proto__ is a plain key.
      const object = Object.create(null) as Record<string, unknown>;
      for (const field of ast.fields) object[field.name.value] = jsonOfLiteral(field.value, variables);
      return object;
    }
    case Kind.VARIABLE:
      return variables?.[ast.name.value];
  }
}

/**
 * Any JSON value, passed through as it is. Kubernetes objects (Node, Pod) travel as JSON so
 * that `kubectl get -o json` output can be sent unchanged and the services validate it exactly
 * as they validate a REST body (same Kubernetes field paths in the errors). Integers beyond 2^53
 * are bigints, in and out (the answer is written by stringifyExactly, graphql.module.ts).
 */
export const GraphQLJSON = new GraphQLScalarType({
  name: 'JSON',
  description: 'Any JSON value: a Kubernetes object, a list of conditions, labels.',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (ast, variables) => jsonOfLiteral(ast, variables),
});
