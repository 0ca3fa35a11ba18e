import type { NodeUsage } from '../scheduling/node-usage';
import { podRef } from '../scheduling/placement';
import type { PlacementCapacity } from '../scheduling/placement-reasons';
import { asRescheduled } from '../scheduling/rescheduling';
import { sameTaint, taintIdentity } from '../taints/taint';
import type { MatchOptions } from '../tolerations/match';
import { defaultMatchOptions } from '../tolerations/match';
import type { Int64 } from '../numbers/int64';
import type { NodeClasses } from '../scheduling/node-classes';
import type { Node, Pod, PodRef, Taint } from '../types';
import { isTerminating } from '../pods/graceful-deletion';
import { destinations, feasibilityIn, firstHome, isTerminal, pendingPodLoss } from './impact-search';
import { type ScheduledEviction, planNoExecute } from './no-execute-plan';
import { podKinds } from './pod-kinds';

/**
 * "What happens if I add this taint?" over a set of nodes and pods, changing nothing: which bound
 * pods are evicted at once or after their tolerationSeconds (and when), which stay, and which
 * pending pods lose their last feasible node.
 */

export interface ImpactEviction {
  pod: PodRef;
  node: string;
  when: 'Immediately' | 'AfterTolerationSeconds';
  tolerationSeconds?: Int64;
  /**
   * Epoch milliseconds of the eviction (now for Immediately); null when the deadline lies past
   * latestDeadline (year 9999): after its tolerationSeconds, never in practice.
   */
  at: number | null;
  /**
   * An eviction scheduled earlier for the pod stands, as the controller keeps it (its deadline is
   * `at`, whatever the new taint's seconds): when it was scheduled.
   */
  alreadyScheduled?: { scheduledAt: number };
  /**
   * Asked for (taintImpact's `rescheduling`): a node where the pod, scheduled again as its
   * replacement would be (no spec.nodeName), fits once the taint is there and would stay (see
   * taintImpact); null when there is none: it is stranded. Absent for a finished pod (Succeeded or
   * Failed), which nothing schedules again.
   */
  elsewhere?: string | null;
  /**
   * Asked for (a placement `mode`): the node kube-scheduler would place the pod's replacement on,
   * placed together with the other evicted pods or alone (placeEvicted); null when it fits nowhere.
   * Absent for a pod that is not placed (finished, or never evicted in practice).
   */
  to?: string | null;
}

export interface ImpactUnaffected {
  pod: PodRef;
  node: string;
  /**
   * ToleratesForever: NoExecute tolerated with no seconds; NotNoExecute: the taint never evicts;
   * Terminating: the pod is being deleted already, and a second delete changes nothing.
   */
  reason: 'ToleratesForever' | 'NotNoExecute' | 'Terminating';
}

export interface TaintImpact {
  /** The first taint asked about (every answer had one before several could be asked at once). */
  taint: Taint;
  /** Every taint asked about, added together. */
  taints: Taint[];
  nodes: string[];
  evictions: ImpactEviction[];
  unaffected: ImpactUnaffected[];
  /** Pending pods (no spec.nodeName) that had a feasible node before and have none after. */
  unschedulable: { pod: PodRef }[];
  /** Present when asked for: whether resources were checked (usage was given), and how many evicted pods have nowhere to go. */
  rescheduling?: { capacityConsidered: boolean; stranded: number; mode?: 'together' | 'alone' };
}

/** Where evicted pods could go, asked of taintImpact; with usageOf, NodeResourcesFit runs too (for the pending pods as well). */
export interface ReschedulingQuery {
  /** What the pods bound to each node request already (usageByNode over the same pods); absent: resources are not looked at. */
  readonly usageOf?: (nodeName: string) => NodeUsage | undefined;
  /**
   * The stored nodes by class (a snapshot's, kept as they change), for the pending pods and the
   * rescheduling alike: the filters that read taints, cordon and labels then run once per group of
   * nodes alike to a pod rather than once per node. The answer is the same: a node it does not
   * hold as given (a changed one, or one it has moved past) is filtered on its own.
   */
  readonly nodeClasses?: NodeClasses;
  /** false: no evicted pod is looked for a place on its own (a caller that places them together); only the pending pods use the above. */
  readonly alone?: boolean;
}

/** The taints of a question: one, or several added together (`kubectl taint nodes -l ... a=1:NoExecute b:NoSchedule`). */
export type AskedTaints = Taint | readonly Taint[];

