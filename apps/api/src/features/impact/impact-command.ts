import {
  FieldPath,
  type ImpactView,
  type Node,
  type NodeTarget,
  type Pod,
  ShapeChecker,
  type SimulationMode,
  type Taint,
  err,
  failure,
  fieldError,
  fieldErrorsWithin,
  impactViews,
  ok,
  parseNodeTarget,
  parseTaintToAdd,
  sameTaint,
  taintToString,
  validateTaintBody,
} from '@taintgate/domain';
import { inlineNodes, inlinePods } from '../../http/edge/inline-objects';
import { fromBody, operation } from '../../http/edge/operation';
import { bodyFields, nodeTargetFields, checked, listChunking, onlyWithView, simulationMode, viewName } from '../../http/edge/request-fields';

const root = FieldPath.root();

export interface ImpactCommand {
  /** The taints added together: one or more, no two of the same key and effect. */
  taints: Taint[];
  target: NodeTarget;
  /** A hypothetical cluster; absent: the stored one. */
  inline?: { nodes: Node[]; pods: Pod[] } | undefined;
  /**
   * Asked for: the evicted pods placed as kube-scheduler would place their replacements, together
   * (one after another, each taking its room) or alone; each eviction then says where (`to`), and
   * rescheduling's `stranded` counts those with nowhere, in that mode.
   */
  mode?: SimulationMode | undefined;
}

/**
 * POST /v1/taint-impact `{taint | taints, nodes? | selector? | all?, inline?: {nodes, pods}, mode?}` and
 * the `taintImpact` query. A taint is an object `{key, value?, effect}` or kubectl's argument
 * (`key=value:Effect`, `key:Effect`); `taints` adds several together. The target follows the same
 * rules as `/v1/taint` (parseNodeTarget).
 */
export const taintImpact = operation<ImpactCommand>({
  rest: fromBody,
  parse(input, settings) {
    const shape = new ShapeChecker();
    const request = bodyFields(shape, input);
    const asked = nodeTargetFields(shape, request);
    const inline = shape.object(request.inline, root.child('inline'));
    const taints = askedTaints(shape, request.taint, request.taints);
    const mode = simulationMode(shape, request.mode, 'mode');
    const hypothetical = inline && {
      nodes: inlineNodes(inline.nodes ?? [], root.child('inline').child('nodes'), shape.errors),
      pods: inlinePods(inline.pods ?? [], root.child('inline').child('pods'), settings, shape.errors),
    };
    if (shape.errors.length) return err(failure.badFields(shape.errors));

    const target = parseNodeTarget(asked);
    return target.ok ? ok({ taints, target: target.value, inline: hypothetical, ...(mode ? { mode } : {}) }) : target;
  },
});

/** `taint` (one) or `taints` (a list), not both; each an object or kubectl's argument; no two alike. */
function askedTaints(shape: ShapeChecker, one: unknown, list: unknown): Taint[] {
  const given = (value: unknown) => value !== undefined && value !== null;
  if (given(one) && given(list)) {
    shape.errors.push(fieldError.forbidden(root.child('taints'), 'not with taint: send one or the other'));
    return [];
  }
  if (!given(one) && !given(list)) {
    shape.errors.push(fieldError.required(root.child('taint'), 'a taint, or several in taints'));
    return [];
  }
  if (given(one)) {
    const taint = askedTaint(shape, one, root.child('taint'));
    return taint ? [taint] : [];
  }
  if (!Array.isArray(list)) {
    shape.errors.push(fieldError.typeInvalid(root.child('taints'), list, 'must be a list of taints'));
    return [];
  }
  if (list.length === 0) shape.errors.push(fieldError.required(root.child('taints'), 'at least one taint'));
  const taints: Taint[] = [];
  list.forEach((item, i) => {
    const taint = askedTaint(shape, item, root.child('taints').index(i));
    if (!taint) return;
    if (taints.some((t) => sameTaint(t, taint))) shape.errors.push(fieldError.duplicate(root.child('taints').index(i), taintToString(taint)));
    else taints.push(taint);
  });
  return taints;
}

/** A taint as an object (validated as a node's) or kubectl's `key=value:Effect`. */
function askedTaint(shape: ShapeChecker, input: unknown, at: FieldPath): Taint | undefined {
  if (typeof input === 'string') {
    const parsed = parseTaintToAdd(input);
    if (parsed.ok) return parsed.value;
    shape.errors.push(fieldError.invalid(at, input, parsed.error.message));
    return undefined;
  }
  const parsed = validateTaintBody(input);
  if (!parsed.ok) {
    shape.errors.push(...fieldErrorsWithin(at, parsed.error));
    return undefined;
  }
  return { key: parsed.value.key, effect: parsed.value.effect, ...(parsed.value.value ? { value: parsed.value.value } : {}) };
}

/**
 * How taint impact is answered, from the query string (`?view=pods&limit=500&continue=...`) or
 * GraphQL's arguments: the summary (the default), counts and a timeline, or every pod's fate a page
 * at a time. `limit` and `continue` without view=pods are refused by name.
 */
export const impactView = operation<ImpactView>({
  rest: ({ query }) => query,
  parse(input) {
    const shape = new ShapeChecker();
    const name = viewName(shape, input.view, impactViews);
    if (name === 'summary') {
      onlyWithView(shape, input, ['limit', 'continue'], 'pods');
      return checked(shape, () => ({ name }));
    }
    const chunking = listChunking(shape, input);
    return checked(shape, () => ({ name, chunking }));
  },
});
