import { describe, expect, it } from 'vitest';
import {
  fieldErrorText,
  validateCSINode,
  validateNamespace,
  validatePersistentVolume,
  validatePersistentVolumeClaim,
  validateStorageClass,
} from '@taintgate/domain';
import type { Validated } from '../../../../libs/domain/src/validation/objects';
import { csiNodes, namespaces, persistentVolumeClaims, persistentVolumes, storageClasses } from '../../../support/twin-kinds';
import { msg } from './messages';

/**
 * The kinds the twin keeps beside nodes and pods, validated as pkg/apis/core/validation and
 * pkg/apis/storage/validation validate them on create, as far as their names and the fields the
 * scheduler's filters read go. Cases after Kubernetes' TestValidatePersistentVolumes,
 * TestValidatePersistentVolumeClaim, TestValidateStorageClass, TestValidateCSINode and
 * TestValidateNamespace, where their inputs apply.
 */

type Json = Record<string, any>;
const lines = (result: Validated<unknown>): string[] => (result.ok ? [] : result.error.map(fieldErrorText));
/** A deep copy of `object` changed by `change`. */
const changed = (object: unknown, change: (o: Json) => void): Json => {
  const copy = structuredClone(object) as Json;
  change(copy);
  return copy;
};

describe('validateNamespace', () => {
  it.each<[string, unknown, string[]]>([
    ['as kubectl printed it', namespaces[1], []],
    ['no status, no spec', { metadata: { name: 'ns' } }, []],
    // TestValidateNamespace: "invalid name" cases (a namespace's name is a DNS label)
    ['a name with dots', { metadata: { name: 'a.b' } }, [`metadata.name: Invalid value: "a.b": ${msg.noDots}`]],
    ['an upper-case name', { metadata: { name: 'Shop' } }, [`metadata.name: Invalid value: "Shop": ${msg.dnsLabelRegex}`]],
    ['no name', { metadata: {} }, ['metadata.name: Required value: name or generateName is required']],
    ['a namespace of its own', { metadata: { name: 'ns', namespace: 'x' } }, ['metadata.namespace: Forbidden: not allowed on this type']],
    [
      'an unknown phase',
      { metadata: { name: 'ns' }, status: { phase: 'Gone' } },
      ['status.phase: Unsupported value: "Gone": supported values: "Active", "Terminating"'],
    ],
    [
      'finalizers of the wrong type',
      { metadata: { name: 'ns' }, spec: { finalizers: 'kubernetes' } },
      ['spec.finalizers: Invalid value: "kubernetes": must be an array'],
    ],
    ['another kind', { kind: 'Node', metadata: { name: 'ns' } }, ['kind: Unsupported value: "Node": supported values: "Namespace"']],
  ])('%s', (_case, input, errors) => {
    expect(lines(validateNamespace(input))).toEqual(errors);
  });
});

