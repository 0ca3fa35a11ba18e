import { DEFAULT_CLUSTER } from '@taintgate/domain';
import { type DocumentNode, type GraphQLSchema, type OperationDefinitionNode, getArgumentValues } from 'graphql';
import { rootFieldNodesOf } from './graphql-roles';

/**
 * The clusters an operation's root fields name in their `cluster` argument (a literal or a
 * variable; the default cluster where a field that takes one is not given it), each once, found
 * the way roles are (through aliases and fragments: graphql-roles.ts), so that an operation on a
 * cluster its key does not hold is refused whole before any field runs. A value that is not a
 * string (or a variable that does not fit) is left to the execution, which refuses it.
 */
export function clustersNamed(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Readonly<Record<string, unknown>> | undefined,
): string[] {
  const root = schema.getRootType(operation.operation);
  if (!root) return [];
  const clusters = new Set<string>();
  for (const node of rootFieldNodesOf(document, operation)) {
    const definition = root.getFields()[node.name.value];
    if (!definition?.args.some((arg) => arg.name === 'cluster')) continue;
    let value: unknown;
    try {
      value = getArgumentValues(definition, node, variables).cluster;
    } catch {
      continue;
    }
    if (value === undefined || value === null) clusters.add(DEFAULT_CLUSTER);
    else if (typeof value === 'string') clusters.add(value);
  }
  return [...clusters];
}
