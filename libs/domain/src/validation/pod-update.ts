import type { Pod, Toleration } from '../types';
import { type FieldError, FieldPath, fieldError } from '../foundation/field-errors';
import { type Json, isObject } from './json-shape';
import { isQualifiedName } from '../foundation/names';
import { comparablePodSpecs, formatSpecDifferences, semanticallyEqual, sortedKeys, specDifferences } from './pod-spec-comparison';
import { type TolerationValidationOptions, validateOnlyAddedTolerations } from './tolerations';

/**
 * What a pod update may change, as kube-apiserver decides it: ValidatePodUpdate
 * (pkg/apis/core/validation/validation.go) and what it calls, ValidatePodSpecificAnnotationUpdates,
 * ValidateContainerUpdates, validateOnlyAddedTolerations, validateOnlyDeletedSchedulingGates,
 * validateNodeSelectorMutation and validateNodeAffinityMutation, then the comparison of the
 * "munged" spec (the new spec with every field that may change set back to its old value) with the
 * old one. The new pod has passed the create rules already (validatePod, as ValidatePodUpdate runs
 * validatePodMetadataAndSpec first); both specs are compared after the scheme's defaulting (see
 * pod-spec-comparison.ts).
 *
 * Where taintgate differs, on purpose:
 * - `spec.nodeName` may be set once, from empty: taintgate has no pods/binding subresource, and a
 *   PUT is how a pod is bound (with a scheduling gate left the bind is refused, as ValidatePodCreate
 *   and the binding refuse it). Changing or clearing it stays forbidden, as upstream.
 * - An image left empty is refused only where the old container had one: taintgate accepts pods
 *   without images on create (scheduling does not read them), and a pod stored so stays updatable.
 * - status is not part of the comparison, as upstream; unlike upstream (PrepareForUpdate keeps the
 *   old status), a PUT's status is stored, since taintgate has no status subresource yet.
 * - metadata: name and namespace come from the URL (a body that names others is refused before
 *   this runs); uid, creationTimestamp and resourceVersion are the server's and what a body says
 *   of them is ignored, as kube-apiserver ignores them for a missing uid and always for
 *   creationTimestamp (rest.BeforeUpdate). A different uid is not refused: a pod imported from a
 *   live cluster carries that cluster's uid every time it is sent again.
 */

export interface PodUpdateOptions {
  /** The tolerations' PodValidationOptions (Gt/Lt), for validateOnlyAddedTolerations. */
  tolerations: TolerationValidationOptions;
}

/**
 * updatablePodSpecFields, joined with "," and no space, as released up to v1.37 (kubernetes#142248,
 * merged after it, adds schedulingGates, nodeSelector and nodeAffinity to the list).
 */
const updatablePodSpecFields = [
  '`spec.containers[*].image`',
  '`spec.initContainers[*].image`',
  '`spec.activeDeadlineSeconds`',
  '`spec.tolerations` (only additions to existing tolerations)',
  '`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)',
];

/**
 * The Forbidden detail without its diff. Upstream appends "\n" and cmp.Diff(old, munged) of the
 * internal Go structs, whose wording go-cmp itself keeps unstable on purpose; taintgate appends
 * instead one `- path: old` / `+ path: new` line per changed field, in JSON terms (see
 * formatSpecDifferences). Clients should match the sentence, as they must upstream.
 */
const podUpdateForbiddenDetail = `pod updates may not change fields other than ${updatablePodSpecFields.join(',')}`;

const maxInt32 = 2 ** 31 - 1;
/** validation.InclusiveRangeError. */
const inclusiveRangeError = (lo: number, hi: number): string => `must be between ${lo} and ${hi}, inclusive`;

/** v1.DeprecatedAppArmorBetaContainerAnnotationKeyPrefix and core.MirrorPodAnnotationKey. */
const appArmorAnnotationPrefix = 'container.apparmor.security.beta.kubernetes.io/';
const mirrorPodAnnotation = 'kubernetes.io/config.mirror';

const root = FieldPath.root();