/** The taints asked about as a list, in the order given. */
export function askedTaints(asked: AskedTaints): readonly Taint[] {
  return isTaintList(asked) ? asked : [asked];
}

// Array.isArray does not narrow a readonly array out of a union (TypeScript#17002).
const isTaintList = (asked: AskedTaints): asked is readonly Taint[] => Array.isArray(asked);

/** The target nodes by name, each with the taints added (withTaint, in order). */
export function taintedNodes(nodes: readonly Node[], targetNames: ReadonlySet<string>, asked: AskedTaints): Map<string, Node> {
  const taints = askedTaints(asked);
  const after = new Map<string, Node>();
  for (const node of nodes) if (targetNames.has(node.metadata.name)) after.set(node.metadata.name, taints.reduce(withTaint, node));
  return after;
}

/** The node with the taint added, replacing a taint of the same key and effect (kubectl --overwrite). */
export function withTaint(node: Node, taint: Taint): Node {
  const others = (node.spec?.taints ?? []).filter((t) => !sameTaint(t, taint));
  return { ...node, spec: { ...node.spec, taints: [...others, taint] } };
}

/**
 * With `rescheduling`, every evicted pod that has not finished is looked for a place, on its own
 * (the pods evicted together do not compete for room here): the nodes with the taint added to the
 * targets, its own request taken off the node it leaves, the scheduler's filters (and
 * NodeResourcesFit with usage), and a node counts only if the pod would stay there, not be evicted
 * again by a NoExecute taint it tolerates for a while only. The first such node found is named
 * (the nodes not tainted now are tried first), not the one kube-scheduler would score best.
 */
export function taintImpact(
  asked: AskedTaints,
  nodes: readonly Node[],
  pods: readonly Pod[],
  targetNames: ReadonlySet<string>,
  now: number,
  options: MatchOptions = defaultMatchOptions,
  /** The eviction already scheduled for a pod, if any: the controller keeps an earlier one. */
  scheduledOf: (pod: Pod) => ScheduledEviction | undefined = () => undefined,
  rescheduling?: ReschedulingQuery,
): TaintImpact {
  const taints = askedTaints(asked).map(taintIdentity);
  const after = taintedNodes(nodes, targetNames, taints);
  return { taint: taints[0] as Taint, taints, ...impactOfNewTaints(after, taints, nodes, pods, now, options, scheduledOf, rescheduling) };
}

/**
 * taintImpact's work for any change that adds taints: `after` holds the changed nodes as they
 * will be stored (their taints, and whatever else changed, such as spec.unschedulable), `added`
 * the taints the change adds to them; `nodes` the cluster as stored. Evictions are decided
 * against each changed node's whole taint list, as the controller decides them, and only when an
 * added taint is NoExecute (no other change evicts); pending pods lose a place when every node
 * they were feasible on is changed and they do not tolerate an added taint that blocks scheduling.
 */
