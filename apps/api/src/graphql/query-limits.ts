import { type ASTVisitor, type FragmentDefinitionNode, GraphQLError, Kind, type SelectionSetNode, type ValidationContext } from 'graphql';

/**
 * Validation rules that refuse expensive operations before anything runs. Depth: the deepest
 * honest query here is about 5 levels (placement > nodes > reasons > taint > key), so 8 leaves
 * room and stops abuse through cycles. Complexity: every field selected costs 1, fragments
 * counted where they are spread, so aliasing the same list a thousand times is refused too.
 * Introspection (`__schema`, `__type`) is not counted: tools need its deep `ofType` chains.
 */
export const MAX_QUERY_DEPTH = 8;
export const MAX_QUERY_COMPLEXITY = 1000;

type Rule = (context: ValidationContext) => ASTVisitor;

const isIntrospection = (name: string) => name === '__schema' || name === '__type';

/** The depth and the number of fields of a selection set, fragments inlined. */
function measure(
  selectionSet: SelectionSetNode,
  fragments: Record<string, FragmentDefinitionNode>,
  depth: number,
  seen: Set<string>,
): { depth: number; fields: number } {
  let deepest = depth;
  let fields = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      if (isIntrospection(selection.name.value)) continue;
      fields += 1;
      if (selection.selectionSet) {
        const inner = measure(selection.selectionSet, fragments, depth + 1, seen);
        deepest = Math.max(deepest, inner.depth);
        fields += inner.fields;
      } else deepest = Math.max(deepest, depth + 1);
    } else {
      let inner: { depth: number; fields: number } | undefined;
      if (selection.kind === Kind.INLINE_FRAGMENT) inner = measure(selection.selectionSet, fragments, depth, seen);
      else {
        const name = selection.name.value;
        const fragment = fragments[name];
        // A fragment cycle is reported by graphql's own NoFragmentCycles rule; do not loop on it.
        if (!fragment || seen.has(name)) continue;
        inner = measure(fragment.selectionSet, fragments, depth, new Set([...seen, name]));
      }
      deepest = Math.max(deepest, inner.depth);
      fields += inner.fields;
    }
  }
  return { depth: deepest, fields };
}

function fragmentsOf(context: ValidationContext): Record<string, FragmentDefinitionNode> {
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const definition of context.getDocument().definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
  }
  return fragments;
}

/** A rule that measures each operation and refuses it, with `code`, when `over` says so. */
function limitRule(over: (size: { depth: number; fields: number }) => string | undefined, code: string): Rule {
  return (context) => ({
    OperationDefinition(operation) {
      const problem = over(measure(operation.selectionSet, fragmentsOf(context), 0, new Set()));
      if (problem) context.reportError(new GraphQLError(problem, { nodes: [operation], extensions: { code } }));
    },
  });
}

/** Refuses an operation nested deeper than `max` fields. */
export const depthLimit = (max = MAX_QUERY_DEPTH): Rule =>
  limitRule(({ depth }) => (depth > max ? `query is nested ${depth} levels deep; the limit is ${max}` : undefined), 'QUERY_TOO_DEEP');

/** Refuses an operation that selects more than `max` fields in all. */
export const complexityLimit = (max = MAX_QUERY_COMPLEXITY): Rule =>
  limitRule(({ fields }) => (fields > max ? `query selects ${fields} fields; the limit is ${max}` : undefined), 'QUERY_TOO_COMPLEX');
