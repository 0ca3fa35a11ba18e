import { type ResourceRequest, podResourceRequest } from '../resources/pod-requests';
import { groupedFeasibility } from '../scheduling/grouped-placement';
import { nodeAffinityPreFilter } from '../scheduling/node-affinity';
import type { NodeClasses } from '../scheduling/node-classes';
import type { NodeUsage } from '../scheduling/node-usage';
import { type PlacementCapacity, feasibilityOf, podRef } from '../scheduling/placement';
import { asRescheduled } from '../scheduling/rescheduling';
import { isDoNotScheduleTaint, sameTaint, taintIdentity } from '../taints/taint';
import type { MatchOptions } from '../tolerations/match';
import { defaultMatchOptions, tolerationsTolerateTaint } from '../tolerations/match';
import type { Int64 } from '../numbers/int64';
import type { Node, Pod, PodRef, Taint, Toleration } from '../types';
import { isTerminating } from '../pods/graceful-deletion';
import { goJson } from '../validation/field-errors';
import { type ScheduledEviction, deadlineAfter, planNoExecute } from './no-execute-plan';

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
  taint: Taint;
  nodes: string[];
  evictions: ImpactEviction[];
  unaffected: ImpactUnaffected[];
  /** Pending pods (no spec.nodeName) that had a feasible node before and have none after. */
  unschedulable: { pod: PodRef }[];
  /** Present when asked for: whether resources were checked (usage was given), and how many evicted pods have nowhere to go. */
  rescheduling?: { capacityConsidered: boolean; stranded: number };
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
}

/** feasibilityOf, or with classes groupedFeasibility, which answers alike. */
type Feasibility = (pod: Pod, capacity: PlacementCapacity | undefined) => (node: Node) => boolean;

function feasibilityIn(options: MatchOptions, classes: NodeClasses | undefined): Feasibility {
  if (!classes) return (pod, capacity) => feasibilityOf(pod, options, capacity);
  return (pod, capacity) => groupedFeasibility(pod, classes, options, capacity);
}

/** The node with the taint added, replacing a taint of the same key and effect (kubectl --overwrite). */
export function withTaint(node: Node, taint: Taint): Node {
  const others = (node.spec?.taints ?? []).filter((t) => !sameTaint(t, taint));
  return { ...node, spec: { ...node.spec, taints: [...others, taint] } };
}

/** Succeeded and Failed pods: the scheduler never places them, but the controller evicts them all the same. */
const isTerminal = (pod: Pod) => pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed';

/**
 * With `rescheduling`, every evicted pod that has not finished is looked for a place, on its own
 * (the pods evicted together do not compete for room here): the nodes with the taint added to the
 * targets, its own request taken off the node it leaves, the scheduler's filters (and
 * NodeResourcesFit with usage), and a node counts only if the pod would stay there, not be evicted
 * again by a NoExecute taint it tolerates for a while only. The first such node found is named
 * (the nodes not tainted now are tried first), not the one kube-scheduler would score best.
 */
