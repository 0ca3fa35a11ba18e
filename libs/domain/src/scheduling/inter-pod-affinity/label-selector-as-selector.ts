import { type Result, err, ok } from '../../failures/result';
import { isQualifiedName, isValidLabelValue } from '../../foundation/names';
import type { ObjectLabelSelector } from '../../types';

/**
 * metav1.LabelSelectorAsSelector, as the scheduler turns a pod affinity term's labelSelector and
 * namespaceSelector into a labels.Selector: a missing (nil) selector selects nothing
 * (labels.Nothing), an empty one (`{}`) everything (labels.Everything); otherwise every requirement
 * must hold: each matchLabels entry as `key = value`, each matchExpression with In, NotIn, Exists or
 * DoesNotExist (a LabelSelector has no Gt or Lt).
 */

interface SelectorRequirement {
  readonly key: string;
  /** matchLabels entries are Equals, which matches as In with their one value. */
  readonly operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';
  readonly values: readonly string[];
}

export type AffinitySelector =
  { readonly kind: 'nothing' } | { readonly kind: 'everything' } | { readonly kind: 'requirements'; readonly requirements: readonly SelectorRequirement[] };

const nothing: AffinitySelector = Object.freeze({ kind: 'nothing' });
const everything: AffinitySelector = Object.freeze({ kind: 'everything' });

/** Go's %#v of a []string, as field.Invalid prints a slice value: `[]string(nil)`, `[]string{"a", "b"}`. */
function goStringSlice(values: readonly string[] | undefined): string {
  if (!values || values.length === 0) return '[]string(nil)';
  return `[]string{${values.map((v) => JSON.stringify(v)).join(', ')}}`;
}

/** utilerrors.NewAggregate(...).Error(): one message alone, several (duplicates dropped) as `[a, b]`. */
export function aggregateMessage(messages: readonly string[]): string {
  const unique = [...new Set(messages)];
  return unique.length === 1 ? (unique[0] ?? '') : `[${unique.join(', ')}]`;
}

/**
 * labels.NewRequirement's checks, with its field errors' words (`key: Invalid value: "k": ...`,
 * `values[0][k]: Invalid value: "v": ...`): the key a qualified name, In and NotIn with values,
 * Exists and DoesNotExist without, every value a valid label value.
 */
function requirementProblems(key: string, operator: SelectorRequirement['operator'], values: readonly string[] | undefined): string[] {
  const problems: string[] = [];
  const keyErrors = isQualifiedName(key);
  if (keyErrors.length > 0) problems.push(`key: Invalid value: ${JSON.stringify(key)}: ${keyErrors.join('; ')}`);
  const list = values ?? [];
  if ((operator === 'In' || operator === 'NotIn') && list.length === 0) {
    problems.push(`values: Invalid value: ${goStringSlice(values)}: for 'in', 'notin' operators, values set can't be empty`);
  }
  if ((operator === 'Exists' || operator === 'DoesNotExist') && list.length !== 0) {
    problems.push(`values: Invalid value: ${goStringSlice(values)}: values set must be empty for exists and does not exist`);
  }
  list.forEach((value, i) => {
    const valueErrors = isValidLabelValue(value);
    if (valueErrors.length > 0) problems.push(`values[${i}][${key}]: Invalid value: ${JSON.stringify(value)}: ${valueErrors.join('; ')}`);
  });
  return problems;
}

const selectorOperators = new Set(['In', 'NotIn', 'Exists', 'DoesNotExist']);

/**
 * LabelSelectorAsSelector: the selector, or the first requirement's error as Go words it. Go walks
 * matchLabels in map order; here they go by key, so that the error named is always the same one.
 */
export function labelSelectorAsSelector(selector: ObjectLabelSelector | null | undefined): Result<AffinitySelector, string> {
  if (selector == null) return ok(nothing);
  const matchLabels = Object.entries(selector.matchLabels ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const matchExpressions = selector.matchExpressions ?? [];
  if (matchLabels.length + matchExpressions.length === 0) return ok(everything);
  const requirements: SelectorRequirement[] = [];
  for (const [key, value] of matchLabels) {
    const problems = requirementProblems(key, 'In', [value]);
    if (problems.length > 0) return err(aggregateMessage(problems));
    requirements.push({ key, operator: 'In', values: [value] });
  }
  for (const expression of matchExpressions) {
    if (!selectorOperators.has(expression.operator)) return err(`${JSON.stringify(expression.operator)} is not a valid label selector operator`);
    const operator = expression.operator as SelectorRequirement['operator'];
    const problems = requirementProblems(expression.key, operator, expression.values);
    if (problems.length > 0) return err(aggregateMessage(problems));
    requirements.push({ key: expression.key, operator, values: [...(expression.values ?? [])] });
  }
  return ok({ kind: 'requirements', requirements });
}

const hasOwn = (labels: Readonly<Record<string, string>>, key: string): boolean => Object.prototype.hasOwnProperty.call(labels, key);

/** labels.Requirement.Matches. */
function requirementMatches(requirement: SelectorRequirement, labels: Readonly<Record<string, string>>): boolean {
  const has = hasOwn(labels, requirement.key);
  switch (requirement.operator) {
    case 'In':
      return has && requirement.values.includes(labels[requirement.key] as string);
    case 'NotIn':
      return !has || !requirement.values.includes(labels[requirement.key] as string);
    case 'Exists':
      return has;
    case 'DoesNotExist':
      return !has;
  }
}

/**
 * The values one of the selector's `In` requirements (or matchLabels entries) allows for its key, the
 * fewest there are: a label set the selector matches has one of them. Undefined when the selector has
 * no such requirement (it may match sets without the key).
 */
export function affinitySelectorRequiredValues(selector: AffinitySelector): { key: string; values: readonly string[] } | undefined {
  if (selector.kind !== 'requirements') return undefined;
  let best: SelectorRequirement | undefined;
  for (const requirement of selector.requirements) {
    if (requirement.operator === 'In' && (!best || requirement.values.length < best.values.length)) best = requirement;
  }
  return best && { key: best.key, values: best.values };
}

/** labels.Selector.Matches over a label set (missing labels are the empty set). */
export function affinitySelectorMatches(selector: AffinitySelector, labels: Readonly<Record<string, string>> | undefined): boolean {
  switch (selector.kind) {
    case 'nothing':
      return false;
    case 'everything':
      return true;
    case 'requirements': {
      const set = labels ?? {};
      for (const requirement of selector.requirements) if (!requirementMatches(requirement, set)) return false;
      return true;
    }
  }
}
