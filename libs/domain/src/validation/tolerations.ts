import type { Toleration } from '../types';
import { goParseIntFailure, isDecimalInteger } from '../numbers/int64';
import { sameToleration } from '../tolerations/match';
import { type FieldError, FieldPath, fieldError, goQuote } from '../foundation/field-errors';
import { isValidLabelValue } from '../foundation/names';
import { validateQualifiedKey, validateTaintEffect } from './taints';

export interface TolerationValidationOptions {
  /**
   * KEP-5471 (PodValidationOptions.AllowTaintTolerationComparisonOperators): accept Gt and Lt with
   * a canonical int64 value. Kubernetes turns it on when the feature gate is on, or on an update
   * when the old pod already uses Gt/Lt (see `usesComparisonOperators`).
   */
  comparisonOperators: boolean;
}

/** What the API server lists when Gt/Lt arrive with the option off (all four), and for any other operator (two). */
const operatorsWhenComparisonDisabled = ['Equal', 'Exists', 'Lt', 'Gt'] as const;
const basicOperators = ['Equal', 'Exists'] as const;

/** Does any toleration use Gt or Lt? (taintTolerationComparisonOperatorsInUse, the ratchet on update) */
export function usesComparisonOperators(tolerations: readonly Toleration[] | undefined): boolean {
  return (tolerations ?? []).some((t) => t.operator === 'Gt' || t.operator === 'Lt');
}

/**
 * `spec.tolerations` as the API server validates them (ValidateTolerations). Kubernetes quirks kept
 * on purpose: a bad value for Equal and a value given with Exists are reported on `operator`;
 * Gt/Lt with the option off list four supported operators, any other unknown operator two.
 */
export function validateTolerations(tolerations: readonly Toleration[], path: FieldPath, options: TolerationValidationOptions): FieldError[] {
  const errors: FieldError[] = [];
  tolerations.forEach((toleration, i) => {
    const at = path.index(i);
    // Absent JSON fields are empty strings in Go.
    const key = toleration.key ?? '';
    const operator = toleration.operator ?? '';
    const value = toleration.value ?? '';
    const effect = toleration.effect ?? '';
    if (key.length > 0) errors.push(...validateQualifiedKey(key, at.child('key')));

    // An empty key with Exists (and no value) means "match all keys and values".
    if (key.length === 0 && operator !== 'Exists') {
      errors.push(
        fieldError.invalid(at.child('operator'), operator, 'operator must be Exists when `key` is empty, which means "match all values and all keys"', 'json'),
      );
    }

    if (toleration.tolerationSeconds !== undefined && toleration.tolerationSeconds !== null && effect !== 'NoExecute') {
      errors.push(fieldError.invalid(at.child('effect'), effect, "effect must be 'NoExecute' when `tolerationSeconds` is set", 'json'));
    }

    switch (operator) {
      case '':
      case 'Equal': {
        const problems = isValidLabelValue(value);
        if (problems.length) errors.push(fieldError.invalid(at.child('operator'), value, problems.join(';')));
        break;
      }
      case 'Exists':
        if (value.length > 0) errors.push(fieldError.invalid(at.child('operator'), value, "value must be empty when `operator` is 'Exists'"));
        break;
      case 'Gt':
      case 'Lt': {
        if (!options.comparisonOperators) {
          errors.push(fieldError.notSupported(at.child('operator'), operator, operatorsWhenComparisonDisabled));
          break;
        }
        // Two independent checks, so a value such as "abc" gets both messages.
        for (const msg of isDecimalInteger(value)) errors.push(fieldError.invalid(at.child('value'), value, msg));
        const failure = goParseIntFailure(value);
        if (failure) errors.push(fieldError.invalid(at.child('value'), value, `strconv.ParseInt: parsing ${goQuote(value)}: ${failure}`));
        break;
      }
      default:
        errors.push(fieldError.notSupported(at.child('operator'), operator, basicOperators));
    }

    // An empty effect means every effect.
    if (effect) errors.push(...validateTaintEffect(effect, true, at.child('effect')));
  });
  return errors;
}

/**
 * A pod update may only add tolerations or change the tolerationSeconds of existing ones
 * (validateOnlyAddedTolerations): every old toleration must still be there, seconds aside.
 * "Still there" is reflect.DeepEqual with tolerationSeconds ignored, i.e. the same key, operator,
 * value and effect (sameToleration; an empty operator and "Equal" differ). The first one missing
 * gives a single Forbidden on the list and nothing else; otherwise the new list is validated.
 */
export function validateOnlyAddedTolerations(
  next: readonly Toleration[],
  previous: readonly Toleration[],
  path: FieldPath,
  options: TolerationValidationOptions,
): FieldError[] {
  for (const old of previous) {
    if (!next.some((candidate) => sameToleration(old, candidate))) {
      return [fieldError.forbidden(path, 'existing toleration can not be modified except its tolerationSeconds')];
    }
  }
  return validateTolerations(next, path, options);
}
