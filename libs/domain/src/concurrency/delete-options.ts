import { type Result, err, ok } from '../failures/result';
import { type FieldError, FieldPath, fieldError } from '../foundation/field-errors';
import { ShapeChecker } from '../validation/json-shape';
import { dryRunOf } from './dry-run';
import type { Preconditions } from './preconditions';

const root = FieldPath.root();

/** metav1.DeletionPropagation's values, as ValidateDeleteOptions lists them. */
const propagationPolicies = ['Foreground', 'Background', 'Orphan'];

/**
 * What taintgate acts on of a DELETE's DeleteOptions: the preconditions, the grace period (a pod
 * evicted through pods/eviction terminates for it) and whether it is a dry run.
 */
export interface DeleteOptions {
  readonly preconditions: Preconditions;
  readonly gracePeriodSeconds?: number;
  readonly dryRun: boolean;
}

/**
 * A DELETE's body, metav1.DeleteOptions as kubectl and client-go send it
 * (`{"kind":"DeleteOptions","apiVersion":"v1","preconditions":{"uid":"..."},"propagationPolicy":"Background"}`),
 * or none. What taintgate acts on is `preconditions`, `gracePeriodSeconds` and `dryRun`;
 * `propagationPolicy` and `orphanDependents` are checked as the API server checks them (their
 * types, ValidateDeleteOptions) and otherwise have nothing to act on: nodes and pods have no
 * dependents here. Other fields are ignored, as Go's decoder ignores them. `dryRun` may also come
 * on the query (`?dryRun=All`), as the API server merges the query into DeleteOptions.
 */
export function parseDeleteOptions(input: unknown, queryDryRun?: unknown): Result<DeleteOptions, FieldError[]> {
  const shape = new ShapeChecker();
  const options = shape.object(input, root);
  const dryRunOnQuery = dryRunOf(shape, queryDryRun, root.child('dryRun'));
  if (!options) return shape.errors.length ? err(shape.errors) : ok({ preconditions: {}, dryRun: dryRunOnQuery });
  const apiVersion = shape.string(options.apiVersion, root.child('apiVersion'));
  if (apiVersion && apiVersion !== 'v1' && apiVersion !== 'meta.k8s.io/v1') {
    shape.errors.push(fieldError.notSupported(root.child('apiVersion'), apiVersion, ['v1', 'meta.k8s.io/v1'], 'string'));
  }
  const kind = shape.string(options.kind, root.child('kind'));
  if (kind && kind !== 'DeleteOptions') shape.errors.push(fieldError.notSupported(root.child('kind'), kind, ['DeleteOptions'], 'string'));
  const grace = shape.int64(options.gracePeriodSeconds, root.child('gracePeriodSeconds'), 'DeleteOptions');
  const policy = shape.string(options.propagationPolicy, root.child('propagationPolicy'));
  if (policy !== undefined && !propagationPolicies.includes(policy)) {
    shape.errors.push(fieldError.notSupported(root.child('propagationPolicy'), policy, propagationPolicies));
  }
  const orphan = shape.boolean(options.orphanDependents, root.child('orphanDependents'));
  if (orphan !== undefined && policy !== undefined) {
    shape.errors.push(fieldError.forbidden(root.child('orphanDependents'), 'OrphanDependents and DeletionPropagation cannot be both set'));
  }
  const dryRun = dryRunOf(shape, options.dryRun, root.child('dryRun')) || dryRunOnQuery;
  const preconditions = preconditionsOf(shape, options.preconditions);
  if (shape.errors.length) return err(shape.errors);
  return ok({ preconditions, dryRun, ...(grace === undefined ? {} : { gracePeriodSeconds: Number(grace) }) });
}

function preconditionsOf(shape: ShapeChecker, value: unknown): Preconditions {
  const path = root.child('preconditions');
  const sent = shape.object(value, path);
  if (!sent) return {};
  const uid = shape.string(sent.uid, path.child('uid'));
  const resourceVersion = shape.string(sent.resourceVersion, path.child('resourceVersion'));
  return { ...(uid === undefined ? {} : { uid }), ...(resourceVersion === undefined ? {} : { resourceVersion }) };
}
