import { type Result, err, ok } from '../../failures/result';
import { isQualifiedName, isValidLabelValue } from '../../foundation/names';
import type { ObjectLabelSelector, OwnerReference, Pod } from '../../types';

/**
 * The selector of a spread constraint, as PodTopologySpread holds it once parsed (labels.Selector):
 *
 * - `nothing`: labels.Nothing(), what metav1.LabelSelectorAsSelector makes of a missing
 *   labelSelector. It matches no pod, and it is not "empty".
 * - `labels`: requirements ANDed; none is labels.Everything(), what an empty `{}` labelSelector
 *   becomes. It matches every pod, and it is "empty" (selector.Empty()), which countPodsMatchSelector
 *   reads as "count no pod".
 * - `controller`: not kube-scheduler's. The default constraints select the pods of the Services and
 *   of the ReplicaSet, StatefulSet or ReplicationController of the pod (helper.DefaultSelector); where
 *   the twin holds no such object it stands in for the controller's selector with the pods the same
 *   controller owns (default-selector.ts says why that is close), ANDed with `requirements`.
 */
export type SpreadSelector =
  | { readonly kind: 'nothing' }
  | { readonly kind: 'labels'; readonly requirements: readonly SelectorRequirement[] }
  | { readonly kind: 'controller'; readonly controller: ControllerRef; readonly requirements: readonly SelectorRequirement[] };

/** A parsed label requirement of a metav1.LabelSelector: its four operators only (no Gt/Lt there). */
export interface SelectorRequirement {
  readonly key: string;
  readonly operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';
  readonly values: readonly string[];
}

/** The controller a pod's controller ownerReference names: its group, kind and name (and uid when known). */
export interface ControllerRef {
  readonly group: string;
  readonly kind: string;
  readonly name: string;
  readonly uid?: string;
}

export const nothingSelector: SpreadSelector = Object.freeze({ kind: 'nothing' });
export const everythingSelector: SpreadSelector = Object.freeze({ kind: 'labels', requirements: Object.freeze([]) });

const selectorOperators = new Set(['In', 'NotIn', 'Exists', 'DoesNotExist']);

/** labels.NewRequirement's checks: a valid key, values only with In/NotIn (and at least one), each a valid label value. */
function requirement(key: string, operator: string, values: readonly string[]): Result<SelectorRequirement, string> {
  if (!selectorOperators.has(operator)) return err(`${JSON.stringify(operator)} is not a valid label selector operator`);
  const keyProblems = isQualifiedName(key);
  if (keyProblems.length) return err(`key: Invalid value: ${JSON.stringify(key)}: ${keyProblems.join('; ')}`);
  const op = operator as SelectorRequirement['operator'];
  if ((op === 'In' || op === 'NotIn') && values.length === 0) return err("values: Invalid value: []: for 'in', 'notin' operators, values set can't be empty");
  if ((op === 'Exists' || op === 'DoesNotExist') && values.length !== 0) {
    return err(`values: Invalid value: ${JSON.stringify(values)}: values set must be empty for exists and does not exist`);
  }
  for (const value of values) {
    const problems = isValidLabelValue(value);
    if (problems.length) return err(`values[0]: Invalid value: ${JSON.stringify(value)}: ${problems.join('; ')}`);
  }
  return ok({ key, operator: op, values });
}

/**
 * metav1.LabelSelectorAsSelector: a missing selector selects nothing, an empty one everything;
 * matchLabels are `key In [value]`, matchExpressions as written. An invalid selector (which the API
 * server's validation rejects) is an error, as PreFilter's "get constraints from pod" reports it.
 */
export function spreadSelectorOf(selector: ObjectLabelSelector | null | undefined): Result<SpreadSelector, string> {
  if (!selector) return ok(nothingSelector);
  const labels = Object.entries(selector.matchLabels ?? {});
  const expressions = selector.matchExpressions ?? [];
  if (labels.length === 0 && expressions.length === 0) return ok(everythingSelector);
  const requirements: SelectorRequirement[] = [];
  for (const [key, value] of labels) {
    const made = requirement(key, 'In', [value]);
    if (!made.ok) return made;
    requirements.push(made.value);
  }
  for (const expression of expressions) {
    const made = requirement(expression.key, expression.operator, expression.values ?? []);
    if (!made.ok) return made;
    requirements.push(made.value);
  }
  return ok({ kind: 'labels', requirements });
}

/**
 * mergeLabelSetWithSelector (matchLabelKeys): the pod's own values for the keys, as `key In
 * [value]`, ANDed with the selector's requirements. A selector that selects nothing stays so
 * (labels.Nothing() has no requirements to take over).
 */
