import type { KubeList, KubeObject } from './json';
import { planNodes } from './node-layout';
import { buildNode } from './node-object';
import { buildPod } from './pod-object';
import { planPods, sortPlans, type ClusterPlan } from './pod-plan';

export interface RealisticClusterOptions {
  /** 12 to 16,384; default 20. */
  readonly nodes?: number;
  /** Average pods per node, kube-proxy and DaemonSet pods included: nodes × podsPerNode pods, rounded; default 5.4 (108 pods on 20 nodes). */
  readonly podsPerNode?: number;
  /** Default 1. The same seed gives the same cluster, byte for byte. */
  readonly seed?: number;
}

export interface RealisticCluster {
  /** What `kubectl get nodes,pods -A -o json` prints: nodes by name, then pods by namespace and name. */
  readonly list: KubeList;
  readonly nodes: readonly KubeObject[];
  readonly pods: readonly KubeObject[];
}

function planCluster(options: RealisticClusterOptions = {}): ClusterPlan & { readonly seed: number } {
  const nodeCount = options.nodes ?? 20;
  const podsPerNode = options.podsPerNode ?? 5.4;
  const seed = (options.seed ?? 1) >>> 0;
  const nodes = planNodes(nodeCount, seed);
  const pods = planPods(nodes, Math.round(nodeCount * podsPerNode), seed);
  return { ...sortPlans(nodes, pods), seed };
}

function listOf(nodes: readonly KubeObject[], pods: readonly KubeObject[]): KubeList {
  return { apiVersion: 'v1', items: [...nodes, ...pods], kind: 'List', metadata: { resourceVersion: '' } };
}

/** The whole cluster in memory. Parts shared between pods are frozen: structuredClone an object before editing it. */
export function realisticCluster(options: RealisticClusterOptions = {}): RealisticCluster {
  const plan = planCluster(options);
  const nodes = plan.nodes.map((n) => buildNode(n, plan.seed));
  const pods = plan.pods.map((p) => buildPod(p, plan.seed));
  return { list: listOf(nodes, pods), nodes, pods };
}

/** The cluster's objects one at a time, in list order, without holding them all. */
export function* clusterItems(options: RealisticClusterOptions = {}): Generator<KubeObject> {
  const plan = planCluster(options);
  for (const n of plan.nodes) yield buildNode(n, plan.seed);
  for (const p of plan.pods) yield buildPod(p, plan.seed);
}
