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

/** The steps of admission that add tolerations, in the order they run. */
const AdmissionSteps = {
  /** AddOrUpdateDaemonPodTolerations: the DaemonSet controller's, before the pod is created. */
  daemonSetController: 'DaemonSetController',
  defaultTolerationSeconds: 'DefaultTolerationSeconds',
  /** PodTolerationRestriction's memory-pressure toleration for pods that are not BestEffort. */
  podTolerationRestriction: 'PodTolerationRestriction',
  extendedResourceToleration: 'ExtendedResourceToleration',
} as const;
type AdmissionStep = (typeof AdmissionSteps)[keyof typeof AdmissionSteps];

/** A toleration of the admitted pod, and the step that put it there (none: the pod's own). */
interface AdmittedToleration {
  toleration: Toleration;
  addedBy?: AdmissionStep;
}

/** A pod as admitted, with where each of its tolerations came from. */
export interface ExplainedAdmission {
  /** Exactly what admitPod returns. */
  pod: Pod;
  /** The admitted pod's tolerations, in its order, each marked with the step that added it. */
  tolerations: AdmittedToleration[];
  /**
   * Tolerations a step took away: one it replaced (the DaemonSet controller's take the place of
   * one with the same key, operator, value and effect) or one PodTolerationRestriction's merge
   * found covered by another.
   */
  removed: { toleration: Toleration; by: AdmissionStep }[];
}

/**
 * admitPod, telling which tolerations each step added or took away. Steps keep the toleration
 * objects they leave alone and make new ones for what they add, so where each came from is
 * followed by identity from step to step.
 */
export function explainAdmission(input: Pod, operation: AdmissionOperation, settings: DomainSettings): ExplainedAdmission {
  const pod = defaultRequestsFromLimits(input);
  const spec: PodSpec = { ...pod.spec };
  let tolerations: Toleration[] = [...(spec.tolerations ?? [])];
  const addedBy = new Map<Toleration, AdmissionStep>();
  const removed: ExplainedAdmission['removed'] = [];
  // Counted, not only looked up: a pod may list one toleration object twice, and a merge keep one of them.
  const step = (by: AdmissionStep, next: Toleration[]) => {
    const count = new Map<Toleration, number>();
    for (const t of next) count.set(t, (count.get(t) ?? 0) + 1);
    for (const t of tolerations) {
      const left = count.get(t) ?? 0;
      if (left > 0) count.set(t, left - 1);
      else if (!addedBy.has(t)) removed.push({ toleration: t, by });
    }
    for (const [t, n] of count) if (n > 0) addedBy.set(t, by);
    tolerations = next;
  };
  const { admission } = settings;

  if (admission.daemonSetTolerations && isDaemonSetPod(pod)) {
    let next = tolerations;
    for (const t of daemonSetTolerations(spec)) next = addOrUpdateToleration(next, t);
    step(AdmissionSteps.daemonSetController, next);
  }
  if (admission.defaultTolerationSeconds) step(AdmissionSteps.defaultTolerationSeconds, withDefaultTolerationSeconds(tolerations, settings));
  const qosClass = computePodQOS(pod);
  if (admission.memoryPressureToleration && qosClass !== 'BestEffort') {
    step(AdmissionSteps.podTolerationRestriction, mergeTolerations(tolerations, [{ key: TaintKeys.memoryPressure, operator: 'Exists', effect: 'NoSchedule' }]));
  }
  if (admission.extendedResourceToleration) {
    let next = tolerations;
    for (const t of extendedResourceTolerations(pod)) next = addOrUpdateToleration(next, t);
    step(AdmissionSteps.extendedResourceToleration, next);
  }

  spec.tolerations = tolerations;
  const admitted: Pod = { ...pod, spec };
  if (operation === 'CREATE' || !pod.status?.qosClass) admitted.status = { ...pod.status, qosClass };
  const marked = tolerations.map((toleration): AdmittedToleration => {
    const by = addedBy.get(toleration);
    return by ? { toleration, addedBy: by } : { toleration };
  });
  return { pod: admitted, tolerations: marked, removed };
}

export function admitPod(input: Pod, operation: AdmissionOperation, settings: DomainSettings): Pod {
  return explainAdmission(input, operation, settings).pod;
}
