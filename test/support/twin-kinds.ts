import { expect } from 'vitest';

/**
 * Objects of the kinds the twin keeps beside nodes and pods (Namespace, PersistentVolume,
 * PersistentVolumeClaim, StorageClass, CSINode, PodDisruptionBudget), and of kinds it skips, as
 * `kubectl get all,pv,pvc,sc,csinodes,pdb,ns -A -o json` prints them from a GKE cluster (trimmed,
 * every kind of field kept): for the import, REST and kubectl tests.
 */

export const created = '2026-01-10T08:00:00Z';

export const namespaces = [
  {
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: {
      name: 'default',
      uid: '1b0e6a52-7c5e-4f0a-9d6e-0a1b2c3d4e01',
      resourceVersion: '17',
      creationTimestamp: created,
      labels: { 'kubernetes.io/metadata.name': 'default' },
    },
    spec: { finalizers: ['kubernetes'] },
    status: { phase: 'Active' },
  },
  {
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: {
      name: 'shop',
      uid: '1b0e6a52-7c5e-4f0a-9d6e-0a1b2c3d4e02',
      resourceVersion: '901',
      creationTimestamp: created,
      labels: { 'kubernetes.io/metadata.name': 'shop', team: 'checkout' },
      annotations: { 'owner.example.com/contact': 'checkout@example.com' },
    },
    spec: { finalizers: ['kubernetes'] },
    status: { phase: 'Active' },
  },
];

export const storageClasses = [
  {
    apiVersion: 'storage.k8s.io/v1',
    kind: 'StorageClass',
    metadata: {
      name: 'premium-rwo',
      uid: '2c1f7b63-8d6f-4a1b-8e7f-1b2c3d4e5f01',
      resourceVersion: '310',
      creationTimestamp: created,
      labels: { 'addonmanager.kubernetes.io/mode': 'EnsureExists' },
    },
    provisioner: 'pd.csi.storage.gke.io',
    parameters: { type: 'pd-ssd' },
    reclaimPolicy: 'Delete',
    volumeBindingMode: 'WaitForFirstConsumer',
    allowVolumeExpansion: true,
  },
  {
    apiVersion: 'storage.k8s.io/v1',
    kind: 'StorageClass',
    metadata: {
      name: 'standard-rwo',
      uid: '2c1f7b63-8d6f-4a1b-8e7f-1b2c3d4e5f02',
      resourceVersion: '311',
      creationTimestamp: created,
      annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' },
    },
    provisioner: 'pd.csi.storage.gke.io',
    parameters: { type: 'pd-balanced' },
    reclaimPolicy: 'Delete',
    volumeBindingMode: 'WaitForFirstConsumer',
    allowVolumeExpansion: true,
    allowedTopologies: [{ matchLabelExpressions: [{ key: 'topology.gke.io/zone', values: ['europe-west1-b', 'europe-west1-c'] }] }],
  },
];

export const persistentVolumes = [
  {
    apiVersion: 'v1',
    kind: 'PersistentVolume',
    metadata: {
      name: 'pvc-3f9a0c1e-55d2-4b8e-9a51-7c2d1e0f9a01',
      uid: '3d2a8c74-9e7a-4b2c-9f8a-2c3d4e5f6a01',
      resourceVersion: '4410',
      creationTimestamp: created,
      annotations: { 'pv.kubernetes.io/provisioned-by': 'pd.csi.storage.gke.io' },
      finalizers: ['kubernetes.io/pv-protection', 'external-attacher/pd-csi-storage-gke-io'],
    },
    spec: {
      accessModes: ['ReadWriteOnce'],
      capacity: { storage: '10Gi' },
      claimRef: { apiVersion: 'v1', kind: 'PersistentVolumeClaim', namespace: 'shop', name: 'data-db-0', uid: '4e3b9d85-af8b-4c3d-8a9b-3d4e5f6a7b01' },
      csi: { driver: 'pd.csi.storage.gke.io', fsType: 'ext4', volumeHandle: 'projects/p/zones/europe-west1-b/disks/pvc-3f9a0c1e' },
      nodeAffinity: {
        required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'topology.gke.io/zone', operator: 'In', values: ['europe-west1-b'] }] }] },
      },
      persistentVolumeReclaimPolicy: 'Delete',
      storageClassName: 'premium-rwo',
      volumeMode: 'Filesystem',
    },
    status: { phase: 'Bound', lastPhaseTransitionTime: created },
  },
  {
    apiVersion: 'v1',
    kind: 'PersistentVolume',
    metadata: { name: 'nfs-share', uid: '3d2a8c74-9e7a-4b2c-9f8a-2c3d4e5f6a02', resourceVersion: '4411', creationTimestamp: created, labels: { kind: 'nfs' } },
    spec: {
      accessModes: ['ReadWriteMany', 'ReadOnlyMany'],
      capacity: { storage: '1Ti' },
      nfs: { server: '10.0.0.2', path: '/exports' },
      persistentVolumeReclaimPolicy: 'Retain',
      volumeMode: 'Filesystem',
    },
    status: { phase: 'Available' },
  },
];

