import { type FieldError, FieldPath, type Node, type Pod, ShapeChecker, err, failure, fieldError, ok } from '@taintgate/domain';
import { inlineNodes, inlinePod } from '../edge/inline-objects';
import { operation } from '../edge/operation';

const root = FieldPath.root();

/** Where can this pod go: an inline pod (admitted as on create) over the stored nodes or inline ones, or a stored pod. */
export type PlacementCommand = { pod: Pod; nodes?: Node[] | undefined } | { stored: { namespace: string; name: string } };

/**
 * POST /v1/placement `{pod, nodes?}` and the `placement` query, which may name a stored pod
 * (`namespace`, `name`) instead. Nothing is stored.
 */
export const placement = operation<PlacementCommand>({
  rest: ({ body }) => body as Record<string, unknown>,
  parse(input, settings) {
    const errors: FieldError[] = [];
    const shape = new ShapeChecker();
    const request = shape.object(input, root, true) ?? {};
    const name = shape.string(request.name, root.child('name'));
    const namespace = shape.string(request.namespace, root.child('namespace'));
    errors.push(...shape.errors);
    if (name !== undefined) {
      for (const field of ['pod', 'nodes'] as const) {
        if (request[field] !== undefined && request[field] !== null) errors.push(fieldError.forbidden(root.child(field), 'not with a stored pod (name)'));
      }
      return errors.length ? err(failure.badFields(errors)) : ok({ stored: { namespace: namespace || 'default', name } });
    }
    if (request.pod === undefined || request.pod === null) errors.push(fieldError.required(root.child('pod')));
    const pod = request.pod === undefined || request.pod === null ? undefined : inlinePod(request.pod, root.child('pod'), settings, errors);
    const nodes = request.nodes === undefined || request.nodes === null ? undefined : inlineNodes(request.nodes, root.child('nodes'), errors);
    return errors.length ? err(failure.badFields(errors)) : ok({ pod: pod as Pod, nodes });
  },
});
