import type { CSINode, PersistentVolume, PersistentVolumeClaim, StorageClass } from '../storage/storage-objects';
import type { NodeSelector } from '../types';
import { err, ok } from '../failures/result';
import { type FieldError, FieldPath, appendAll, fieldError, uniqueFieldErrors } from '../foundation/field-errors';
import { isDNS1123Subdomain, isQualifiedName, utf8ByteLength } from '../foundation/names';
import { type Json, ShapeChecker } from './json-shape';
import { validateNodeSelector } from './node-selector';
import { type Validated, checkMetadataShape, checkNodeSelectorShape, checkQuantities, checkTypeMeta, validateMetadata } from './objects';

/**
 * The storage kinds the volume filters read (PersistentVolume, PersistentVolumeClaim,
 * storage.k8s.io/v1 StorageClass and CSINode), checked as pkg/apis/core/validation and
 * pkg/apis/storage/validation check them on create, as far as the fields the filters read and the
 * object's identity go: every field is kept as the cluster printed it, and the fields the filters
 * do not read are checked for their JSON types at most. JSON type errors are reported alone;
 * otherwise every rule's error, each naming its field.
 */

const root = FieldPath.root();
const spec = root.child('spec');
const STORAGE_V1 = 'storage.k8s.io/v1';

/** supportedAccessModes of pkg/apis/core/validation. */
const accessModes = ['ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOnce', 'ReadWriteOncePod'];
/** supportedVolumeModes. */
const volumeModes = ['Block', 'Filesystem'];
/** supportedReclaimPolicy of a PersistentVolume, and of a StorageClass (no Recycle there). */
const volumeReclaimPolicies = ['Delete', 'Recycle', 'Retain'];
const classReclaimPolicies = ['Delete', 'Retain'];
/** supportedVolumeBindingModes of pkg/apis/storage/validation. */
const bindingModes = ['Immediate', 'WaitForFirstConsumer'];
const volumePhases = ['Pending', 'Available', 'Bound', 'Released', 'Failed'];
const claimPhases = ['Pending', 'Bound', 'Lost'];
/** maxProvisionerParameterSize and maxProvisionerParameterLen. */
const maxParametersSize = 256 * 1024;
const maxParameters = 512;
/** csiDriverNameMaxLength and csiNodeIDMaxLength (192 since 1.31's relaxed node ids). */
const csiDriverNameMaxLength = 63;
const csiNodeIDMaxLength = 192;

/** A value of one of `values`, or NotSupported; nothing when absent or empty. */
function oneOf(errors: FieldError[], value: string | undefined, values: readonly string[], path: FieldPath): void {
  if (value && !values.includes(value)) errors.push(fieldError.notSupported(path, value, values));
}

/** The access modes: each supported (NotSupported with the list, as ValidatePersistentVolumeSpec words it). */
function validateAccessModes(modes: readonly string[], path: FieldPath): FieldError[] {
  return modes.flatMap((mode) => (accessModes.includes(mode) ? [] : [fieldError.notSupported(path, mode, accessModes)]));
}

/** A storage class name, where one is named: a DNS subdomain (ValidateClassName). */
function validateClassName(name: string | null | undefined, path: FieldPath): FieldError[] {
  return name ? isDNS1123Subdomain(name).map((msg) => fieldError.invalid(path, name, msg)) : [];
}

/** The metadata's types, and the object's kind and version. */
function header(shape: ShapeChecker, obj: Json, kind: string, version: string) {
  checkTypeMeta(shape, obj, kind, version);
  return checkMetadataShape(shape, obj);
}

/**
 * A core/v1 PersistentVolume (ValidatePersistentVolume): access modes (at least one, each
 * supported), a capacity of storage alone, the class's name, volume mode, reclaim policy, the node
 * affinity's required selector, a CSI source's driver and handle. A volume of any source is kept:
 * the rule that names exactly one source is left out, as the filters read only CSI, GCE PD and
 * AWS EBS sources and the cluster validated the rest.
 */
