import { typeMeta } from './meta-definitions';
import { type Definitions, type GroupVersionKind, META_V1, int32, int64, list, listMap, ref, refTo, str, time } from './schema-dsl';

/**
 * policy/v1 PodDisruptionBudget as kubectl get reads it: the spec (how many of the pods it selects
 * must stay available, or may be unavailable) and the status the disruption controller keeps,
 * which evictions read and write.
 */

const POLICY_V1 = 'io.k8s.api.policy.v1.';
const INT_OR_STRING = 'io.k8s.apimachinery.pkg.util.intstr.IntOrString';

const policyKind = (kind: string): GroupVersionKind => ({ group: 'policy', version: 'v1', kind });

export const policyDefinitions: Definitions = {
  [INT_OR_STRING]: {
    description: 'A count or a percentage: an integer (2) or a string of digits and % ("50%").',
    scalar: { type: 'string', format: 'int-or-string' },
  },
  [`${POLICY_V1}PodDisruptionBudget`]: {
    description:
      'How many of the pods it selects may be disrupted at once (evicted, preempted): the least that must stay available, or the most that may be unavailable.',
    kinds: [policyKind('PodDisruptionBudget')],
    properties: {
      ...typeMeta,
      metadata: ref(`${META_V1}ObjectMeta`, 'Standard object metadata.'),
      spec: ref(`${POLICY_V1}PodDisruptionBudgetSpec`, 'The pods it guards and its budget.'),
      status: ref(`${POLICY_V1}PodDisruptionBudgetStatus`, 'The disruptions it allows now, as the disruption controller counted them.'),
    },
  },
  [`${POLICY_V1}PodDisruptionBudgetSpec`]: {
    description: 'The pods a budget guards, and how many of them must stay available (or may be unavailable): one of minAvailable and maxUnavailable.',
    properties: {
      minAvailable: ref(INT_OR_STRING, 'The least of the selected pods that must stay available after an eviction: a count or a percentage.'),
      maxUnavailable: ref(INT_OR_STRING, 'The most of the selected pods that may be unavailable after an eviction: a count or a percentage.'),
      selector: ref(`${META_V1}LabelSelector`, 'The pods it guards, in its namespace; null selects none, {} every pod.'),
      unhealthyPodEvictionPolicy: str('When a pod that is not ready may be evicted: IfHealthyBudget (the default) or AlwaysAllow.'),
    },
  },
  [`${POLICY_V1}PodDisruptionBudgetStatus`]: {
    description: "What the disruption controller last counted of a budget's pods.",
    required: ['disruptionsAllowed', 'currentHealthy', 'desiredHealthy', 'expectedPods'],
    properties: {
      observedGeneration: int64('The generation of the spec it counted.'),
      disruptedPods: {
        type: 'object',
        additionalProperties: refTo(`${META_V1}Time`),
        description: 'The pods evicted (by name) and when, which the controller has not yet seen go.',
      },
      disruptionsAllowed: int32('How many of its pods may be disrupted now.'),
      currentHealthy: int32('How many of its pods are healthy.'),
      desiredHealthy: int32('How many of its pods must be healthy.'),
      expectedPods: int32('How many pods it counts.'),
      conditions: listMap(refTo(`${META_V1}Condition`), ['type'], 'Its conditions (DisruptionAllowed).'),
    },
  },
  [`${META_V1}Condition`]: {
    description: 'A condition of an object, as the metav1 conditions of an API status are written.',
    required: ['type', 'status', 'lastTransitionTime', 'reason', 'message'],
    properties: {
      type: str('The condition (DisruptionAllowed).'),
      status: str('True, False or Unknown.'),
      observedGeneration: int64('The generation it was set from.'),
      lastTransitionTime: time('When the status last changed.'),
      reason: str('Why, in CamelCase.'),
      message: str('Details.'),
    },
  },
  [`${POLICY_V1}PodDisruptionBudgetList`]: {
    description: 'A list of PodDisruptionBudgets.',
    kinds: [policyKind('PodDisruptionBudgetList')],
    required: ['items'],
    properties: {
      ...typeMeta,
      metadata: ref(`${META_V1}ListMeta`, 'Standard list metadata.'),
      items: list(refTo(`${POLICY_V1}PodDisruptionBudget`), 'The items.'),
    },
  },
};
