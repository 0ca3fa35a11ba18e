import { typeMeta } from './meta-definitions';
import { CORE_V1, type Definitions, META_V1, coreKind, int32, list, listMap, ref, refTo, str, strings, time } from './schema-dsl';

/** core/v1 Event and Namespace, read by kubectl get; policy/v1 Eviction, which kubectl drain creates. */

const listOf = (kind: string, description: string): Definitions => ({
  [`${CORE_V1}${kind}List`]: {
    description,
    kinds: [coreKind(`${kind}List`)],
    required: ['items'],
    properties: { ...typeMeta, metadata: ref(`${META_V1}ListMeta`, 'Standard list metadata.'), items: list(refTo(`${CORE_V1}${kind}`), 'The items.') },
  },
});

export const otherDefinitions: Definitions = {
  [`${CORE_V1}Event`]: {
    description: 'Something that happened to an object (a taint added, a pod evicted), kept for a while.',
    kinds: [coreKind('Event')],
    required: ['metadata', 'involvedObject'],
    properties: {
      ...typeMeta,
      metadata: ref(`${META_V1}ObjectMeta`, 'Standard object metadata.'),
      involvedObject: ref(`${CORE_V1}ObjectReference`, 'The object the event is about.'),
      reason: str('Why, in CamelCase (TaintManagerEviction).'),
      message: str('What happened, for a person to read.'),
      source: ref(`${CORE_V1}EventSource`, 'Who reported it.'),
      firstTimestamp: time('When it first happened.'),
      lastTimestamp: time('When it last happened.'),
      count: int32('How many times it happened.'),
      type: str('Normal or Warning.'),
      eventTime: ref(`${META_V1}MicroTime`, 'When it first happened, to the microsecond (events.k8s.io style).'),
      series: ref(`${CORE_V1}EventSeries`, 'A series of the same event.'),
      action: str('What was done, or failed.'),
      related: ref(`${CORE_V1}ObjectReference`, 'A second object involved.'),
      reportingComponent: str('The controller that reported it.'),
      reportingInstance: str('Its instance.'),
    },
  },
  [`${CORE_V1}EventSource`]: {
    description: 'Who reported an event.',
    properties: { component: str('The component.'), host: str('The node it runs on.') },
  },
  [`${CORE_V1}EventSeries`]: {
    description: 'A series of the same event.',
    properties: { count: int32('How many so far.'), lastObservedTime: ref(`${META_V1}MicroTime`, 'When last seen.') },
  },
  [`${CORE_V1}ObjectReference`]: {
    description: 'A reference to an object.',
    properties: {
      kind: str('Its kind.'),
      namespace: str('Its namespace.'),
      name: str('Its name.'),
      uid: str('Its uid.'),
      apiVersion: str('Its API version.'),
      resourceVersion: str('The version of it referred to.'),
      fieldPath: str('A part of it, such as spec.containers{name}.'),
    },
  },
  ...listOf('Event', 'A list of events.'),
  [`${CORE_V1}Namespace`]: {
    description: 'A scope for names of namespaced objects (pods, events). The twin keeps those imported, and knows those its pods are in.',
    kinds: [coreKind('Namespace')],
    properties: {
      ...typeMeta,
      metadata: ref(`${META_V1}ObjectMeta`, 'Standard object metadata.'),
      spec: ref(`${CORE_V1}NamespaceSpec`, 'Its finalizers.'),
      status: ref(`${CORE_V1}NamespaceStatus`, 'Its phase.'),
    },
  },
  [`${CORE_V1}NamespaceSpec`]: {
    description: "A namespace's finalizers.",
    properties: { finalizers: strings('What must be done before the namespace is removed.') },
  },
  [`${CORE_V1}NamespaceStatus`]: {
    description: "A namespace's phase.",
    properties: {
      phase: str('Active or Terminating.'),
      conditions: listMap(refTo(`${CORE_V1}NamespaceCondition`), ['type'], 'Its conditions.'),
    },
  },
  [`${CORE_V1}NamespaceCondition`]: {
    description: 'A condition of a namespace.',
    required: ['type', 'status'],
    properties: {
      type: str('The condition.'),
      status: str('True, False or Unknown.'),
      lastTransitionTime: time('When the status last changed.'),
      reason: str('Why, in CamelCase.'),
      message: str('Details.'),
    },
  },
  ...listOf('Namespace', 'A list of namespaces.'),
  'io.k8s.api.policy.v1.Eviction': {
    description: "A request to evict a pod, made by POSTing it to the pod's eviction subresource (kubectl drain does).",
    kinds: [{ group: 'policy', version: 'v1', kind: 'Eviction' }],
    properties: {
      ...typeMeta,
      metadata: ref(`${META_V1}ObjectMeta`, "The pod's name and namespace."),
      deleteOptions: ref(`${META_V1}DeleteOptions`, 'How the pod is deleted.'),
    },
  },
};