const objectsIn = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);
const integerOf = (value: unknown): number | undefined => (typeof value === 'number' && Number.isInteger(value) ? value : undefined);
const stringOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/** ValidatePodSpecificAnnotationUpdates' own part: AppArmor and mirror-pod annotations may be neither added, changed nor removed. */
function validatePodSpecificAnnotationUpdates(next: Record<string, string>, previous: Record<string, string>, path: FieldPath): FieldError[] {
  const errors: FieldError[] = [];
  // Go ranges over the maps in no order; sorted keys keep the messages in one.
  for (const key of Object.keys(previous).sort()) {
    if (Object.hasOwn(next, key) && next[key] === previous[key]) continue;
    if (key.startsWith(appArmorAnnotationPrefix)) errors.push(fieldError.forbidden(path.key(key), 'may not remove or update AppArmor annotations'));
    if (key === mirrorPodAnnotation) errors.push(fieldError.forbidden(path.key(key), 'may not remove or update mirror pod annotation'));
  }
  for (const key of Object.keys(next).sort()) {
    if (Object.hasOwn(previous, key)) continue;
    if (key.startsWith(appArmorAnnotationPrefix)) errors.push(fieldError.forbidden(path.key(key), 'may not add AppArmor annotations'));
    if (key === mirrorPodAnnotation) errors.push(fieldError.forbidden(path.key(key), 'may not add mirror pod annotation'));
  }
  return errors;
}

/** ValidateContainerUpdates: the same number of containers (else nothing more is checked), and an image for each. */
function validateContainerUpdates(next: Json[], previous: Json[], path: FieldPath): { errors: FieldError[]; stop: boolean } {
  if (next.length !== previous.length) return { errors: [fieldError.forbidden(path, 'pod updates may not add or remove containers')], stop: true };
  const errors: FieldError[] = [];
  next.forEach((container, i) => {
    const image = stringOf(container.image);
    if (image.length === 0 && stringOf(previous[i]?.image).length > 0) errors.push(fieldError.required(path.index(i).child('image')));
    if (image.trim() !== image) errors.push(fieldError.invalid(path.index(i).child('image'), image, 'must not have leading or trailing whitespace'));
  });
  return { errors, stop: false };
}

/** validateOnlyDeletedSchedulingGates: every gate of the new pod was a gate of the old one. */
function validateOnlyDeletedSchedulingGates(next: Json[], previous: Json[], path: FieldPath): FieldError[] {
  const added = new Map<string, number>();
  next.forEach((gate, i) => added.set(stringOf(gate.name), i));
  for (const gate of previous) added.delete(stringOf(gate.name));
  // Go ranges over the map in no order; by index here.
  return [...added]
    .sort(([, a], [, b]) => a - b)
    .map(([name, i]) => fieldError.forbidden(path.index(i).child('name'), `only deletion is allowed, but found new scheduling gate '${name}'`));
}

/** validateSchedulingGates (ValidatePodSpec): qualified names, none twice. */
export function validateSchedulingGates(gates: readonly Json[], path: FieldPath): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  gates.forEach((gate, i) => {
    const name = stringOf(gate.name);
    for (const msg of isQualifiedName(name)) errors.push(fieldError.invalid(path.index(i), name, msg));
    if (seen.has(name)) errors.push(fieldError.duplicate(path.index(i), name));
    seen.add(name);
  });
  return errors;
}

/** ValidatePodSpec's range for activeDeadlineSeconds: 1 to MaxInt32. */
export function validateActiveDeadlineSeconds(value: number | undefined, path: FieldPath): FieldError[] {
  return value !== undefined && (value < 1 || value > maxInt32) ? [fieldError.invalid(path, value, inclusiveRangeError(1, maxInt32))] : [];
}

/** ValidatePodCreate's rule, which binding follows too: a gated pod may not be given a node. */
export const nodeNameWithSchedulingGates = (path: FieldPath): FieldError =>
  fieldError.forbidden(path, 'cannot be set until all schedulingGates have been cleared');

/** validateNodeSelectorMutation (gated pods): only additions, nothing removed or changed. */
function validateNodeSelectorMutation(path: FieldPath, next: unknown, previous: unknown): FieldError[] {
  const before = isObject(previous) ? previous : {};
  const after = isObject(next) ? next : {};
  for (const [key, value] of Object.entries(before)) {
    if (!Object.hasOwn(after, key) || after[key] !== value) {
      // The bad value is the new map, which json.Marshal prints with sorted keys.
      return [
        fieldError.invalid(path, isObject(next) ? sortedKeys(next) : undefined, 'only additions to spec.nodeSelector are allowed (no mutations or deletions)'),
      ];
    }
  }
  return [];
}

/** The internal core.NodeSelectorRequirement and core.NodeSelectorTerm, which have no JSON tags, as json.Marshal prints them. */
const goRequirements = (value: unknown): unknown =>
  Array.isArray(value)
    ? objectsIn(value).map((r) => ({ Key: stringOf(r.key), Operator: stringOf(r.operator), Values: Array.isArray(r.values) ? r.values : null }))
    : null;
