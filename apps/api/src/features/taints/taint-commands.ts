import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  FieldPath,
  type NodeTarget,
  ShapeChecker,
  type Taint,
  type TaintChange,
  err,
  failure,
  fieldError,
  ok,
  parseNodeTarget,
  parseTaintArgs,
  validateTaintBody,
} from '@taintgate/domain';
import { fromBody, operation } from '../../http/edge/operation';
import { bodyFields, nodeTargetFields, checked, flag, requiredString } from '../../http/edge/request-fields';

const root = FieldPath.root();

export interface AddTaintCommand {
  nodeName: string;
  taint: Taint;
  overwrite: boolean;
}

export interface RemoveTaintCommand {
  nodeName: string;
  change: TaintChange;
}

export interface TaintNodesCommand {
  target: NodeTarget;
  change: TaintChange;
  overwrite: boolean;
  dryRun: boolean;
}

/** POST /v1/nodes/{name}/taints[?overwrite=true] and `addTaint`: one taint `{key, value?, effect}`. */
export const addTaint = operation<AddTaintCommand>({
  rest: ({ params, query, body }) => ({ node: params.name, taint: body, overwrite: query.overwrite }),
  parse(input) {
    const shape = new ShapeChecker();
    const nodeName = requiredString(shape, input.node, 'node');
    const overwrite = flag(shape, input.overwrite, 'overwrite');
    if (shape.errors.length) return err(failure.badFields(shape.errors));
    const parsed = validateTaintBody(input.taint);
    if (!parsed.ok) return err(failure.invalid('Taint', keyOf(input.taint), parsed.error));
    const taint: Taint = { key: parsed.value.key, effect: parsed.value.effect };
    if (parsed.value.value) taint.value = parsed.value.value;
    if (parsed.value.timeAdded) taint.timeAdded = parsed.value.timeAdded;
    return ok({ nodeName, taint, overwrite });
  },
});

/** What names a taint in kube-apiserver's "is invalid" message: its key, as sent. */
const keyOf = (taint: unknown): string => {
  const key = (taint as { key?: unknown } | null)?.key;
  return typeof key === 'string' || typeof key === 'number' ? String(key) : '';
};

/** DELETE /v1/nodes/{name}/taints?key=K[&effect=E] and `removeTaint`: without effect, every effect of the key. */
export const removeTaint = operation<RemoveTaintCommand>({
  rest: ({ params, query }) => ({ node: params.name, key: query.key, effect: query.effect }),
  parse(input) {
    const shape = new ShapeChecker();
    const nodeName = requiredString(shape, input.node, 'node');
    const key = shape.string(input.key, root.child('key')) ?? '';
    const effect = shape.string(input.effect, root.child('effect')) ?? '';
    if (!key && shape.errors.length === 0) {
      return err(failure.badRequest('key is required: DELETE /v1/nodes/{name}/taints?key=K[&effect=E]', [fieldError.required(root.child('key'))]));
    }
    if (shape.errors.length) return err(failure.badFields(shape.errors));
    const change = parseTaintArgs([effect ? `${key}:${effect}-` : `${key}-`]);
    return change.ok ? ok({ nodeName, change: change.value }) : change;
  },
});

/** POST /v1/taint and `taint`: `kubectl taint` as JSON, over nodes by name, selector or all. */
export const taintNodes = operation<TaintNodesCommand>({
  rest: fromBody,
  parse(input) {
    const shape = new ShapeChecker();
    const body = bodyFields(shape, input);
    const asked = nodeTargetFields(shape, body);
    if (body.taints === undefined || body.taints === null) shape.errors.push(fieldError.required(root.child('taints')));
    shape.strings(body.taints, root.child('taints'));
    const overwrite = shape.boolean(body.overwrite, root.child('overwrite')) === true;
    const dryRun = shape.boolean(body.dryRun, root.child('dryRun')) === true;
    if (shape.errors.length) return err(failure.badFields(shape.errors));
    const target = parseNodeTarget(asked);
    if (!target.ok) return target;
    const change = parseTaintArgs((body.taints ?? []) as string[]);
    if (!change.ok) return err(failure.badRequest(change.error.message, [fieldError.unparsable(root.child('taints'), body.taints, change.error.message)]));
    return checked(shape, () => ({ target: target.value, change: change.value, overwrite, dryRun }));
  },
});

/** POST /v1/taint's body, for the OpenAPI document: exactly one of nodes, selector or all. */
export class TaintNodesBody {
  @ApiPropertyOptional({ type: [String], example: ['node-1', 'node-2'], description: 'node names' })
  nodes?: string[];

  @ApiPropertyOptional({ example: 'pool=gpu', description: "label selector, kubectl's -l syntax" })
  selector?: string;

  @ApiPropertyOptional({ description: 'every node (kubectl --all)' })
  all?: boolean;

  @ApiProperty({ type: [String], example: ['dedicated=gpu:NoSchedule', 'old:NoExecute-', 'legacy-'] })
  taints!: string[];

  @ApiPropertyOptional({ description: 'replace a taint of the same key and effect (kubectl --overwrite)' })
  overwrite?: boolean;

  @ApiPropertyOptional({ description: 'answer what the nodes would become, change nothing' })
  dryRun?: boolean;
}
