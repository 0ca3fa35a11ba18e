import type { Node, Pod } from '../../types';
import type { SchedulingSnapshot } from '../framework/scheduling-snapshot';
import { nodeAffinityMatches } from '../node-affinity';
import { type SpreadConstraint, type TopologySpreadOptions, nodeHasAllTopologyKeys, nodeIncludedBy, topologyValueOf } from './spread-constraints';
import { type SpreadSelector, controllerOf, isEmptySelector, spreadSelectorMatches } from './spread-selector';
import { CountColumn, PositionCounts } from './position-counts';
import { type PodLabelIndex, type PodLabelSet, labelSetKey, labelSetsControlledBy, labelSetsWith, memberPositions } from '../framework/pod-label-index';

/**
 * How many pods on a node a constraint's selector matches, in the namespace of the pod being
 * placed. The default reads the snapshot's pods one by one (countPodsMatchSelector); a cluster's
 * holder that keeps counts per selector can pass its own and spare PreFilter and PreScore the scan
 * of every pod (about 300,000 for 10,000 nodes).
 */
export type MatchingPodCounter = ((node: Node, selector: SpreadSelector, namespace: string) => number) & {
  /**
   * A holder's counts per domain of `topologyKey` over every node of its snapshot that carries all of
   * `requiredKeys`, each node counted (no inclusion policy applied), in the nodes' order: made once
   * per revision and kept, for the pods whose constraints include every node (domainCountsFor).
   * Never to be changed by the caller.
   */
  readonly perDomain?: (topologyKey: string, requiredKeys: readonly string[], selector: SpreadSelector, namespace: string) => ReadonlyMap<string, number>;
  /** A holder's counts of every node by name (absent ones 0), when it has them all: undefined otherwise. Never to be changed. */
  readonly countsByNode?: (selector: SpreadSelector, namespace: string) => ReadonlyMap<string, number> | undefined;
  /**
   * The same counts by the node's position in the snapshot's nodes, when the counter keeps them (a
   * simulation's, with the index of pods by labels): kept as pods are bound and taken off. The array
   * is the counter's one column (position-counts.ts): it holds these counts until the counter is next
   * asked for another selector's column, and must be read before. Never to be changed by the caller.
   */
  readonly countsByPosition?: (selector: SpreadSelector, namespace: string) => Int32Array | undefined;
  /**
   * With countsByPosition: the positions whose count is or was not 0, each once (a node whose pods
   * all left stays listed, at 0), kept as pods are bound: the few nodes that hold a workload's
   * replicas, without a pass over the column. Never to be changed by the caller.
   */
  readonly positionsCounted?: (selector: SpreadSelector, namespace: string) => readonly number[] | undefined;
};

const hasLabel = (labels: Readonly<Record<string, string>>, key: string): boolean => Object.prototype.hasOwnProperty.call(labels, key);

/** Per domain of `topologyKey`, the pods `counter` counts on every node carrying all of `requiredKeys`; domains of such nodes present at 0. */
function countPerDomain(
  nodes: readonly Node[],
  counter: MatchingPodCounter,
  topologyKey: string,
  requiredKeys: readonly string[],
  selector: SpreadSelector,
  namespace: string,
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const node of nodes) {
    const labels = node.metadata.labels ?? {};
    if (!requiredKeys.every((key) => hasLabel(labels, key))) continue;
    const value = labels[topologyKey] ?? '';
    counts.set(value, (counts.get(value) ?? 0) + counter(node, selector, namespace));
  }
  return counts;
}

/**
 * Does every node count for the constraint, whatever it is (matchNodeInclusionPolicies)? With Ignore
 * for both policies, or Honor for node affinity when the pod has neither nodeSelector nor required
 * node affinity: then a holder's counts per domain (perDomain) are the pod's.
 */
export function includesEveryNode(constraint: SpreadConstraint, pod: Pod): boolean {
  if (constraint.nodeTaintsPolicy === 'Honor') return false;
  if (constraint.nodeAffinityPolicy !== 'Honor') return true;
  const spec = pod.spec;
  return Object.keys(spec?.nodeSelector ?? {}).length === 0 && spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution == null;
}

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
 * The sets a selector may match: a `controller` selector's, those its controller controls
 * (labelSetsControlledBy: a default constraint's count reads a workload's few sets, not every
 * set); else those with a value its first `In` requirement allows (labelSetsWith); else every set.
 */
