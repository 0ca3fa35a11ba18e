import {
  DEFAULT_PLACEMENT_TOP,
  FieldPath,
  MAX_PLACEMENT_TOP,
  type Node,
  type PlacementView,
  type Pod,
  ShapeChecker,
  err,
  failure,
  fieldError,
  fieldErrorsWithin,
  ok,
  placementViews,
  validatePod,
} from '@taintgate/domain';
import { inlineNodes, inlinePods, withWhatIfName } from '../../http/edge/inline-objects';
import { fromBody, operation } from '../../http/edge/operation';
import { boundedCount, bodyFields, checked, flag, listChunking, onlyWithView, requiredString, viewName } from '../../http/edge/request-fields';

const root = FieldPath.root();

/**
 * Where can this pod go: an inline pod (admitted as on create, in the service, which tells what
 * admission added) over the stored nodes or inline ones (with the inline pods bound to them using
 * their room), or a stored pod, as it is or as it would be rescheduled.
 */
export type PlacementCommand = { pod: Pod; nodes?: Node[] | undefined; pods?: Pod[] | undefined } | { stored: StoredPodPlacement };

export interface StoredPodPlacement {
  namespace: string;
  name: string;
  /** Where could it go if it were rescheduled: its nodeName and its own usage ignored. */
  reschedule: boolean;
}

/**
 * POST /v1/placement `{pod, nodes?, pods?}` and the `placement` query, which may name a stored pod
 * (`namespace`, `name`, `reschedule`) instead. Nothing is stored.
 */
export const placement = operation<PlacementCommand>({
  rest: fromBody,
  parse(input, settings) {
    const shape = new ShapeChecker();
    const request = bodyFields(shape, input);
    const name = shape.string(request.name, root.child('name'));
    const namespace = shape.string(request.namespace, root.child('namespace'));
    const reschedule = flag(shape, request.reschedule, 'reschedule');
    if (name !== undefined) {
      for (const field of ['pod', 'nodes', 'pods'] as const) {
        if (request[field] !== undefined && request[field] !== null) shape.errors.push(fieldError.forbidden(root.child(field), 'not with a stored pod (name)'));
      }
      return shape.errors.length ? err(failure.badFields(shape.errors)) : ok({ stored: { namespace: namespace || 'default', name, reschedule } });
    }
    if (reschedule) shape.errors.push(fieldError.forbidden(root.child('reschedule'), 'only with a stored pod (name)'));
    let pod: Pod | undefined;
    if (request.pod === undefined || request.pod === null) shape.errors.push(fieldError.required(root.child('pod')));
    else {
      const sent = validatePod(withWhatIfName(request.pod), settings);
      if (sent.ok) pod = sent.value;
      else shape.errors.push(...fieldErrorsWithin(root.child('pod'), sent.error));
    }
    const nodes = request.nodes === undefined || request.nodes === null ? undefined : inlineNodes(request.nodes, root.child('nodes'), shape.errors);
    const pods = request.pods === undefined || request.pods === null ? undefined : inlinePods(request.pods, root.child('pods'), settings, shape.errors);
    if (pods !== undefined && nodes === undefined)
      shape.errors.push(fieldError.forbidden(root.child('pods'), 'only with inline nodes: the stored nodes count the stored pods'));
    return shape.errors.length ? err(failure.badFields(shape.errors)) : ok({ pod: pod as Pod, nodes, pods });
  },
});

/** GET /v1/namespaces/{ns}/pods/{name}/placement[?reschedule=true]: a stored pod, as it is or as it would be rescheduled. */
export const storedPodPlacement = operation<StoredPodPlacement>({
  rest: ({ params, query }) => ({ ...query, namespace: params.namespace, name: params.name }),
  parse(input) {
    const shape = new ShapeChecker();
    const namespace = shape.string(input.namespace, root.child('namespace')) || 'default';
    const name = requiredString(shape, input.name, 'name');
    const reschedule = flag(shape, input.reschedule, 'reschedule');
    return checked(shape, () => ({ namespace, name, reschedule }));
  },
});

/**
 * How a placement is answered, from the query string of every placement route (`?view=summary&top=20`,
 * `?view=nodes&limit=100&continue=...`) or GraphQL's arguments: the summary (the default) with the
 * best `top` nodes and `top` names per group of infeasible nodes, or every node a page at a time.
 * A field the view does not take is refused by name.
 */
export const placementView = operation<PlacementView>({
  rest: ({ query }) => query,
  parse(input) {
    const shape = new ShapeChecker();
    const name = viewName(shape, input.view, placementViews);
    if (name === 'nodes') {
      onlyWithView(shape, input, ['top'], 'summary');
      const chunking = listChunking(shape, input);
      return checked(shape, () => ({ name, chunking }));
    }
    onlyWithView(shape, input, ['limit', 'continue'], 'nodes');
    const top = boundedCount(shape, input.top, 'top', MAX_PLACEMENT_TOP, DEFAULT_PLACEMENT_TOP);
    return checked(shape, () => ({ name, top }));
  },
});
