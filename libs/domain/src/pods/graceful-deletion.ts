import type { Pod } from '../types';

/**
 * How long a deleted pod stays, terminating, before it is gone: the pod strategy's
 * CheckGracefulDelete (pkg/registry/core/pod/strategy.go) with no grace period in the delete
 * options, which is how the taint eviction controller and the eviction API delete.
 */

/** SetDefaults_PodSpec: the API server fills terminationGracePeriodSeconds with 30 when unset. */
const defaultTerminationGracePeriodSeconds = 30;

export function deletionGracePeriodSeconds(pod: Pod): number {
  // Not scheduled, or already terminated: nothing runs that could stop gracefully.
  if (!pod.spec?.nodeName) return 0;
  const phase = pod.status?.phase;
  if (phase === 'Succeeded' || phase === 'Failed') return 0;
  const period = pod.spec.terminationGracePeriodSeconds ?? defaultTerminationGracePeriodSeconds;
  // A negative period is read as 1 s, as the registry does since it stopped meaning "immediately".
  return period < 0 ? 1 : period;
}

export const isTerminating = (pod: Pod): boolean => Boolean(pod.metadata.deletionTimestamp);