describe('validatePersistentVolume', () => {
  const [csi, nfs] = persistentVolumes;
  it.each<[string, unknown, string[]]>([
    ['a CSI volume as kubectl printed it', csi, []],
    ['an NFS volume (a source no filter reads: kept as it is)', nfs, []],
    // TestValidatePersistentVolumes: "missing-accessmodes", "unsupported-accessmodes", "missing-capacity", "invalid-storage-class-name"
    ['no access modes', changed(nfs, (pv) => delete pv.spec.accessModes), ['spec.accessModes: Required value']],
    [
      'an access mode Kubernetes does not know',
      changed(nfs, (pv) => (pv.spec.accessModes = ['ReadWriteSometimes'])),
      ['spec.accessModes: Unsupported value: "ReadWriteSometimes": supported values: "ReadOnlyMany", "ReadWriteMany", "ReadWriteOnce", "ReadWriteOncePod"'],
    ],
    ['no capacity', changed(nfs, (pv) => delete pv.spec.capacity), ['spec.capacity: Required value']],
    [
      'a capacity of something else than storage',
      changed(nfs, (pv) => (pv.spec.capacity = { storage: '1Gi', cpu: '1' })),
      ['spec.capacity: Unsupported value: {"storage":"1Gi","cpu":"1"}: supported values: "storage"'],
    ],
    [
      'a quantity that does not parse',
      changed(nfs, (pv) => (pv.spec.capacity = { storage: 'lots' })),
      [expect.stringMatching(/^spec\.capacity\[storage\]: Invalid value: "lots"/)],
    ],
    [
      'a class name that is no DNS subdomain',
      changed(nfs, (pv) => (pv.spec.storageClassName = '-invalid-')),
      [`spec.storageClassName: Invalid value: "-invalid-": ${msg.subdomainRegex}`],
    ],
    [
      'an unknown volume mode and reclaim policy',
      changed(nfs, (pv) => Object.assign(pv.spec, { volumeMode: 'Raw', persistentVolumeReclaimPolicy: 'Keep' })),
      [
        'spec.volumeMode: Unsupported value: "Raw": supported values: "Block", "Filesystem"',
        'spec.persistentVolumeReclaimPolicy: Unsupported value: "Keep": supported values: "Delete", "Recycle", "Retain"',
      ],
    ],
    // TestValidateVolumeNodeAffinityUpdate / ValidateVolumeNodeAffinity: the required selector's terms and their requirements
    ['node affinity without its required selector', changed(csi, (pv) => (pv.spec.nodeAffinity = {})), ['spec.nodeAffinity.required: Required value']],
    [
      'node affinity with no term',
      changed(csi, (pv) => (pv.spec.nodeAffinity = { required: { nodeSelectorTerms: [] } })),
      ['spec.nodeAffinity.required.nodeSelectorTerms: Required value: must have at least one node selector term'],
    ],
    [
      'a requirement with a bad operator',
      changed(csi, (pv) => (pv.spec.nodeAffinity.required.nodeSelectorTerms[0].matchExpressions[0].operator = 'Near')),
      ['spec.nodeAffinity.required.nodeSelectorTerms[0].matchExpressions[0].operator: Invalid value: "Near": not a valid selector operator'],
    ],
    // TestValidateCSIVolumeSource: "driver name missing", "volumeHandle missing"
    ['a CSI source without a driver', changed(csi, (pv) => delete pv.spec.csi.driver), ['spec.csi.driver: Required value']],
    ['a CSI source without a handle', changed(csi, (pv) => (pv.spec.csi.volumeHandle = '')), ['spec.csi.volumeHandle: Required value']],
    [
      'a phase Kubernetes does not know',
      changed(nfs, (pv) => (pv.status.phase = 'Lost')),
      ['status.phase: Unsupported value: "Lost": supported values: "Pending", "Available", "Bound", "Released", "Failed"'],
    ],
    ['a namespace on a volume', changed(nfs, (pv) => (pv.metadata.namespace = 'x')), ['metadata.namespace: Forbidden: not allowed on this type']],
    [
      'a claim reference of the wrong type',
      changed(csi, (pv) => (pv.spec.claimRef = 'shop/data')),
      ['spec.claimRef: Invalid value: "shop/data": must be an object'],
    ],
  ])('%s', (_case, input, errors) => {
    expect(lines(validatePersistentVolume(input))).toEqual(errors);
  });
});

describe('validatePersistentVolumeClaim', () => {
  const [bound, pending] = persistentVolumeClaims;
  it.each<[string, unknown, string[]]>([
    ['a bound claim as kubectl printed it', bound, []],
    ['a pending claim', pending, []],
    ['a claim with no namespace (default)', changed(pending, (c) => delete c.metadata.namespace), []],
    ['a claim of no class (storageClassName "": no dynamic provisioning)', changed(pending, (c) => (c.spec.storageClassName = '')), []],
    // TestValidatePersistentVolumeClaim: "missing-accessmodes", "no-resource-requests", "invalid-storage-class-name", "invalid-namespace"
    ['no access modes', changed(pending, (c) => (c.spec.accessModes = [])), ['spec.accessModes: Required value: at least 1 access mode is required']],
    ['no storage requested', changed(pending, (c) => (c.spec.resources = { requests: { cpu: '1' } })), ['spec.resources[storage]: Required value']],
    [
      'a class name that is no DNS subdomain',
      changed(pending, (c) => (c.spec.storageClassName = 'Fast_SSD')),
      [`spec.storageClassName: Invalid value: "Fast_SSD": ${msg.subdomainRegex}`],
    ],
    ['a namespace that is no DNS label', changed(pending, (c) => (c.metadata.namespace = 'a.b')), [`metadata.namespace: Invalid value: "a.b": ${msg.noDots}`]],
    ['a volume name of the wrong type', changed(bound, (c) => (c.spec.volumeName = 7)), ['spec.volumeName: Invalid value: 7: must be a string']],
    [
      'a phase Kubernetes does not know',
      changed(bound, (c) => (c.status.phase = 'Available')),
      ['status.phase: Unsupported value: "Available": supported values: "Pending", "Bound", "Lost"'],
    ],
  ])('%s', (_case, input, errors) => {
    expect(lines(validatePersistentVolumeClaim(input))).toEqual(errors);
  });
});

