import type { FieldError, FieldPath } from '../foundation/field-errors';
import { fieldError } from '../foundation/field-errors';
import type { ShapeChecker } from '../validation/json-shape';

/**
 * `dryRun`, on a write's query (`?dryRun=All`, what `kubectl --dry-run=server` sends) or in
 * DeleteOptions (`"dryRun": ["All"]`, what `kubectl delete` and `drain` send): the write is
 * decided, checked and answered in full, and nothing is stored. As apimachinery's
 * ValidateDryRun, "All" is the only value; none (or an empty list) is a real write.
 */
const DRY_RUN_VALUES = ['All'] as const;

/** Whether the sent dryRun (a string, a list of them, or nothing) asks for a dry run; a value other than All is refused, named by `path`. */
export function dryRunOf(shape: ShapeChecker, sent: unknown, path: FieldPath): boolean {
  if (sent === undefined || sent === null) return false;
  const before = shape.errors.length;
  if (typeof sent !== 'string') shape.strings(sent, path);
  if (shape.errors.length > before) return false;
  const values = typeof sent === 'string' ? [sent] : (sent as string[]);
  const unsupported = values.filter((v) => !(DRY_RUN_VALUES as readonly string[]).includes(v));
  if (unsupported.length > 0) {
    shape.errors.push(unsupportedDryRun(path, values));
    return false;
  }
  return values.length > 0;
}

/** field.NotSupported(fldPath, dryRun, ["All"]): the whole list is the value, as upstream prints it. */
const unsupportedDryRun = (path: FieldPath, values: readonly string[]): FieldError => fieldError.notSupported(path, values, DRY_RUN_VALUES);
