import type { ObjectLabelSelector } from '../types';
import { type FieldError, FieldPath, fieldError } from '../foundation/field-errors';
import { isValidLabelValue } from '../foundation/names';
import { type Json, ShapeChecker } from './json-shape';
import { validateLabels } from './node-selector';
import { validateQualifiedKey } from './taints';

/**
 * metav1.LabelSelector as apimachinery's meta/v1/validation checks it (ValidateLabelSelector,
 * ValidateLabelSelectorRequirement): the labels matched, and each expression's operator, values
 * and key. A null selector is valid (it selects nothing), an empty one too (it selects everything).
 */

/** The selector's JSON types; the object when it is one. */
export function checkLabelSelectorShape(shape: ShapeChecker, value: unknown, path: FieldPath): Json | undefined {
  const selector = shape.object(value, path);
  shape.stringMap(selector?.matchLabels, path.child('matchLabels'));
  for (const { item, path: at } of shape.objects(selector?.matchExpressions, path.child('matchExpressions'))) {
    // Not required here: a missing key or operator is "" in Go, which the rules then reject.
    shape.string(item.key, at.child('key'));
    shape.string(item.operator, at.child('operator'));
    shape.strings(item.values, at.child('values'));
  }
  return selector;
}

/**
 * ValidateLabelSelector as on create (AllowInvalidLabelValueInSelector false): matchLabels as
 * labels are (errors on the map's path), then each expression, its values label values.
 */
export function validateLabelSelector(selector: ObjectLabelSelector | null | undefined, path: FieldPath): FieldError[] {
  if (!selector) return [];
  const errors = validateLabels(selector.matchLabels ?? {}, path.child('matchLabels'));
  (selector.matchExpressions ?? []).forEach((requirement, i) => {
    const at = path.child('matchExpressions').index(i);
    const values = requirement.values ?? [];
    const operator = requirement.operator ?? '';
    switch (operator) {
      case 'In':
      case 'NotIn':
        if (values.length === 0) errors.push(fieldError.required(at.child('values'), "must be specified when `operator` is 'In' or 'NotIn'"));
        break;
      case 'Exists':
      case 'DoesNotExist':
        if (values.length > 0) errors.push(fieldError.forbidden(at.child('values'), "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
        break;
      default:
        errors.push(fieldError.invalid(at.child('operator'), operator, 'not a valid selector operator', 'json'));
    }
    errors.push(...validateQualifiedKey(requirement.key ?? '', at.child('key')));
    values.forEach((value, k) => {
      for (const msg of isValidLabelValue(value)) errors.push(fieldError.invalid(at.child('values').index(k), value, msg));
    });
  });
  return errors;
}
