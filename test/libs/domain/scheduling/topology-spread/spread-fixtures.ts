import type { Node, Pod, Taint } from '@taintgate/domain';
import type { ObjectLabelSelector, TopologySpreadConstraint } from '../../../../../libs/domain/src/types';

/**
 * Pods and nodes the way kube-scheduler's tests write them (pkg/scheduler/testing's st.MakePod and
 * st.MakeNode), so that the upstream tables read almost line for line.
 */

/** st.MakeLabelSelector().Exists("foo") and .Exists("bar"): the tests' fooSelector and barSelector. */
export const fooSelector: ObjectLabelSelector = { matchExpressions: [{ key: 'foo', operator: 'Exists' }] };
export const barSelector: ObjectLabelSelector = { matchExpressions: [{ key: 'bar', operator: 'Exists' }] };

/** The tests' `taints`: the node.kubernetes.io/unschedulable NoSchedule taint. */
export const unschedulableTaints: Taint[] = [{ key: 'node.kubernetes.io/unschedulable', value: '', effect: 'NoSchedule' }];

export const hostname = 'kubernetes.io/hostname';
export const zoneLabel = 'topology.kubernetes.io/zone';

/** st's SpreadConstraint(maxSkew, key, when, selector, minDomains, nodeAffinityPolicy, nodeTaintsPolicy, matchLabelKeys). */
export function spread(
  maxSkew: number,
  topologyKey: string,
  whenUnsatisfiable: 'DoNotSchedule' | 'ScheduleAnyway',
  labelSelector: ObjectLabelSelector | null,
  minDomains?: number,
  nodeAffinityPolicy?: 'Honor' | 'Ignore',
  nodeTaintsPolicy?: 'Honor' | 'Ignore',
  matchLabelKeys?: string[],
): TopologySpreadConstraint {
  return {
    maxSkew,
    topologyKey,
    whenUnsatisfiable,
    ...(labelSelector ? { labelSelector } : {}),
    ...(minDomains !== undefined ? { minDomains } : {}),
    ...(nodeAffinityPolicy ? { nodeAffinityPolicy } : {}),
    ...(nodeTaintsPolicy ? { nodeTaintsPolicy } : {}),
    ...(matchLabelKeys ? { matchLabelKeys } : {}),
  };
}

/** st.MakeNode().Name(name).Label(...)...Taints(taints). */
export function makeNode(name: string, labels: Record<string, string>, taints?: Taint[]): Node {
  return { metadata: { name, labels }, ...(taints ? { spec: { taints } } : {}) };
}

interface PodOptions {
  labels?: Record<string, string>;
  node?: string;
  namespace?: string;
  terminating?: boolean;
  constraints?: TopologySpreadConstraint[];
  nodeSelector?: Record<string, string>;
  /** NodeAffinityIn / NodeAffinityNotIn: one required term with one matchExpressions requirement. */
  nodeAffinity?: { key: string; operator: 'In' | 'NotIn'; values: string[] };
  /** Toleration(key): Exists, NoSchedule. */
  tolerationKeys?: string[];
  /** OwnerReference(name, gvk), a controller reference. */
  owner?: { apiVersion: string; kind: string; name: string };
}

/** st.MakePod().Name(name)... */
export function makePod(name: string, options: PodOptions = {}): Pod {
  return {
    metadata: {
      name,
      ...(options.namespace ? { namespace: options.namespace } : {}),
      ...(options.labels ? { labels: options.labels } : {}),
      ...(options.terminating ? { deletionTimestamp: '2024-01-01T00:00:00Z' } : {}),
      ...(options.owner ? { ownerReferences: [{ ...options.owner, controller: true }] } : {}),
    },
    spec: {
      ...(options.node ? { nodeName: options.node } : {}),
      ...(options.constraints ? { topologySpreadConstraints: options.constraints } : {}),
      ...(options.nodeSelector ? { nodeSelector: options.nodeSelector } : {}),
      ...(options.nodeAffinity
        ? {
            affinity: {
              nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [options.nodeAffinity] }] } },
            },
          }
        : {}),
      ...(options.tolerationKeys ? { tolerations: options.tolerationKeys.map((key) => ({ key, operator: 'Exists', effect: 'NoSchedule' })) } : {}),
    },
  };
}

/** Labels `foo: ""` and friends: `labels('foo', 'bar')`. */
export function labels(...keys: string[]): Record<string, string> {
  return Object.fromEntries(keys.map((k) => [k, '']));
}

/** The four nodes most upstream cases share: node-a and node-b in zone1, node-x and node-y in zone2, each labelled `node`. */
export function fourNodes(zoneKey = 'zone', nodeKey = 'node'): Node[] {
  return [
    makeNode('node-a', { [zoneKey]: 'zone1', [nodeKey]: 'node-a' }),
    makeNode('node-b', { [zoneKey]: 'zone1', [nodeKey]: 'node-b' }),
    makeNode('node-x', { [zoneKey]: 'zone2', [nodeKey]: 'node-x' }),
    makeNode('node-y', { [zoneKey]: 'zone2', [nodeKey]: 'node-y' }),
  ];
}

/** Pods labelled foo on nodes: `fooPods({ 'node-a': 2, 'node-b': 1 })` is p-a1, p-a2, p-b1. */
export function podsOn(counts: Record<string, number>, podLabels: Record<string, string> = labels('foo')): Pod[] {
  return Object.entries(counts).flatMap(([nodeName, n]) =>
    Array.from({ length: n }, (_, i) => makePod(`p-${nodeName.slice(nodeName.lastIndexOf('-') + 1)}${String(i + 1)}`, { node: nodeName, labels: podLabels })),
  );
}
