import {
  type DomainSettings,
  type FieldError,
  FieldPath,
  type Node,
  type Pod,
  ShapeChecker,
  admitPod,
  formatFieldErrors,
  validateNode,
  validatePod,
} from '@taintgate/domain';
import { ApiError } from './api-error';

/**
 * Hypothetical nodes and pods sent inline with a what-if question: validated like stored ones,
 * each error's path prefixed with where the object sits in the request (`nodes[2].spec.taints[0].effect`).
 */

const prefixed = (prefix: string, errors: readonly FieldError[]): FieldError[] =>
  errors.map((e) => ({ ...e, field: e.field === '<body>' ? prefix : `${prefix}.${e.field}` }));

export function throwIfInvalid(errors: readonly FieldError[]): void {
  if (errors.length) throw ApiError.badRequest(formatFieldErrors(errors), errors.map(({ field, reason }) => ({ field, reason })));
}

/** A list of inline nodes at `path` (e.g. `nodes`, `inline.nodes`), or the errors found. */
export function inlineNodes(value: unknown, path: string, errors: FieldError[]): Node[] {
  const shape = new ShapeChecker();
  const items = shape.array(value, FieldPath.root(path)) ?? [];
  errors.push(...shape.errors);
  const nodes: Node[] = [];
  items.forEach((item, i) => {
    const result = validateNode(item);
    if (result.ok) nodes.push(result.value);
    else errors.push(...prefixed(`${path}[${i}]`, result.errors));
  });
  const seen = new Set<string>();
  nodes.forEach((n, i) => {
    if (seen.has(n.metadata.name)) errors.push({ field: `${path}[${i}].metadata.name`, type: 'FieldValueDuplicate', badValue: n.metadata.name, detail: '', reason: `Duplicate value: ${JSON.stringify(n.metadata.name)}` });
    seen.add(n.metadata.name);
  });
  return nodes;
}

/**
 * A pod asked about, as it would be once created: a missing name or namespace is filled in
 * (a what-if pod needs none), then validated and admitted with the service's settings.
 */
export function inlinePod(value: unknown, path: string, settings: DomainSettings, errors: FieldError[]): Pod | undefined {
  const filled = fillName(value);
  const result = validatePod(filled, settings);
  if (!result.ok) {
    errors.push(...prefixed(path, result.errors));
    return undefined;
  }
  return admitPod(result.value, 'CREATE', settings);
}

export function inlinePods(value: unknown, path: string, settings: DomainSettings, errors: FieldError[]): Pod[] {
  const shape = new ShapeChecker();
  const items = shape.array(value, FieldPath.root(path)) ?? [];
  errors.push(...shape.errors);
  return items.flatMap((item, i) => inlinePod(item, `${path}[${i}]`, settings, errors) ?? []);
}

function fillName(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const pod = value as { metadata?: Record<string, unknown> };
  const metadata = { ...(pod.metadata ?? {}) };
  metadata.name ||= 'what-if';
  metadata.namespace ||= 'default';
  return { ...pod, metadata };
}