export function validatePersistentVolume(input: unknown): Validated<PersistentVolume> {
  const shape = new ShapeChecker();
  const obj = shape.object(input, root, true);
  if (!obj) return err(shape.errors);
  const meta = header(shape, obj, 'PersistentVolume', 'v1');
  const s = shape.object(obj.spec, spec);
  shape.strings(s?.accessModes, spec.child('accessModes'));
  checkQuantities(shape, s?.capacity, spec.child('capacity'));
  const className = shape.string(s?.storageClassName, spec.child('storageClassName'));
  const volumeMode = shape.string(s?.volumeMode, spec.child('volumeMode'));
  const reclaimPolicy = shape.string(s?.persistentVolumeReclaimPolicy, spec.child('persistentVolumeReclaimPolicy'));
  const claimRef = shape.object(s?.claimRef, spec.child('claimRef'));
  for (const field of ['namespace', 'name', 'uid'] as const) shape.string(claimRef?.[field], spec.child('claimRef').child(field));
  const nodeAffinity = shape.object(s?.nodeAffinity, spec.child('nodeAffinity'));
  const required = checkNodeSelectorShape(shape, nodeAffinity?.required, spec.child('nodeAffinity').child('required'));
  const csi = shape.object(s?.csi, spec.child('csi'));
  shape.string(csi?.driver, spec.child('csi').child('driver'));
  shape.string(csi?.volumeHandle, spec.child('csi').child('volumeHandle'));
  shape.string(shape.object(s?.gcePersistentDisk, spec.child('gcePersistentDisk'))?.pdName, spec.child('gcePersistentDisk').child('pdName'));
  shape.string(shape.object(s?.awsElasticBlockStore, spec.child('awsElasticBlockStore'))?.volumeID, spec.child('awsElasticBlockStore').child('volumeID'));
  const status = shape.object(obj.status, root.child('status'));
  const phase = shape.string(status?.phase, root.child('status').child('phase'));
  if (shape.errors.length) return err(shape.errors);

  const errors = validateMetadata(meta, false);
  const volume = obj as unknown as PersistentVolume;
  const modes = volume.spec?.accessModes ?? [];
  if (modes.length === 0) errors.push(fieldError.required(spec.child('accessModes')));
  appendAll(errors, validateAccessModes(modes, spec.child('accessModes')));
  const capacity = Object.keys(volume.spec?.capacity ?? {});
  if (capacity.length === 0) errors.push(fieldError.required(spec.child('capacity')));
  else if (!capacity.includes('storage') || capacity.length > 1)
    errors.push(fieldError.notSupported(spec.child('capacity'), volume.spec?.capacity, ['storage']));
  appendAll(errors, validateClassName(className, spec.child('storageClassName')));
  oneOf(errors, volumeMode, volumeModes, spec.child('volumeMode'));
  oneOf(errors, reclaimPolicy, volumeReclaimPolicies, spec.child('persistentVolumeReclaimPolicy'));
  if (required) appendAll(errors, validateNodeSelector(required as unknown as NodeSelector, spec.child('nodeAffinity').child('required')));
  else if (nodeAffinity) errors.push(fieldError.required(spec.child('nodeAffinity').child('required')));
  if (csi) {
    appendAll(errors, validateCSIDriverName(typeof csi.driver === 'string' ? csi.driver : '', spec.child('csi').child('driver')));
    if (!csi.volumeHandle) errors.push(fieldError.required(spec.child('csi').child('volumeHandle')));
  }
  oneOf(errors, phase, volumePhases, root.child('status').child('phase'));
  return errors.length ? err(uniqueFieldErrors(errors)) : ok(volume);
}

/**
 * A core/v1 PersistentVolumeClaim (ValidatePersistentVolumeClaim): access modes (at least one,
 * each supported), a storage request, the class's name, the volume mode; the volume it is bound
 * to is a name of its type. Its namespace, as a pod's, is a DNS label (default when absent).
 */
