import type { Node, Pod } from '../../types';
import type { SchedulingSnapshot } from '../framework/scheduling-snapshot';
import { nodeAffinityMatches } from '../node-affinity';
import { type SpreadConstraint, type TopologySpreadOptions, nodeHasAllTopologyKeys, nodeIncludedBy, topologyValueOf } from './spread-constraints';
import { type SpreadSelector, isEmptySelector, spreadSelectorMatches } from './spread-selector';

/**
 * How many pods on a node a constraint's selector matches, in the namespace of the pod being
 * placed. The default reads the snapshot's pods one by one (countPodsMatchSelector); a cluster's
 * holder that keeps counts per selector can pass its own and spare PreFilter and PreScore the scan
 * of every pod (about 300,000 for 10,000 nodes).
 */
export type MatchingPodCounter = (node: Node, selector: SpreadSelector, namespace: string) => number;

/**
 * countPodsMatchSelector: the pods of the namespace the selector matches, leaving out terminating
 * ones (deletionTimestamp set, kubernetes/kubernetes#87621). An empty selector (labels.Everything(),
 * what a `{}` labelSelector is) counts none.
 */
export function countPodsMatchingSelector(pods: readonly Pod[], selector: SpreadSelector, namespace: string): number {
  if (isEmptySelector(selector)) return 0;
  let count = 0;
  for (const pod of pods) {
    if (pod.metadata.deletionTimestamp || (pod.metadata.namespace ?? 'default') !== namespace) continue;
    if (spreadSelectorMatches(selector, pod)) count++;
  }
  return count;
}

/** The counter over a snapshot's pods per node. */
export function snapshotPodCounter(snapshot: SchedulingSnapshot): MatchingPodCounter {
  return (node, selector, namespace) => countPodsMatchingSelector(snapshot.podsOn(node.metadata.name), selector, namespace);
}

/** Selectors whose counts a snapshot's counter keeps: one per workload asked about, in practice. */
const maxCountedSelectors = 64;

/**
 * The counter over a snapshot's pods that remembers, per namespace and selector, each node's count
 * once made: the replicas of one workload (one selector) asked about one after another, or PreFilter
 * then PreScore for one pod, count each node's pods once per revision of the cluster, as
 * kube-scheduler's PreFilter state counts them once per scheduling cycle. The holder of a cluster
 * makes one per revision (its snapshot is never changed); the least recently used selector goes
 * first past 64.
 */
export function cachedPodCounter(snapshot: SchedulingSnapshot): MatchingPodCounter {
  const counted = new Map<string, Map<string, number>>();
  // A pod's constraints hold one selector object, asked about node after node: its key is made once,
  // and the counts of the last one asked are at hand without a lookup.
  const keys = new WeakMap<SpreadSelector, string>();
  let last: { selector: SpreadSelector; namespace: string; byNode: Map<string, number> } | undefined;
  const countsOf = (selector: SpreadSelector, namespace: string): Map<string, number> => {
    if (last && last.selector === selector && last.namespace === namespace) return last.byNode;
    let selectorKey = keys.get(selector);
    if (selectorKey === undefined) keys.set(selector, (selectorKey = JSON.stringify(selector)));
    const key = `${namespace}\n${selectorKey}`;
    let byNode = counted.get(key);
    if (byNode) counted.delete(key);
    else byNode = new Map();
    counted.set(key, byNode);
    if (counted.size > maxCountedSelectors) counted.delete(counted.keys().next().value as string);
    last = { selector, namespace, byNode };
    return byNode;
  };
  return (node, selector, namespace) => {
    if (isEmptySelector(selector)) return 0;
    const byNode = countsOf(selector, namespace);
    const name = node.metadata.name;
    let count = byNode.get(name);
    if (count === undefined) {
      count = countPodsMatchingSelector(snapshot.podsOn(name), selector, namespace);
      byNode.set(name, count);
    }
    return count;
  };
}

/**
 * calPreFilterState's pass over every node: for each constraint, the matching pods per topology
 * domain (the value of its key), counting only nodes that carry every constraint's key and that the
 * constraint's inclusion policies admit. A domain a counted node belongs to is present, with 0 when
 * none of its pods match; a domain with no counted node is absent.
 */
export function matchingPodsPerDomain(
  pod: Pod,
  constraints: readonly SpreadConstraint[],
  nodes: readonly Node[],
  counter: MatchingPodCounter,
  options: TopologySpreadOptions = {},
): Map<string, number>[] {
  const namespace = pod.metadata.namespace ?? 'default';
  const counts = constraints.map(() => new Map<string, number>());
  const needsAffinity = constraints.some((c) => c.nodeAffinityPolicy === 'Honor');
  for (const node of nodes) {
    if (!nodeHasAllTopologyKeys(node, constraints)) continue;
    const affinityMatches = needsAffinity && nodeAffinityMatches(pod, node);
    constraints.forEach((c, i) => {
      if (!nodeIncludedBy(c, pod, node, affinityMatches, options)) return;
      const domains = counts[i] as Map<string, number>;
      const value = topologyValueOf(node, c.topologyKey);
      domains.set(value, (domains.get(value) ?? 0) + counter(node, c.selector, namespace));
    });
  }
  return counts;
}
