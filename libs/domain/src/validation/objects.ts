import { quantityProblem } from '../resources/quantity';
import type { DomainSettings } from '../settings';
import type { Namespace, Node, Pod, Taint, Toleration } from '../types';
import { type Result, err, ok } from '../failures/result';
import { type FieldError, FieldPath, appendAll, fieldError, uniqueFieldErrors } from '../foundation/field-errors';
import { type Json, ShapeChecker } from './json-shape';
import { isDNS1123Label, isDNS1123Subdomain, isQualifiedName, utf8ByteLength } from '../foundation/names';
import { hasInvalidLabelValueInNodeSelectorTerms, validateAffinity, validateLabels } from './node-selector';
import { validateNodeTaints, validateTaint } from './taints';
import { nodeNameWithSchedulingGates, validateActiveDeadlineSeconds, validatePodUpdate, validateSchedulingGates } from './pod-update';
import { usesComparisonOperators, validateTolerations } from './tolerations';

/**
 * Whole Node and Pod objects as the API server validates them on create and update, from raw JSON
 * (`kubectl get ... -o json` output is accepted as it is; fields we do not use are kept untouched).
 */

/** A value that passed validation, or every field error found. */
export type Validated<T> = Result<T, FieldError[]>;

const root = FieldPath.root();
const conditionStatuses = ['True', 'False', 'Unknown'];
const podPhases = ['Pending', 'Running', 'Succeeded', 'Failed', 'Unknown'];

/** apiVersion and kind, when sent, must be the kind's own (`v1` for the core kinds). */
export function checkTypeMeta(shape: ShapeChecker, input: Json, kind: string, version = 'v1'): void {
  const apiVersion = shape.string(input.apiVersion, root.child('apiVersion'));
  if (apiVersion !== undefined && apiVersion !== '' && apiVersion !== version) {
    shape.errors.push(fieldError.notSupported(root.child('apiVersion'), apiVersion, [version], 'string'));
  }
  const k = shape.string(input.kind, root.child('kind'));
  if (k !== undefined && k !== '' && k !== kind) shape.errors.push(fieldError.notSupported(root.child('kind'), k, [kind], 'string'));
}

/** apimachinery's TotalAnnotationSizeLimitB (256 KiB of keys and values). */
const totalAnnotationSizeLimit = 256 * 1024;