export function withMatchLabels(selector: SpreadSelector, matchLabels: ReadonlyMap<string, string>): SpreadSelector {
  if (selector.kind === 'nothing' || matchLabels.size === 0) return selector;
  const added: SelectorRequirement[] = [...matchLabels].map(([key, value]) => ({ key, operator: 'In', values: [value] }));
  return { ...selector, requirements: [...added, ...selector.requirements] };
}

/** selector.Empty(): labels.Everything() (no requirement), the selector countPodsMatchSelector counts nothing for. */
export function isEmptySelector(selector: SpreadSelector): boolean {
  return selector.kind === 'labels' && selector.requirements.length === 0;
}

const has = (labels: Record<string, string>, key: string): boolean => Object.prototype.hasOwnProperty.call(labels, key);

/** labels.Requirement.Matches for the four label selector operators. */
function requirementHolds(req: SelectorRequirement, labels: Record<string, string>): boolean {
  switch (req.operator) {
    case 'In':
      return has(labels, req.key) && req.values.includes(labels[req.key] as string);
    case 'NotIn':
      return !has(labels, req.key) || !req.values.includes(labels[req.key] as string);
    case 'Exists':
      return has(labels, req.key);
    case 'DoesNotExist':
      return !has(labels, req.key);
  }
}

/** Do these requirements all hold on the labels? */
export function requirementsHold(requirements: readonly SelectorRequirement[], labels: Record<string, string> | undefined): boolean {
  const set = labels ?? {};
  for (const req of requirements) if (!requirementHolds(req, set)) return false;
  return true;
}

/**
 * apimachinery's schema.ParseGroupVersion then the kind: "" and "v1" are the core group, "apps/v1"
 * the apps group; a version with more than one slash does not parse (undefined).
 */
function groupOf(apiVersion: string | undefined): string | undefined {
  const text = apiVersion ?? '';
  if (text === '' || text === 'v1') return '';
  const parts = text.split('/');
  if (parts.length === 1) return '';
  if (parts.length === 2) return parts[0];
  return undefined;
}

function versionOf(apiVersion: string | undefined): string {
  const parts = (apiVersion ?? '').split('/');
  return parts[parts.length - 1] ?? '';
}

/** metav1.GetControllerOfNoCopy: the first ownerReference with controller: true. */
export function controllerOf(pod: Pod): OwnerReference | undefined {
  return pod.metadata.ownerReferences?.find((ref) => ref.controller === true);
}

/** The controller ownerReference as group/version/kind and name; undefined when it has none or its apiVersion does not parse. */
export function controllerRefOf(pod: Pod): (ControllerRef & { readonly version: string }) | undefined {
  const owner = controllerOf(pod);
  if (!owner) return undefined;
  const group = groupOf(owner.apiVersion);
  if (group === undefined) return undefined;
  return { group, version: versionOf(owner.apiVersion), kind: owner.kind, name: owner.name, ...(owner.uid ? { uid: owner.uid } : {}) };
}

/** Is the pod controlled by this controller? Same group, kind and name, and the same uid when both are known. */
function controlledBy(pod: Pod, controller: ControllerRef): boolean {
  const owner = controllerOf(pod);
  // Kind and name first: the cheap test that rules out almost every pod of a large cluster.
  if (!owner || owner.kind !== controller.kind || owner.name !== controller.name) return false;
  if (groupOf(owner.apiVersion) !== controller.group) return false;
  return !owner.uid || controller.uid === undefined || owner.uid === controller.uid;
}

/** selector.Matches(labels.Set(pod.Labels)), with the twin's stand-in for a controller's selector. */
export function spreadSelectorMatches(selector: SpreadSelector, pod: Pod): boolean {
  switch (selector.kind) {
    case 'nothing':
      return false;
    case 'labels':
      return requirementsHold(selector.requirements, pod.metadata.labels);
    case 'controller':
      return controlledBy(pod, selector.controller) && requirementsHold(selector.requirements, pod.metadata.labels);
  }
}

/** The selector as people read it, for details: `app=web,tier in (a,b)`, `<nothing>`, `<everything>`. */
export function describeSpreadSelector(selector: SpreadSelector): string {
  if (selector.kind === 'nothing') return '<nothing>';
  const parts = selector.requirements.map((req) => {
    switch (req.operator) {
      case 'In':
        return req.values.length === 1 ? `${req.key}=${req.values[0] ?? ''}` : `${req.key} in (${req.values.join(',')})`;
      case 'NotIn':
        return `${req.key} notin (${req.values.join(',')})`;
      case 'Exists':
        return req.key;
      case 'DoesNotExist':
        return `!${req.key}`;
    }
  });
  if (selector.kind === 'controller') parts.unshift(`controlled by ${selector.controller.kind}/${selector.controller.name}`);
  return parts.length ? parts.join(',') : '<everything>';
}