function setsSelectorMayMatch(labels: PodLabelIndex, selector: SpreadSelector): readonly PodLabelSet[] {
  if (selector.kind === 'controller') return labelSetsControlledBy(labels, selector.controller);
  const required = selector.kind === 'nothing' ? undefined : selector.requirements.find((r) => r.operator === 'In');
  return required ? labelSetsWith(labels, required.key, required.values) : labels.sets;
}

/**
 * Every node's count of a selector at once, by the node's position in the snapshot, from the sets of
 * pods alike: a count of a workload's 300 replicas counts 300 positions and makes no map. Where the
 * index numbered its pods over the snapshot's very nodes (`positioned`), the members' positions are
 * read from each set's packed column (memberPositions); else each member's node is looked up by name.
 */
function countsFromLabelSets(
  labels: PodLabelIndex,
  selector: SpreadSelector,
  namespace: string,
  column: CountColumn,
  positioned: boolean,
  positionOf: (name: string) => number | undefined,
): PositionCounts {
  return column.count((count) => {
    for (const set of setsSelectorMayMatch(labels, selector)) {
      if ((set.pod.metadata.namespace ?? 'default') !== namespace || !spreadSelectorMatches(selector, set.pod)) continue;
      if (positioned) {
        for (const at of memberPositions(set)) if (at >= 0) count(at);
        continue;
      }
      for (const member of set.members) {
        const at = member.terminating ? undefined : positionOf(member.nodeName);
        if (at !== undefined) count(at);
      }
    }
  });
}

/** Whether an index's ordinals were made over these very nodes (in this order): then a member's node is its ordinal's position. */
function positionedFor(index: PodLabelIndex, nodes: readonly Node[]): boolean {
  const names = index.names;
  if (names?.length !== nodes.length) return false;
  for (let i = 0; i < names.length; i++) if (names[i] !== (nodes[i] as Node).metadata.name) return false;
  return true;
}

/**
 * The counter over a snapshot's pods that remembers, per namespace and selector, each node's count
 * once made: the replicas of one workload (one selector) asked about one after another, or PreFilter
 * then PreScore for one pod, count each node's pods once per revision of the cluster, as
 * kube-scheduler's PreFilter state counts them once per scheduling cycle. The holder of a cluster
 * makes one per revision (its snapshot is never changed); the least recently used selector goes
 * first past 64. With the holder's index of pods by labels (`labels`, asked for when a selector is
 * first counted), a selector's counts are made for every node at once, from the sets of pods it
 * matches; without it, node by node as asked.
 */
export function cachedPodCounter(snapshot: SchedulingSnapshot, labels?: () => PodLabelIndex | undefined): MatchingPodCounter {
  return keptPodCounter(snapshot, labels).counter;
}

/**
 * cachedPodCounter with its counts kept as pods are bound (a simulation binding pods one after
 * another): `bound` counts a pod just bound to `node` (and now in its podsOn) in every count made so
 * far, so that the counts stay those of the snapshot as it now is; `unbound` the same for a pod taken
 * off (and no longer in its podsOn). A simulation keeps more selectors
 * (`selectorsKept`): a drain moves the replicas of a thousand workloads in turn, and a count made
 * again costs a pass over the pods' sets, where one kept costs a few entries a bind.
 */
