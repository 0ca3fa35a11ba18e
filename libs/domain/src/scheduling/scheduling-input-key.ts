import { jsonOf } from '../eviction/pod-kinds';
import type { Container, Pod } from '../types';

/**
 * What the placement of a pod reads of it, as one string: pods alike in it (the replicas of a
 * workload) get the same answer over the same cluster, so a pass over thousands of pending pods
 * decides each kind once. Everything scheduling may read is in it (namespace, labels, controller
 * references, which the default spreading selects by, the spec); the pod's identity only where it
 * is read: a generic ephemeral volume's claim is named after the pod and owned by it. Left out is
 * what no filter, score or answer reads (schedulingSpec), which differs from replica to replica of
 * one workload as kubectl prints them: each pod's service account token volume has a name of its
 * own (kube-api-access-xxxxx), a StatefulSet's pods their hostname.
 */
export function schedulingInputKey(pod: Pod): string {
  const { metadata } = pod;
  const identity = (pod.spec?.volumes ?? []).some((volume) => volume.ephemeral) ? [metadata.name, metadata.uid ?? null] : null;
  const spec = pod.spec ? schedulingSpec(pod.spec, identity === null) : null;
  return jsonOf([metadata.namespace ?? 'default', metadata.labels ?? null, metadata.ownerReferences ?? null, spec, identity]);
}

/** A pod's fields no part of placement reads (the domain's filters, scores, claims and answers; kept only by validation and printing). */
const UNREAD_SPEC_FIELDS = new Set([
  'activeDeadlineSeconds',
  'automountServiceAccountToken',
  'dnsConfig',
  'dnsPolicy',
  'enableServiceLinks',
  'hostAliases',
  'hostname',
  'imagePullSecrets',
  'readinessGates',
  'securityContext',
  'serviceAccount',
  'serviceAccountName',
  'setHostnameAsFQDN',
  'shareProcessNamespace',
  'subdomain',
]);

/** A container's fields no part of placement reads: placement reads its image, resources, ports and restartPolicy. */
const UNREAD_CONTAINER_FIELDS = new Set([
  'args',
  'command',
  'env',
  'envFrom',
  'imagePullPolicy',
  'lifecycle',
  'livenessProbe',
  'readinessProbe',
  'resizePolicy',
  'securityContext',
  'startupProbe',
  'stdin',
  'stdinOnce',
  'terminationMessagePath',
  'terminationMessagePolicy',
  'tty',
  'volumeDevices',
  'volumeMounts',
  'workingDir',
]);

/** Volumes whose source no filter reads (only drain's emptyDir test, which reads the source): their names are read by nothing either. */
const UNREAD_VOLUME_NAMES = ['configMap', 'downwardAPI', 'emptyDir', 'projected', 'secret'];

const withoutFields = <T extends object>(object: T, unread: ReadonlySet<string>): Partial<T> =>
  Object.fromEntries(Object.entries(object).filter(([field]) => !unread.has(field))) as Partial<T>;

/** The spec as placement reads it (schedulingInputKey); `namesUnread`: the unread volumes' names left out too (no ephemeral volume names a claim after them). */
function schedulingSpec(spec: NonNullable<Pod['spec']>, namesUnread: boolean): Partial<NonNullable<Pod['spec']>> {
  const read = withoutFields(spec, UNREAD_SPEC_FIELDS);
  const containers = (list: readonly Container[] | undefined) => list?.map((container) => withoutFields(container, UNREAD_CONTAINER_FIELDS));
  if (spec.containers) read.containers = containers(spec.containers) as Container[];
  if (spec.initContainers) read.initContainers = containers(spec.initContainers) as Container[];
  if (namesUnread && spec.volumes) {
    read.volumes = spec.volumes.map((volume) => {
      if (!UNREAD_VOLUME_NAMES.some((source) => volume[source] !== undefined)) return volume;
      const { name: _unread, ...source } = volume;
      return source as typeof volume;
    });
  }
  return read;
}
