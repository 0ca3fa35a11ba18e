import type { Image } from './images';
import type { JsonObject } from './json';

/**
 * A workload's pod template as the API server stores its pods: defaults filled in, tolerations as
 * admitted. One template serves every pod of a DaemonSet or ReplicaSet; the pods differ only in
 * names, node, times, addresses and the service account token's volume.
 */
export interface ContainerTemplate {
  readonly name: string;
  readonly image: Image;
  readonly command?: readonly string[];
  readonly args?: readonly string[];
  readonly env?: readonly JsonObject[];
  readonly imagePullPolicy?: 'Always' | 'IfNotPresent';
  readonly livenessProbe?: JsonObject;
  readonly ports?: readonly JsonObject[];
  readonly readinessProbe?: JsonObject;
  readonly resources: JsonObject;
  /** `Always` on an init container: a sidecar (KEP-753). */
  readonly restartPolicy?: 'Always';
  readonly securityContext?: JsonObject;
  readonly startupProbe?: JsonObject;
  readonly volumeMounts?: readonly JsonObject[];
}

export interface PodTemplate {
  readonly annotations?: JsonObject;
  readonly containers: readonly ContainerTemplate[];
  /** Template-level affinity; a DaemonSet pod's is replaced by one naming its node. */
  readonly affinity?: JsonObject;
  readonly dnsPolicy?: 'ClusterFirst' | 'Default';
  readonly hostNetwork?: boolean;
  readonly initContainers?: readonly ContainerTemplate[];
  readonly nodeSelector?: JsonObject;
  /** Copied from the RuntimeClass by its admission plugin. */
  readonly overhead?: JsonObject;
  readonly priorityClassName?: 'system-node-critical' | 'system-cluster-critical';
  readonly restartPolicy?: 'Always' | 'OnFailure' | 'Never';
  readonly runtimeClassName?: string;
  readonly securityContext?: JsonObject;
  /** Absent for static pods, which get no token. */
  readonly serviceAccountName?: string;
  readonly terminationGracePeriodSeconds?: number;
  readonly tolerations: readonly JsonObject[];
  readonly topologySpreadConstraints?: readonly JsonObject[];
  readonly volumes?: readonly JsonObject[];
}

/** PriorityClass values, as the Priority admission plugin copies them into spec.priority. */
export const priorities = { 'system-node-critical': 2_000_001_000, 'system-cluster-critical': 2_000_000_000 } as const;
