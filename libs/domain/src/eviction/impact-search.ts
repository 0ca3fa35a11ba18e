import { type ResourceRequest, podResourceRequest } from '../resources/pod-requests';
import { groupedFeasibility } from '../scheduling/grouped-placement';
import { nodeAffinityPreFilter } from '../scheduling/node-affinity';
import type { NodeClasses } from '../scheduling/node-classes';
import { feasibilityOf } from '../scheduling/placement';
import type { PlacementCapacity } from '../scheduling/placement-reasons';
import { asRescheduled } from '../scheduling/rescheduling';
import { isDoNotScheduleTaint, isNoExecuteTaint } from '../taints/taint';
import type { MatchOptions } from '../tolerations/match';
import { tolerationsTolerateTaint } from '../tolerations/match';
import type { Node, Pod, Taint, Toleration } from '../types';
import { deadlineAfter, planNoExecute } from './no-execute-plan';
import { type PodKind, type PodKinds, jsonOf, requestText } from './pod-kinds';

/**
 * The searches taint impact makes beyond each pod's own decision, shared by the full answer
 * (taint-impact) and the summary that only counts (impact-count): which pending pods lose their
 * last feasible node, and where an evicted pod could go.
 */

/** feasibilityOf, or with classes groupedFeasibility, which answers alike. */
export type Feasibility = (pod: Pod, capacity: PlacementCapacity | undefined) => (node: Node) => boolean;

export function feasibilityIn(options: MatchOptions, classes: NodeClasses | undefined): Feasibility {
  if (!classes) return (pod, capacity) => feasibilityOf(pod, options, capacity);
  return (pod, capacity) => groupedFeasibility(pod, classes, options, capacity);
}

/** Succeeded and Failed pods: the scheduler never places them, but the controller evicts them all the same. */
export const isTerminal = (pod: Pod) => pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed';

/**
 * For pending pods: "was feasible somewhere, is feasible nowhere once the taints are added". A pod
 * that tolerates every added taint that blocks scheduling loses nothing; otherwise every target
 * node becomes infeasible, so the pod loses iff its feasible nodes were all targets. Pods alike
 * in what scheduling looks at (replicas of one workload) are decided once.
 */
export function pendingPodLoss(
  added: readonly Taint[],
  nodes: readonly Node[],
  targets: ReadonlySet<string>,
  options: MatchOptions,
  capacity: PlacementCapacity | undefined,
  feasibility: Feasibility,
  kinds: PodKinds,
): (pod: Pod) => boolean {
  const blocking = added.filter(isDoNotScheduleTaint);
  if (blocking.length === 0) return () => false;
  const others = nodes.filter((n) => !targets.has(n.metadata.name));
  const targeted = nodes.filter((n) => targets.has(n.metadata.name));
  const bySignature = new Map<string, boolean>();
  const byKind = new Map<PodKind, boolean>();
  return (pod) => {
    const kind = kinds.of(pod);
    let loses = byKind.get(kind);
    if (loses === undefined) {
      loses = lossOf(pod);
      byKind.set(kind, loses);
    }
    return loses;
  };

  function lossOf(pod: Pod): boolean {
    if (blocking.every((taint) => tolerationsTolerateTaint(pod.spec?.tolerations, taint, options))) return false;
    const signature = schedulingSignature(pod, capacity !== undefined);
    let loses = bySignature.get(signature);
    if (loses === undefined) {
      loses = feasibleOnlyOnTargets(feasibility(pod, capacity), others, targeted);
      bySignature.set(signature, loses);
    }
    return loses;
  }
}

/** Feasible on no node but targets, and on some target: the nodes not targeted are tried first, so the search stops at the first feasible node. */
function feasibleOnlyOnTargets(feasible: (node: Node) => boolean, others: readonly Node[], targeted: readonly Node[]): boolean {
  if (others.some(feasible)) return false; // still has a home
  return targeted.some(feasible);
}

/**
 * Where an evicted pod could go: over the nodes as they are after the taint, those not tainted
 * first and then the tainted ones (each of which carries every taint of `added`), the first where
 * its replacement passes the filters and no NoExecute taint would evict it again. Pods of one
 * kind (replicas of one workload) are looked for once, and so are kinds alike in everything that
 * decides it; the search stops at the first such node. A pod that fits nowhere costs one pass over
 * the nodes; with capacity, kinds of pods alike but for their requests share what such passes
 * found, since room only takes nodes away and a larger request fits nowhere a smaller one does not.
 */
