import { k8sTime } from '../foundation/k8s-time';
import type { Taint } from '../types';
import { TaintEffects } from '../types';
import { type FieldError, FieldPath, fieldError } from '../foundation/field-errors';
import { isQualifiedName, isValidLabelValue } from '../foundation/names';

/** Label keys, taint keys and toleration keys (metav1validation.ValidateLabelName). */
export function validateQualifiedKey(key: string, path: FieldPath): FieldError[] {
  return isQualifiedName(key).map((msg) => fieldError.invalid(path, key, msg));
}

/** validateTaintEffect: required unless `allowEmpty`, one of NoSchedule, PreferNoSchedule, NoExecute. */
export function validateTaintEffect(effect: string | undefined, allowEmpty: boolean, path: FieldPath): FieldError[] {
  if (!effect) return allowEmpty ? [] : [fieldError.required(path)];
  if ((TaintEffects as readonly string[]).includes(effect)) return [];
  return [fieldError.notSupported(path, effect, TaintEffects)];
}

/** metav1.Time as JSON: RFC 3339 in UTC, whole seconds. A text that is not a time is kept as it is. */
function goTime(text: string): string {
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? text : k8sTime(ms);
}

/**
 * The duplicate's bad value as Go prints it: the internal core.Taint struct, which has no JSON tags,
 * through json.Marshal, e.g. `{"Key":"foo","Value":"bar","Effect":"NoSchedule","TimeAdded":null}`.
 */
function goTaintStruct(taint: Taint): Record<string, unknown> {
  return {
    Key: taint.key ?? '',
    Value: taint.value ?? '',
    Effect: taint.effect ?? '',
    TimeAdded: taint.timeAdded ? goTime(taint.timeAdded) : null,
  };
}

/** One taint's key, value and effect, with paths under `at` (the first part of validateNodeTaints). */
export function validateTaint(taint: Taint, at: FieldPath): FieldError[] {
  // Absent JSON fields are empty strings in Go.
  const key = taint.key ?? '';
  const value = taint.value ?? '';
  const errors = validateQualifiedKey(key, at.child('key'));
  const valueProblems = isValidLabelValue(value);
  if (valueProblems.length) errors.push(fieldError.invalid(at.child('value'), value, valueProblems.join(';')));
  errors.push(...validateTaintEffect(taint.effect ?? '', false, at.child('effect')));
  return errors;
}

/**
 * A node's taints as the API server validates them (validateNodeTaints): qualified-name key,
 * label-value value, a known effect, and no two taints with the same key and effect. The caller
 * gives the path (see validateNode on `spec.taints` versus Kubernetes' `metadata.taints`).
 */
export function validateNodeTaints(taints: readonly Taint[], path: FieldPath): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  taints.forEach((taint, i) => {
    const at = path.index(i);
    errors.push(...validateTaint(taint, at));
    const key = taint.key ?? '';
    const effect = taint.effect ?? '';
    const identity = `${effect}\u0000${key}`;
    if (seen.has(identity)) {
      // The reason shows Go's rendering; badValue stays the taint as it was sent.
      const duplicate = fieldError.duplicate(at, goTaintStruct(taint), 'taints must be unique by key and effect pair');
      errors.push({ ...duplicate, badValue: taint });
      return;
    }
    seen.add(identity);
  });
  return errors;
}
