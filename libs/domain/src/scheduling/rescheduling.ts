import { podResourceRequest } from '../resources/pod-requests';
import type { Pod } from '../types';
import { holdsNodeResources, removePodUsage } from './node-usage';
import type { PlacementCapacity } from './placement-reasons';

/**
 * A stored pod already counts in its node's usage (usageByNode): asking where it fits means taking
 * it out first, or it competes with itself for its own room.
 */
export function excludingPod(capacity: PlacementCapacity, pod: Pod): PlacementCapacity {
  const nodeName = pod.spec?.nodeName;
  if (!nodeName || !holdsNodeResources(pod)) return capacity;
  const request = podResourceRequest(pod);
  return {
    usageOf: (name) => {
      const usage = capacity.usageOf(name);
      // No usage for its node: the caller did not count the pod, and there is nothing to take away.
      return name === nodeName && usage ? removePodUsage(usage, request) : usage;
    },
  };
}

/**
 * A stored bound pod as it would be scheduled again (after an eviction, a drain, a deletion its
 * controller replaces): spec.nodeName cleared, so the scheduler's filters apply and not the
 * kubelet's, and with capacity its own request taken off the node it leaves.
 */
export function asRescheduled(pod: Pod, capacity?: PlacementCapacity): { pod: Pod; capacity: PlacementCapacity | undefined } {
  const { nodeName: _leaving, ...spec } = pod.spec ?? {};
  return { pod: { ...pod, spec }, capacity: capacity && excludingPod(capacity, pod) };
}
