import type { Container, Pod, PodSpec, Volume } from '../types';

/**
 * A pod as decisions read it: what every Filter and Score plugin, preemption, the taint eviction
 * controller, drains, plans, headroom, disruption budgets and field selectors read of a stored
 * pod, and nothing else. A cluster's snapshot holds its pods so (a realistic pod as kubectl prints
 * it is ten times larger, mostly its own status), and reads that answer a pod whole (get, list,
 * watch, describe) read it from storage.
 *
 * What is kept, and who reads it:
 * - metadata: its identity, labels, ownerReferences (controllers: spread, drains, budgets), the
 *   deletion fields, and of the annotations only `kubernetes.io/config.mirror` (drain's mirror pods);
 * - spec: the scheduling fields (tolerations, nodeName, nodeSelector, affinity, spread,
 *   priority, preemptionPolicy, schedulerName, schedulingGates, resourceClaims, overhead,
 *   pod-level resources, terminationGracePeriodSeconds), what field selectors read
 *   (restartPolicy, serviceAccountName, hostNetwork), its containers' and init containers' names,
 *   images (ImageLocality), resources, ports and restartPolicy (sidecars), and the volumes whose
 *   source a plugin or a drain reads (claims, generic ephemeral, the disks VolumeRestrictions
 *   compares, emptyDir);
 * - status: phase, qosClass, startTime (preemption's victim order), nominatedNodeName, podIP
 *   (field selectors) and the Ready and DisruptionTarget conditions' type, status and reason.
 *
 * The parts kept are the pod's own objects where they are kept whole, so that pods of one template
 * can share them. Every pod so cut down has the same shape (assembleDecisionPod: each field
 * present, undefined where the pod has none), so that 300,000 of them in a snapshot are compact
 * objects of one hidden class rather than dictionaries of their own.
 */
export function decisionPodOf(pod: Pod): Pod {
  return assembleDecisionPod({
    apiVersion: pod.apiVersion,
    kind: pod.kind,
    metadata: { ...pod.metadata, annotations: mirrorAnnotationOf(pod.metadata.annotations) },
    spec: pod.spec && decisionSpecOf(pod.spec),
    status: pod.status && { ...pod.status, conditions: readConditionsOf(pod.status.conditions) },
  });
}

/**
 * A pod as decisionPodOf makes it, from parts already cut down to what decisions read (a
 * snapshot's, read back from its decision columns): each object of the one shape every pod so cut
 * has, the parts' own objects (labels, containers, tolerations, conditions) held, not copied. Its
 * objects' fields are the one list of what is kept: decisionPodOf cuts down only what is kept in part.
 * `template`: the parts pods of one template share (owners, containers, volumes, ...), read where
 * `parts` has none: a pod's own fields and its template's laid together without copying either
 * (a snapshot's load makes 300,000 pods).
 */
export function assembleDecisionPod(parts: Pod, template?: Pick<Pod, 'metadata' | 'spec'>): Pod {
  const m = parts.metadata;
  const tm = template?.metadata;
  const o = parts.spec;
  const ts = template?.spec;
  const t = parts.status;
  return {
    apiVersion: parts.apiVersion,
    kind: parts.kind,
    metadata: {
      name: m.name,
      namespace: m.namespace,
      uid: m.uid,
      resourceVersion: m.resourceVersion,
      creationTimestamp: m.creationTimestamp,
      labels: m.labels,
      ownerReferences: either(m.ownerReferences, tm?.ownerReferences),
      annotations: either(m.annotations, tm?.annotations),
      deletionTimestamp: m.deletionTimestamp,
      deletionGracePeriodSeconds: m.deletionGracePeriodSeconds,
    },
    spec:
      o !== undefined || ts !== undefined
        ? {
            tolerations: either(o?.tolerations, ts?.tolerations),
            nodeName: either(o?.nodeName, ts?.nodeName),
            nodeSelector: either(o?.nodeSelector, ts?.nodeSelector),
            affinity: either(o?.affinity, ts?.affinity),
            topologySpreadConstraints: either(o?.topologySpreadConstraints, ts?.topologySpreadConstraints),
            priority: either(o?.priority, ts?.priority),
            preemptionPolicy: either(o?.preemptionPolicy, ts?.preemptionPolicy),
            schedulerName: either(o?.schedulerName, ts?.schedulerName),
            schedulingGates: either(o?.schedulingGates, ts?.schedulingGates),
            resourceClaims: either(o?.resourceClaims, ts?.resourceClaims),
            overhead: either(o?.overhead, ts?.overhead),
            resources: either(o?.resources, ts?.resources),
            terminationGracePeriodSeconds: either(o?.terminationGracePeriodSeconds, ts?.terminationGracePeriodSeconds),
            restartPolicy: either(o?.restartPolicy, ts?.restartPolicy),
            serviceAccountName: either(o?.serviceAccountName, ts?.serviceAccountName),
            hostNetwork: either(o?.hostNetwork, ts?.hostNetwork),
            containers: either(o?.containers, ts?.containers),
            initContainers: either(o?.initContainers, ts?.initContainers),
            volumes: either(o?.volumes, ts?.volumes),
          }
        : undefined,
    status: t && {
      phase: t.phase,
      qosClass: t.qosClass,
      startTime: t.startTime,
      nominatedNodeName: t.nominatedNodeName,
      podIP: t.podIP,
      conditions: t.conditions,
    },
  };
}

