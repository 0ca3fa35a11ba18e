/**
 * The pod garbage collector's gcOrphaned (pkg/controller/podgc/gc_controller.go): pods bound to
 * a node that does not exist are deleted, once the node has stayed missing for the quarantine
 * (`quarantineTime`, 40 s upstream), so that a node that is only being re-created keeps its pods.
 */

/** A pod bound to a node, as the collector looks at it. */
export interface BoundPod {
  namespace: string;
  name: string;
  nodeName: string;
  /** When the pod was last written (bound): the earliest the collector can have seen it orphaned. */
  boundAt: number;
}

export interface OrphanClock {
  nodeExists: (nodeName: string) => boolean;
  /** When the node was deleted, if it was (and is still missing). */
  nodeDeletedAt: (nodeName: string) => number | undefined;
}

/**
 * The orphans whose quarantine has passed. Upstream puts a missing node in quarantine the first
 * time a GC pass sees a pod bound to it (nodeQueue.AddAfter); here the quarantine starts at the
 * later of the node's deletion and the pod's binding, the first moment a pass could have seen it.
 */
export function orphansToCollect<P extends BoundPod>(pods: readonly P[], clock: OrphanClock, now: number, quarantineMs: number): P[] {
  return pods.filter((pod) => {
    if (clock.nodeExists(pod.nodeName)) return false;
    const missingSince = Math.max(clock.nodeDeletedAt(pod.nodeName) ?? Number.NEGATIVE_INFINITY, pod.boundAt);
    return now - missingSince >= quarantineMs;
  });
}

/** The condition the collector sets before deleting (markFailedAndDeletePodWithCondition). */
export const podGcDeletion = { reason: 'DeletionByPodGC', message: 'PodGC: node no longer exists' } as const;