export function keptPodCounter(
  snapshot: SchedulingSnapshot,
  labels?: () => PodLabelIndex | undefined,
  selectorsKept: number = maxCountedSelectors,
): { counter: MatchingPodCounter; bound: (pod: Pod, node: Node) => void; unbound: (pod: Pod, node: Node) => void } {
  const counted = new Map<string, Counts>();
  // Whether the index numbered its pods over the snapshot's nodes, found at the first count; the column counts are made and shown in.
  let positioned: boolean | undefined;
  let column: CountColumn | undefined;
  const columnOf = () => (column ??= new CountColumn(snapshot.nodes.length));
  // Each node's position in the snapshot, for the counts by position (made on first asking).
  let positions: Map<string, number> | undefined;
  const positionOf = (name: string): number | undefined => (positions ??= new Map(snapshot.nodes.map((node, i) => [node.metadata.name, i]))).get(name);
  // The counts a bound pod moves, by what selectors read of it (its namespace and labels): a bind
  // tests a pod's labels against each selector once, not every bind against every selector kept.
  // A selector counted later is added to the lists it matches; one dropped empties them all.
  const matching = new Map<string, MatchingEntry>();
  // Both sides by controller too: a controller's selector matches only the pods of that controller, so
  // a selector counted first, or a pod's labels bound first, is tested against those alone (a drain
  // of a thousand workloads would test each against all the others).
  const matchingByController = new Map<string, MatchingEntry[]>();
  const countedByController = new Map<string, Set<Counts>>();
  const countedByLabels = new Set<Counts>();
  const countedOf = (selector: SpreadSelector): Set<Counts> | undefined => {
    if (selector.kind === 'nothing') return undefined;
    if (selector.kind === 'labels') return countedByLabels;
    const key = controllerKey(selector.controller);
    let set = countedByController.get(key);
    if (!set) countedByController.set(key, (set = new Set()));
    return set;
  };
  const selects = (counts: Counts, pod: Pod) =>
    (pod.metadata.namespace ?? 'default') === counts.namespace && !isEmptySelector(counts.selector) && spreadSelectorMatches(counts.selector, pod);
  // A pod's constraints hold one selector object, asked about node after node: its key is made once,
  // and the counts of the last one asked are at hand without a lookup.
  const keys = new WeakMap<SpreadSelector, string>();
  let last: { selector: SpreadSelector; namespace: string; counts: Counts } | undefined;
  const countsOf = (selector: SpreadSelector, namespace: string): Counts => {
    if (last && last.selector === selector && last.namespace === namespace) return last.counts;
    let selectorKey = keys.get(selector);
    if (selectorKey === undefined) keys.set(selector, (selectorKey = JSON.stringify(selector)));
    const key = `${namespace}\n${selectorKey}`;
    let counts = counted.get(key);
    if (counts) counted.delete(key);
    else {
      const index = labels?.();
      positioned ??= index !== undefined && positionedFor(index, snapshot.nodes);
      const added: Counts = index
        ? {
            selector,
            namespace,
            complete: true,
            byPosition: countsFromLabelSets(index, selector, namespace, columnOf(), positioned, positionOf),
            domains: new Map(),
          }
        : { selector, namespace, byNode: new Map(), complete: false, domains: new Map() };
      const candidates = selector.kind === 'controller' ? (matchingByController.get(controllerKey(selector.controller)) ?? []) : matching.values();
      for (const entry of candidates) if (selects(added, entry.pod)) entry.counts.push(added);
      countedOf(selector)?.add(added);
      counts = added;
    }
    counted.set(key, counts);
    if (counted.size > selectorsKept) {
      const oldest = counted.keys().next().value as string;
      const dropped = counted.get(oldest) as Counts;
      counted.delete(oldest);
      countedOf(dropped.selector)?.delete(dropped);
      matching.clear();
      matchingByController.clear();
    }
    last = { selector, namespace, counts };
    return counts;
  };
  const counter = (node: Node, selector: SpreadSelector, namespace: string): number => {
    if (isEmptySelector(selector)) return 0;
    const counts = countsOf(selector, namespace);
    const name = node.metadata.name;
    if (counts.complete) {
      const at = positionOf(name);
      return at === undefined ? 0 : counts.byPosition.countAt(at);
    }
    let count = counts.byNode.get(name);
    if (count === undefined) {
      count = countPodsMatchingSelector(snapshot.podsOn(name), selector, namespace);
      counts.byNode.set(name, count);
    }
    return count;
  };
  // Every selector's domains are the same (those of the nodes carrying the keys): each node's domain
  // by position, and the domains in the nodes' order (as countPerDomain lists them), made once per key.
  const domainsByKey = new Map<string, { readonly at: Int32Array; readonly values: readonly string[] }>();
  const domainsOf = (key: string, topologyKey: string, requiredKeys: readonly string[]) => {
    let domains = domainsByKey.get(key);
    if (!domains) {
      const at = new Int32Array(snapshot.nodes.length).fill(-1);
      const index = new Map<string, number>();
      snapshot.nodes.forEach((node, i) => {
        const labels = node.metadata.labels ?? {};
        if (!requiredKeys.every((k) => hasLabel(labels, k))) return;
        const value = labels[topologyKey] ?? '';
        let d = index.get(value);
        if (d === undefined) index.set(value, (d = index.size));
        at[i] = d;
      });
      domainsByKey.set(key, (domains = { at, values: [...index.keys()] }));
    }
    return domains;
  };
  const perDomain = (topologyKey: string, requiredKeys: readonly string[], selector: SpreadSelector, namespace: string): ReadonlyMap<string, number> => {
    const selected = countsOf(selector, namespace);
    const key = `${topologyKey}\n${requiredKeys.join('\n')}`;
    let kept = selected.domains.get(key);
    if (kept) return kept.counts;
    let counts: Map<string, number>;
    if (selected.complete) {
      // Every domain, at 0 where no matching pod runs: the positions listed (every one not at 0) summed by their domains.
      const { at, values } = domainsOf(key, topologyKey, requiredKeys);
      const { listed, values: countAt } = selected.byPosition;
      const sums = new Array<number>(values.length).fill(0);
      for (let k = 0; k < listed.length; k++) {
        const d = at[listed[k] as number] as number;
        if (d >= 0) sums[d] = (sums[d] as number) + (countAt[k] as number);
      }
      counts = new Map(values.map((value, d) => [value, sums[d] as number]));
    } else counts = countPerDomain(snapshot.nodes, counter, topologyKey, requiredKeys, selector, namespace);
    selected.domains.set(key, (kept = { topologyKey, requiredKeys: [...requiredKeys], counts }));
    return kept.counts;
  };
  const countsByNode = (selector: SpreadSelector, namespace: string): ReadonlyMap<string, number> | undefined => {
    if (isEmptySelector(selector)) return noCounts;
    const counts = countsOf(selector, namespace);
    if (!counts.complete) return undefined;
    // By name, made once from the positions listed (which hold every node not at 0), then kept by moved.
    if (!counts.byNode) {
      const nodes = snapshot.nodes;
      const { listed, values } = counts.byPosition;
      counts.byNode = new Map(listed.map((at, k) => [(nodes[at] as Node).metadata.name, values[k] as number]));
    }
    return counts.byNode;
  };
  let noneByPosition: Int32Array | undefined;
  const countsByPosition = (selector: SpreadSelector, namespace: string): Int32Array | undefined => {
    if (isEmptySelector(selector)) return (noneByPosition ??= new Int32Array(snapshot.nodes.length));
    const counts = countsOf(selector, namespace);
    return counts.complete ? columnOf().of(counts.byPosition) : undefined;
  };
  const positionsCounted = (selector: SpreadSelector, namespace: string): readonly number[] | undefined => {
    if (isEmptySelector(selector)) return [];
    const counts = countsOf(selector, namespace);
    return counts.complete ? counts.byPosition.listed : undefined;
  };
  // A pod bound to (by 1) or taken off (by -1) `node`, and now in (or out of) its podsOn: every count made so far, moved.
  const moved = (pod: Pod, node: Node, by: 1 | -1): void => {
    if (pod.metadata.deletionTimestamp) return;
    const name = node.metadata.name;
    const labels = node.metadata.labels ?? {};
    const key = labelSetKey(pod);
    let entry = matching.get(key);
    if (!entry) {
      const owner = controllerOf(pod);
      const ownerKey = owner && controllerKey(owner);
      const candidates = [...countedByLabels, ...((ownerKey !== undefined && countedByController.get(ownerKey)) || [])];
      matching.set(key, (entry = { pod, counts: candidates.filter((counts) => selects(counts, pod)) }));
      if (ownerKey !== undefined) {
        const list = matchingByController.get(ownerKey);
        if (list) list.push(entry);
        else matchingByController.set(ownerKey, [entry]);
      }
    }
    for (const counts of entry.counts) {
      if (counts.complete) {
        const at = positionOf(name);
        if (at !== undefined) {
          columnOf().moved(counts.byPosition, at, by);
          counts.byNode?.set(name, (counts.byNode.get(name) ?? 0) + by);
        }
      } else {
        const was = counts.byNode.get(name);
        // A node not counted yet is counted from podsOn when asked, which holds the pod now (or no longer).
        if (was !== undefined) counts.byNode.set(name, was + by);
      }
      for (const { topologyKey, requiredKeys, counts: domain } of counts.domains.values()) {
        if (!requiredKeys.every((key) => hasLabel(labels, key))) continue;
        const value = labels[topologyKey] ?? '';
        domain.set(value, (domain.get(value) ?? 0) + by);
      }
    }
  };
  const bound = (pod: Pod, node: Node): void => moved(pod, node, 1);
  const unbound = (pod: Pod, node: Node): void => moved(pod, node, -1);
  return { counter: Object.assign(counter, { perDomain, countsByNode, countsByPosition, positionsCounted }), bound, unbound };
}

