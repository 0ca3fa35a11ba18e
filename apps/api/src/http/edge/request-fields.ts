import {
  type Failure,
  FieldPath,
  type LabelSelector,
  type ListChunking,
  type NodeTargetInput,
  type Result,
  ShapeChecker,
  type SimulationMode,
  err,
  failure,
  fieldError,
  listLimit,
  listStart,
  ok,
  parseLabelSelector,
} from '@taintgate/domain';

/**
 * Small parsers shared by the operations: a request's named fields, checked and named by their
 * path so that a bad one answers 400 naming it (never a 500, never silently ignored).
 */

const root = FieldPath.root();

/** A required name from the route or the arguments (a route always has it; GraphQL may not). */
export function requiredString(shape: ShapeChecker, value: unknown, field: string): string {
  return shape.string(value, root.child(field), true) ?? '';
}

/**
 * A boolean flag from a query string (`?overwrite=true`) or a GraphQL Boolean; absent is false.
 */
export function flag(shape: ShapeChecker, value: unknown, field: string): boolean {
  if (value === undefined || value === null || value === '' || value === false || value === 'false') return false;
  if (value === true || value === 'true') return true;
  shape.errors.push(fieldError.invalid(root.child(field), value, 'must be true or false'));
  return false;
}

const simulationModes: readonly SimulationMode[] = ['together', 'alone'];

/** A simulation's mode (`together` or `alone`), refused by name when it is another; undefined when absent. */
export function simulationMode(shape: ShapeChecker, value: unknown, field: string): SimulationMode | undefined {
  const mode = shape.string(value, root.child(field));
  if (mode === undefined || simulationModes.includes(mode as SimulationMode)) return mode as SimulationMode | undefined;
  shape.errors.push(fieldError.notSupported(root.child(field), mode, simulationModes));
  return undefined;
}

/** A label selector in kubectl's `-l` syntax; absent or empty selects everything. */
export function labelSelector(shape: ShapeChecker, value: unknown, field: string): LabelSelector {
  const text = shape.string(value, root.child(field)) ?? '';
  const parsed = parseLabelSelector(text);
  if (parsed.ok) return parsed.value;
  shape.errors.push(fieldError.unparsable(root.child(field), text, parsed.error));
  return [];
}

/**
 * A list's `limit` and `continue` (a query string's, or GraphQL's Int and String), each refused
 * by name when bad: `limit: Invalid value: "ten": strconv.ParseInt: parsing "ten": invalid
 * syntax`, `continue: continue key is not valid: ...` (kube-apiserver's words).
 */
export function listChunking(shape: ShapeChecker, input: Record<string, unknown>): ListChunking {
  const limitValue = typeof input.limit === 'number' ? input.limit : shape.string(input.limit, root.child('limit'));
  const limit = listLimit(limitValue);
  if (!limit.ok) shape.errors.push(fieldError.invalid(root.child('limit'), limitValue, limit.error));
  const token = shape.string(input.continue, root.child('continue'));
  const start = listStart(token);
  if (!start.ok) shape.errors.push(fieldError.unparsable(root.child('continue'), token, start.error));
  return { limit: limit.ok ? limit.value : 0, start: start.ok ? start.value : '' };
}

/**
 * An answer's view (`?view=summary|nodes`, GraphQL's `view`): one of `views`, the first when absent.
 */
export function viewName<V extends string>(shape: ShapeChecker, value: unknown, views: readonly [V, ...V[]]): V {
  const text = shape.string(value, root.child('view'));
  if (text === undefined || text === '') return views[0];
  if ((views as readonly string[]).includes(text)) return text as V;
  shape.errors.push(fieldError.notSupported(root.child('view'), text, views));
  return views[0];
}

/**
 * A whole number in [0, max] from a query string or a GraphQL Int (`?top=20`); absent is `absent`.
 * Anything else is refused by name, in strconv's words for text that is no integer.
 */
export function boundedCount(shape: ShapeChecker, value: unknown, field: string, max: number, absent: number): number {
  if (value === undefined || value === null || value === '') return absent;
  const text = typeof value === 'number' ? String(value) : shape.string(value, root.child(field));
  if (text === undefined) return absent;
  if (!/^[+-]?\d+$/.test(text)) {
    shape.errors.push(fieldError.invalid(root.child(field), text, `strconv.ParseInt: parsing ${JSON.stringify(text)}: invalid syntax`));
    return absent;
  }
  const n = Number(text);
  if (n < 0 || n > max) {
    shape.errors.push(fieldError.invalid(root.child(field), text, `must be between 0 and ${max}`));
    return absent;
  }
  return n;
}

/** Fields a view does not take (`limit` with the summary view): refused by name rather than ignored. */
export function onlyWithView(shape: ShapeChecker, input: Record<string, unknown>, fields: readonly string[], view: string): void {
  for (const field of fields) {
    const value = input[field];
    if (value !== undefined && value !== null && value !== '') shape.errors.push(fieldError.forbidden(root.child(field), `only with view=${view}`));
  }
}

/**
 * The fields that name nodes (`nodes`, `selector`, `all`: what parseNodeTarget takes), each checked
 * for its type; a bad one is named in `shape`.
 */
export function nodeTargetFields(shape: ShapeChecker, request: Record<string, unknown>): NodeTargetInput {
  shape.strings(request.nodes, root.child('nodes'));
  const selector = shape.string(request.selector, root.child('selector'));
  const all = shape.boolean(request.all, root.child('all'));
  return { nodes: request.nodes as string[] | undefined, selector, all };
}

/**
 * The nodes named, when a request may name none (every node, then): undefined when no field names
 * any; an empty list is refused (it names no node: leaving the field out is "every node").
 */
export function optionalNodeTarget(asked: NodeTargetInput): Result<NodeTargetInput | undefined, Failure> {
  if (asked.nodes?.length === 0)
    return err(failure.badFields([fieldError.required(root.child('nodes'), 'at least one node, or leave nodes out for every node')]));
  return ok(asked.nodes || asked.selector || asked.all ? asked : undefined);
}

/** The body's fields (a request whose body is not an object names `<body>`). */
export function bodyFields(shape: ShapeChecker, input: unknown): Record<string, unknown> {
  return shape.object(input, root, true) ?? {};
}

/** The command when no field was bad; otherwise a BadRequest naming each bad field. */
export function checked<C>(shape: ShapeChecker, command: () => C): Result<C, Failure> {
  return shape.errors.length ? err(failure.badFields(shape.errors)) : ok(command());
}

/** A name the route or a GraphQL `String!` always gives; anything else (a missing one) is empty, for validation to name. */
export const nameText = (value: unknown): string => (typeof value === 'string' ? value : '');
