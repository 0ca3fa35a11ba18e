import { type ASTVisitor, type DocumentNode, type FragmentDefinitionNode, GraphQLError, Kind, type SelectionSetNode, type ValidationContext } from 'graphql';

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

/** How deep a selection set goes below where it is (a leaf field is 1) and how many fields it selects, fragments counted where spread. */
interface Size {
  readonly depth: number;
  readonly fields: number;
}

/**
 * Measures selection sets, each named fragment once: a fragment's size is the same wherever it is
 * spread, so a document of fragments that each spread the next twice is measured in time linear in
 * its length, though it selects 2^n fields (inlining each spread anew took 19 s for 941 bytes).
 * Sizes past 2^53 are not exact, and need not be: they are far over any limit.
 */
class SizeOf {
  private readonly fragments = new Map<string, Size>();
  private readonly measuring = new Set<string>();

  constructor(private readonly definitions: Record<string, FragmentDefinitionNode>) {}

  selectionSet(selectionSet: SelectionSetNode): Size {
    let depth = 0;
    let fields = 0;
    for (const selection of selectionSet.selections) {
      let inner: Size;
      if (selection.kind === Kind.FIELD) {
        if (isIntrospection(selection.name.value)) continue;
        const below = selection.selectionSet ? this.selectionSet(selection.selectionSet) : { depth: 0, fields: 0 };
        inner = { depth: below.depth + 1, fields: below.fields + 1 };
      } else if (selection.kind === Kind.INLINE_FRAGMENT) inner = this.selectionSet(selection.selectionSet);
      else inner = this.fragment(selection.name.value);
      depth = Math.max(depth, inner.depth);
      fields += inner.fields;
    }
    return { depth, fields };
  }

  private fragment(name: string): Size {
    const known = this.fragments.get(name);
    if (known) return known;
    const definition = this.definitions[name];
    // A fragment cycle is reported by graphql's own NoFragmentCycles rule; do not loop on it.
    if (!definition || this.measuring.has(name)) return { depth: 0, fields: 0 };
    this.measuring.add(name);
    const size = this.selectionSet(definition.selectionSet);
    this.measuring.delete(name);
    this.fragments.set(name, size);
    return size;
  }
}

function fragmentsOf(document: DocumentNode): Record<string, FragmentDefinitionNode> {
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
  }
  return fragments;
}

/** A limit: what it says of an operation's size (undefined: within it), and its error code. */
interface Limit {
  readonly over: (size: Size) => string | undefined;
  readonly code: string;
}

const depth = (max: number): Limit => ({
  over: ({ depth: d }) => (d > max ? `query is nested ${d} levels deep; the limit is ${max}` : undefined),
  code: 'QUERY_TOO_DEEP',
});

const complexity = (max: number): Limit => ({
  over: ({ fields }) =>
    fields > max ? `query selects ${fields > Number.MAX_SAFE_INTEGER ? 'more than 2^53' : fields} fields; the limit is ${max}` : undefined,
  code: 'QUERY_TOO_COMPLEX',
});

/** A rule that measures each operation and refuses it, with the limit's code, when it is over. */
function limitRule({ over, code }: Limit): Rule {
  return (context) => ({
    OperationDefinition(operation) {
      const problem = over(new SizeOf(fragmentsOf(context.getDocument())).selectionSet(operation.selectionSet));
      if (problem) context.reportError(new GraphQLError(problem, { nodes: [operation], extensions: { code } }));
    },
  });
}

/** Refuses an operation nested deeper than `max` fields. */
export const depthLimit = (max = MAX_QUERY_DEPTH): Rule => limitRule(depth(max));

/** Refuses an operation that selects more than `max` fields in all. */
export const complexityLimit = (max = MAX_QUERY_COMPLEXITY): Rule => limitRule(complexity(max));

/** Both limits over a document's operations, without a schema (where no validation context is at hand: graphql-ws's hook). */
export function limitErrors(document: DocumentNode): GraphQLError[] {
  const sizeOf = new SizeOf(fragmentsOf(document));
  const errors: GraphQLError[] = [];
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    const size = sizeOf.selectionSet(definition.selectionSet);
    for (const { over, code } of [depth(MAX_QUERY_DEPTH), complexity(MAX_QUERY_COMPLEXITY)]) {
      const problem = over(size);
      if (problem) errors.push(new GraphQLError(problem, { nodes: [definition], extensions: { code } }));
    }
  }
  return errors;
}
