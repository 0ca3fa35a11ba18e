import { type Result, err, ok } from '../failures/result';
import { type FieldError, FieldPath, fieldError } from '../validation/field-errors';
import { ShapeChecker } from '../validation/json-shape';
import type { Preconditions } from './preconditions';

const root = FieldPath.root();

/** metav1.DeletionPropagation's values, as ValidateDeleteOptions lists them. */
const propagationPolicies = ['Foreground', 'Background', 'Orphan'];

/**
 * A DELETE's body, metav1.DeleteOptions as kubectl and client-go send it
 * (`{"kind":"DeleteOptions","apiVersion":"v1","preconditions":{"uid":"..."},"propagationPolicy":"Background"}`),
 * or none. What taintgate acts on is `preconditions`; `gracePeriodSeconds`, `propagationPolicy`
 * and `orphanDependents` are checked as the API server checks them (their types,
 * ValidateDeleteOptions) and otherwise have nothing to act on: nodes and pods have no dependents
 * here, and a pod deleted through the API goes at once. Other fields are ignored, as Go's decoder
 * ignores them. A dry run is refused rather than carried out for real.
 */
export function parseDeleteOptions(input: unknown): Result<Preconditions, FieldError[]> {
  const shape = new ShapeChecker();
  const options = shape.object(input, root);
  if (!options) return shape.errors.length ? err(shape.errors) : ok({});
  const apiVersion = shape.string(options.apiVersion, root.child('apiVersion'));
  if (apiVersion && apiVersion !== 'v1' && apiVersion !== 'meta.k8s.io/v1') {
    shape.errors.push(fieldError.notSupported(root.child('apiVersion'), apiVersion, ['v1', 'meta.k8s.io/v1'], 'string'));
  }
  const kind = shape.string(options.kind, root.child('kind'));
  if (kind && kind !== 'DeleteOptions') shape.errors.push(fieldError.notSupported(root.child('kind'), kind, ['DeleteOptions'], 'string'));
  shape.int64(options.gracePeriodSeconds, root.child('gracePeriodSeconds'), 'DeleteOptions');
  const policy = shape.string(options.propagationPolicy, root.child('propagationPolicy'));
  if (policy !== undefined && !propagationPolicies.includes(policy)) {
    shape.errors.push(fieldError.notSupported(root.child('propagationPolicy'), policy, propagationPolicies));
  }
  const orphan = shape.boolean(options.orphanDependents, root.child('orphanDependents'));
  if (orphan !== undefined && policy !== undefined) {
    shape.errors.push(fieldError.forbidden(root.child('orphanDependents'), 'OrphanDependents and DeletionPropagation cannot be both set'));
  }
  shape.strings(options.dryRun, root.child('dryRun'));
  if (Array.isArray(options.dryRun) && options.dryRun.length > 0) {
    shape.errors.push(fieldError.forbidden(root.child('dryRun'), 'a dry run of a delete is not supported: send the request without dryRun'));
  }
  const preconditions = preconditionsOf(shape, options.preconditions);
  return shape.errors.length ? err(shape.errors) : ok(preconditions);
}

function preconditionsOf(shape: ShapeChecker, value: unknown): Preconditions {
  const path = root.child('preconditions');
  const sent = shape.object(value, path);
  if (!sent) return {};
  const uid = shape.string(sent.uid, path.child('uid'));
  const resourceVersion = shape.string(sent.resourceVersion, path.child('resourceVersion'));
  return { ...(uid === undefined ? {} : { uid }), ...(resourceVersion === undefined ? {} : { resourceVersion }) };
}
