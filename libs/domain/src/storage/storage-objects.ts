import type { NodeSelector, ObjectMeta, ResourceList } from '../types';

/**
 * The storage kinds the volume filters read (VolumeRestrictions, NodeVolumeLimits, VolumeZone,
 * VolumeBinding), with the fields they read; everything else is kept as the cluster printed it.
 */

export interface PersistentVolumeClaim {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec?: {
    accessModes?: string[];
    storageClassName?: string | null;
    /** The PersistentVolume it is bound to; empty while unbound. */
    volumeName?: string;
    volumeMode?: string;
    resources?: { requests?: ResourceList };
    [other: string]: unknown;
  };
  status?: { phase?: string; accessModes?: string[]; capacity?: ResourceList; [other: string]: unknown };
}

export interface PersistentVolume {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec?: {
    accessModes?: string[];
    capacity?: ResourceList;
    storageClassName?: string;
    claimRef?: { namespace?: string; name?: string; uid?: string };
    /** Which nodes can reach the volume (VolumeBinding's node affinity check). */
    nodeAffinity?: { required?: NodeSelector };
    csi?: { driver: string; volumeHandle: string; readOnly?: boolean; fsType?: string };
    gcePersistentDisk?: { pdName: string; readOnly?: boolean };
    awsElasticBlockStore?: { volumeID: string; readOnly?: boolean };
    [other: string]: unknown;
  };
  status?: { phase?: string; [other: string]: unknown };
}

export interface StorageClass {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  provisioner: string;
  /** Immediate (the default) or WaitForFirstConsumer. */
  volumeBindingMode?: string;
  allowedTopologies?: { matchLabelExpressions?: { key: string; values: string[] }[] }[];
  parameters?: Record<string, string>;
  [other: string]: unknown;
}

export interface CSINodeDriver {
  name: string;
  nodeID: string;
  topologyKeys?: string[] | null;
  /** How many volumes of this driver the node can have attached (NodeVolumeLimits). */
  allocatable?: { count?: number | null } | null;
}

export interface CSINode {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec: { drivers: CSINodeDriver[] };
}
