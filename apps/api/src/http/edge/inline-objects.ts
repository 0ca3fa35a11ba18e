import {
  type DomainSettings,
  type FieldError,
  FieldPath,
  type Node,
  type Pod,
  ShapeChecker,
  appendAll,
  fieldError,
  fieldErrorsWithin,
  validateNode,
  validatePod,
} from '@taintgate/domain';

/**
 * Hypothetical nodes and pods sent inline with a what-if question: validated like stored ones,
 * each error's path placed where the object sits in the request (`nodes[2].spec.taints[0].effect`).
 * Each function records its errors in `errors` and returns what was valid, so that a request
 * reports every bad field at once.
 */

/** A list of inline nodes at `path` (e.g. `nodes`, `inline.nodes`); names must be unique. */
export function inlineNodes(value: unknown, path: FieldPath, errors: FieldError[]): Node[] {
  const shape = new ShapeChecker();
  const items = shape.array(value, path) ?? [];
  errors.push(...shape.errors);
  const nodes: Node[] = [];
  const seen = new Set<string>();
  items.forEach((item, i) => {
    const result = validateNode(item);
    if (!result.ok) {
      appendAll(errors, fieldErrorsWithin(path.index(i), result.error));
      return;
    }
    const name = result.value.metadata.name;
    if (seen.has(name)) errors.push(fieldError.duplicate(path.index(i).child('metadata').child('name'), name));
    seen.add(name);
    nodes.push(result.value);
  });
  return nodes;
}

/**
 * A pod asked about, as it is sent: a missing name or namespace is filled in (a what-if pod needs
 * none), then validated. Admission is the service's, which tells what it added.
 */
function inlinePod(value: unknown, path: FieldPath, settings: DomainSettings, errors: FieldError[]): Pod | undefined {
  const result = validatePod(withWhatIfName(value), settings);
  if (!result.ok) {
    appendAll(errors, fieldErrorsWithin(path, result.error));
    return undefined;
  }
  return result.value;
}

export function inlinePods(value: unknown, path: FieldPath, settings: DomainSettings, errors: FieldError[]): Pod[] {
  const shape = new ShapeChecker();
  const items = shape.array(value, path) ?? [];
  errors.push(...shape.errors);
  return items.flatMap((item, i) => inlinePod(item, path.index(i), settings, errors) ?? []);
}

/** A what-if pod needs no name: a missing name or namespace is filled in. */
export function withWhatIfName(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const pod = value as { metadata?: Record<string, unknown> };
  const metadata = { ...(pod.metadata ?? {}) };
  metadata.name ||= 'what-if';
  metadata.namespace ||= 'default';
  return { ...pod, metadata };
}
