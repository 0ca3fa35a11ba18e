import { packageVersion } from '../rest-document/package-version';

/**
 * What discovery tells kubectl: the Kubernetes version taintgate answers as, the groups and
 * versions, and the resources with their verbs and short names (kubectl resolves `no`, `po`,
 * `ev`, `ns`, `pv`, `pvc`, `sc`, `pdb` from these, and checks `pods/eviction` before a drain). A verb is listed once the
 * API serves it.
 */

/** The Kubernetes release whose API and semantics taintgate follows. */
const KUBERNETES = { major: '1', minor: '32', patch: '0' };

export function versionInfo() {
  return {
    major: KUBERNETES.major,
    minor: KUBERNETES.minor,
    gitVersion: `v${KUBERNETES.major}.${KUBERNETES.minor}.${KUBERNETES.patch}+taintgate-${packageVersion()}`,
    gitCommit: '',
    gitTreeState: 'clean',
    buildDate: '1970-01-01T00:00:00Z',
    goVersion: `node${process.versions.node}`,
    compiler: 'tsc',
    platform: `${process.platform}/${process.arch === 'x64' ? 'amd64' : process.arch}`,
  };
}

/** GET /api: the legacy group's one version. */
export const coreApiVersions = (serverAddress: string) => ({
  kind: 'APIVersions',
  versions: ['v1'],
  serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress }],
});

const READ = ['get', 'list'];
/** Nodes, pods, the storage kinds and PodDisruptionBudgets are watched too (?watch=true on their lists). */
const READ_WATCH = [...READ, 'watch'];

interface ApiResource {
  name: string;
  singularName: string;
  namespaced: boolean;
  group?: string;
  version?: string;
  kind: string;
  verbs: string[];
  shortNames?: string[];
  categories?: string[];
}

/** GET /api/v1. */
export const coreV1Resources = () => ({
  kind: 'APIResourceList',
  groupVersion: 'v1',
  resources: [
    { name: 'events', singularName: 'event', namespaced: true, kind: 'Event', verbs: READ, shortNames: ['ev'] },
    { name: 'namespaces', singularName: 'namespace', namespaced: false, kind: 'Namespace', verbs: READ, shortNames: ['ns'] },
    { name: 'nodes', singularName: 'node', namespaced: false, kind: 'Node', verbs: [...READ_WATCH, 'create', 'update', 'patch', 'delete'], shortNames: ['no'] },
    {
      name: 'pods',
      singularName: 'pod',
      namespaced: true,
      kind: 'Pod',
      verbs: [...READ_WATCH, 'create', 'update', 'patch', 'delete'],
      shortNames: ['po'],
      categories: ['all'],
    },
    { name: 'pods/eviction', singularName: '', namespaced: true, group: 'policy', version: 'v1', kind: 'Eviction', verbs: ['create'] },
    { name: 'persistentvolumes', singularName: 'persistentvolume', namespaced: false, kind: 'PersistentVolume', verbs: READ_WATCH, shortNames: ['pv'] },
    {
      name: 'persistentvolumeclaims',
      singularName: 'persistentvolumeclaim',
      namespaced: true,
      kind: 'PersistentVolumeClaim',
      verbs: READ_WATCH,
      shortNames: ['pvc'],
    },
  ] satisfies ApiResource[],
});

const group = (name: string) => ({
  name,
  versions: [{ groupVersion: `${name}/v1`, version: 'v1' }],
  preferredVersion: { groupVersion: `${name}/v1`, version: 'v1' },
});

/** GET /apis: apps/v1 (DaemonSets, for drain), policy/v1 (PodDisruptionBudgets; kubectl looks for evictions there), and storage.k8s.io/v1 (StorageClasses, CSINodes). */
export const apiGroups = () => ({
  kind: 'APIGroupList',
  apiVersion: 'v1',
  groups: [group('apps'), group('policy'), group('storage.k8s.io')],
});

export const appsGroup = () => ({ kind: 'APIGroup', apiVersion: 'v1', ...group('apps') });

export const policyGroup = () => ({ kind: 'APIGroup', apiVersion: 'v1', ...group('policy') });

export const storageGroup = () => ({ kind: 'APIGroup', apiVersion: 'v1', ...group('storage.k8s.io') });

/** GET /apis/apps/v1: DaemonSets, as far as their pods name them (kubectl drain reads one). */
export const appsV1Resources = () => ({
  kind: 'APIResourceList',
  apiVersion: 'v1',
  groupVersion: 'apps/v1',
  resources: [
    { name: 'daemonsets', singularName: 'daemonset', namespaced: true, kind: 'DaemonSet', verbs: ['get'], shortNames: ['ds'] },
  ] satisfies ApiResource[],
});

/** GET /apis/policy/v1: the PodDisruptionBudgets the twin keeps, as imported (evictions themselves are pods/eviction in /api/v1). */
export const policyV1Resources = () => ({
  kind: 'APIResourceList',
  apiVersion: 'v1',
  groupVersion: 'policy/v1',
  resources: [
    {
      name: 'poddisruptionbudgets',
      singularName: 'poddisruptionbudget',
      namespaced: true,
      kind: 'PodDisruptionBudget',
      verbs: READ_WATCH,
      shortNames: ['pdb'],
    },
  ] satisfies ApiResource[],
});

/** GET /apis/storage.k8s.io/v1: the StorageClasses and CSINodes the twin keeps, as imported (CSINode has no short name upstream; kubectl resolves `csinode`, its singular). */
export const storageV1Resources = () => ({
  kind: 'APIResourceList',
  apiVersion: 'v1',
  groupVersion: 'storage.k8s.io/v1',
  resources: [
    { name: 'csinodes', singularName: 'csinode', namespaced: false, kind: 'CSINode', verbs: READ_WATCH },
    { name: 'storageclasses', singularName: 'storageclass', namespaced: false, kind: 'StorageClass', verbs: READ_WATCH, shortNames: ['sc'] },
  ] satisfies ApiResource[],
});
