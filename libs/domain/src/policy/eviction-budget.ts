import { type Failure, failure } from '../failures/failure';
import { k8sTime } from '../foundation/k8s-time';
import { affinitySelectorMatches, labelSelectorAsSelector } from '../scheduling/inter-pod-affinity/label-selector-as-selector';
import type { Pod } from '../types';
import { objectsOf } from '../printing/table';
import type { PodDisruptionBudget, PodDisruptionBudgetStatus } from './pod-disruption-budget';

/**
 * What the eviction subresource decides of a pod's PodDisruptionBudgets, as kube-apiserver's
 * EvictionREST.Create (pkg/registry/core/pod/storage/eviction.go) decides it: a pod the budgets
 * need not be asked about (canIgnorePDB) goes; of the others, a pod no budget selects goes, one
 * that more than one selects is refused (500), an unready one goes when its budget lets unhealthy
 * pods go, and otherwise checkAndDecrement: the budget must allow a disruption, and the eviction
 * takes one (disruptionsAllowed less one, the pod among disruptedPods). The twin decides under its
 * cluster's write lock and writes the budget with the pod's deletion, so upstream's conflict
 * retries and resourceVersion preconditions have nothing to guard against here.
 */

/** MaxDisruptedPodSize: evictions approved and not yet seen by the disruption controller, at most. */
const MAX_DISRUPTED_POD_SIZE = 2000;

/** policyv1.DisruptionBudgetCause: the StatusCause type of a refusal by a budget. */
const DISRUPTION_BUDGET_CAUSE = 'DisruptionBudget';

const VIOLATES_BUDGET = "Cannot evict pod as it would violate the pod's disruption budget.";

type EvictionBudgetCheck =
  /** The pod may go, and no budget changes. */
  | { readonly kind: 'allowed' }
  /** The pod may go, and takes one of the budget's disruptions: the budget as the eviction leaves it, to be stored with the pod's deletion. */
  | { readonly kind: 'decremented'; readonly budget: PodDisruptionBudget }
  | { readonly kind: 'refused'; readonly failure: Failure };

const allowed: EvictionBudgetCheck = Object.freeze({ kind: 'allowed' });

/**
 * canIgnorePDB negated: whether the eviction asks the budgets at all. A Succeeded, Failed or
 * Pending pod, or one being deleted already, is deleted without them (it disrupts nothing more).
 */
export function evictionConsultsBudgets(pod: Pod): boolean {
  const phase = pod.status?.phase;
  return phase !== 'Succeeded' && phase !== 'Failed' && phase !== 'Pending' && !pod.metadata.deletionTimestamp;
}

/**
 * getPodDisruptionBudgets: the budgets of the pod's namespace whose selector selects it, as policy/v1
 * reads a selector: a missing one selects nothing, an empty one every pod; one that does not parse
 * selects nothing.
 */
export function budgetsOfPod(pod: Pod, budgets: readonly PodDisruptionBudget[]): PodDisruptionBudget[] {
  const namespace = pod.metadata.namespace || 'default';
  return budgets.filter((budget) => {
    if ((budget.metadata.namespace || 'default') !== namespace) return false;
    const selector = labelSelectorAsSelector(budget.spec?.selector);
    return selector.ok && affinitySelectorMatches(selector.value, pod.metadata.labels);
  });
}

/** podutil.IsPodReady: the (first) Ready condition is True. */
const isPodReady = (pod: Pod): boolean =>
  objectsOf<{ type?: unknown; status?: unknown }>(pod.status?.conditions).find((c) => c.type === 'Ready')?.status === 'True';

/**
 * The budgets' decision on evicting `pod` (one EvictionREST.Create takes after the pod is read):
 * `budgets` are those of the pod's namespace, `now` the time the eviction is recorded at.
 */