const goTerm = (term: Json): unknown => ({ MatchExpressions: goRequirements(term.matchExpressions), MatchFields: goRequirements(term.matchFields) });

/** validateNodeSelectorTermHasOnlyAdditions: the old expressions and fields still first, unchanged; an empty term stays empty. */
function termHasOnlyAdditions(next: Json, previous: Json): boolean {
  const list = (term: Json, key: string): unknown[] => (Array.isArray(term[key]) ? term[key] : []);
  const oldExpressions = list(previous, 'matchExpressions');
  const oldFields = list(previous, 'matchFields');
  if (oldExpressions.length === 0 && oldFields.length === 0) {
    if (list(next, 'matchExpressions').length > 0 || list(next, 'matchFields').length > 0) return false;
  }
  for (const [key, old] of [
    ['matchExpressions', oldExpressions],
    ['matchFields', oldFields],
  ] as const) {
    if (old.length === 0) continue;
    const now = list(next, key);
    if (now.length < old.length || !semanticallyEqual(old, now.slice(0, old.length))) return false;
  }
  return true;
}

/** validateNodeAffinityMutation (gated pods): required terms may only gain expressions or fields; preferred terms are free. */
function validateNodeAffinityMutation(path: FieldPath, next: Json | undefined, previous: Json | undefined): FieldError[] {
  const oldRequired = isObject(previous?.requiredDuringSchedulingIgnoredDuringExecution) ? previous.requiredDuringSchedulingIgnoredDuringExecution : undefined;
  if (!oldRequired) return [];
  const oldTerms = objectsIn(oldRequired.nodeSelectorTerms);
  const newRequired = isObject(next?.requiredDuringSchedulingIgnoredDuringExecution) ? next.requiredDuringSchedulingIgnoredDuringExecution : undefined;
  const newTerms = newRequired && Array.isArray(newRequired.nodeSelectorTerms) ? objectsIn(newRequired.nodeSelectorTerms) : undefined;
  const termsPath = path.child('requiredDuringSchedulingIgnoredDuringExecution').child('nodeSelectorTerms');
  if (oldTerms.length > 0 && oldTerms.length !== (newTerms?.length ?? 0)) {
    return [fieldError.invalid(termsPath, newTerms?.map(goTerm) ?? null, 'no additions/deletions to non-empty NodeSelectorTerms list are allowed')];
  }
  const errors: FieldError[] = [];
  oldTerms.forEach((old, i) => {
    // Both lists have the same length here, or the old one is empty and this never runs.
    const term = newTerms?.[i] ?? {};
    if (!termHasOnlyAdditions(term, old)) {
      errors.push(fieldError.invalid(termsPath.index(i), goTerm(term), 'only additions are allowed (no mutations or deletions)'));
    }
  });
  return errors;
}

/** The checks and the munging of a gated pod's nodeSelector and node affinity (KEP-3838), on `munged` in place. */
function mungeGatedScheduling(munged: Json, before: Json, specPath: FieldPath): FieldError[] {
  const errors: FieldError[] = [];
  if (!semanticallyEqual(before.nodeSelector, munged.nodeSelector, 'nodeSelector')) {
    errors.push(...validateNodeSelectorMutation(specPath.child('nodeSelector'), munged.nodeSelector, before.nodeSelector));
    setOrDelete(munged, 'nodeSelector', before.nodeSelector);
  }
  const oldAffinity = isObject(before.affinity) ? before.affinity : undefined;
  const oldNodeAffinity = isObject(oldAffinity?.nodeAffinity) ? oldAffinity.nodeAffinity : undefined;
  const affinity = isObject(munged.affinity) ? munged.affinity : undefined;
  const nodeAffinity = isObject(affinity?.nodeAffinity) ? affinity.nodeAffinity : undefined;
  if (semanticallyEqual(oldNodeAffinity, nodeAffinity)) return errors;
  errors.push(...validateNodeAffinityMutation(specPath.child('affinity').child('nodeAffinity'), nodeAffinity, oldNodeAffinity));
  if (!affinity) {
    if (oldNodeAffinity) munged.affinity = { nodeAffinity: oldNodeAffinity };
  } else if (!oldAffinity && affinity.podAffinity === undefined && affinity.podAntiAffinity === undefined) {
    // Only the node affinity changed and the old pod had no affinity at all.
    delete munged.affinity;
  } else {
    const kept: Json = { ...affinity };
    setOrDelete(kept, 'nodeAffinity', oldNodeAffinity);
    setOrDelete(munged, 'affinity', Object.keys(kept).length ? kept : undefined);
  }
  return errors;
}