export function destinations(
  untainted: readonly Node[],
  tainted: readonly Node[],
  added: readonly Taint[],
  now: number,
  options: MatchOptions,
  capacity: PlacementCapacity | undefined,
  feasibility: Feasibility,
  kinds: PodKinds,
): (pod: Pod, kind: PodKind, mayStay: boolean) => string | null {
  const ordered = [...untainted, ...tainted];
  const evictedByAdded = evictedOnEveryTainted(added, now, options);
  /** By kind, for pods whose own node is no place for them: the answer does not depend on which node they leave. */
  const byKind = new Map<PodKind, string | null>();
  const found = new Map<string, string | null>();
  const ignoringRoom = capacity && destinations(untainted, tainted, added, now, options, undefined, feasibility, kinds);
  /** By kind of pod but for its request: the requests found to fit nowhere. */
  const strandedRequests = new Map<string, ResourceRequest[]>();
  return (pod, kind, mayStay) => {
    if (mayStay) return placeOf(pod, kind, true);
    let place = byKind.get(kind);
    if (place === undefined) {
      place = placeOf(pod, kind, false);
      byKind.set(kind, place);
    }
    return place;
  };

  function placeOf(pod: Pod, kind: PodKind, mayStay: boolean): string | null {
    // A replacement the added taints alone evict is evicted from every tainted node: only the others are worth a look.
    const nodes = evictedByAdded(kind) ? untainted : ordered;
    if (nodes.length === 0) return null;
    // Its own node is ruled out by the same taints and tolerations that evict it, so the answer does not depend on it, unless it may stay.
    const stays = mayStay ? (pod.spec?.nodeName ?? '') : '';
    const signature = schedulingSignature(pod, capacity !== undefined, now) + stays;
    const cached = found.get(signature);
    if (cached !== undefined) return cached;
    const place = ignoringRoom
      ? placeWithRoom(pod, kind, mayStay, schedulingSignature(pod, false, now) + stays, nodes)
      : firstHome(asRescheduled(pod).pod, nodes, now, options, undefined, feasibility);
    found.set(signature, place);
    return place;
  }

  function placeWithRoom(pod: Pod, kind: PodKind, mayStay: boolean, withoutRequest: string, nodes: readonly Node[]): string | null {
    if (ignoringRoom?.(pod, kind, mayStay) === null) return null;
    const request = podResourceRequest(pod);
    const stranded = strandedRequests.get(withoutRequest) ?? [];
    if (stranded.some((smaller) => covers(request, smaller))) return null;
    const { pod: replacement, capacity: rest } = asRescheduled(pod, capacity);
    const place = firstHome(replacement, nodes, now, options, rest, feasibility);
    if (place === null) strandedRequests.set(withoutRequest, [...stranded, request]);
    return place;
  }
}

/**
 * Does a NoExecute taint among `added` evict a pod of the kind at once or after a while, taken
 * alone? Then so does every node that carries them: the controller uses, for each taint, the
 * first toleration of it, so more taints only add untolerated ones or tolerations of fewer
 * seconds. By kind, asked once each.
 */
function evictedOnEveryTainted(added: readonly Taint[], now: number, options: MatchOptions): (kind: PodKind) => boolean {
  const noExecute = added.filter(isNoExecuteTaint);
  const decided = new Map<PodKind, boolean>();
  return (kind) => {
    if (noExecute.length === 0) return false;
    let evicted = decided.get(kind);
    if (evicted === undefined) {
      const action = planNoExecute(noExecute, kind.tolerations, undefined, now, options).action;
      evicted = action === 'EvictNow' || action === 'EvictAt';
      decided.set(kind, evicted);
    }
    return evicted;
  };
}

/** Does `request` ask at least as much as `other` of every resource? */
function covers(request: ResourceRequest, other: ResourceRequest): boolean {
  if (request.milliCPU < other.milliCPU || request.memory < other.memory || request.ephemeralStorage < other.ephemeralStorage) return false;
  for (const [name, q] of other.scalar) if ((request.scalar.get(name) ?? 0n) < q) return false;
  return true;
}

export function firstHome(
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
 * workload share it, whatever their seconds to the second. Built once per evicted pod, so written
 * by hand: each part is JSON text (which ends where it ends), the request last; the parts a pod
 * mostly lacks cost nothing.
 */
function schedulingSignature(pod: Pod, withRequest: boolean, now?: number): string {
  const spec = pod.spec;
  const tolerations = spec?.tolerations?.length
    ? jsonOf(spec.tolerations.map((t) => [t.key ?? '', t.operator ?? '', t.value ?? '', t.effect ?? '', ...(now === undefined ? [] : [staying(t, now)])]))
    : '[]';
  const selector = spec?.nodeSelector ? jsonOf(spec.nodeSelector) : 'null';
  const required = spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  const affinity = required ? jsonOf(required) : 'null';
  return `${tolerations}|${selector}|${affinity}|${withRequest ? requestText(podResourceRequest(pod)) : 'null'}`;
}
