import type { PodDisruptionBudget } from '../../policy/pod-disruption-budget';
import type { Pod } from '../../types';
import { affinitySelectorMatches, labelSelectorAsSelector } from '../inter-pod-affinity/label-selector-as-selector';

/**
 * filterPodsWithPDBViolation (default_preemption.go): the pods, in the order given, split by whether
 * taking them all would break a PodDisruptionBudget. Each budget of the pod's namespace whose
 * selector matches it (a selector that does not parse, a missing one and an empty one match no pod
 * here: `selector.Empty() || !selector.Matches(...)`) spends one of its status.disruptionsAllowed,
 * unless the pod is listed in its status.disruptedPods already (evicted, the budget has counted it);
 * a pod that drives one budget below zero violates. A pod without labels matches no budget.
 */
export interface BudgetSplit {
  readonly violating: readonly Pod[];
  readonly nonViolating: readonly Pod[];
}

const namespaceOf = (meta: { namespace?: string }): string => meta.namespace || 'default';

export function filterPodsWithPDBViolation(pods: readonly Pod[], budgets: readonly PodDisruptionBudget[]): BudgetSplit {
  const allowed = budgets.map((b) => b.status?.disruptionsAllowed ?? 0);
  const selectors = budgets.map((b) => {
    const selector = labelSelectorAsSelector(b.spec?.selector);
    return selector.ok && selector.value.kind === 'requirements' ? selector.value : undefined;
  });
  const violating: Pod[] = [];
  const nonViolating: Pod[] = [];
  for (const pod of pods) {
    let violated = false;
    const labels = pod.metadata.labels;
    if (labels && Object.keys(labels).length > 0) {
      for (const [i, budget] of budgets.entries()) {
        const selector = selectors[i];
        if (!selector || namespaceOf(budget.metadata) !== namespaceOf(pod.metadata) || !affinitySelectorMatches(selector, labels)) continue;
        if (budget.status?.disruptedPods && Object.prototype.hasOwnProperty.call(budget.status.disruptedPods, pod.metadata.name)) continue;
        const left = (allowed[i] ?? 0) - 1;
        allowed[i] = left;
        if (left < 0) violated = true;
      }
    }
    (violated ? violating : nonViolating).push(pod);
  }
  return { violating, nonViolating };
}
