import {
  type Namespace,
  type Node,
  type PlacementContext,
  type Pod,
  type PodDisruptionBudget,
  type SchedulingSnapshot,
  type StorageLister,
  budgetsByNamespace,
  emptyStorageLister,
  holdsNodeResources,
  indexedContext,
  indexedContextAfter,
} from '@taintgate/domain';

/**
 * A cluster as kube-scheduler's plugins read it (SchedulingSnapshot), over what the cluster's
 * snapshot holds: its nodes in name order, and each node's pods as the scheduler's cache holds them
 * (bound, not terminal), listed on first asking; the PodDisruptionBudgets grouped by namespace on
 * first asking (preemption reads them). Made once per revision of the cluster and kept
 * while it lasts (ClusterSnapshot.scheduling), so the lists are made once for many questions.
 */
export interface SchedulingSources {
  readonly nodeNamesInOrder: readonly string[];
  readonly nodes: ReadonlyMap<string, Node>;
  readonly podsOn: (nodeName: string) => Iterable<Pod>;
  readonly namespace?: (name: string) => Namespace | undefined;
  readonly storage?: StorageLister;
  /** The PodDisruptionBudgets held (by `namespace/name`), grouped once when a namespace's are first asked for, each namespace's by name. */
  readonly podDisruptionBudgets?: ReadonlyMap<string, PodDisruptionBudget>;
}

/**
 * The scheduling view with its indexes, each made on first asking and kept while the revision
 * lasts (indexedContext); `after` the view of an earlier revision, made again only on the nodes
 * touched since (indexedContextAfter).
 */
export function schedulingContextOf(sources: SchedulingSources, after?: { previous: PlacementContext; touched: Iterable<string> }): PlacementContext {
  const view = schedulingViewOf(sources, after?.previous.snapshot.nodes);
  return after ? indexedContextAfter(after.previous, view, after.touched) : indexedContext(view);
}

/**
 * The nodes in name order: `earlier` (the revision before's list) when it holds the very same
 * objects, so that what is kept per list of nodes (ImageLocality's holders of each image: 10,000
 * nodes' images, 70 ms) is kept across revisions that changed pods alone.
 */
function nodesInOrder(sources: SchedulingSources, earlier: readonly Node[] | undefined): readonly Node[] {
  const nodes = sources.nodeNamesInOrder.map((name) => sources.nodes.get(name) as Node);
  return earlier?.length === nodes.length && nodes.every((node, i) => earlier[i] === node) ? earlier : nodes;
}

function schedulingViewOf(sources: SchedulingSources, earlierNodes?: readonly Node[]): SchedulingSnapshot {
  const nodes = nodesInOrder(sources, earlierNodes);
  const podsByNode = new Map<string, Pod[]>();
  let budgets: Map<string, PodDisruptionBudget[]> | undefined;
  return {
    nodes,
    podsOn: (nodeName) => {
      let pods = podsByNode.get(nodeName);
      if (!pods) {
        pods = [];
        for (const pod of sources.podsOn(nodeName)) if (holdsNodeResources(pod)) pods.push(pod);
        podsByNode.set(nodeName, pods);
      }
      return pods;
    },
    namespace: sources.namespace ?? (() => undefined),
    storage: sources.storage ?? emptyStorageLister,
    podDisruptionBudgets: (namespace) => (budgets ??= budgetsInOrder(sources.podDisruptionBudgets)).get(namespace) ?? [],
  };
}

/** The budgets by namespace, each namespace's in name order (their keys' order), so that a question asked twice is answered alike. */
function budgetsInOrder(held: ReadonlyMap<string, PodDisruptionBudget> | undefined): Map<string, PodDisruptionBudget[]> {
  const keys = [...(held?.keys() ?? [])].sort();
  return budgetsByNamespace(keys.map((key) => held?.get(key) as PodDisruptionBudget));
}
