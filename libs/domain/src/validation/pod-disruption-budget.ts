import type { PodDisruptionBudget } from '../policy/pod-disruption-budget';
import type { ObjectLabelSelector } from '../types';
import { err, ok } from '../failures/result';
import { type FieldError, FieldPath, appendAll, fieldError, uniqueFieldErrors } from '../foundation/field-errors';
import { isValidPathSegmentName, isValidPercent } from '../foundation/names';
import { type Json, ShapeChecker } from './json-shape';
import { checkLabelSelectorShape, validateLabelSelector } from './label-selector';
import { type Validated, checkMetadataShape, checkTime, checkTypeMeta, validateMetadata } from './objects';

/**
 * A policy/v1 PodDisruptionBudget as kube-apiserver checks one on create: its strategy's Validate
 * (pkg/apis/policy/validation ValidatePodDisruptionBudgetSpec) and, only when that passes, the
 * object's metadata (rest.BeforeCreate's ValidateObjectMetaAccessor, whose name rule is
 * ValidatePathSegmentName: a budget's name need be no DNS subdomain). The status, which the twin
 * keeps as the disruption controller wrote it, is checked as ValidatePodDisruptionBudgetStatusUpdate
 * checks a policy/v1 status write: no negative count. JSON type errors are reported alone.
 */

const root = FieldPath.root();
const spec = root.child('spec');
const status = root.child('status');

/** supportedUnhealthyPodEvictionPolicies, as sets.String's List() sorts them. */
const unhealthyPodEvictionPolicies = ['AlwaysAllow', 'IfHealthyBudget'];

/** The status counts ValidatePodDisruptionBudgetStatusUpdate wants non-negative, in its order. */
const statusCounts = ['disruptionsAllowed', 'currentHealthy', 'desiredHealthy', 'expectedPods'] as const;

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

/** An intstr.IntOrString as JSON: an int32 or a string; anything else fails the API server's decoding. */
function checkIntOrString(shape: ShapeChecker, value: unknown, path: FieldPath): void {
  if (value === undefined || value === null || typeof value === 'string') return;
  if (typeof value === 'number' && Number.isInteger(value) && value >= INT32_MIN && value <= INT32_MAX) return;
  shape.errors.push(fieldError.typeInvalid(path, value, 'must be an integer or a percentage'));
}

/**
 * appsvalidation.ValidatePositiveIntOrPercent and IsNotMoreThan100Percent: a count not negative,
 * or a percentage (digits and `%`) of at most 100. The bad value is printed as Go prints an
 * IntOrString, by its String(): `101%`, `-1`.
 */
function validateIntOrPercent(value: number | string, path: FieldPath): FieldError[] {
  if (typeof value === 'number') return value < 0 ? [fieldError.invalid(path, value, 'must be greater than or equal to 0')] : [];
  const problems = isValidPercent(value);
  if (problems.length > 0) return problems.map((msg) => fieldError.invalid(path, value, msg, 'text'));
  return Number.parseInt(value, 10) > 100 ? [fieldError.invalid(path, value, 'must not be greater than 100%', 'text')] : [];
}

/**
 * ValidatePodDisruptionBudgetSpec: minAvailable and maxUnavailable not both (the bad value is the
 * spec, written as JSON: Go prints its internal struct with pointers), each a count or a
 * percentage of at most 100, the selector valid, and the unhealthy pod eviction policy one of
 * IfHealthyBudget and AlwaysAllow (an empty one too is unsupported).
 */
function validateSpec(s: Json | undefined): FieldError[] {
  const errors: FieldError[] = [];
  if (!s) return errors;
  const { minAvailable, maxUnavailable } = s as { minAvailable?: number | string | null; maxUnavailable?: number | string | null };
  if (minAvailable != null && maxUnavailable != null) errors.push(fieldError.invalid(spec, s, 'minAvailable and maxUnavailable cannot be both set', 'json'));
  if (minAvailable != null) appendAll(errors, validateIntOrPercent(minAvailable, spec.child('minAvailable')));
  if (maxUnavailable != null) appendAll(errors, validateIntOrPercent(maxUnavailable, spec.child('maxUnavailable')));
  appendAll(errors, validateLabelSelector(s.selector as ObjectLabelSelector | null | undefined, spec.child('selector')));
  const policy = s.unhealthyPodEvictionPolicy;
  if (typeof policy === 'string' && !unhealthyPodEvictionPolicies.includes(policy)) {
    errors.push(fieldError.notSupported(spec.child('unhealthyPodEvictionPolicy'), policy, unhealthyPodEvictionPolicies));
  }
  return errors;
}

/** A policy/v1 PodDisruptionBudget (see above); the object as sent when it is valid. */
export function validatePodDisruptionBudget(input: unknown): Validated<PodDisruptionBudget> {
  const shape = new ShapeChecker();
  const obj = shape.object(input, root, true);
  if (!obj) return err(shape.errors);
  checkTypeMeta(shape, obj, 'PodDisruptionBudget', 'policy/v1');
  const meta = checkMetadataShape(shape, obj);
  const s = shape.object(obj.spec, spec);
  checkIntOrString(shape, s?.minAvailable, spec.child('minAvailable'));
  checkIntOrString(shape, s?.maxUnavailable, spec.child('maxUnavailable'));
  checkLabelSelectorShape(shape, s?.selector, spec.child('selector'));
  shape.string(s?.unhealthyPodEvictionPolicy, spec.child('unhealthyPodEvictionPolicy'));
  const st = shape.object(obj.status, status);
  shape.integer(st?.observedGeneration, status.child('observedGeneration'));
  for (const count of statusCounts) shape.integer(st?.[count], status.child(count));
  const disrupted = shape.object(st?.disruptedPods, status.child('disruptedPods'));
  for (const [pod, time] of Object.entries(disrupted ?? {})) checkTime(shape, time, status.child('disruptedPods').key(pod));
  shape.objects(st?.conditions, status.child('conditions'));
  if (shape.errors.length) return err(shape.errors);

  const errors = validateSpec(s);
  for (const count of statusCounts) {
    const value = st?.[count];
    if (typeof value === 'number' && value < 0) errors.push(fieldError.invalid(status.child(count), value, 'must be greater than or equal to 0'));
  }
  if (errors.length === 0) appendAll(errors, validateMetadata(meta, true, isValidPathSegmentName));
  return errors.length ? err(uniqueFieldErrors(errors)) : ok(obj as unknown as PodDisruptionBudget);
}