export function checkEvictionBudgets(pod: Pod, budgets: readonly PodDisruptionBudget[], now: number): EvictionBudgetCheck {
  if (!evictionConsultsBudgets(pod)) return allowed;
  const selecting = budgetsOfPod(pod, budgets);
  if (selecting.length > 1)
    return { kind: 'refused', failure: failure.unknown('This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.') };
  const [budget] = selecting;
  if (!budget) return allowed;
  const status = budget.status ?? {};
  if (!isPodReady(pod)) {
    // An unhealthy pod does not count towards currentHealthy: evicting it disrupts nothing the budget counts.
    if (budget.spec?.unhealthyPodEvictionPolicy === 'AlwaysAllow') return allowed;
    const [current, desired] = [status.currentHealthy ?? 0, status.desiredHealthy ?? 0];
    if (current >= desired && desired > 0) return allowed;
  }
  return checkAndDecrement(pod.metadata.name, budget, now);
}

/** checkAndDecrement: the budget allows a disruption now, or the refusal in kube-apiserver's words. */
function checkAndDecrement(podName: string, budget: PodDisruptionBudget, now: number): EvictionBudgetCheck {
  const status = budget.status ?? {};
  const name = budget.metadata.name;
  const allowedNow = status.disruptionsAllowed ?? 0;
  const generation = typeof budget.metadata.generation === 'number' ? budget.metadata.generation : 0;
  if ((status.observedGeneration ?? 0) < generation) {
    const cause = { type: DISRUPTION_BUDGET_CAUSE, message: `The disruption budget ${name} is still being processed by the server.` };
    return { kind: 'refused', failure: failure.tooManyRequests(VIOLATES_BUDGET, 10, [cause]) };
  }
  if (allowedNow < 0)
    return { kind: 'refused', failure: failure.forbiddenResource('poddisruptionbudget', 'policy', name, 'pdb disruptions allowed is negative') };
  if (Object.keys(status.disruptedPods ?? {}).length > MAX_DISRUPTED_POD_SIZE) {
    const why = 'DisruptedPods map too big - too many evictions not confirmed by PDB controller';
    return { kind: 'refused', failure: failure.forbiddenResource('poddisruptionbudget', 'policy', name, why) };
  }
  if (allowedNow === 0) {
    const message = `The disruption budget ${name} needs ${status.desiredHealthy ?? 0} healthy pods and has ${status.currentHealthy ?? 0} currently`;
    return { kind: 'refused', failure: failure.tooManyRequests(VIOLATES_BUDGET, 0, [{ type: DISRUPTION_BUDGET_CAUSE, message }]) };
  }
  const decremented: PodDisruptionBudgetStatus = {
    ...status,
    disruptionsAllowed: allowedNow - 1,
    disruptedPods: { ...status.disruptedPods, [podName]: k8sTime(now) },
  };
  if (decremented.disruptionsAllowed === 0) decremented.conditions = withNoDisruptionAllowed(status, now);
  return { kind: 'decremented', budget: { ...budget, status: decremented } };
}

interface Condition {
  type?: string;
  status?: string;
  observedGeneration?: number;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

/**
 * pdbhelper.UpdateDisruptionAllowedCondition once no disruption is allowed: the DisruptionAllowed
 * condition False for InsufficientPods, with no message, at the status's observedGeneration, set
 * as meta.SetStatusCondition sets one (in its place, or last when new; its transition time now
 * when its status changes or it is new).
 */
function withNoDisruptionAllowed(status: PodDisruptionBudgetStatus, now: number): Condition[] {
  const conditions = objectsOf<Condition>(status.conditions);
  const observedGeneration = status.observedGeneration ?? 0;
  const set = ({ observedGeneration: _was, ...existing }: Condition): Condition => ({
    ...existing,
    status: 'False',
    ...(existing.status === 'False' ? {} : { lastTransitionTime: k8sTime(now) }),
    reason: 'InsufficientPods',
    message: '',
    // omitempty: a generation of 0 is not written.
    ...(observedGeneration ? { observedGeneration } : {}),
  });
  if (conditions.some((c) => c.type === 'DisruptionAllowed')) return conditions.map((c) => (c.type === 'DisruptionAllowed' ? set(c) : c));
  return [...conditions, set({ type: 'DisruptionAllowed' })];
}