export const persistentVolumeClaims = [
  {
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    metadata: {
      name: 'data-db-0',
      namespace: 'shop',
      uid: '4e3b9d85-af8b-4c3d-8a9b-3d4e5f6a7b01',
      resourceVersion: '4420',
      creationTimestamp: created,
      labels: { app: 'db' },
      annotations: { 'volume.kubernetes.io/selected-node': 'gke-pool-1' },
    },
    spec: {
      accessModes: ['ReadWriteOnce'],
      resources: { requests: { storage: '10Gi' } },
      storageClassName: 'premium-rwo',
      volumeMode: 'Filesystem',
      volumeName: 'pvc-3f9a0c1e-55d2-4b8e-9a51-7c2d1e0f9a01',
    },
    status: { phase: 'Bound', accessModes: ['ReadWriteOnce'], capacity: { storage: '10Gi' } },
  },
  {
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    metadata: { name: 'scratch', namespace: 'default', uid: '4e3b9d85-af8b-4c3d-8a9b-3d4e5f6a7b02', resourceVersion: '4421', creationTimestamp: created },
    spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, storageClassName: 'standard-rwo', volumeMode: 'Filesystem' },
    status: { phase: 'Pending' },
  },
];

export const csiNodes = [
  {
    apiVersion: 'storage.k8s.io/v1',
    kind: 'CSINode',
    metadata: {
      name: 'gke-pool-1',
      uid: '5f4cae96-b09c-4d4e-9bac-4e5f6a7b8c01',
      resourceVersion: '120',
      creationTimestamp: created,
      ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: 'gke-pool-1', uid: '6a5dbfa7-c1ad-4e5f-8cbd-5f6a7b8c9d01' }],
    },
    spec: {
      drivers: [
        {
          name: 'pd.csi.storage.gke.io',
          nodeID: 'projects/p/zones/europe-west1-b/instances/gke-pool-1',
          topologyKeys: ['topology.gke.io/zone'],
          allocatable: { count: 15 },
        },
      ],
    },
  },
];

/** Budgets as the disruption controller left them: one that allows no disruption now, one that allows one, one by percentage. */
export const podDisruptionBudgets = [
  {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: {
      name: 'api',
      namespace: 'default',
      uid: '8c7fd1c9-e3cf-4a7b-8edf-7b8c9d0e1f01',
      resourceVersion: '7001',
      generation: 1,
      creationTimestamp: created,
    },
    spec: { minAvailable: '50%', selector: { matchExpressions: [{ key: 'app', operator: 'In', values: ['api', 'api-canary'] }] } },
    status: { observedGeneration: 1, disruptionsAllowed: 1, currentHealthy: 4, desiredHealthy: 2, expectedPods: 4 },
  },
  {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: {
      name: 'db',
      namespace: 'shop',
      uid: '8c7fd1c9-e3cf-4a7b-8edf-7b8c9d0e1f02',
      resourceVersion: '7002',
      generation: 1,
      creationTimestamp: created,
      labels: { app: 'db' },
      annotations: { 'owner.example.com/contact': 'checkout@example.com' },
    },
    spec: { minAvailable: 1, selector: { matchLabels: { app: 'db' } } },
    status: {
      observedGeneration: 1,
      disruptionsAllowed: 0,
      currentHealthy: 1,
      desiredHealthy: 1,
      expectedPods: 1,
      conditions: [{ type: 'DisruptionAllowed', status: 'False', reason: 'InsufficientPods', message: '', observedGeneration: 1, lastTransitionTime: created }],
    },
  },
  {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: {
      name: 'web',
      namespace: 'shop',
      uid: '8c7fd1c9-e3cf-4a7b-8edf-7b8c9d0e1f03',
      resourceVersion: '7003',
      generation: 2,
      creationTimestamp: created,
    },
    spec: { maxUnavailable: '25%', selector: { matchLabels: { app: 'web' } }, unhealthyPodEvictionPolicy: 'AlwaysAllow' },
    status: {
      observedGeneration: 2,
      disruptedPods: { 'web-7d9f-abcde': '2026-01-10T09:00:00Z' },
      disruptionsAllowed: 1,
      currentHealthy: 4,
      desiredHealthy: 3,
      expectedPods: 4,
    },
  },
];