const noCounts: ReadonlyMap<string, number> = new Map();

/**
 * A holder's counter for the snapshot without a pod of node `nodeName` (`snapshot`, snapshotWithout):
 * the holder's counts but on that node, counted again without the pod, and per domain the holder's
 * with that node's domain moved by the difference.
 */
export function counterWithout(counter: MatchingPodCounter, snapshot: SchedulingSnapshot, nodeName: string): MatchingPodCounter {
  const recount = (node: Node, selector: SpreadSelector, namespace: string): number =>
    node.metadata.name === nodeName ? countPodsMatchingSelector(snapshot.podsOn(nodeName), selector, namespace) : counter(node, selector, namespace);
  const held = counter.perDomain;
  if (!held) return recount;
  let own: Node | undefined | null = null;
  const perDomain = (topologyKey: string, requiredKeys: readonly string[], selector: SpreadSelector, namespace: string): ReadonlyMap<string, number> => {
    const counts = held(topologyKey, requiredKeys, selector, namespace);
    if (own === null) own = snapshot.nodes.find((node) => node.metadata.name === nodeName);
    const labels = own?.metadata.labels ?? {};
    if (!own || !requiredKeys.every((key) => hasLabel(labels, key))) return counts;
    const delta = recount(own, selector, namespace) - counter(own, selector, namespace);
    if (delta === 0) return counts;
    const value = labels[topologyKey] ?? '';
    return new Map(counts).set(value, (counts.get(value) ?? 0) + delta);
  };
  return Object.assign(recount, { perDomain });
}

