import type { ObjectLabelSelector, Pod } from '../../types';
import { type SelectorRequirement, type SpreadSelector, controllerRefOf, requirementsHold, spreadSelectorOf } from './spread-selector';

/**
 * The objects kube-scheduler reads to build the selector of the default spread constraints
 * (helper.DefaultSelector): the Services of the pod's namespace, and the ReplicationController,
 * ReplicaSet or StatefulSet that controls the pod. Each lister is optional: the twin holds none of
 * these kinds today, and where a lister is missing the selector is built as described on
 * `defaultSpreadSelector`. A lister answers undefined for an object it does not hold (or that has
 * no selector): kube-scheduler then adds nothing for it either.
 */
export interface DefaultSelectorSources {
  /** spec.selector of every Service in the namespace; undefined for a Service without one (it selects nothing). */
  readonly services?: (namespace: string) => readonly (Readonly<Record<string, string>> | undefined)[];
  readonly replicationControllerSelector?: (namespace: string, name: string) => Readonly<Record<string, string>> | undefined;
  readonly replicaSetSelector?: (namespace: string, name: string) => ObjectLabelSelector | null | undefined;
  readonly statefulSetSelector?: (namespace: string, name: string) => ObjectLabelSelector | null | undefined;
}

/** The controllers whose selector DefaultSelector takes (rcKind, rsKind, ssKind): exactly these group/version/kinds. */
const controllerKinds = [
  { group: '', version: 'v1', kind: 'ReplicationController' },
  { group: 'apps', version: 'v1', kind: 'ReplicaSet' },
  { group: 'apps', version: 'v1', kind: 'StatefulSet' },
] as const;

const asRequirements = (set: ReadonlyMap<string, string>): SelectorRequirement[] => [...set].map(([key, value]) => ({ key, operator: 'In', values: [value] }));

/**
 * helper.DefaultSelector: the labels of every Service selecting the pod (GetPodServices: same
 * namespace, a selector that is set and matches the pod's labels), merged; then, for a pod
 * controlled by an apps/v1 ReplicaSet or StatefulSet, that controller's selector requirements
 * ANDed in, or for a v1 ReplicationController its selector merged into the Services' labels. No
 * Service and no such controller: the empty selector, and then the pod gets no default constraint.
 *
 * Where the twin lacks the lister for the pod's controller, its selector is stood in for by "the
 * pods this controller owns" (a `controller` selector). The two agree for well-behaved controllers:
 * a ReplicaSet made by a Deployment selects the Deployment's labels plus its own pod-template-hash,
 * which only its pods carry, and a controller adopts any orphan its selector matches. What it
 * cannot see: pods that match the selector but are owned by another controller (overlapping
 * selectors), and a controller that no longer exists (kube-scheduler then adds nothing for it).
 * Without a Services lister, Services are not evaluated at all: a pod no supported controller owns
 * (a bare pod, a Job's or a DaemonSet's) gets no default constraint, where kube-scheduler would
 * spread it by the Services that select it.
 */
export function defaultSpreadSelector(pod: Pod, sources: DefaultSelectorSources = {}): SpreadSelector {
  const namespace = pod.metadata.namespace ?? 'default';
  const podLabels = pod.metadata.labels ?? {};
  const labelSet = new Map<string, string>();
  for (const selector of sources.services?.(namespace) ?? []) {
    // Services with no selector select nothing, not everything.
    if (!selector) continue;
    const requirements = asRequirements(new Map(Object.entries(selector)));
    if (!requirementsHold(requirements, podLabels)) continue;
    for (const [key, value] of Object.entries(selector)) labelSet.set(key, value);
  }
  const servicesOnly: SpreadSelector = { kind: 'labels', requirements: asRequirements(labelSet) };

  const owner = controllerRefOf(pod);
  if (!owner) return servicesOnly;
  const known = controllerKinds.find((k) => k.group === owner.group && k.version === owner.version && k.kind === owner.kind);
  if (!known) return servicesOnly;

  const { version: _version, ...controller } = owner;
  const standIn: SpreadSelector = { kind: 'controller', controller, requirements: servicesOnly.requirements };

  if (known.kind === 'ReplicationController') {
    if (!sources.replicationControllerSelector) return standIn;
    const selector = sources.replicationControllerSelector(namespace, owner.name);
    if (!selector) return servicesOnly;
    for (const [key, value] of Object.entries(selector)) labelSet.set(key, value);
    return { kind: 'labels', requirements: asRequirements(labelSet) };
  }
  const lister = known.kind === 'ReplicaSet' ? sources.replicaSetSelector : sources.statefulSetSelector;
  if (!lister) return standIn;
  const parsed = spreadSelectorOf(lister(namespace, owner.name));
  // A missing selector (labels.Nothing()) has no requirements to add, an invalid one is skipped.
  if (!parsed.ok || parsed.value.kind !== 'labels') return servicesOnly;
  return { kind: 'labels', requirements: [...servicesOnly.requirements, ...parsed.value.requirements] };
}