export function impactOfNewTaints(
  after: ReadonlyMap<string, Node>,
  added: readonly Taint[],
  nodes: readonly Node[],
  pods: readonly Pod[],
  now: number,
  options: MatchOptions = defaultMatchOptions,
  scheduledOf: (pod: Pod) => ScheduledEviction | undefined = () => undefined,
  rescheduling?: ReschedulingQuery,
): Omit<TaintImpact, 'taint' | 'taints'> {
  const targetNames = new Set(after.keys());
  const result: Omit<TaintImpact, 'taint' | 'taints'> = { nodes: [...after.keys()].sort(), evictions: [], unaffected: [], unschedulable: [] };
  const capacity: PlacementCapacity | undefined = rescheduling?.usageOf && { usageOf: rescheduling.usageOf };
  const evicts = added.some((t) => t.effect === 'NoExecute');
  const feasibility = feasibilityIn(options, rescheduling?.nodeClasses);

  // Kinds for this answer alone: the pods given may be anyone's (inline ones too).
  const kinds = podKinds();
  const loses = pendingPodLoss(added, nodes, targetNames, options, capacity, feasibility, kinds);
  // The pod of each eviction, in the same order, for the rescheduling below.
  const evicted: Pod[] = [];
  const evict = (pod: Pod, eviction: ImpactEviction) => {
    result.evictions.push(eviction);
    evicted.push(pod);
  };
  for (const pod of pods) {
    const boundTo = pod.spec?.nodeName;
    if (!boundTo) {
      if (!isTerminal(pod) && loses(pod)) result.unschedulable.push({ pod: podRef(pod) });
      continue;
    }
    const node = after.get(boundTo);
    if (!node) continue;
    const ref = podRef(pod);
    if (isTerminating(pod)) {
      result.unaffected.push({ pod: ref, node: boundTo, reason: 'Terminating' });
      continue;
    }
    if (!evicts) {
      result.unaffected.push({ pod: ref, node: boundTo, reason: 'NotNoExecute' });
      continue;
    }
    const decision = planNoExecute(node.spec?.taints, pod.spec?.tolerations, scheduledOf(pod), now, options);
    if (decision.action === 'EvictNow') evict(pod, { pod: ref, node: boundTo, when: 'Immediately', at: now });
    else if (decision.action === 'KeepScheduled') {
      const { startedAt, fireAt } = decision.scheduled;
      const tolerationSeconds = Math.round((fireAt - startedAt) / 1000);
      evict(pod, {
        pod: ref,
        node: boundTo,
        when: 'AfterTolerationSeconds',
        tolerationSeconds,
        at: fireAt,
        alreadyScheduled: { scheduledAt: startedAt },
      });
    } else if (decision.action === 'EvictAt') {
      evict(pod, { pod: ref, node: boundTo, when: 'AfterTolerationSeconds', tolerationSeconds: decision.tolerationSeconds, at: decision.fireAt });
    } else if (decision.action === 'NeverInPractice') {
      evict(pod, { pod: ref, node: boundTo, when: 'AfterTolerationSeconds', tolerationSeconds: decision.tolerationSeconds, at: null });
    } else result.unaffected.push({ pod: ref, node: boundTo, reason: 'ToleratesForever' });
  }
  if (rescheduling && rescheduling.alone !== false) {
    const untainted = nodes.filter((n) => !after.has(n.metadata.name));
    const placeOf = destinations(untainted, [...after.values()], added, now, options, capacity, feasibility, kinds);
    let stranded = 0;
    result.evictions.forEach((eviction, i) => {
      const pod = evicted[i] as Pod;
      if (isTerminal(pod)) return;
      // Its own node is no place for it, unless its eviction there is not certain (never in practice, or a deadline set earlier).
      const mayStay = eviction.at === null || eviction.alreadyScheduled !== undefined;
      eviction.elsewhere = placeOf(pod, kinds.of(pod), mayStay);
      if (eviction.elsewhere === null) stranded++;
    });
    result.rescheduling = { capacityConsidered: capacity !== undefined, stranded };
  }
  // Soonest eviction first (never in practice last); otherwise by namespace/name, so that answers do not depend on storage order.
  result.evictions.sort((a, b) => (a.at ?? Infinity) - (b.at ?? Infinity) || byPod(a, b));
  result.unaffected.sort(byPod);
  result.unschedulable.sort(byPod);
  return result;
}

const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * By `namespace/name` as one string. Pods of one namespace (most comparisons in a sort) compare by
 * name alone, with no string built; across namespaces the two keys are built, since comparing the
 * parts would differ (a namespace's `-` sorts before the `/` that ends a shorter one).
 */
function byPod({ pod: a }: { pod: PodRef }, { pod: b }: { pod: PodRef }): number {
  if (a.namespace === b.namespace) return order(a.name, b.name);
  return order(`${a.namespace}/${a.name}`, `${b.namespace}/${b.name}`);
}

/**
 * Where an evicted pod's replacement could go as the cluster is (a drain's eviction): the first
 * node where it passes the filters (with `usageOf`, NodeResourcesFit too, its own request taken
 * off the node it leaves) and no NoExecute taint would evict it again; null when none would take
 * it. Its own node counts, as the scheduler may place the replacement there (a drain cordons it
 * first, which rules it out).
 */
export function replacementHome(
  pod: Pod,
  nodes: readonly Node[],
  now: number,
  options: MatchOptions = defaultMatchOptions,
  rescheduling: ReschedulingQuery = {},
): string | null {
  const { pod: replacement, capacity } = asRescheduled(pod, rescheduling.usageOf && { usageOf: rescheduling.usageOf });
  return firstHome(replacement, nodes, now, options, capacity, feasibilityIn(options, rescheduling.nodeClasses));
}
