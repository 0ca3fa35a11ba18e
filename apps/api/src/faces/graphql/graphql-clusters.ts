import { DEFAULT_CLUSTER } from '@taintgate/domain';
import { type DocumentNode, type GraphQLSchema, type OperationDefinitionNode, getArgumentValues } from 'graphql';
import { rootFieldNodesOf } from './graphql-roles';

/** The root fields about a cluster itself, which name it by their `name` argument; every other field names it by `cluster`. */
const NAMED_BY_NAME = new Set(['cluster', 'createCluster', 'deleteCluster']);

/**
 * The clusters an operation's root fields name in their `cluster` argument (a literal or a
 * variable; the default cluster where a field that takes one is not given it), or in their `name`
 * for the fields about a cluster itself, each once, found
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
    const argument = NAMED_BY_NAME.has(node.name.value) ? 'name' : 'cluster';
    if (!definition?.args.some((arg) => arg.name === argument)) continue;
    let value: unknown;
    try {
      value = getArgumentValues(definition, node, variables)[argument];
    } catch {
      continue;
    }
    if (argument === 'cluster' && (value === undefined || value === null)) clusters.add(DEFAULT_CLUSTER);
    else if (typeof value === 'string') clusters.add(value);
  }
  return [...clusters];
}
