import { defaultRequestsFromLimits, computePodQOS } from '../resources/qos';
import { isExtendedResourceName } from '../resources/extended';
import type { DomainSettings } from '../settings';
import type { Pod, PodSpec, Toleration } from '../types';
import { TaintKeys } from '../well-known';
import { addOrUpdateToleration, mergeTolerations } from './merge-tolerations';

/**
 * What the API server and controllers add to a pod before it is stored, in the order kube-apiserver
 * runs them: defaulting (requests from limits), the DaemonSet controller's tolerations, then the
 * admission plugins DefaultTolerationSeconds, PodTolerationRestriction (memory-pressure) and
 * ExtendedResourceToleration; finally status.qosClass, as the API server sets it on create.
 */

export type AdmissionOperation = 'CREATE' | 'UPDATE';

/** Is the pod's managing controller a DaemonSet? */
export function isDaemonSetPod(pod: Pod): boolean {
  return (pod.metadata.ownerReferences ?? []).some((o) => o.controller === true && o.kind === 'DaemonSet');
}

/** AddOrUpdateDaemonPodTolerations: never evicted for node problems, scheduled despite pressure and cordon. */
export function daemonSetTolerations(spec: Pick<PodSpec, 'hostNetwork'>): Toleration[] {
  const tolerations: Toleration[] = [
    { key: TaintKeys.notReady, operator: 'Exists', effect: 'NoExecute' },
    { key: TaintKeys.unreachable, operator: 'Exists', effect: 'NoExecute' },
    { key: TaintKeys.diskPressure, operator: 'Exists', effect: 'NoSchedule' },
    { key: TaintKeys.memoryPressure, operator: 'Exists', effect: 'NoSchedule' },
    { key: TaintKeys.pidPressure, operator: 'Exists', effect: 'NoSchedule' },
    { key: TaintKeys.unschedulable, operator: 'Exists', effect: 'NoSchedule' },
  ];
  if (spec.hostNetwork) tolerations.push({ key: TaintKeys.networkUnavailable, operator: 'Exists', effect: 'NoSchedule' });
  return tolerations;
}

/** Does some toleration already cover `key` with effect NoExecute (an empty key or effect counts)? */
function coversNoExecute(tolerations: readonly Toleration[], key: string): boolean {
  return tolerations.some((t) => (t.key === key || !t.key) && (t.effect === 'NoExecute' || !t.effect));
}

/** DefaultTolerationSeconds: not-ready and unreachable for N seconds, unless the pod says otherwise. */
export function withDefaultTolerationSeconds(tolerations: readonly Toleration[], settings: DomainSettings): Toleration[] {
  const next = [...tolerations];
  const notReady = coversNoExecute(tolerations, TaintKeys.notReady);
  const unreachable = coversNoExecute(tolerations, TaintKeys.unreachable);
  if (!notReady) {
    next.push({ key: TaintKeys.notReady, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: settings.defaultNotReadyTolerationSeconds });
  }
  if (!unreachable) {
    next.push({ key: TaintKeys.unreachable, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: settings.defaultUnreachableTolerationSeconds });
  }
  return next;
}

/** ExtendedResourceToleration: `Exists:NoSchedule` for every extended resource requested, in name order. */
export function extendedResourceTolerations(pod: Pod): Toleration[] {
  const names = new Set<string>();
  for (const c of [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? [])]) {
    for (const name of Object.keys(c.resources?.requests ?? {})) if (isExtendedResourceName(name)) names.add(name);
  }
  return [...names].sort().map((key) => ({ key, operator: 'Exists', effect: 'NoSchedule' }));
}

export function admitPod(input: Pod, operation: AdmissionOperation, settings: DomainSettings): Pod {
  const pod = defaultRequestsFromLimits(input);
  const spec: PodSpec = { ...pod.spec };
  let tolerations: Toleration[] = [...(spec.tolerations ?? [])];
  const { admission } = settings;

  if (admission.daemonSetTolerations && isDaemonSetPod(pod)) {
    for (const t of daemonSetTolerations(spec)) tolerations = addOrUpdateToleration(tolerations, t);
  }
  if (admission.defaultTolerationSeconds) tolerations = withDefaultTolerationSeconds(tolerations, settings);
  const qosClass = computePodQOS(pod);
  if (admission.memoryPressureToleration && qosClass !== 'BestEffort') {
    tolerations = mergeTolerations(tolerations, [{ key: TaintKeys.memoryPressure, operator: 'Exists', effect: 'NoSchedule' }]);
  }
  if (admission.extendedResourceToleration) {
    for (const t of extendedResourceTolerations(pod)) tolerations = addOrUpdateToleration(tolerations, t);
  }

  spec.tolerations = tolerations;
  const admitted: Pod = { ...pod, spec };
  if (operation === 'CREATE' || !pod.status?.qosClass) admitted.status = { ...pod.status, qosClass };
  return admitted;
}
