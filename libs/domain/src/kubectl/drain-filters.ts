import type { Pod } from '../types';
import { isTerminal } from '../eviction/impact-search';
import { controllerOf } from '../scheduling/topology-spread/spread-selector';

/**
 * What `kubectl drain` decides of each pod of a node before it evicts any (k8s.io/kubectl
 * pkg/drain/filters.go, GetPodsForDeletion and filterPods): its filters in order (skipDeleted,
 * daemonSet, mirrorPod, localStorage, unreplicated), each returning a PodDeleteStatus; the first
 * that says "do not delete" ends the run, and otherwise the last one's status stands (so a
 * warning of an earlier filter is dropped by a later Okay, as upstream's TODO says). A node with
 * an Error status among its pods is not drained at all: kubectl prints `cannot delete ...` and
 * goes on to the next node.
 *
 * What the twin cannot look up, it takes as kubectl finds it on a healthy cluster: a DaemonSet
 * named by a pod's controller reference exists (the twin does not hold DaemonSets), and
 * --skip-wait-for-delete-timeout is 0 (skipDeletedFilter skips nothing).
 */

export interface DrainFlags {
  /** --ignore-daemonsets. */
  readonly ignoreDaemonSets: boolean;
  /** --delete-emptydir-data. */
  readonly deleteEmptyDirData: boolean;
  /** --force: pods that declare no controller are deleted too. */
  readonly force: boolean;
}

/** PodDeleteStatus: delete or not, and why (Okay, Skip, Warning, Error) with kubectl's message. */
export interface PodDeleteStatus {
  readonly delete: boolean;
  readonly reason: 'Okay' | 'Skip' | 'Warning' | 'Error';
  readonly message?: string;
  /** Which filter said it (what the plan calls the reason a pod stays). */
  readonly filter?: 'daemonSet' | 'mirrorPod' | 'localStorage' | 'unreplicated';
}

/** kubectl's words (filters.go's constants). */
const drainMessages = {
  daemonSetFatal: 'DaemonSet-managed Pods (use --ignore-daemonsets to ignore)',
  daemonSetWarning: 'ignoring DaemonSet-managed Pods',
  localStorageFatal: 'Pods with local storage (use --delete-emptydir-data to override)',
  localStorageWarning: 'deleting Pods with local storage',
  unmanagedFatal: 'Pods that declare no controller (use --force to override)',
  unmanagedWarning: 'deleting Pods that declare no controller',
} as const;

/** corev1.MirrorPodAnnotationKey: a static pod's copy in the API server, which cannot be deleted through it. */
const MIRROR_POD_ANNOTATION = 'kubernetes.io/config.mirror';

const okay: PodDeleteStatus = { delete: true, reason: 'Okay' };

function daemonSetFilter(pod: Pod, flags: DrainFlags): PodDeleteStatus {
  const controller = controllerOf(pod);
  if (!controller || controller.kind !== 'DaemonSet' || isTerminal(pod)) return okay;
  if (!flags.ignoreDaemonSets) return { delete: false, reason: 'Error', message: drainMessages.daemonSetFatal, filter: 'daemonSet' };
  return { delete: false, reason: 'Warning', message: drainMessages.daemonSetWarning, filter: 'daemonSet' };
}

function mirrorPodFilter(pod: Pod): PodDeleteStatus {
  const annotations = pod.metadata.annotations ?? {};
  return Object.prototype.hasOwnProperty.call(annotations, MIRROR_POD_ANNOTATION) ? { delete: false, reason: 'Skip', filter: 'mirrorPod' } : okay;
}

/** hasLocalStorage: an emptyDir volume. */
const hasLocalStorage = (pod: Pod): boolean => (pod.spec?.volumes ?? []).some((volume) => volume.emptyDir != null);

function localStorageFilter(pod: Pod, flags: DrainFlags): PodDeleteStatus {
  if (!hasLocalStorage(pod) || isTerminal(pod)) return okay;
  if (!flags.deleteEmptyDirData) return { delete: false, reason: 'Error', message: drainMessages.localStorageFatal, filter: 'localStorage' };
  return { delete: true, reason: 'Warning', message: drainMessages.localStorageWarning, filter: 'localStorage' };
}

function unreplicatedFilter(pod: Pod, flags: DrainFlags): PodDeleteStatus {
  if (isTerminal(pod) || controllerOf(pod)) return okay;
  if (flags.force) return { delete: true, reason: 'Warning', message: drainMessages.unmanagedWarning, filter: 'unreplicated' };
  return { delete: false, reason: 'Error', message: drainMessages.unmanagedFatal, filter: 'unreplicated' };
}

/** filterPods for one pod: the filters in kubectl's order, stopping at the first that keeps the pod. */
export function podDeleteStatus(pod: Pod, flags: DrainFlags): PodDeleteStatus {
  const filters = [() => daemonSetFilter(pod, flags), () => mirrorPodFilter(pod), () => localStorageFilter(pod, flags), () => unreplicatedFilter(pod, flags)];
  let status = okay;
  for (const filter of filters) {
    status = filter();
    if (!status.delete) break;
  }
  return status;
}

const nameOf = (pod: Pod) => `${pod.metadata.namespace ?? 'default'}/${pod.metadata.name}`;

/** Statuses with a message grouped by it, each with its pods' `namespace/name` in the order given. */
function byMessage(statuses: readonly { pod: Pod; status: PodDeleteStatus }[], reason: PodDeleteStatus['reason']): Map<string, string[]> {
  const grouped = new Map<string, string[]>();
  for (const { pod, status } of statuses) {
    if (status.reason !== reason) continue;
    const message = status.message || (reason === 'Error' ? 'unexpected error' : '');
    const pods = grouped.get(message);
    if (pods) pods.push(nameOf(pod));
    else grouped.set(message, [nameOf(pod)]);
  }
  return grouped;
}

/**
 * PodDeleteList.Warnings: `message: ns/a, ns/b` per message, joined by "; ". Go ranges over a map,
 * so kubectl's order varies from run to run; here the messages are in the order their first pod came.
 */
export function drainWarnings(statuses: readonly { pod: Pod; status: PodDeleteStatus }[]): string {
  return [...byMessage(statuses, 'Warning')].map(([message, pods]) => `${message}: ${pods.join(', ')}`).join('; ');
}

/** PodDeleteList.errors: `cannot delete message: ns/a, ns/b` per message (in the order their first pod came, see drainWarnings). */
export function drainErrors(statuses: readonly { pod: Pod; status: PodDeleteStatus }[]): string[] {
  return [...byMessage(statuses, 'Error')].map(([message, pods]) => `cannot delete ${message}: ${pods.join(', ')}`);
}
