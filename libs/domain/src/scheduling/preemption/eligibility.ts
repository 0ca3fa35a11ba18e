import type { Pod } from '../../types';
import type { SchedulingSnapshot } from '../framework/scheduling-snapshot';
import { podPriority } from './pod-importance';

/**
 * DefaultPreemption.PodEligibleToPreemptOthers (pkg/scheduler/framework/plugins/defaultpreemption/
 * default_preemption.go): whether the pod may preempt at all, and if not the words the PostFilter
 * status carries after `preemption: `.
 */
export type PreemptionEligibility = { readonly eligible: true } | { readonly eligible: false; readonly message: string };

const eligible: PreemptionEligibility = Object.freeze({ eligible: true });

/** isPreemptionAllowed with the default IsEligiblePod (which allows every pod): a lower priority than the preemptor's. */
export const preemptionAllowed = (victim: Pod, preemptor: Pod): boolean => podPriority(victim) < podPriority(preemptor);

interface PodCondition {
  type?: unknown;
  status?: unknown;
  reason?: unknown;
}

/**
 * podTerminatingByPreemption: being deleted (deletionTimestamp set) and, in its first DisruptionTarget
 * condition, True with reason PreemptionByScheduler: the condition the scheduler patches onto a
 * victim before it deletes it.
 */
export function podTerminatingByPreemption(pod: Pod): boolean {
  if (!pod.metadata.deletionTimestamp) return false;
  const conditions = pod.status?.conditions;
  if (!Array.isArray(conditions)) return false;
  const target = (conditions as unknown[]).find(
    (c): c is PodCondition => typeof c === 'object' && c !== null && (c as PodCondition).type === 'DisruptionTarget',
  );
  return target !== undefined && target.status === 'True' && target.reason === 'PreemptionByScheduler';
}

/**
 * 1. preemptionPolicy Never: not eligible.
 * 2. A pod nominated to a node already (status.nominatedNodeName, set by an earlier preemption) is
 *    eligible again when that node's status is UnschedulableAndUnresolvable (`nominatedNodeUnresolvable`;
 *    a node absent from the statuses has that status too); otherwise it waits, not eligible, while a
 *    pod of lower priority on that node is terminating by preemption: its victims are still leaving.
 */
export function podEligibleToPreemptOthers(pod: Pod, snapshot: SchedulingSnapshot, nominatedNodeUnresolvable: boolean): PreemptionEligibility {
  if (pod.spec?.preemptionPolicy === 'Never') return { eligible: false, message: 'not eligible due to preemptionPolicy=Never.' };
  const nominated = pod.status?.nominatedNodeName;
  if (typeof nominated !== 'string' || nominated === '' || nominatedNodeUnresolvable) return eligible;
  for (const other of snapshot.podsOn(nominated)) {
    if (preemptionAllowed(other, pod) && podTerminatingByPreemption(other)) {
      return { eligible: false, message: 'not eligible due to a terminating pod on the nominated node.' };
    }
  }
  return eligible;
}
