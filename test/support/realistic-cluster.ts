/**
 * A realistic `kubectl get nodes,pods -A -o json`: what kubectl 1.32 prints for a regional GKE
 * cluster with Karpenter, byte for byte (keys in Go's order, Go's escapes, four-space indents;
 * managedFields hidden as kubectl hides them), deterministic from a seed.
 *
 * Default (20 nodes, 108 pods): pools system (3 × e2-standard-4), general (6 × n2-standard-8, one
 * NotReady with both unreachable taints, one cordoned), gpu-a100 (a2-highgpu-2g) and gpu-l4
 * (g2-standard-12) tainted nvidia.com/gpu=present:NoSchedule, spot (3 × e2-standard-8,
 * cloud.google.com/gke-spot=true:NoSchedule), sandbox (gVisor), and 5 Karpenter nodes (one being
 * disrupted, one not yet registered). Every node runs kube-proxy and three DaemonSets; see
 * realistic-cluster/pod-plan.ts for the rest. Larger clusters keep the special pods and fill the
 * general, Karpenter and spot nodes evenly with Deployment replicas.
 *
 * Every pod is bound to a node of the list except the pending trainer (ml/llm-finetune-*).
 */
import { clusterItems, type RealisticClusterOptions, realisticCluster } from './realistic-cluster/cluster';
import { writeKubectlList } from './realistic-cluster/kubectl-json';
import { kubectlYaml } from './realistic-cluster/kubectl-yaml';

export { realisticCluster, clusterItems, type RealisticCluster, type RealisticClusterOptions } from './realistic-cluster/cluster';
export { kubectlJson } from './realistic-cluster/kubectl-json';
export { kubectlYaml } from './realistic-cluster/kubectl-yaml';
export { snapshotTime } from './realistic-cluster/clock';
export type { KubeList, KubeObject, JsonObject, JsonValue } from './realistic-cluster/json';

/**
 * Streams the cluster's List to `path` as kubectl prints it, building one object at a time: 10,000
 * nodes and 300,000 pods make several GB, more than a JavaScript string or the heap holds.
 * Resolves to the file's size in bytes.
 */
export function writeClusterJson(path: string, options: RealisticClusterOptions = {}): Promise<number> {
  return writeKubectlList(path, clusterItems(options));
}

/** The cluster's List as `kubectl get nodes,pods -A -o yaml` prints it. For small clusters: it is one string. */
export function realisticClusterYaml(options: RealisticClusterOptions = {}): string {
  return kubectlYaml(realisticCluster(options).list);
}