function setOrDelete(obj: Json, key: string, value: unknown): void {
  // Absent, as Go's nil: the key goes, so that it compares equal to a spec that never had it.
  if (value === undefined) Reflect.deleteProperty(obj, key);
  else obj[key] = value;
}

const tolerationsOf = (pod: Pod): Toleration[] => pod.spec?.tolerations ?? [];
const gatesOf = (pod: Pod): Json[] => objectsIn(pod.spec?.schedulingGates);

/**
 * The errors of an update of `previous` to `next` (ValidatePodUpdate's own rules, in its order),
 * empty when the update is allowed. The create rules are the caller's (validatePod).
 */
export function validatePodUpdate(next: Pod, previous: Pod, options: PodUpdateOptions): FieldError[] {
  const specPath = root.child('spec');
  const errors = validatePodSpecificAnnotationUpdates(
    next.metadata.annotations ?? {},
    previous.metadata.annotations ?? {},
    root.child('metadata').child('annotations'),
  );
  const nextSpec: Json = next.spec ?? {};
  const oldSpec: Json = previous.spec ?? {};

  for (const list of ['containers', 'initContainers'] as const) {
    const containers = validateContainerUpdates(objectsIn(nextSpec[list]), objectsIn(oldSpec[list]), specPath.child(list));
    errors.push(...containers.errors);
    if (containers.stop) return errors;
  }

  // activeDeadlineSeconds may be set, or lowered to a value not below zero; never raised or removed.
  const deadlinePath = specPath.child('activeDeadlineSeconds');
  const deadline = integerOf(nextSpec.activeDeadlineSeconds);
  const oldDeadline = integerOf(oldSpec.activeDeadlineSeconds);
  if (deadline !== undefined) {
    if (deadline < 0 || deadline > maxInt32) return [...errors, fieldError.invalid(deadlinePath, deadline, inclusiveRangeError(0, maxInt32))];
    if (oldDeadline !== undefined && oldDeadline < deadline)
      return [...errors, fieldError.invalid(deadlinePath, deadline, 'must be less than or equal to previous value')];
  } else if (oldDeadline !== undefined) {
    // A nil *int64 as a bad value prints as the string "null", quoted.
    errors.push(fieldError.invalid(deadlinePath, 'null', 'must not update from a positive integer to nil value'));
  }

  errors.push(...validateOnlyAddedTolerations(tolerationsOf(next), tolerationsOf(previous), specPath.child('tolerations'), options.tolerations));
  errors.push(...validateOnlyDeletedSchedulingGates(gatesOf(next), gatesOf(previous), specPath.child('schedulingGates')));

  // taintgate's binding: nodeName set once, from empty, and not while gates are left.
  const binding = stringOf(oldSpec.nodeName) === '' && stringOf(nextSpec.nodeName) !== '';
  if (binding && gatesOf(next).length > 0) errors.push(nodeNameWithSchedulingGates(specPath.child('nodeName')));

  const { before, after } = comparablePodSpecs(oldSpec, nextSpec);
  if (specDifferences(before, after).length === 0) return errors;

  const munged: Json = { ...after };
  for (const list of ['containers', 'initContainers'] as const) {
    const oldContainers = objectsIn(before[list]);
    if (Array.isArray(after[list])) munged[list] = objectsIn(after[list]).map((c, i) => withImage(c, oldContainers[i]?.image));
  }
  setOrDelete(munged, 'activeDeadlineSeconds', before.activeDeadlineSeconds);
  setOrDelete(munged, 'schedulingGates', before.schedulingGates);
  setOrDelete(munged, 'tolerations', before.tolerations);
  if (binding) delete munged.nodeName;
  // A grace period stored negative (before v1.22 fixed it) may be set to 1.
  const oldGrace = integerOf(before.terminationGracePeriodSeconds);
  if (oldGrace !== undefined && oldGrace < 0 && munged.terminationGracePeriodSeconds === 1) munged.terminationGracePeriodSeconds = oldGrace;

  // Gated pods may tighten where they can run (KEP-3838); pod (anti-)affinity stays immutable.
  if (gatesOf(previous).length > 0) errors.push(...mungeGatedScheduling(munged, before, specPath));

  const differences = specDifferences(before, munged);
  if (differences.length > 0) errors.push(fieldError.forbidden(specPath, `${podUpdateForbiddenDetail}\n${formatSpecDifferences(differences)}`));
  return errors;
}

function withImage(container: Json, image: unknown): Json {
  const copy = { ...container };
  setOrDelete(copy, 'image', image);
  return copy;
}
