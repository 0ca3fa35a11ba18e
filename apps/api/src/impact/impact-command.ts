import {
  FieldPath,
  type ImpactView,
  type Node,
  type NodeTarget,
  type Pod,
  ShapeChecker,
  type Taint,
  err,
  failure,
  fieldError,
  fieldErrorsWithin,
  impactViews,
  ok,
  parseNodeTarget,
  validateTaintBody,
} from '@taintgate/domain';
import { inlineNodes, inlinePods } from '../edge/inline-objects';
import { fromBody, operation } from '../edge/operation';
import { bodyFields, checked, listChunking, onlyWithView, viewName } from '../edge/request-fields';

const root = FieldPath.root();

export interface ImpactCommand {
  taint: Taint;
  target: NodeTarget;
  /** A hypothetical cluster; absent: the stored one. */
  inline?: { nodes: Node[]; pods: Pod[] } | undefined;
}

/**
 * POST /v1/taint-impact `{taint, nodes? | selector? | all?, inline?: {nodes, pods}}` and the
 * `taintImpact` query. The target follows the same rules as `/v1/taint` (parseNodeTarget).
 */
export const taintImpact = operation<ImpactCommand>({
  rest: fromBody,
  parse(input, settings) {
    const shape = new ShapeChecker();
    const request = bodyFields(shape, input);
    shape.strings(request.nodes, root.child('nodes'));
    const selector = shape.string(request.selector, root.child('selector'));
    const all = shape.boolean(request.all, root.child('all'));
    const inline = shape.object(request.inline, root.child('inline'));

    let taint: Taint | undefined;
    if (request.taint === undefined || request.taint === null) shape.errors.push(fieldError.required(root.child('taint')));
    else {
      const parsed = validateTaintBody(request.taint);
      if (parsed.ok) taint = { key: parsed.value.key, effect: parsed.value.effect, ...(parsed.value.value ? { value: parsed.value.value } : {}) };
      else shape.errors.push(...fieldErrorsWithin(root.child('taint'), parsed.error));
    }
    const hypothetical = inline && {
      nodes: inlineNodes(inline.nodes ?? [], root.child('inline').child('nodes'), shape.errors),
      pods: inlinePods(inline.pods ?? [], root.child('inline').child('pods'), settings, shape.errors),
    };
    if (shape.errors.length) return err(failure.badFields(shape.errors));

    const target = parseNodeTarget({ nodes: request.nodes as string[] | undefined, selector, all });
    return target.ok ? ok({ taint: taint as Taint, target: target.value, inline: hypothetical }) : target;
  },
});

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