/** The pod's own value, else its template's. */
const either = <T>(own: T | undefined, template: T | undefined): T | undefined => (own !== undefined ? own : template);

/** The only annotation a decision reads (drain's mirror pods, by its presence). */
const MIRROR_ANNOTATION = 'kubernetes.io/config.mirror';

const mirrorAnnotationOf = (annotations: Record<string, string> | undefined): Record<string, string> | undefined =>
  annotations !== undefined && Object.hasOwn(annotations, MIRROR_ANNOTATION) ? { [MIRROR_ANNOTATION]: annotations[MIRROR_ANNOTATION] as string } : undefined;

/** The spec with its containers, init containers and volumes cut down; assembleDecisionPod picks the other fields it keeps. */
function decisionSpecOf(spec: PodSpec): PodSpec {
  const volumes = spec.volumes?.filter(isReadVolume);
  return {
    ...spec,
    containers: spec.containers?.map(decisionContainerOf),
    initContainers: spec.initContainers?.map(decisionContainerOf),
    volumes: volumes !== undefined && volumes.length > 0 ? volumes : undefined,
  };
}

/** A container's fields a decision reads: resources (requests), ports (NodePorts), image (ImageLocality), restartPolicy (sidecars). */
const CONTAINER_KEPT = ['name', 'image', 'resources', 'ports', 'restartPolicy'] as const;

const decisionContainerOf = (container: Container): Container => kept(container, CONTAINER_KEPT) as Container;

/**
 * The volume sources a decision reads: claims (VolumeBinding, VolumeZone, NodeVolumeLimits,
 * VolumeRestrictions' ReadWriteOncePod), generic ephemeral volumes (their claims), the disks
 * VolumeRestrictions compares, and emptyDir (a drain's local storage). A volume of any other
 * source (a secret, a configMap, a projected token) is read by none, and is left out whole.
 */
const READ_VOLUME_SOURCES = ['persistentVolumeClaim', 'ephemeral', 'gcePersistentDisk', 'awsElasticBlockStore', 'iscsi', 'rbd', 'emptyDir'] as const;

const isReadVolume = (volume: Volume): boolean => READ_VOLUME_SOURCES.some((source) => volume[source] !== undefined);

/** The conditions a decision reads: Ready (a disruption budget's healthy pods) and DisruptionTarget (a preemption under way). */
const READ_CONDITIONS = new Set(['Ready', 'DisruptionTarget']);

function readConditionsOf(conditions: unknown): Record<string, unknown>[] | undefined {
  if (!Array.isArray(conditions)) return undefined;
  const read = (conditions as Record<string, unknown>[]).filter((c) => READ_CONDITIONS.has(c.type as string));
  return read.length > 0 ? read.map((c) => kept(c, ['type', 'status', 'reason'])) : undefined;
}

/** The fields of `object` named in `fields` that it has, in that order. */
function kept(object: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) if (object[field] !== undefined) out[field] = object[field];
  return out;
}
