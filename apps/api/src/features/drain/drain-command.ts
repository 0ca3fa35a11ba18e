import { FieldPath, type NodeTarget, ShapeChecker, type SimulationMode, err, failure, ok, parseNodeTarget } from '@taintgate/domain';
import { fromBody, operation } from '../../http/edge/operation';
import { bodyFields, nodeTargetFields, simulationMode } from '../../http/edge/request-fields';

const root = FieldPath.root();

export interface DrainCommand {
  target: NodeTarget;
  mode: SimulationMode;
  /** kubectl drain's --force: pods that declare no controller are deleted, and gone. */
  force: boolean;
}

/**
 * POST /v1/drain-impact `{nodes? | selector? | all?, mode?, force?}` and the `drainImpact` query:
 * which nodes `kubectl drain --ignore-daemonsets --delete-emptydir-data [--force]` is asked to drain
 * (the target follows /v1/taint's rules, parseNodeTarget), and how the replacements are placed:
 * `together` (the default) or `alone`.
 */
export const drainImpact = operation<DrainCommand>({
  rest: fromBody,
  parse(input) {
    const shape = new ShapeChecker();
    const request = bodyFields(shape, input);
    const asked = nodeTargetFields(shape, request);
    const force = shape.boolean(request.force, root.child('force')) ?? false;
    const mode = simulationMode(shape, request.mode, 'mode') ?? 'together';
    if (shape.errors.length) return err(failure.badFields(shape.errors));
    const target = parseNodeTarget(asked);
    return target.ok ? ok({ target: target.value, mode, force }) : target;
  },
});
