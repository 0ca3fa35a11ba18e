import { type MatchOptions, type Pod, type Taint, evictionStep, isTerminating, predictionStep } from '@taintgate/domain';
import type { Eviction } from '../../generated/prisma/client';
import { EvictionOutcome } from '../../store/evictions/eviction-outcome';
import { podKey } from '../../store/pod-record';

/**
 * What the taint eviction controller does with each pod, from what was read (the pods, their
 * nodes' taints, the evictions scheduled for them by `namespace/name`), with no I/O: a large write
 * works it out before it takes the cluster's lock (the taint command's plan, taint-plan.ts), the
 * controller in its writes (TaintEvictionController), and the ledger records it (carryOut). In a
 * mirror (`predicting`) each step is a prediction of its cluster's controller (predictionStep).
 */
export function evictionOutcomeFor(
  pods: Iterable<Pod>,
  taintsOf: ReadonlyMap<string, readonly Taint[]>,
  scheduledOf: ReadonlyMap<string, Eviction>,
  now: number,
  options: MatchOptions,
  predicting = false,
): EvictionOutcome {
  const outcome = new EvictionOutcome();
  for (const pod of pods) {
    // Already being deleted: a second delete changes nothing, and there is nothing to record.
    if (isTerminating(pod)) continue;
    const existing = scheduledOf.get(podKey(pod.metadata.namespace ?? 'default', pod.metadata.name));
    const current = existing && { startedAt: existing.startedAt.getTime(), fireAt: existing.scheduledFor.getTime() };
    const decided = evictionStep({ taints: taintsOf.get(pod.spec?.nodeName ?? ''), tolerations: pod.spec?.tolerations, scheduled: current }, now, options);
    const step = predicting ? predictionStep(decided, current, now) : decided;
    if (step.step === 'Nothing') continue;
    if (step.step === 'Cancel') {
      if (existing) outcome.cancel(existing, step.reason);
      continue;
    }
    if (existing && step.supersedes) outcome.cancel(existing, 'Superseded');
    if (step.step === 'EvictNow') outcome.evictNow(pod, step);
    else outcome.schedule(pod, step);
  }
  return outcome;
}
