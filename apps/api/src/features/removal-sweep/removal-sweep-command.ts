import { FieldPath, ShapeChecker, err, failure, fieldError, ok, parseNodeTarget } from '@taintgate/domain';
import { fromBody, operation } from '../../http/edge/operation';
import { bodyFields, checked, requiredString } from '../../http/edge/request-fields';
import type { SweepCommand } from './removal-sweep.service';

const root = FieldPath.root();

/**
 * POST /v1/removal-sweep `{nodes? | selector? | all?}` and the `removalSweep` mutation: the nodes to
 * judge, as /v1/taint names them (parseNodeTarget); every node of the cluster when none is given.
 */
export const removalSweepCommand = operation<SweepCommand>({
  rest: fromBody,
  parse(input) {
    const shape = new ShapeChecker();
    const request = bodyFields(shape, input);
    shape.strings(request.nodes, root.child('nodes'));
    const selector = shape.string(request.selector, root.child('selector'));
    const all = shape.boolean(request.all, root.child('all'));
    if (shape.errors.length) return err(failure.badFields(shape.errors));
    const names = request.nodes as string[] | undefined;
    // An empty list names no node: a mistake, not "every node" (which is leaving the field out).
    if (names?.length === 0) return err(failure.badFields([fieldError.required(root.child('nodes'), 'at least one node, or leave nodes out for every node')]));
    if (!names && !selector && !all) return ok({});
    const target = parseNodeTarget({ nodes: names, selector, all });
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