export function validatePersistentVolumeClaim(input: unknown): Validated<PersistentVolumeClaim> {
  const shape = new ShapeChecker();
  const obj = shape.object(input, root, true);
  if (!obj) return err(shape.errors);
  const meta = header(shape, obj, 'PersistentVolumeClaim', 'v1');
  const s = shape.object(obj.spec, spec);
  shape.strings(s?.accessModes, spec.child('accessModes'));
  const className = shape.string(s?.storageClassName, spec.child('storageClassName'));
  shape.string(s?.volumeName, spec.child('volumeName'));
  const volumeMode = shape.string(s?.volumeMode, spec.child('volumeMode'));
  const resources = shape.object(s?.resources, spec.child('resources'));
  checkQuantities(shape, resources?.requests, spec.child('resources').child('requests'));
  checkQuantities(shape, resources?.limits, spec.child('resources').child('limits'));
  const status = shape.object(obj.status, root.child('status'));
  const phase = shape.string(status?.phase, root.child('status').child('phase'));
  shape.strings(status?.accessModes, root.child('status').child('accessModes'));
  checkQuantities(shape, status?.capacity, root.child('status').child('capacity'));
  if (shape.errors.length) return err(shape.errors);

  const errors = validateMetadata(meta, true);
  const claim = obj as unknown as PersistentVolumeClaim;
  const modes = claim.spec?.accessModes ?? [];
  if (modes.length === 0) errors.push(fieldError.required(spec.child('accessModes'), 'at least 1 access mode is required'));
  appendAll(errors, validateAccessModes(modes, spec.child('accessModes')));
  if (claim.spec?.resources?.requests?.storage === undefined) errors.push(fieldError.required(spec.child('resources').key('storage')));
  appendAll(errors, validateClassName(className, spec.child('storageClassName')));
  oneOf(errors, volumeMode, volumeModes, spec.child('volumeMode'));
  oneOf(errors, phase, claimPhases, root.child('status').child('phase'));
  return errors.length ? err(uniqueFieldErrors(errors)) : ok(claim);
}

/**
 * A storage.k8s.io/v1 StorageClass (ValidateStorageClass): a provisioner (validateProvisioner),
 * its parameters (at most 512, 256 KiB in all, no empty key), the reclaim policy, the binding
 * mode (Immediate when absent, as the API server defaults it) and the allowed topologies.
 */
export function validateStorageClass(input: unknown): Validated<StorageClass> {
  const shape = new ShapeChecker();
  const obj = shape.object(input, root, true);
  if (!obj) return err(shape.errors);
  const meta = header(shape, obj, 'StorageClass', STORAGE_V1);
  const provisioner = shape.string(obj.provisioner, root.child('provisioner'));
  const parameters = shape.stringMap(obj.parameters, root.child('parameters'));
  const reclaimPolicy = shape.string(obj.reclaimPolicy, root.child('reclaimPolicy'));
  const bindingMode = shape.string(obj.volumeBindingMode, root.child('volumeBindingMode'));
  shape.boolean(obj.allowVolumeExpansion, root.child('allowVolumeExpansion'));
  shape.strings(obj.mountOptions, root.child('mountOptions'));
  const topologies = shape.objects(obj.allowedTopologies, root.child('allowedTopologies')).map(({ item, path }) => {
    const expressions = shape.objects(item.matchLabelExpressions, path.child('matchLabelExpressions')).map(({ item: e, path: at }) => {
      const key = shape.string(e.key, at.child('key')) ?? '';
      shape.strings(e.values, at.child('values'));
      return { key, values: Array.isArray(e.values) ? (e.values as string[]) : [], path: at };
    });
    return { expressions, path };
  });
  if (shape.errors.length) return err(shape.errors);

  const errors = validateMetadata(meta, false);
  appendAll(errors, validateProvisioner(provisioner ?? '', root.child('provisioner')));
  appendAll(errors, validateParameters(parameters ?? {}, root.child('parameters')));
  oneOf(errors, reclaimPolicy, classReclaimPolicies, root.child('reclaimPolicy'));
  oneOf(errors, bindingMode, bindingModes, root.child('volumeBindingMode'));
  // validateAllowedTopologies: each term holds a requirement, each a qualified key and distinct values.
  for (const { expressions, path } of topologies) {
    if (expressions.length === 0) errors.push(fieldError.required(path.child('matchLabelExpressions'), 'must contain at least one requirement'));
    for (const { key, values, path: at } of expressions) {
      for (const msg of isQualifiedName(key)) errors.push(fieldError.invalid(at.child('key'), key, msg));
      if (values.length === 0) errors.push(fieldError.required(at.child('values'), 'must specify as least one value'));
      const seen = new Set<string>();
      values.forEach((value, i) => {
        if (seen.has(value)) errors.push(fieldError.duplicate(at.child('values').index(i), value));
        seen.add(value);
      });
    }
  }
  return errors.length ? err(uniqueFieldErrors(errors)) : ok(obj as unknown as StorageClass);
}