/** A node that holds images (status.images, which ImageLocality reads) and runs the claim's pod. */
export const node = {
  apiVersion: 'v1',
  kind: 'Node',
  metadata: {
    name: 'gke-pool-1',
    uid: '6a5dbfa7-c1ad-4e5f-8cbd-5f6a7b8c9d01',
    resourceVersion: '5000',
    creationTimestamp: created,
    labels: { 'topology.gke.io/zone': 'europe-west1-b', 'kubernetes.io/hostname': 'gke-pool-1' },
  },
  spec: { providerID: 'gce://p/europe-west1-b/gke-pool-1' },
  status: {
    allocatable: { cpu: '3920m', memory: '13594164Ki', pods: '110' },
    conditions: [{ type: 'Ready', status: 'True', reason: 'KubeletReady', lastHeartbeatTime: created, lastTransitionTime: created }],
    images: [
      { names: ['docker.io/library/postgres@sha256:0a1b', 'docker.io/library/postgres:16'], sizeBytes: 153_000_000 },
      { names: ['registry.k8s.io/pause:3.9'], sizeBytes: 321_000 },
    ],
  },
};

export const pod = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: {
    name: 'db-0',
    namespace: 'shop',
    uid: '7b6ec0b8-d2be-4f6a-9dce-6a7b8c9d0e01',
    resourceVersion: '5100',
    creationTimestamp: created,
    labels: { app: 'db' },
  },
  spec: {
    nodeName: 'gke-pool-1',
    containers: [{ name: 'postgres', image: 'postgres:16', resources: { requests: { cpu: '500m', memory: '1Gi' } } }],
    volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data-db-0' } }],
  },
  status: { phase: 'Running', qosClass: 'Burstable' },
};

/** What `kubectl get all` prints beside pods: kinds the twin does not keep. */
export const skippedObjects = [
  { apiVersion: 'v1', kind: 'Service', metadata: { name: 'db', namespace: 'shop' }, spec: { clusterIP: 'None', ports: [{ port: 5432 }] } },
  { apiVersion: 'v1', kind: 'Service', metadata: { name: 'kubernetes', namespace: 'default' }, spec: { clusterIP: '10.0.0.1' } },
  { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'db', namespace: 'shop' }, spec: { replicas: 1 } },
  { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'shop' }, spec: { replicas: 2 } },
  { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'api', namespace: 'shop' }, spec: { replicas: 2 } },
  { apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'web-7d9f', namespace: 'shop' }, spec: { replicas: 2 } },
];

/** Every kept object, in the order kubectl prints them (all first, then pv, pvc, sc, csinodes, pdb, ns). */
export const keptObjects = [pod, ...persistentVolumes, ...persistentVolumeClaims, ...storageClasses, ...csiNodes, ...podDisruptionBudgets, ...namespaces, node];

export const kubectlList = (...items: unknown[]) => ({ apiVersion: 'v1', kind: 'List', metadata: { resourceVersion: '' }, items });

/** An object as the twin answers it: as it was imported, with the twin's resourceVersion. */
export const asStored = <T extends { metadata: object }>(object: T) => ({ ...object, metadata: { ...object.metadata, resourceVersion: expect.any(String) } });
