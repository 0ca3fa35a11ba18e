import type { Affinity, NodeSelector, NodeSelectorRequirement, NodeSelectorTerm } from '../types';
import { type FieldError, FieldPath, fieldError } from '../foundation/field-errors';
import { isDNS1123Subdomain, isValidLabelValue } from '../foundation/names';
import { validateQualifiedKey } from './taints';

/** `metadata.labels` and `spec.nodeSelector` (ValidateLabels): errors are reported on the map's path. */
export function validateLabels(labels: Record<string, string>, path: FieldPath): FieldError[] {
  const errors: FieldError[] = [];
  for (const [key, value] of Object.entries(labels)) {
    errors.push(...validateQualifiedKey(key, path));
    for (const msg of isValidLabelValue(value)) errors.push(fieldError.invalid(path, value, msg));
  }
  return errors;
}

/**
 * ValidateNodeSelectorRequirement: operator/values agreement, qualified-name key, and (unless
 * `allowInvalidLabelValues`) every value a valid label value, reported at `values[k]`.
 * Gt/Lt values are not checked to be integers here.
 */
export function validateNodeSelectorRequirement(req: NodeSelectorRequirement, path: FieldPath, allowInvalidLabelValues = false): FieldError[] {
  const errors: FieldError[] = [];
  const values = req.values ?? [];
  const operator = req.operator ?? '';
  switch (operator) {
    case 'In':
    case 'NotIn':
      if (values.length === 0) errors.push(fieldError.required(path.child('values'), "must be specified when `operator` is 'In' or 'NotIn'"));
      break;
    case 'Exists':
    case 'DoesNotExist':
      if (values.length > 0) {
        errors.push(fieldError.forbidden(path.child('values'), "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
      }
      break;
    case 'Gt':
    case 'Lt':
      if (values.length !== 1) {
        errors.push(fieldError.required(path.child('values'), "must be specified single value when `operator` is 'Lt' or 'Gt'"));
      }
      break;
    default:
      errors.push(fieldError.invalid(path.child('operator'), operator, 'not a valid selector operator', 'json'));
  }
  errors.push(...validateQualifiedKey(req.key ?? '', path.child('key')));
  if (!allowInvalidLabelValues) {
    values.forEach((value, k) => {
      for (const msg of isValidLabelValue(value)) errors.push(fieldError.invalid(path.child('values').index(k), value, msg));
    });
  }
  return errors;
}

/** ValidateNodeFieldSelectorRequirement: only `metadata.name`, only In/NotIn with one value. */
export function validateNodeFieldSelectorRequirement(req: NodeSelectorRequirement, path: FieldPath): FieldError[] {
  const errors: FieldError[] = [];
  const values = req.values ?? [];
  const operator = req.operator ?? '';
  const key = req.key ?? '';
  if (operator === 'In' || operator === 'NotIn') {
    if (values.length !== 1) {
      errors.push(fieldError.required(path.child('values'), "must be only one value when `operator` is 'In' or 'NotIn' for node field selector"));
    }
  } else {
    errors.push(fieldError.invalid(path.child('operator'), operator, 'not a valid selector operator', 'json'));
  }
  if (key !== 'metadata.name') {
    errors.push(fieldError.invalid(path.child('key'), key, 'not a valid field selector key'));
  } else {
    values.forEach((v, i) => {
      for (const msg of isDNS1123Subdomain(v)) errors.push(fieldError.invalid(path.child('values').index(i), v, msg));
    });
  }
  return errors;
}

/** ValidateNodeSelectorTerm. An empty term is not an error (it simply matches no node). */
function validateNodeSelectorTerm(term: NodeSelectorTerm, path: FieldPath, allowInvalidLabelValues = false): FieldError[] {
  const errors: FieldError[] = [];
  (term.matchExpressions ?? []).forEach((req, j) =>
    errors.push(...validateNodeSelectorRequirement(req, path.child('matchExpressions').index(j), allowInvalidLabelValues)),
  );
  (term.matchFields ?? []).forEach((req, j) => errors.push(...validateNodeFieldSelectorRequirement(req, path.child('matchFields').index(j))));
  return errors;
}

/** ValidateNodeSelector: at least one term. */
export function validateNodeSelector(selector: NodeSelector, path: FieldPath, allowInvalidLabelValues = false): FieldError[] {
  const terms = selector.nodeSelectorTerms ?? [];
  if (terms.length === 0) return [fieldError.required(path.child('nodeSelectorTerms'), 'must have at least one node selector term')];
  return terms.flatMap((term, i) => validateNodeSelectorTerm(term, path.child('nodeSelectorTerms').index(i), allowInvalidLabelValues));
}

/** Does any matchExpressions value fail label-value syntax? (helper.HasInvalidLabelValueInNodeSelectorTerms) */
export function hasInvalidLabelValueInNodeSelectorTerms(terms: readonly NodeSelectorTerm[] | undefined): boolean {
  return (terms ?? []).some((term) => (term.matchExpressions ?? []).some((req) => (req.values ?? []).some((v) => isValidLabelValue(v).length > 0)));
}

export interface AffinityValidationOptions {
  /**
   * PodValidationOptions.AllowInvalidLabelValueInRequiredNodeAffinity: on an update whose old pod
   * already had an invalid label value in its required node affinity, such values stay allowed.
   */
  allowInvalidLabelValueInRequiredNodeAffinity: boolean;
}

/**
 * `spec.affinity.nodeAffinity` (validateNodeAffinity): the required selector, and the preferred
 * terms (weight 1-100; their label values are never checked, as Kubernetes always allows them).
 */
export function validateAffinity(
  affinity: Affinity,
  path: FieldPath,
  options: AffinityValidationOptions = { allowInvalidLabelValueInRequiredNodeAffinity: false },
): FieldError[] {
  const nodeAffinity = affinity.nodeAffinity;
  if (!nodeAffinity) return [];
  const at = path.child('nodeAffinity');
  const errors: FieldError[] = [];
  const required = nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution;
  if (required) {
    errors.push(
      ...validateNodeSelector(required, at.child('requiredDuringSchedulingIgnoredDuringExecution'), options.allowInvalidLabelValueInRequiredNodeAffinity),
    );
  }
  (nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution ?? []).forEach((pref, i) => {
    const p = at.child('preferredDuringSchedulingIgnoredDuringExecution').index(i);
    const weight = pref.weight ?? 0;
    if (!Number.isInteger(weight) || weight < 1 || weight > 100) {
      errors.push(fieldError.invalid(p.child('weight'), weight, 'must be in the range 1-100'));
    }
    errors.push(...validateNodeSelectorTerm(pref.preference ?? {}, p.child('preference'), true));
  });
  return errors;
}
