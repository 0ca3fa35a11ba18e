import { ShapeChecker, err, failure, ok, parseNodeTarget } from '@taintgate/domain';
import { fromBody, operation } from '../../http/edge/operation';
import { bodyFields, checked, nodeTargetFields, optionalNodeTarget, requiredString } from '../../http/edge/request-fields';
import type { SweepCommand } from './removal-sweep.service';

/**
 * POST /v1/removal-sweep `{nodes? | selector? | all?}` and the `removalSweep` mutation: the nodes to
 * judge, as /v1/taint names them (parseNodeTarget); every node of the cluster when none is given.
 */
export const removalSweepCommand = operation<SweepCommand>({
  rest: fromBody,
  parse(input) {
    const shape = new ShapeChecker();
    const request = bodyFields(shape, input);
    const asked = nodeTargetFields(shape, request);
    if (shape.errors.length) return err(failure.badFields(shape.errors));
    const named = optionalNodeTarget(asked);
    if (!named.ok) return named;
    if (!named.value) return ok({});
    const target = parseNodeTarget(named.value);
    return target.ok ? ok({ target: target.value }) : target;
  },
});

/** GET /v1/removal-sweeps/{name}: the sweep's name (its id). */
export const sweepName = operation<string>({
  rest: ({ params }) => params,
  parse(input) {
    const shape = new ShapeChecker();
    const name = requiredString(shape, input.name, 'name');
    return checked(shape, () => name);
  },
});
