import type { Node, Pod } from '../../types';
import type { SchedulingSnapshot } from '../framework/scheduling-snapshot';
import { podHasPodAffinity, podHasRequiredAntiAffinity } from './affinity-term';

/**
 * The snapshot's lists of pods with pod affinity, which kube-scheduler keeps in its cache so that a
 * pod without affinity of its own need not look at every pod: NodeInfo.PodsWithAffinity and
 * NodeInfo.PodsWithRequiredAntiAffinity per node, and the snapshot's HavePodsWithAffinityList and
 * HavePodsWithRequiredAntiAffinityList of the nodes that have any. A cluster's holder that keeps
 * them up to date hands them in; without them, PreFilter and PreScore find those pods themselves
 * in one pass over every pod.
 *
 * The node lists should be in name order, as the snapshot's nodes are: the details name the first
 * pod found holding a term, and that order makes the one named the same from one answer to the next.
 */
export interface AffinityPodIndex {
  /** HavePodsWithRequiredAntiAffinityList: the nodes holding a pod with a required anti-affinity term. */
  readonly nodesWithRequiredAntiAffinityPods: readonly Node[];
  /** NodeInfo.PodsWithRequiredAntiAffinity: a node's pods with a required anti-affinity term (podHasRequiredAntiAffinity). */
  readonly requiredAntiAffinityPodsOn: (nodeName: string) => readonly Pod[];
  /** HavePodsWithAffinityList: the nodes holding a pod with pod affinity or pod anti-affinity. */
  readonly nodesWithAffinityPods: readonly Node[];
  /** NodeInfo.PodsWithAffinity: a node's pods with pod affinity or pod anti-affinity of any kind (podHasPodAffinity). */
  readonly affinityPodsOn: (nodeName: string) => readonly Pod[];
}

/** The index built from a snapshot in one pass: for tests, and for what-if snapshots too small to keep one. */
export function affinityPodIndexOf(snapshot: SchedulingSnapshot): AffinityPodIndex {
  const withAffinity = new Map<string, Pod[]>();
  const withRequiredAntiAffinity = new Map<string, Pod[]>();
  const nodesWithAffinityPods: Node[] = [];
  const nodesWithRequiredAntiAffinityPods: Node[] = [];
  for (const node of snapshot.nodes) {
    const pods = snapshot.podsOn(node.metadata.name);
    const affinityPods = pods.filter(podHasPodAffinity);
    const antiAffinityPods = affinityPods.filter(podHasRequiredAntiAffinity);
    if (affinityPods.length > 0) {
      withAffinity.set(node.metadata.name, affinityPods);
      nodesWithAffinityPods.push(node);
    }
    if (antiAffinityPods.length > 0) {
      withRequiredAntiAffinity.set(node.metadata.name, antiAffinityPods);
      nodesWithRequiredAntiAffinityPods.push(node);
    }
  }
  return {
    nodesWithRequiredAntiAffinityPods,
    requiredAntiAffinityPodsOn: (nodeName) => withRequiredAntiAffinity.get(nodeName) ?? [],
    nodesWithAffinityPods,
    affinityPodsOn: (nodeName) => withAffinity.get(nodeName) ?? [],
  };
}
