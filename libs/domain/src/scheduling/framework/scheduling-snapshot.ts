import type { PodDisruptionBudget } from '../../policy/pod-disruption-budget';
import type { CSINode, PersistentVolume, PersistentVolumeClaim, StorageClass } from '../../storage/storage-objects';
import type { Namespace, Node, Pod } from '../../types';

/**
 * What kube-scheduler's plugins read of the cluster beyond the node being filtered: its cache's
 * snapshot (framework.NodeInfo per node: the node and the pods assigned to it) and the listers of
 * the objects some plugins look up (namespaces for namespaceSelector, the storage kinds for the
 * volume filters, PodDisruptionBudgets for DefaultPreemption). Functions rather than maps so that a cluster's holder can answer from what it
 * keeps without copying 300,000 pods per question.
 */
export interface SchedulingSnapshot {
  /** Every node, in name order (the order answers list them in). */
  readonly nodes: readonly Node[];
  /**
   * The pods assigned to the node (spec.nodeName), as the scheduler's cache holds them:
   * terminating ones too, terminal ones (Succeeded, Failed) not. Never the pod being placed.
   */
  readonly podsOn: (nodeName: string) => readonly Pod[];
  /** A namespace by name, for namespaceSelector; undefined when the twin does not hold it. */
  readonly namespace: (name: string) => Namespace | undefined;
  readonly storage: StorageLister;
  /**
   * The PodDisruptionBudgets of a namespace, as DefaultPreemption's pdbLister lists them (every one
   * of the namespace, whatever its selector); none when the twin holds none. Optional: a snapshot
   * made without them lists none.
   */
  readonly podDisruptionBudgets?: (namespace: string) => readonly PodDisruptionBudget[];
}

/** The storage kinds by name, as the volume plugins' listers give them; undefined when not held. */
export interface StorageLister {
  readonly persistentVolumeClaim: (namespace: string, name: string) => PersistentVolumeClaim | undefined;
  readonly persistentVolume: (name: string) => PersistentVolume | undefined;
  readonly storageClass: (name: string) => StorageClass | undefined;
  readonly csiNode: (nodeName: string) => CSINode | undefined;
}

export const emptyStorageLister: StorageLister = Object.freeze({
  persistentVolumeClaim: () => undefined,
  persistentVolume: () => undefined,
  storageClass: () => undefined,
  csiNode: () => undefined,
});

/** A snapshot over plain lists: for tests, and for what-if questions sent inline. */
export function snapshotOf(
  nodes: readonly Node[],
  pods: readonly Pod[],
  extra: { namespaces?: readonly Namespace[]; storage?: StorageLister; podDisruptionBudgets?: readonly PodDisruptionBudget[] } = {},
): SchedulingSnapshot {
  const sorted = [...nodes].sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0));
  const byNode = new Map<string, Pod[]>();
  for (const pod of pods) {
    const nodeName = pod.spec?.nodeName;
    const phase = pod.status?.phase;
    if (!nodeName || phase === 'Succeeded' || phase === 'Failed') continue;
    const list = byNode.get(nodeName);
    if (list) list.push(pod);
    else byNode.set(nodeName, [pod]);
  }
  const namespaces = new Map((extra.namespaces ?? []).map((ns) => [ns.metadata.name, ns]));
  const budgets = budgetsByNamespace(extra.podDisruptionBudgets ?? []);
  return {
    nodes: sorted,
    podsOn: (nodeName) => byNode.get(nodeName) ?? [],
    namespace: (name) => namespaces.get(name),
    storage: extra.storage ?? emptyStorageLister,
    podDisruptionBudgets: (namespace) => budgets.get(namespace) ?? [],
  };
}

/** PodDisruptionBudgets grouped by their namespace (`default` when they name none), each group in the order given. */
export function budgetsByNamespace(budgets: Iterable<PodDisruptionBudget>): Map<string, PodDisruptionBudget[]> {
  const byNamespace = new Map<string, PodDisruptionBudget[]>();
  for (const budget of budgets) {
    const namespace = budget.metadata.namespace || 'default';
    const group = byNamespace.get(namespace);
    if (group) group.push(budget);
    else byNamespace.set(namespace, [budget]);
  }
  return byNamespace;
}

/**
 * The snapshot without a pod it holds: a stored pod asked about is taken off its node first, so it
 * neither conflicts with its own host ports nor counts in its own spread and affinity.
 */
export function snapshotWithout(snapshot: SchedulingSnapshot, pod: Pod): SchedulingSnapshot {
  const nodeName = pod.spec?.nodeName;
  if (!nodeName) return snapshot;
  const namespace = pod.metadata.namespace || 'default';
  const isIt = (other: Pod) => other.metadata.name === pod.metadata.name && (other.metadata.namespace || 'default') === namespace;
  let without: readonly Pod[] | undefined;
  return {
    ...snapshot,
    podsOn: (name) => (name === nodeName ? (without ??= snapshot.podsOn(name).filter((other) => !isIt(other))) : snapshot.podsOn(name)),
  };
}
