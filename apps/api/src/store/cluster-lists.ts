import type { SweepCluster } from '@taintgate/domain';
import type { ClusterView } from './cluster-snapshot';

/**
 * The cluster as a snapshot holds it, as plain lists (SweepCluster): what a worker thread is handed
 * (structured clone copies data, not the snapshot's maps and functions).
 */
export function clusterListsOf(view: ClusterView): SweepCluster {
  return {
    nodes: [...view.nodes.values()],
    pods: [...view.pods.values()],
    namespaces: [...view.namespaces.values()],
    podDisruptionBudgets: [...view.podDisruptionBudgets.values()],
    persistentVolumeClaims: [...view.persistentVolumeClaims.values()],
    persistentVolumes: [...view.persistentVolumes.values()],
    storageClasses: [...view.storageClasses.values()],
    csiNodes: [...view.csiNodes.values()],
    // What the pods request of each node, as held: the thread does not sum it again.
    usage: [...view.nodes.keys()].flatMap((name) => {
      const usage = view.usageOf(name);
      return usage ? [[name, usage] as const] : [];
    }),
  };
}