/** The selectors' counts a pod of these labels moves. */
interface MatchingEntry {
  readonly pod: Pod;
  readonly counts: Counts[];
}

/** A controller as controlledBy first tells them apart: its kind and name. */
const controllerKey = (controller: { readonly kind: string; readonly name: string }): string => `${controller.kind}/${controller.name}`;

/**
 * A selector's counts: every node's by its position in the snapshot (`complete`, from the index of
 * pods by labels), or those asked for so far by node name; and per domain, as asked.
 */
type Counts = CompleteCounts | PartialCounts;

interface CountsOfSelector {
  readonly selector: SpreadSelector;
  readonly namespace: string;
  /** perDomain's counts, by topology key and required keys. */
  readonly domains: Map<string, { readonly topologyKey: string; readonly requiredKeys: readonly string[]; readonly counts: Map<string, number> }>;
}

interface CompleteCounts extends CountsOfSelector {
  readonly complete: true;
  readonly byPosition: PositionCounts;
  /** The counts by node name, made when first asked for (countsByNode), then kept with the positions. */
  byNode?: Map<string, number>;
}

interface PartialCounts extends CountsOfSelector {
  readonly complete: false;
  readonly byNode: Map<string, number>;
}

/**
 * calPreFilterState's pass over every node: for each constraint, the matching pods per topology
 * domain (the value of its key), counting only nodes that carry every constraint's key and that the
 * constraint's inclusion policies admit. A domain a counted node belongs to is present, with 0 when
 * none of its pods match; a domain with no counted node is absent. When `nodes` are the counter's
 * whole snapshot (`wholeSnapshot`) and every node counts for the pod, the holder's counts per
 * domain are the answer (not to be changed).
 */
export function matchingPodsPerDomain(
  pod: Pod,
  constraints: readonly SpreadConstraint[],
  nodes: readonly Node[],
  counter: MatchingPodCounter,
  options: TopologySpreadOptions = {},
  wholeSnapshot = false,
): ReadonlyMap<string, number>[] {
  const namespace = pod.metadata.namespace ?? 'default';
  const perDomain = counter.perDomain;
  if (perDomain && wholeSnapshot && constraints.every((c) => includesEveryNode(c, pod))) {
    const keys = constraints.map((c) => c.topologyKey);
    return constraints.map((c) => perDomain(c.topologyKey, keys, c.selector, namespace));
  }
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
