import { frozen, type JsonObject } from './json';

/**
 * Tolerations as they are stored: the workload's own, then what the DaemonSet controller and the
 * admission plugins appended, in the order kube-apiserver runs them.
 */

export const exists = (key: string, effect: string): JsonObject => ({ effect, key, operator: 'Exists' });
export const equal = (key: string, value: string, effect: string): JsonObject => ({ effect, key, operator: 'Equal', value });

/** AddOrUpdateDaemonPodTolerations: a DaemonSet pod is never evicted for node problems, and runs despite pressure and cordon. */
export function daemonSetTolerations(own: readonly JsonObject[], hostNetwork: boolean): readonly JsonObject[] {
  return frozen([
    ...own,
    exists('node.kubernetes.io/not-ready', 'NoExecute'),
    exists('node.kubernetes.io/unreachable', 'NoExecute'),
    exists('node.kubernetes.io/disk-pressure', 'NoSchedule'),
    exists('node.kubernetes.io/memory-pressure', 'NoSchedule'),
    exists('node.kubernetes.io/pid-pressure', 'NoSchedule'),
    exists('node.kubernetes.io/unschedulable', 'NoSchedule'),
    ...(hostNetwork ? [exists('node.kubernetes.io/network-unavailable', 'NoSchedule')] : []),
  ]);
}

/**
 * DefaultTolerationSeconds (not-ready and unreachable, 300 s, unless the pod already tolerates
 * them), then what later plugins append: ExtendedResourceToleration's `Exists:NoSchedule` for each
 * extended resource, RuntimeClass's scheduling tolerations.
 */
export function admittedTolerations(own: readonly JsonObject[], appended: readonly JsonObject[] = []): readonly JsonObject[] {
  return frozen([
    ...own,
    { effect: 'NoExecute', key: 'node.kubernetes.io/not-ready', operator: 'Exists', tolerationSeconds: 300 },
    { effect: 'NoExecute', key: 'node.kubernetes.io/unreachable', operator: 'Exists', tolerationSeconds: 300 },
    ...appended,
  ]);
}
