import type { PodDisruptionBudget } from '../../policy/pod-disruption-budget';
import type { Namespace, Node, Pod } from '../../types';
import type { CSINode, PersistentVolume, PersistentVolumeClaim, StorageClass } from '../../storage/storage-objects';
import { type StorageLister, snapshotOf } from '../framework/scheduling-snapshot';
import { type NodeUsage, usageByNode } from '../node-usage';
import { indexedContext } from '../indexed-context';
import type { SimulatedCluster } from './simulated-cluster-state';

/**
 * A cluster handed over as plain lists (a worker thread's copy: structured clone copies data, not a
 * holder's maps and functions), made into what a holder keeps for a revision, so that a plan over
 * the lists answers as the same plan over the holder's cluster.
 */

/** The cluster a sweep or a plan on a worker thread reads, as plain lists. */
export interface SweepCluster {
  readonly nodes: readonly Node[];
  /** Every pod of the cluster; those not bound, or finished, hold no room. */
  readonly pods: readonly Pod[];
  readonly namespaces?: readonly Namespace[];
  readonly podDisruptionBudgets?: readonly PodDisruptionBudget[];
  readonly persistentVolumeClaims?: readonly PersistentVolumeClaim[];
  readonly persistentVolumes?: readonly PersistentVolume[];
  readonly storageClasses?: readonly StorageClass[];
  readonly csiNodes?: readonly CSINode[];
  /**
   * What the pods request of each node, as the cluster's holder keeps it (usageByNode of `pods`):
   * given, it is read rather than summed again over every pod (seconds of bigint sums at 300,000).
   */
  readonly usage?: readonly (readonly [string, NodeUsage])[];
}

/** The volume plugins' lister over the sweep's lists. */
function storageListerOf(cluster: SweepCluster): StorageLister {
  const byName = <T extends { metadata: { name: string; namespace?: string } }>(list: readonly T[] | undefined, keyOf: (item: T) => string) =>
    new Map((list ?? []).map((item) => [keyOf(item), item]));
  const claims = byName(cluster.persistentVolumeClaims, (c) => `${c.metadata.namespace ?? 'default'}/${c.metadata.name}`);
  const volumes = byName(cluster.persistentVolumes, (v) => v.metadata.name);
  const classes = byName(cluster.storageClasses, (c) => c.metadata.name);
  const csiNodes = byName(cluster.csiNodes, (c) => c.metadata.name);
  return {
    persistentVolumeClaim: (namespace, name) => claims.get(`${namespace}/${name}`),
    persistentVolume: (name) => volumes.get(name),
    storageClass: (name) => classes.get(name),
    csiNode: (name) => csiNodes.get(name),
  };
}

/** A cluster given as lists made into what a holder keeps: its scheduling view and indexes, each node's usage, every pod bound to each node. */
export function listedCluster(cluster: SweepCluster) {
  const snapshot = snapshotOf(cluster.nodes, cluster.pods, {
    namespaces: cluster.namespaces ?? [],
    storage: storageListerOf(cluster),
    podDisruptionBudgets: cluster.podDisruptionBudgets ?? [],
  });
  const context = indexedContext(snapshot);
  const usage = cluster.usage ? new Map(cluster.usage) : usageByNode(cluster.pods);
  // Every pod bound to a node, whatever its phase: a drain deletes the finished ones too.
  const boundTo = new Map<string, Pod[]>();
  for (const pod of cluster.pods) {
    const nodeName = pod.spec?.nodeName;
    if (!nodeName) continue;
    const list = boundTo.get(nodeName);
    if (list) list.push(pod);
    else boundTo.set(nodeName, [pod]);
  }
  // What a simulation forks, as it forks a holder's (SimulatedCluster.held): the nodes are the caller's.
  const simulated: Omit<SimulatedCluster, 'nodes'> & { readonly pods: readonly Pod[] } = {
    pods: [],
    usageOf: (name) => usage.get(name),
    held: { podsOn: snapshot.podsOn, podLabels: () => context.indexes?.podLabels, affinityPods: () => context.indexes?.affinityPods },
    namespace: snapshot.namespace,
    storage: snapshot.storage,
  };
  return { snapshot, context, usage, boundTo, simulated };
}
