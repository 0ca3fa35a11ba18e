import { type Role, roleAllows } from '@taintgate/domain';
import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  Kind,
  type OperationDefinitionNode,
  OperationTypeNode,
  type SelectionSetNode,
} from 'graphql';

/**
 * The role each root field of a GraphQL operation needs, as the REST route doing the same needs it:
 * every query and subscription field views; a mutation field operates, unless it is one of these.
 */
const MUTATIONS_NEEDING_MORE: Readonly<Record<string, Role>> = {
  deleteCluster: 'admin',
};

/** The role a root field of this kind of operation needs. */
export function roleOfRootField(operation: OperationTypeNode, field: string): Role {
  if (operation !== OperationTypeNode.MUTATION) return 'viewer';
  return MUTATIONS_NEEDING_MORE[field] ?? 'operator';
}

/**
 * Every root field the operation may execute, each once, in the order met: its own selections, those
 * of its inline fragments (`... on Mutation { }`, `... @include(if: $x) { }`) and of the fragments it
 * spreads, however deep. A field under `@skip` or `@include` counts: whether it runs is the caller's
 * to say, and a role is checked before anything runs. A fragment the document does not define (the
 * validation refuses the document) adds nothing.
 */
export function rootFieldsOf(document: DocumentNode, operation: OperationDefinitionNode): string[] {
  return [...new Set(rootFieldNodesOf(document, operation).map((node) => node.name.value))];
}

/** Every root field node the operation may execute, as rootFieldsOf finds them: each call of a field (an alias is a call of its own). */
export function rootFieldNodesOf(document: DocumentNode, operation: OperationDefinitionNode): FieldNode[] {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  const fields: FieldNode[] = [];
  const spread = new Set<string>();
  const walk = (selectionSet: SelectionSetNode): void => {
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) fields.push(selection);
      else if (selection.kind === Kind.INLINE_FRAGMENT) walk(selection.selectionSet);
      else {
        const name = selection.name.value;
        const fragment = fragments.get(name);
        // Each fragment once: a cycle is the validation's to refuse, not a loop here.
        if (!fragment || spread.has(name)) continue;
        spread.add(name);
        walk(fragment.selectionSet);
      }
    }
  };
  walk(operation.selectionSet);
  return fields;
}

/** What the operation needs: the most any root field it may execute needs, and the first field needing it (for the refusal's words). */
export function roleNeeded(document: DocumentNode, operation: OperationDefinitionNode): { role: Role; field: string | undefined } {
  let needed: { role: Role; field: string | undefined } = { role: 'viewer', field: undefined };
  for (const field of rootFieldsOf(document, operation)) {
    const role = roleOfRootField(operation.operation, field);
    if (needed.field === undefined || !roleAllows(needed.role, role)) needed = { role, field };
  }
  return needed;
}