export interface CheckedMetadata {
  name?: string;
  namespace?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

/** metadata's JSON types, and ownerReferences' kind and name. */
export function checkMetadataShape(shape: ShapeChecker, input: Json): CheckedMetadata {
  const path = root.child('metadata');
  const meta = shape.object(input.metadata, path, true);
  if (!meta) return {};
  const checked: CheckedMetadata = {};
  const name = shape.string(meta.name, path.child('name'));
  if (name !== undefined) checked.name = name;
  // Read only on a create through the Kubernetes API (a name made from it), but stored as sent: of its type.
  shape.string(meta.generateName, path.child('generateName'));
  const namespace = shape.string(meta.namespace, path.child('namespace'));
  if (namespace !== undefined) checked.namespace = namespace;
  const labels = shape.stringMap(meta.labels, path.child('labels'));
  if (labels) checked.labels = labels;
  const annotations = shape.stringMap(meta.annotations, path.child('annotations'));
  if (annotations) checked.annotations = annotations;
  for (const { item, path: at } of shape.objects(meta.ownerReferences, path.child('ownerReferences'))) {
    shape.string(item.kind, at.child('kind'), true);
    shape.string(item.name, at.child('name'), true);
    shape.boolean(item.controller, at.child('controller'));
  }
  return checked;
}

/**
 * ValidateObjectMeta: a DNS-subdomain name (ValidateNodeName / ValidatePodName; a namespace's is a
 * DNS label, ValidateNamespaceName, `nameRule`), a DNS-label namespace on namespaced kinds and none
 * on the others, valid labels, and annotation keys that are qualified names once lower-cased,
 * 256 KiB at most in all.
 */
export function validateMetadata(meta: CheckedMetadata, namespaced: boolean, nameRule: (name: string) => string[] = isDNS1123Subdomain): FieldError[] {
  const path = root.child('metadata');
  const errors: FieldError[] = [];
  const { name, namespace, labels, annotations } = meta;
  if (!name) errors.push(fieldError.required(path.child('name'), 'name or generateName is required'));
  else for (const msg of nameRule(name)) errors.push(fieldError.invalid(path.child('name'), name, msg));
  if (namespaced && namespace) {
    for (const msg of isDNS1123Label(namespace)) errors.push(fieldError.invalid(path.child('namespace'), namespace, msg));
  }
  if (!namespaced && namespace) errors.push(fieldError.forbidden(path.child('namespace'), 'not allowed on this type'));
  if (labels) appendAll(errors, validateLabels(labels, path.child('labels')));
  if (annotations) {
    let size = 0;
    for (const [key, value] of Object.entries(annotations)) {
      for (const msg of isQualifiedName(key.toLowerCase())) errors.push(fieldError.invalid(path.child('annotations'), key, msg));
      size += utf8ByteLength(key) + utf8ByteLength(value);
    }
    if (size > totalAnnotationSizeLimit) errors.push(fieldError.tooLong(path.child('annotations'), totalAnnotationSizeLimit));
  }
  return errors;
}

/**
 * A resource list. A quantity Kubernetes cannot parse fails the request's decoding, before any
 * validation; it is reported here at `<path>[<resource>]` with ParseQuantity's message.
 */
export function checkQuantities(shape: ShapeChecker, value: unknown, path: FieldPath): void {
  const list = shape.quantityMap(value, path);
  for (const [name, quantity] of Object.entries(list ?? {})) {
    const problem = quantityProblem(quantity);
    if (problem) shape.errors.push(fieldError.invalid(path.key(name), quantity, problem));
  }
}

function checkTaintShapes(shape: ShapeChecker, value: unknown, path: FieldPath): Taint[] {
  return shape.objects(value, path).map(({ item, path: at }) => {
    shape.string(item.key, at.child('key'));
    shape.string(item.value, at.child('value'));
    shape.string(item.effect, at.child('effect'));
    checkTime(shape, item.timeAdded, at.child('timeAdded'));
    return item as unknown as Taint;
  });
}

/** metav1.Time: an RFC 3339 date and time, as the API server's JSON decoder wants it. */
const rfc3339 = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
export function checkTime(shape: ShapeChecker, value: unknown, path: FieldPath): void {
  const text = shape.string(value, path);
  if (text && (!rfc3339.test(text) || Number.isNaN(Date.parse(text)))) {
    shape.errors.push(fieldError.invalid(path, text, 'must be an RFC 3339 date and time, e.g. 2026-11-22T10:00:00Z'));
  }
}

function checkTolerationShapes(shape: ShapeChecker, value: unknown, path: FieldPath): Toleration[] {
  return shape.objects(value, path).map(({ item, path: at }) => {
    for (const field of ['key', 'operator', 'value', 'effect'] as const) shape.string(item[field], at.child(field));
    const seconds = shape.int64(item.tolerationSeconds, at.child('tolerationSeconds'), 'Toleration');
    // Decoded as the domain holds an int64 (a bigint that fits a double becomes a number).
    if (seconds !== undefined && seconds !== item.tolerationSeconds) item.tolerationSeconds = seconds;
    return item;
  });
}

/** One taint sent on its own (`{key, value?, effect}`), with paths relative to it: `effect`, `key`. */
export function validateTaintBody(input: unknown): Validated<Taint> {
  const shape = new ShapeChecker();
  const obj = shape.object(input, root, true);
  if (!obj) return err(shape.errors);
  for (const field of ['key', 'value', 'effect'] as const) shape.string(obj[field], root.child(field));
  checkTime(shape, obj.timeAdded, root.child('timeAdded'));
  if (shape.errors.length) return err(shape.errors);
  const taint = obj as unknown as Taint;
  const errors = validateTaint(taint, root);
  return errors.length ? err(errors) : ok(taint);
}

/**
 * A Node on create or update (the API server applies the same rules to both). JSON type errors
 * (what would fail decoding) are reported alone; otherwise the rules run in ValidateNode's order.
 * Taint errors name the field where taints live, `spec.taints[i]`, as docs/contract.md
 * asks; ValidateNode itself reports them under `metadata.taints[i]`, a slip of its own.
 */
export function validateNode(input: unknown): Validated<Node> {
  const shape = new ShapeChecker();
  const obj = shape.object(input, root, true);
  if (!obj) return err(shape.errors);
  checkTypeMeta(shape, obj, 'Node');
  const meta = checkMetadataShape(shape, obj);

  const spec = shape.object(obj.spec, root.child('spec'));
  const taints = checkTaintShapes(shape, spec?.taints, root.child('spec').child('taints'));
  shape.boolean(spec?.unschedulable, root.child('spec').child('unschedulable'));

  const status = shape.object(obj.status, root.child('status'));
  for (const { item, path } of shape.objects(status?.conditions, root.child('status').child('conditions'))) {
    shape.string(item.type, path.child('type'), true);
    const s = shape.string(item.status, path.child('status'), true);
    if (s && !conditionStatuses.includes(s)) shape.errors.push(fieldError.notSupported(path.child('status'), s, conditionStatuses, 'string'));
  }
  checkQuantities(shape, status?.allocatable, root.child('status').child('allocatable'));
  checkQuantities(shape, status?.capacity, root.child('status').child('capacity'));
  if (shape.errors.length) return err(shape.errors);

  const errors = validateMetadata(meta, false);
  appendAll(errors, validateNodeTaints(taints, root.child('spec').child('taints')));
  return errors.length ? err(uniqueFieldErrors(errors)) : ok(obj as unknown as Node);
}

const namespacePhases = ['Active', 'Terminating'];

/**
 * A Namespace as ValidateNamespace checks it: a DNS-label name (ValidateNamespaceName), no
 * namespace of its own, valid labels and annotations, finalizers and a phase of their types.
 */
export function validateNamespace(input: unknown): Validated<Namespace> {
  const shape = new ShapeChecker();
  const obj = shape.object(input, root, true);
  if (!obj) return err(shape.errors);
  checkTypeMeta(shape, obj, 'Namespace');
  const meta = checkMetadataShape(shape, obj);
  const spec = shape.object(obj.spec, root.child('spec'));
  shape.strings(spec?.finalizers, root.child('spec').child('finalizers'));
  const status = shape.object(obj.status, root.child('status'));
  const phase = shape.string(status?.phase, root.child('status').child('phase'));
  if (phase && !namespacePhases.includes(phase)) shape.errors.push(fieldError.notSupported(root.child('status').child('phase'), phase, namespacePhases));
  if (shape.errors.length) return err(shape.errors);
  const errors = validateMetadata(meta, false, isDNS1123Label);
  return errors.length ? err(uniqueFieldErrors(errors)) : ok(obj as unknown as Namespace);
}

/**
 * A Pod on create (no `previous`) or update. JSON type errors are reported alone; otherwise the
 * rules run in ValidatePodSpec's order (nodeSelector, affinity, schedulingGates, nodeName,
 * activeDeadlineSeconds, tolerations), then ValidatePodCreate's or ValidatePodUpdate's own (see
 * pod-update.ts: only images, activeDeadlineSeconds, added tolerations, removed scheduling gates
 * and a few more may change; taintgate binds a pod by setting spec.nodeName once). As in
 * Kubernetes, Gt/Lt tolerations stay allowed on an update of a pod that already uses them, and so
 * do invalid label values in the required node affinity of a pod that already has some.
 */
export function validatePod(input: unknown, settings: DomainSettings, previous?: Pod): Validated<Pod> {
  const shape = new ShapeChecker();
  const obj = shape.object(input, root, true);
  if (!obj) return err(shape.errors);
  checkTypeMeta(shape, obj, 'Pod');
  const meta = checkMetadataShape(shape, obj);

  const specPath = root.child('spec');
  const spec = shape.object(obj.spec, specPath);
  for (const field of ['containers', 'initContainers'] as const) {
    for (const { item, path } of shape.objects(spec?.[field], specPath.child(field))) {
      shape.string(item.name, path.child('name'));
      shape.string(item.image, path.child('image'));
      const resources = shape.object(item.resources, path.child('resources'));
      checkQuantities(shape, resources?.requests, path.child('resources').child('requests'));
      checkQuantities(shape, resources?.limits, path.child('resources').child('limits'));
    }
  }
  const tolerations = checkTolerationShapes(shape, spec?.tolerations, specPath.child('tolerations'));
  const nodeName = shape.string(spec?.nodeName, specPath.child('nodeName'));
  const nodeSelector = shape.stringMap(spec?.nodeSelector, specPath.child('nodeSelector'));
  const affinity = shape.object(spec?.affinity, specPath.child('affinity'));
  const nodeAffinity = shape.object(affinity?.nodeAffinity, specPath.child('affinity').child('nodeAffinity'));
  checkNodeAffinityShape(shape, nodeAffinity, specPath.child('affinity').child('nodeAffinity'));
  shape.boolean(spec?.hostNetwork, specPath.child('hostNetwork'));
  const activeDeadlineSeconds = shape.integer(spec?.activeDeadlineSeconds, specPath.child('activeDeadlineSeconds'));
  shape.integer(spec?.terminationGracePeriodSeconds, specPath.child('terminationGracePeriodSeconds'));
  const gates = shape.objects(spec?.schedulingGates, specPath.child('schedulingGates')).map(({ item, path }) => {
    shape.string(item.name, path.child('name'));
    return item;
  });
  const status = shape.object(obj.status, root.child('status'));
  const phase = shape.string(status?.phase, root.child('status').child('phase'));
  if (phase && !podPhases.includes(phase)) {
    shape.errors.push(fieldError.notSupported(root.child('status').child('phase'), phase, podPhases, 'string'));
  }
  if (shape.errors.length) return err(shape.errors);

  // PodValidationOptions, with Kubernetes' ratchets for objects that were valid when stored.
  const options = {
    comparisonOperators: settings.tolerationComparisonOperators || usesComparisonOperators(previous?.spec?.tolerations),
  };
  const allowInvalidLabelValueInRequiredNodeAffinity =
    previous !== undefined &&
    hasInvalidLabelValueInNodeSelectorTerms(previous.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms);

  const errors = validateMetadata(meta, true);
  if (nodeSelector) appendAll(errors, validateLabels(nodeSelector, specPath.child('nodeSelector')));
  if (affinity) errors.push(...validateAffinity(affinity, specPath.child('affinity'), { allowInvalidLabelValueInRequiredNodeAffinity }));
  errors.push(...validateSchedulingGates(gates, specPath.child('schedulingGates')));
  if (nodeName) for (const msg of isDNS1123Subdomain(nodeName)) errors.push(fieldError.invalid(specPath.child('nodeName'), nodeName, msg));
  errors.push(...validateActiveDeadlineSeconds(activeDeadlineSeconds, specPath.child('activeDeadlineSeconds')));
  appendAll(errors, validateTolerations(tolerations, specPath.child('tolerations'), options));
  const pod = obj as unknown as Pod;
  if (previous) {
    // ValidatePodUpdate checks the tolerations again, against the old ones; its repeats of the
    // messages above are dropped by dedupe, as the API server's aggregate drops them.
    errors.push(...validatePodUpdate(pod, previous, { tolerations: options }));
  } else if (nodeName && gates.length > 0) {
    errors.push(nodeNameWithSchedulingGates(specPath.child('nodeName')));
  }
  return errors.length ? err(uniqueFieldErrors(errors)) : ok(pod);
}

function checkRequirementShapes(shape: ShapeChecker, value: unknown, path: FieldPath): void {
  for (const { item, path: at } of shape.objects(value, path)) {
    // Not required here: a missing key or operator is "" in Go, which the rules then reject.
    shape.string(item.key, at.child('key'));
    shape.string(item.operator, at.child('operator'));
    shape.strings(item.values, at.child('values'));
  }
}

function checkTermShape(shape: ShapeChecker, term: Json, path: FieldPath): void {
  checkRequirementShapes(shape, term.matchExpressions, path.child('matchExpressions'));
  checkRequirementShapes(shape, term.matchFields, path.child('matchFields'));
}

/** A core/v1 NodeSelector's JSON types (a PersistentVolume's nodeAffinity.required); the object when it is one. */
export function checkNodeSelectorShape(shape: ShapeChecker, value: unknown, path: FieldPath): Json | undefined {
  const selector = shape.object(value, path);
  for (const { item, path: at } of shape.objects(selector?.nodeSelectorTerms, path.child('nodeSelectorTerms'))) checkTermShape(shape, item, at);
  return selector;
}

function checkNodeAffinityShape(shape: ShapeChecker, nodeAffinity: Json | undefined, path: FieldPath): void {
  if (!nodeAffinity) return;
  const requiredPath = path.child('requiredDuringSchedulingIgnoredDuringExecution');
  const required = shape.object(nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution, requiredPath);
  for (const { item, path: at } of shape.objects(required?.nodeSelectorTerms, requiredPath.child('nodeSelectorTerms'))) {
    checkTermShape(shape, item, at);
  }
  const preferredPath = path.child('preferredDuringSchedulingIgnoredDuringExecution');
  for (const { item, path: at } of shape.objects(nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution, preferredPath)) {
    shape.integer(item.weight, at.child('weight'));
    // preference is a struct, not a pointer, in Go: missing means an empty term, which is valid.
    const preference = shape.object(item.preference, at.child('preference'));
    if (preference) checkTermShape(shape, preference, at.child('preference'));
  }
}
