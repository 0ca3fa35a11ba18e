import { podRef, isFeasible } from '../scheduling/placement';
import { isDoNotScheduleTaint, sameTaint, taintIdentity } from '../taints/taint';
import type { MatchOptions } from '../tolerations/match';
import { defaultMatchOptions, tolerationsTolerateTaint } from '../tolerations/match';
import type { Int64 } from '../numbers/int64';
import type { Node, Pod, PodRef, Taint } from '../types';
import { isTerminating } from '../pods/graceful-deletion';
import { goJson } from '../validation/field-errors';
import { type ScheduledEviction, planNoExecute } from './no-execute-plan';

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
}

/** The node with the taint added, replacing a taint of the same key and effect (kubectl --overwrite). */
export function withTaint(node: Node, taint: Taint): Node {
  const others = (node.spec?.taints ?? []).filter((t) => !sameTaint(t, taint));
  return { ...node, spec: { ...node.spec, taints: [...others, taint] } };
}

/** Succeeded and Failed pods: the scheduler never places them, but the controller evicts them all the same. */
const isTerminal = (pod: Pod) => pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed';

export function taintImpact(
  taint: Taint,
  nodes: readonly Node[],
  pods: readonly Pod[],
  targetNames: ReadonlySet<string>,
  now: number,
  options: MatchOptions = defaultMatchOptions,
  /** The eviction already scheduled for a pod, if any: the controller keeps an earlier one. */
  scheduledOf: (pod: Pod) => ScheduledEviction | undefined = () => undefined,
): TaintImpact {
  const after = new Map<string, Node>();
  for (const node of nodes) if (targetNames.has(node.metadata.name)) after.set(node.metadata.name, withTaint(node, taint));
  const result: TaintImpact = { taint: taintIdentity(taint), nodes: [...after.keys()].sort(), evictions: [], unaffected: [], unschedulable: [] };

  const loses = pendingPodLoss(taint, nodes, targetNames, options);
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
    if (taint.effect !== 'NoExecute') {
      result.unaffected.push({ pod: ref, node: boundTo, reason: 'NotNoExecute' });
      continue;
    }
    const decision = planNoExecute(node.spec?.taints, pod.spec?.tolerations, scheduledOf(pod), now, options);
    if (decision.action === 'EvictNow') result.evictions.push({ pod: ref, node: boundTo, when: 'Immediately', at: now });
    else if (decision.action === 'KeepScheduled') {
      const { startedAt, fireAt } = decision.scheduled;
      const tolerationSeconds = Math.round((fireAt - startedAt) / 1000);
      result.evictions.push({
        pod: ref,
        node: boundTo,
        when: 'AfterTolerationSeconds',
        tolerationSeconds,
        at: fireAt,
        alreadyScheduled: { scheduledAt: startedAt },
      });
    } else if (decision.action === 'EvictAt') {
      result.evictions.push({ pod: ref, node: boundTo, when: 'AfterTolerationSeconds', tolerationSeconds: decision.tolerationSeconds, at: decision.fireAt });
    } else if (decision.action === 'NeverInPractice') {
      result.evictions.push({ pod: ref, node: boundTo, when: 'AfterTolerationSeconds', tolerationSeconds: decision.tolerationSeconds, at: null });
    } else result.unaffected.push({ pod: ref, node: boundTo, reason: 'ToleratesForever' });
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
 * For pending pods: "was feasible somewhere, is feasible nowhere once the taint is added". A pod
 * that tolerates the taint (or a taint that does not block scheduling) loses nothing; otherwise
 * every target node becomes infeasible, so the pod loses iff its feasible nodes were all targets.
 * Pods alike in what scheduling looks at (replicas of one workload) are decided once.
 */
function pendingPodLoss(taint: Taint, nodes: readonly Node[], targets: ReadonlySet<string>, options: MatchOptions): (pod: Pod) => boolean {
  if (!isDoNotScheduleTaint(taint)) return () => false;
  const decided = new Map<string, boolean>();
  return (pod) => {
    if (tolerationsTolerateTaint(pod.spec?.tolerations, taint, options)) return false;
    const signature = schedulingSignature(pod);
    let loses = decided.get(signature);
    if (loses === undefined) {
      loses = feasibleOnlyOnTargets(pod, nodes, targets, options);
      decided.set(signature, loses);
    }
    return loses;
  };
}

function feasibleOnlyOnTargets(pod: Pod, nodes: readonly Node[], targets: ReadonlySet<string>, options: MatchOptions): boolean {
  let feasibleOnTarget = false;
  for (const node of nodes) {
    if (!isFeasible(pod, node, options)) continue;
    if (!targets.has(node.metadata.name)) return false; // still has a home
    feasibleOnTarget = true;
  }
  return feasibleOnTarget;
}

/** What filtering reads of a pending pod: tolerations without their seconds, selectors, required affinity. */
function schedulingSignature(pod: Pod): string {
  const tolerations = (pod.spec?.tolerations ?? []).map((t) => [t.key ?? '', t.operator ?? '', t.value ?? '', t.effect ?? '']);
  // goJson: an unknown field of a selector term may hold an integer beyond 2^53 (a bigint).
  return goJson([tolerations, pod.spec?.nodeSelector ?? null, pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution ?? null]);
}