export function taintImpact(
  taint: Taint,
  nodes: readonly Node[],
  pods: readonly Pod[],
  targetNames: ReadonlySet<string>,
  now: number,
  options: MatchOptions = defaultMatchOptions,
  /** The eviction already scheduled for a pod, if any: the controller keeps an earlier one. */
  scheduledOf: (pod: Pod) => ScheduledEviction | undefined = () => undefined,
  rescheduling?: ReschedulingQuery,
): TaintImpact {
  const after = new Map<string, Node>();
  for (const node of nodes) if (targetNames.has(node.metadata.name)) after.set(node.metadata.name, withTaint(node, taint));
  return { taint: taintIdentity(taint), ...impactOfNewTaints(after, [taint], nodes, pods, now, options, scheduledOf, rescheduling) };
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
): Omit<TaintImpact, 'taint'> {
  const targetNames = new Set(after.keys());
  const result: Omit<TaintImpact, 'taint'> = { nodes: [...after.keys()].sort(), evictions: [], unaffected: [], unschedulable: [] };
  const capacity: PlacementCapacity | undefined = rescheduling?.usageOf && { usageOf: rescheduling.usageOf };
  const evicts = added.some((t) => t.effect === 'NoExecute');
  const feasibility = feasibilityIn(options, rescheduling?.nodeClasses);

  const loses = pendingPodLoss(added, nodes, targetNames, options, capacity, feasibility);
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
  if (rescheduling) {
    const placeOf = destinations([...nodes.filter((n) => !after.has(n.metadata.name)), ...after.values()], now, options, capacity, feasibility);
    let stranded = 0;
    result.evictions.forEach((eviction, i) => {
      const pod = evicted[i] as Pod;
      if (isTerminal(pod)) return;
      // Its own node is no place for it, unless its eviction there is not certain (never in practice, or a deadline set earlier).
      const mayStay = eviction.at === null || eviction.alreadyScheduled !== undefined;
      eviction.elsewhere = placeOf(pod, mayStay);
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

const podKeyOf = ({ pod }: { pod: PodRef }) => `${pod.namespace}/${pod.name}`;
const byPod = (a: { pod: PodRef }, b: { pod: PodRef }) => (podKeyOf(a) < podKeyOf(b) ? -1 : podKeyOf(a) > podKeyOf(b) ? 1 : 0);

/**
 * For pending pods: "was feasible somewhere, is feasible nowhere once the taints are added". A pod
 * that tolerates every added taint that blocks scheduling loses nothing; otherwise every target
 * node becomes infeasible, so the pod loses iff its feasible nodes were all targets. Pods alike
 * in what scheduling looks at (replicas of one workload) are decided once.
 */
function pendingPodLoss(
  added: readonly Taint[],
  nodes: readonly Node[],
  targets: ReadonlySet<string>,
  options: MatchOptions,
  capacity: PlacementCapacity | undefined,
  feasibility: Feasibility,
): (pod: Pod) => boolean {
  const blocking = added.filter(isDoNotScheduleTaint);
  if (blocking.length === 0) return () => false;
  const decided = new Map<string, boolean>();
  return (pod) => {
    if (blocking.every((taint) => tolerationsTolerateTaint(pod.spec?.tolerations, taint, options))) return false;
    const signature = schedulingSignature(pod, capacity !== undefined);
    let loses = decided.get(signature);
    if (loses === undefined) {
      loses = feasibleOnlyOnTargets(feasibility(pod, capacity), nodes, targets);
      decided.set(signature, loses);
    }
    return loses;
  };
}

function feasibleOnlyOnTargets(feasible: (node: Node) => boolean, nodes: readonly Node[], targets: ReadonlySet<string>): boolean {
  let feasibleOnTarget = false;
  for (const node of nodes) {
    if (!feasible(node)) continue;
    if (!targets.has(node.metadata.name)) return false; // still has a home
    feasibleOnTarget = true;
  }
  return feasibleOnTarget;
}

/**
 * Where an evicted pod could go: over the nodes as they are after the taint (in the order to try
 * them), the first where its replacement passes the filters and no NoExecute taint would evict it
 * again. Pods alike in everything that decides it (replicas of one workload) are looked for once,
 * and the search stops at the first such node. A pod that fits nowhere costs one pass over the
 * nodes; with capacity, kinds of pods alike but for their requests share what such passes found,
 * since room only takes nodes away and a larger request fits nowhere a smaller one does not.
 */
function destinations(ordered: readonly Node[], now: number, options: MatchOptions, capacity: PlacementCapacity | undefined, feasibility: Feasibility) {
  const found = new Map<string, string | null>();
  const ignoringRoom = capacity && destinations(ordered, now, options, undefined, feasibility);
  /** By kind of pod but for its request: the requests found to fit nowhere. */
  const strandedRequests = new Map<string, ResourceRequest[]>();
  return (pod: Pod, mayStay: boolean): string | null => {
    // Its own node is ruled out by the same taints and tolerations that evict it, so the answer does not depend on it, unless it may stay.
    const stays = mayStay ? (pod.spec?.nodeName ?? '') : '';
    const signature = schedulingSignature(pod, capacity !== undefined, now) + stays;
    const cached = found.get(signature);
    if (cached !== undefined) return cached;
    const place = ignoringRoom
      ? placeWithRoom(pod, mayStay, schedulingSignature(pod, false, now) + stays)
      : firstHome(asRescheduled(pod).pod, ordered, now, options, undefined, feasibility);
    found.set(signature, place);
    return place;
  };

  function placeWithRoom(pod: Pod, mayStay: boolean, kind: string): string | null {
    if (ignoringRoom?.(pod, mayStay) === null) return null;
    const request = podResourceRequest(pod);
    const stranded = strandedRequests.get(kind) ?? [];
    if (stranded.some((smaller) => covers(request, smaller))) return null;
    const { pod: replacement, capacity: rest } = asRescheduled(pod, capacity);
    const place = firstHome(replacement, ordered, now, options, rest, feasibility);
    if (place === null) strandedRequests.set(kind, [...stranded, request]);
    return place;
  }
}

/** Does `request` ask at least as much as `other` of every resource? */
function covers(request: ResourceRequest, other: ResourceRequest): boolean {
  if (request.milliCPU < other.milliCPU || request.memory < other.memory || request.ephemeralStorage < other.ephemeralStorage) return false;
  for (const [name, q] of other.scalar) if ((request.scalar.get(name) ?? 0n) < q) return false;
  return true;
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

function firstHome(
  pod: Pod,
  ordered: readonly Node[],
  now: number,
  options: MatchOptions,
  capacity: PlacementCapacity | undefined,
  feasibility: Feasibility,
): string | null {
  const preFilter = nodeAffinityPreFilter(pod);
  if (preFilter.outcome === 'conflict') return null;
  const feasible = feasibility(pod, capacity);
  const tolerations = pod.spec?.tolerations;
  for (const node of ordered) {
    if (preFilter.outcome === 'nodeNames' && !preFilter.nodeNames.has(node.metadata.name)) continue;
    if (!feasible(node)) continue;
    const plan = planNoExecute(node.spec?.taints, tolerations, undefined, now, options).action;
    if (plan === 'EvictNow' || plan === 'EvictAt') continue;
    return node.metadata.name;
  }
  return null;
}

/**
 * What planNoExecute makes of a toleration's seconds, which is all that decides whether a pod stays:
 * at once (<= 0), for a while, past latestDeadline (never in practice), or forever. In that order,
 * as the seconds are, so the minimum over the tolerations in use falls in the class of the minimum.
 */
function staying(t: Toleration, now: number): 'atOnce' | 'forAWhile' | 'neverInPractice' | 'forever' {
  const seconds = t.tolerationSeconds ?? null;
  if (seconds === null) return 'forever';
  if (seconds <= 0) return 'atOnce';
  return deadlineAfter(now, seconds) === null ? 'neverInPractice' : 'forAWhile';
}

/**
 * What filtering reads of a pod: tolerations (with what their seconds mean for staying, when asked),
 * selectors, required affinity, and its request when resources are checked. Replicas of one
 * workload share it, whatever their seconds to the second.
 */
function schedulingSignature(pod: Pod, withRequest: boolean, now?: number): string {
  const tolerations = (pod.spec?.tolerations ?? []).map((t) => [
    t.key ?? '',
    t.operator ?? '',
    t.value ?? '',
    t.effect ?? '',
    ...(now === undefined ? [] : [staying(t, now)]),
  ]);
  const request = withRequest ? podResourceRequest(pod) : null;
  // goJson: an unknown field of a selector term may hold an integer beyond 2^53 (a bigint), and so do requests.
  return goJson([
    tolerations,
    pod.spec?.nodeSelector ?? null,
    pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution ?? null,
    request && [request.milliCPU, request.memory, request.ephemeralStorage, [...request.scalar]],
  ]);
}
