import { FieldPath, type Node, type Pod, ShapeChecker, err, failure, fieldError, ok } from '@taintgate/domain';
import { inlineNodes, inlinePod } from '../edge/inline-objects';
import { fromBody, operation } from '../edge/operation';
import { bodyFields } from '../edge/request-fields';

const root = FieldPath.root();

/** Where can this pod go: an inline pod (admitted as on create) over the stored nodes or inline ones, or a stored pod. */
export type PlacementCommand = { pod: Pod; nodes?: Node[] | undefined } | { stored: { namespace: string; name: string } };

/**
 * POST /v1/placement `{pod, nodes?}` and the `placement` query, which may name a stored pod
 * (`namespace`, `name`) instead. Nothing is stored.
 */
export const placement = operation<PlacementCommand>({
  rest: fromBody,
  parse(input, settings) {
    const shape = new ShapeChecker();
    const request = bodyFields(shape, input);
    const name = shape.string(request.name, root.child('name'));
    const namespace = shape.string(request.namespace, root.child('namespace'));
    if (name !== undefined) {
      for (const field of ['pod', 'nodes'] as const) {
        if (request[field] !== undefined && request[field] !== null) shape.errors.push(fieldError.forbidden(root.child(field), 'not with a stored pod (name)'));
      }
      return shape.errors.length ? err(failure.badFields(shape.errors)) : ok({ stored: { namespace: namespace || 'default', name } });
    }
    if (request.pod === undefined || request.pod === null) shape.errors.push(fieldError.required(root.child('pod')));
    const pod = request.pod === undefined || request.pod === null ? undefined : inlinePod(request.pod, root.child('pod'), settings, shape.errors);
    const nodes = request.nodes === undefined || request.nodes === null ? undefined : inlineNodes(request.nodes, root.child('nodes'), shape.errors);
    return shape.errors.length ? err(failure.badFields(shape.errors)) : ok({ pod: pod as Pod, nodes });
  },
});
