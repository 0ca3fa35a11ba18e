import { type Node, type Pod, type PodDisruptionBudget, type PreemptionQuestion, snapshotOf, usageByNode } from '@taintgate/domain';
import { defaultPlacementOptions } from '../../../../../libs/domain/src/scheduling/placement';
import type { ObjectLabelSelector, ResourceList } from '../../../../../libs/domain/src/types';

/**
 * The preemption tests' pods and nodes, written as kube-scheduler's tests write them
 * (pkg/scheduler/testing/wrappers.go: st.MakePod, st.MakeNode, st.MakePDB) so that the upstream
 * tables of default_preemption_test.go read almost line for line.
 */

/** default_preemption_test.go's priorities. */
export const negPriority = -100;
export const lowPriority = 0;
export const midPriority = 100;
export const highPriority = 1000;
export const veryHighPriority = 10000;

/** default_preemption_test.go's requests and capacities. */
export const smallRes: ResourceList = { cpu: '100m', memory: '100' };
export const mediumRes: ResourceList = { cpu: '200m', memory: '200' };
export const largeRes: ResourceList = { cpu: '300m', memory: '300' };
export const veryLargeRes: ResourceList = { cpu: '500m', memory: '500' };

/**
 * epochTime, epochTime1...: upstream they are nanoseconds after the epoch (metav1.NewTime(time.Unix(0, n))),
 * which a stored pod's RFC 3339 startTime cannot tell apart; here they are seconds, in the same order.
 */
export const epochTime = (n = 0): string => new Date(n * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

export class PodWrapper {
  private readonly pod: Pod = { metadata: { name: '' }, spec: { containers: [{ name: 'pause' }] } };

  name(name: string): this {
    this.pod.metadata.name = name;
    return this;
  }

  namespace(namespace: string): this {
    this.pod.metadata.namespace = namespace;
    return this;
  }

  label(key: string, value: string): this {
    this.pod.metadata.labels = { ...this.pod.metadata.labels, [key]: value };
    return this;
  }

  node(nodeName: string): this {
    (this.pod.spec ??= {}).nodeName = nodeName;
    return this;
  }

  priority(priority: number): this {
    (this.pod.spec ??= {}).priority = priority;
    return this;
  }

  preemptionPolicy(policy: 'Never' | 'PreemptLowerPriority'): this {
    (this.pod.spec ??= {}).preemptionPolicy = policy;
    return this;
  }

  /** Req: the one container's requests. */
  req(requests: ResourceList): this {
    (this.pod.spec ??= {}).containers = [{ name: 'pause', resources: { requests } }];
    return this;
  }

  startTime(time: string): this {
    this.pod.status = { ...this.pod.status, startTime: time };
    return this;
  }

  nominatedNodeName(name: string): this {
    this.pod.status = { ...this.pod.status, nominatedNodeName: name };
    return this;
  }

  /** Terminating: a deletionTimestamp. */
  terminating(): this {
    this.pod.metadata.deletionTimestamp = epochTime(100);
    return this;
  }

  condition(type: string, status: string, reason: string): this {
    const conditions = (this.pod.status?.conditions as unknown[] | undefined) ?? [];
    this.pod.status = { ...this.pod.status, conditions: [...conditions, { type, status, reason }] };
    return this;
  }

  /** SpreadConstraint(maxSkew, key, DoNotSchedule, selector). */
  spreadConstraint(maxSkew: number, topologyKey: string, labelSelector: ObjectLabelSelector): this {
    const spec = (this.pod.spec ??= {});
    spec.topologySpreadConstraints = [...(spec.topologySpreadConstraints ?? []), { maxSkew, topologyKey, whenUnsatisfiable: 'DoNotSchedule', labelSelector }];
    return this;
  }

  /** PodAntiAffinityExists(key, topologyKey, PodAntiAffinityWithRequiredReq). */
  podAntiAffinityExists(key: string, topologyKey: string): this {
    const spec = (this.pod.spec ??= {});
    spec.affinity = {
      podAntiAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchExpressions: [{ key, operator: 'Exists' }] }, topologyKey }],
      },
    };
    return this;
  }

  obj(): Pod {
    return structuredClone(this.pod);
  }
}

export const makePod = (): PodWrapper => new PodWrapper();

/** st.MakeNode().Name(name).Capacity(res): capacity and allocatable both `res`, with 32 pods unless `res` says otherwise. */
export function makeNode(name: string, res: ResourceList = {}, labels: Record<string, string> = {}): Node {
  const allocatable = { pods: '32', ...res };
  return { metadata: { name, labels }, status: { capacity: allocatable, allocatable } };
}

/**
 * TestDryRunPreemption's and TestPreempt's nodes: `node-a/zone1` is the node node-a with the labels
 * {hostname: node-a, zone: zone1} (and a third part, region), capacity veryLargeRes.
 */
export function topologyNode(spec: string, res: ResourceList = veryLargeRes): Node {
  const keys = ['hostname', 'zone', 'region'];
  const parts = spec.split('/');
  return makeNode(parts[0] ?? spec, res, Object.fromEntries(parts.map((value, i) => [keys[i], value])));
}

/** st.MakePDB(): a budget in `namespace` selecting matchLabels, with status.disruptionsAllowed and disruptedPods. */
export function makePDB(
  name: string,
  matchLabels: Record<string, string> | undefined,
  disruptionsAllowed: number,
  extra: { namespace?: string; disruptedPods?: string[]; selector?: ObjectLabelSelector | null } = {},
): PodDisruptionBudget {
  const spec: NonNullable<PodDisruptionBudget['spec']> = { selector: extra.selector !== undefined ? extra.selector : matchLabels ? { matchLabels } : null };
  const status: NonNullable<PodDisruptionBudget['status']> = { disruptionsAllowed };
  if (extra.disruptedPods) status.disruptedPods = Object.fromEntries(extra.disruptedPods.map((p) => [p, epochTime(50)]));
  return { metadata: { name, ...(extra.namespace !== undefined ? { namespace: extra.namespace } : {}) }, spec, status };
}

/** The question for a pod over these nodes and the pods bound to them, capacity from those pods' usage. */
export function questionOf(pod: Pod, nodes: readonly Node[], pods: readonly Pod[], budgets: readonly PodDisruptionBudget[] = []): PreemptionQuestion {
  const usage = usageByNode(pods);
  return {
    pod,
    nodes,
    context: { snapshot: snapshotOf(nodes, pods) },
    capacity: { usageOf: (name) => usage.get(name) },
    options: defaultPlacementOptions,
    podDisruptionBudgets: budgets,
  };
}

export const names = (pods: readonly { metadata: { name: string } }[] | readonly { name: string }[]): string[] =>
  pods.map((p) => ('metadata' in p ? p.metadata.name : p.name));