describe('validateStorageClass', () => {
  const [premium, standard] = storageClasses;
  it.each<[string, unknown, string[]]>([
    ['a class as kubectl printed it', premium, []],
    ['a default class with allowed topologies', standard, []],
    ['no binding mode (Immediate, as the API server defaults it)', changed(premium, (sc) => delete sc.volumeBindingMode), []],
    // TestValidateStorageClass: "namespace is present", "invalid provisioner", "missing provisioner", "too long parameters", "invalid reclaimpolicy"
    ['a namespace on a class', changed(premium, (sc) => (sc.metadata.namespace = 'x')), ['metadata.namespace: Forbidden: not allowed on this type']],
    [
      'a provisioner that is no qualified name',
      changed(premium, (sc) => (sc.provisioner = 'kubernetes.io/invalid/provisioner')),
      [`provisioner: Invalid value: "kubernetes.io/invalid/provisioner": ${msg.tooManySlashes}`],
    ],
    ['no provisioner', changed(premium, (sc) => delete sc.provisioner), ['provisioner: Required value']],
    ['an empty parameter key', changed(premium, (sc) => (sc.parameters = { '': 'x' })), ['parameters: Invalid value: {"":"x"}: field can not be empty.']],
    [
      'a reclaim policy of volumes only (Recycle)',
      changed(premium, (sc) => (sc.reclaimPolicy = 'Recycle')),
      ['reclaimPolicy: Unsupported value: "Recycle": supported values: "Delete", "Retain"'],
    ],
    // TestValidateVolumeBindingMode: "invalid mode"
    [
      'an unknown binding mode',
      changed(premium, (sc) => (sc.volumeBindingMode = 'Later')),
      ['volumeBindingMode: Unsupported value: "Later": supported values: "Immediate", "WaitForFirstConsumer"'],
    ],
    // TestValidateAllowedTopologies: "empty match expressions", "empty values", "duplicate values"
    [
      'a topology term with no requirement',
      changed(standard, (sc) => (sc.allowedTopologies = [{ matchLabelExpressions: [] }])),
      ['allowedTopologies[0].matchLabelExpressions: Required value: must contain at least one requirement'],
    ],
    [
      'a requirement with no value',
      changed(standard, (sc) => (sc.allowedTopologies[0].matchLabelExpressions[0].values = [])),
      ['allowedTopologies[0].matchLabelExpressions[0].values: Required value: must specify as least one value'],
    ],
    [
      'a value twice',
      changed(standard, (sc) => (sc.allowedTopologies[0].matchLabelExpressions[0].values = ['a', 'a'])),
      ['allowedTopologies[0].matchLabelExpressions[0].values[1]: Duplicate value: "a"'],
    ],
    [
      'expansion that is no boolean',
      changed(premium, (sc) => (sc.allowVolumeExpansion = 'yes')),
      ['allowVolumeExpansion: Invalid value: "yes": must be a boolean'],
    ],
    [
      'another version',
      changed(premium, (sc) => (sc.apiVersion = 'storage.k8s.io/v1beta1')),
      ['apiVersion: Unsupported value: "storage.k8s.io/v1beta1": supported values: "storage.k8s.io/v1"'],
    ],
  ])('%s', (_case, input, errors) => {
    expect(lines(validateStorageClass(input))).toEqual(errors);
  });
});

describe('validateCSINode', () => {
  const [node] = csiNodes;
  const driver = (change: (d: Json) => void) => changed(node, (n) => change(n.spec.drivers[0]));
  it.each<[string, unknown, string[]]>([
    ['a CSINode as kubectl printed it', node, []],
    ['a node with no driver', changed(node, (n) => (n.spec.drivers = [])), []],
    ['drivers null, as an empty list prints', changed(node, (n) => (n.spec.drivers = null)), []],
    ['no spec', changed(node, (n) => delete n.spec), ['spec: Required value']],
    // TestValidateCSINode: "invalid driver name", "empty driver name", "empty node id", "too long node id",
    // "duplicate drivers", "invalid allocatable count", "invalid topology keys"
    ['an empty driver name', driver((d) => (d.name = '')), ['spec.drivers[0].name: Required value']],
    [
      'a driver name that is no DNS subdomain',
      driver((d) => (d.name = 'driver_x')),
      [`spec.drivers[0].name: Invalid value: "driver_x": ${msg.subdomainRegex}`],
    ],
    ['an empty node id', driver((d) => (d.nodeID = '')), ['spec.drivers[0].nodeID: Required value: nodeID cannot be empty']],
    [
      'a node id over 192 characters',
      driver((d) => (d.nodeID = 'n'.repeat(193))),
      [`spec.drivers[0].nodeID: Invalid value: "${'n'.repeat(193)}": must be 192 characters or less`],
    ],
    ['a driver twice', changed(node, (n) => n.spec.drivers.push({ ...n.spec.drivers[0] })), ['spec.drivers[1].name: Duplicate value: "pd.csi.storage.gke.io"']],
    [
      'a negative allocatable count',
      driver((d) => (d.allocatable = { count: -1 })),
      ['spec.drivers[0].allocatable.count: Invalid value: -1: must be greater than or equal to 0'],
    ],
    [
      'a count that is no integer',
      driver((d) => (d.allocatable = { count: 1.5 })),
      ['spec.drivers[0].allocatable.count: Invalid value: 1.5: must be an integer'],
    ],
    [
      'a topology key that is no qualified name',
      driver((d) => (d.topologyKeys = ['zone/x/y'])),
      [`spec.drivers[0].topologyKeys[0]: Invalid value: "zone/x/y": ${msg.tooManySlashes}`],
    ],
  ])('%s', (_case, input, errors) => {
    expect(lines(validateCSINode(input))).toEqual(errors);
  });
});
