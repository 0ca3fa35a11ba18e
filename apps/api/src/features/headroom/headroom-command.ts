import {
  FieldPath,
  type NodeTarget,
  type Pod,
  ShapeChecker,
  err,
  failure,
  fieldError,
  fieldErrorsWithin,
  ok,
  parseNodeTarget,
  validatePod,
} from '@taintgate/domain';
import { withWhatIfName } from '../../http/edge/inline-objects';
import { fromBody, operation } from '../../http/edge/operation';
import { bodyFields, boundedCount, nodeTargetFields, optionalNodeTarget } from '../../http/edge/request-fields';

const root = FieldPath.root();

/** The most copies one question may place, and how many when not said (cluster-capacity's --max-limit, bounded). */
const MAX_HEADROOM_COPIES = 100_000;
const DEFAULT_HEADROOM_COPIES = 10_000;

export interface HeadroomCommand {
  /** An inline pod (admitted as on create, in the service), or a stored one, by name, as its template. */
  pod: { inline: Pod } | { stored: { namespace: string; name: string } };
  /** The nodes that take copies; absent: every node. */
  target?: NodeTarget;
  max: number;
}

/** A pod named, not sent: `{namespace?, name}` and nothing else a Pod would carry. */
const isReference = (value: Record<string, unknown>) => typeof value.name === 'string' && value.metadata === undefined && value.spec === undefined;

/**
 * POST /v1/headroom `{pod: Pod | {namespace?, name}, nodes? | selector? | all?, max?}` and the
 * `headroom` query (which names a stored pod by `namespace` and `name` beside no `pod`): how many more copies of the pod fit (at most `max`, 10,000 when absent), on the
 * nodes named or selected (every node when neither is given).
 */
export const headroomCommand = operation<HeadroomCommand>({
  rest: fromBody,
  parse(input, settings) {
    const shape = new ShapeChecker();
    const request = bodyFields(shape, input);
    // GraphQL names a stored pod by arguments of its own: `name` (and `namespace`) beside no `pod`.
    const named = shape.string(request.name, root.child('name'));
    if (named !== undefined && request.pod !== undefined && request.pod !== null)
      shape.errors.push(fieldError.forbidden(root.child('pod'), 'not with a stored pod (name)'));
    const sent = named === undefined ? shape.object(request.pod, root.child('pod'), true) : { namespace: request.namespace, name: named };
    let pod: HeadroomCommand['pod'] | undefined;
    if (sent && isReference(sent)) {
      const namespace = shape.string(sent.namespace, root.child('pod').child('namespace')) || 'default';
      pod = { stored: { namespace, name: sent.name as string } };
    } else if (sent) {
      const valid = validatePod(withWhatIfName(sent), settings);
      if (valid.ok) pod = { inline: valid.value };
      else shape.errors.push(...fieldErrorsWithin(root.child('pod'), valid.error));
    }
    const asked = nodeTargetFields(shape, request);
    const max = boundedCount(shape, request.max, 'max', MAX_HEADROOM_COPIES, DEFAULT_HEADROOM_COPIES);
    if (shape.errors.length || !pod) return err(failure.badFields(shape.errors.length ? shape.errors : [fieldError.required(root.child('pod'))]));
    const nodes = optionalNodeTarget(asked);
    if (!nodes.ok) return nodes;
    if (!nodes.value) return ok({ pod, max });
    const target = parseNodeTarget(nodes.value);
    return target.ok ? ok({ pod, target: target.value, max }) : target;
  },
});
