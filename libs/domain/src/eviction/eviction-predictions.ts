import type { EvictionStep } from './eviction-steps';
import type { ScheduledEviction } from './no-execute-plan';

/**
 * A mirror's copy of the taint eviction controller: the same step (evictionStep), recorded as what
 * the cluster's own controller will do rather than done. One step differs: a pod already predicted
 * to go by now (an immediate eviction, or a deadline past) is not predicted again while it is still
 * shown, as the managed controller would evict it again: its cluster is deleting it, and the next
 * sync or import shows it gone.
 */
export function predictionStep(step: EvictionStep, predicted: ScheduledEviction | undefined, now: number): EvictionStep {
  if (step.step === 'EvictNow' && predicted !== undefined && predicted.fireAt <= now) return { step: 'Nothing' };
  return step;
}

/**
 * How a prediction ends when its pod leaves the mirror (an import or sync deletes it): at or past
 * its deadline, it came true (`DeletedAtSource`); before, the pod went for another reason, and the
 * prediction is cancelled as the controller cancels the work of a deleted pod (`PodDeleted`).
 */
export function predictionOnPodDeleted(fireAt: number, now: number): 'DeletedAtSource' | 'PodDeleted' {
  return now >= fireAt ? 'DeletedAtSource' : 'PodDeleted';
}