/** validateProvisioner: required, a qualified name once lower-cased, at most 63 characters. */
function validateProvisioner(provisioner: string, path: FieldPath): FieldError[] {
  if (provisioner === '') return [fieldError.required(path)];
  const errors = isQualifiedName(provisioner.toLowerCase()).map((msg) => fieldError.invalid(path, provisioner, msg));
  if (provisioner.length > csiDriverNameMaxLength) errors.push(fieldError.tooLong(path, csiDriverNameMaxLength));
  return errors;
}

/** validateParameters: at most 512, 256 KiB of keys and values in all, no empty key. */
function validateParameters(parameters: Record<string, string>, path: FieldPath): FieldError[] {
  const keys = Object.keys(parameters);
  const errors: FieldError[] = [];
  if (keys.length > maxParameters) errors.push(fieldError.tooLong(path, maxParameters));
  let size = 0;
  for (const key of keys) {
    if (key === '') errors.push(fieldError.invalid(path, parameters, 'field can not be empty.', 'json'));
    size += utf8ByteLength(key) + utf8ByteLength(parameters[key] ?? '');
  }
  if (size > maxParametersSize) errors.push(fieldError.tooLong(path, maxParametersSize));
  return errors;
}

/** validateCSIDriverName: required, at most 63 characters, a DNS subdomain once lower-cased. */
function validateCSIDriverName(name: string, path: FieldPath): FieldError[] {
  if (name === '') return [fieldError.required(path)];
  const errors: FieldError[] = [];
  if (name.length > csiDriverNameMaxLength) errors.push(fieldError.tooLong(path, csiDriverNameMaxLength));
  for (const msg of isDNS1123Subdomain(name.toLowerCase())) errors.push(fieldError.invalid(path, name, msg));
  return errors;
}

/**
 * A storage.k8s.io/v1 CSINode (ValidateCSINode, validateCSINodeDriver): named as its node is;
 * each driver a CSI driver's name (named once), a node id of at most 192 characters, topology
 * keys that are qualified names, and an allocatable count that is not negative.
 */
export function validateCSINode(input: unknown): Validated<CSINode> {
  const shape = new ShapeChecker();
  const obj = shape.object(input, root, true);
  if (!obj) return err(shape.errors);
  const meta = header(shape, obj, 'CSINode', STORAGE_V1);
  const s = shape.object(obj.spec, spec, true);
  const drivers = shape.objects(s?.drivers, spec.child('drivers')).map(({ item, path }) => {
    const name = shape.string(item.name, path.child('name')) ?? '';
    const nodeID = shape.string(item.nodeID, path.child('nodeID')) ?? '';
    shape.strings(item.topologyKeys, path.child('topologyKeys'));
    const allocatable = shape.object(item.allocatable, path.child('allocatable'));
    const count = shape.integer(allocatable?.count, path.child('allocatable').child('count'));
    return { name, nodeID, topologyKeys: Array.isArray(item.topologyKeys) ? (item.topologyKeys as string[]) : [], count, path };
  });
  if (shape.errors.length) return err(shape.errors);

  const errors = validateMetadata(meta, false);
  const named = new Set<string>();
  for (const { name, nodeID, topologyKeys, count, path } of drivers) {
    appendAll(errors, validateCSIDriverName(name, path.child('name')));
    if (named.has(name)) errors.push(fieldError.duplicate(path.child('name'), name));
    named.add(name);
    if (nodeID === '') errors.push(fieldError.required(path.child('nodeID'), 'nodeID cannot be empty'));
    else if (nodeID.length > csiNodeIDMaxLength) {
      errors.push(fieldError.invalid(path.child('nodeID'), nodeID, `must be ${csiNodeIDMaxLength} characters or less`));
    }
    const keys = new Set<string>();
    topologyKeys.forEach((key, i) => {
      const at = path.child('topologyKeys').index(i);
      if (keys.has(key)) errors.push(fieldError.duplicate(at, key));
      keys.add(key);
      for (const msg of isQualifiedName(key)) errors.push(fieldError.invalid(at, key, msg));
    });
    if (count !== undefined && count < 0) {
      errors.push(fieldError.invalid(path.child('allocatable').child('count'), count, 'must be greater than or equal to 0', 'json'));
    }
  }
  return errors.length ? err(uniqueFieldErrors(errors)) : ok(obj as unknown as CSINode);
}
