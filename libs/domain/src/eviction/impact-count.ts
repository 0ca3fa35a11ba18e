import type { PlacementCapacity } from '../scheduling/placement-reasons';
import { taintIdentity } from '../taints/taint';
import { type MatchOptions, defaultMatchOptions } from '../tolerations/match';
import type { Node, Pod, Taint } from '../types';
import { type ImpactSummary, impactTally } from './impact-views';
import { destinations, feasibilityIn, isTerminal, pendingPodLoss } from './impact-search';
import { type CountedOutcome, noExecuteOutcomes, outcomeOf } from './no-execute-outcomes';
import { type ScheduledEviction, type ScheduledEvictions, noneScheduled, planNoExecute } from './no-execute-plan';
import { type PodsByNode, TERMINAL, TERMINATING, podFactFlags } from './node-pod-facts';
import { type PodKind, type PodKinds, podKinds } from './pod-kinds';
import { type AskedTaints, type ReschedulingQuery, askedTaints, taintedNodes } from './taint-impact';

/**
 * taintImpact's summary view (impactSummary of its answer) without its answer: the summary only
 * counts, so no pod's eviction is built, named or sorted, and pods alike on nodes alike are decided
 * once. Over every node of 10,000 with 300,000 pods this is the answer asked by default, and the
 * per-pod objects and their sort were about half of its time (bench/RESULTS.md). The pods come as
 * an iterable (each read whole), or as their holder keeps them by node (node-pod-facts.ts): then
 * only the nodes tainted are read, a few numbers a pod, and a pod whole only where it matters.
 */
export function taintImpactSummary(
  asked: AskedTaints,
  nodes: readonly Node[],
  /** Iterated once: the stored cluster's pods need not be copied into an array. */
  pods: Iterable<Pod> | PodsByNode,
  targetNames: ReadonlySet<string>,
  now: number,
  options: MatchOptions = defaultMatchOptions,
  scheduledOf: ScheduledEvictions = noneScheduled,
  rescheduling?: ReschedulingQuery,
  /** Kept by a caller whose pods do not change (a snapshot's), so that each pod's kind is found once across questions. */
  kinds: PodKinds = podKinds(),
): ImpactSummary {
  const taints = askedTaints(asked).map(taintIdentity);
  const after = taintedNodes(nodes, targetNames, taints);
  const capacity: PlacementCapacity | undefined = rescheduling?.usageOf && { usageOf: rescheduling.usageOf };
  const evicts = taints.some((t) => t.effect === 'NoExecute');
  const feasibility = feasibilityIn(options, rescheduling?.nodeClasses);
  const loses = pendingPodLoss(taints, nodes, new Set(after.keys()), options, capacity, feasibility, kinds);
  const untainted = nodes.filter((n) => !after.has(n.metadata.name));
  const placeOf = rescheduling && destinations(untainted, [...after.values()], taints, now, options, capacity, feasibility, kinds);
  const outcomes = noExecuteOutcomes(now, options);
  const tally = impactTally(now);
  let stranded = 0;

  const pending = (pod: Pod): void => {
    if (!isTerminal(pod) && loses(pod)) tally.counts.unschedulable++;
  };
  /** A pod bound to a tainted node, its decision for the pods of that node's kind of taints given; `scheduled` only when some eviction may be its. */
  const bound = (
    pod: Pod,
    kind: PodKind,
    flags: number,
    node: Node,
    decide: (kind: PodKind) => CountedOutcome,
    scheduled: ScheduledEviction | undefined,
  ): void => {
    if (flags & TERMINATING || !evicts) {
      tally.counts.unaffected++;
      return;
    }
    const terminal = (flags & TERMINAL) !== 0;
    if (scheduled) {
      // An eviction already scheduled is the pod's own, and so is the search for its place (its own node may be one).
      const decided = outcomeOf(planNoExecute(node.spec?.taints, pod.spec?.tolerations, scheduled, now, options), now);
      if (decided === 'stays') {
        tally.counts.unaffected++;
        return;
      }
      tally.evicted(decided.at, decided.immediately, decided.alreadyScheduled);
      if (placeOf && !terminal && placeOf(pod, kind, decided.at === null || decided.alreadyScheduled) === null) stranded++;
      return;
    }
    // Otherwise the decision is that of its tolerations on the node's taints, counted with its kind's.
    const counted = decide(kind);
    if (counted.outcome === 'stays') {
      tally.counts.unaffected++;
      return;
    }
    counted.pods++;
    if (!placeOf || terminal) return;
    // As taintImpact: its own node is a place for it only when its eviction there is not certain
    // (never in practice), and then the answer is the pod's own. Otherwise it is the same for every
    // pod of the kind with this outcome (destinations), so it is asked once.
    if (counted.outcome.at === null) {
      if (placeOf(pod, kind, true) === null) stranded++;
      return;
    }
    if (counted.elsewhere === undefined) counted.elsewhere = placeOf(pod, kind, false);
    if (counted.elsewhere === null) stranded++;
  };

  if (isPodsByNode(pods)) {
    for (const [name, node] of after) {
      const { pods: onNode, kinds: kindOf, flags } = pods.factsOn(name);
      const decide = outcomes.on(node);
      const asks = scheduledOf.nodes === undefined || scheduledOf.nodes.has(name);
      for (let i = 0; i < onNode.length; i++) {
        const pod = onNode[i] as Pod;
        bound(pod, kindOf[i] as PodKind, flags[i] as number, node, decide, asks ? scheduledOf(pod) : undefined);
      }
    }
    for (const pod of pods.pending) pending(pod);
  } else {
    /** Each tainted node's decision for its pods, found with one lookup per pod. */
    const decisionOn = new Map<string, { node: Node; decide: (kind: PodKind) => CountedOutcome }>();
    for (const [name, node] of after) decisionOn.set(name, { node, decide: outcomes.on(node) });
    for (const pod of pods) {
      const boundTo = pod.spec?.nodeName;
      if (!boundTo) {
        pending(pod);
        continue;
      }
      const target = decisionOn.get(boundTo);
      if (!target) continue;
      const flags = podFactFlags(pod);
      // A terminating pod, or a taint that evicts nothing: its kind is not needed.
      const kind = flags & TERMINATING || !evicts ? unreadKind : kinds.of(pod);
      bound(pod, kind, flags, target.node, target.decide, scheduledOf(pod));
    }
  }
  for (const { outcome, pods: count } of outcomes.all()) if (outcome !== 'stays' && count > 0) tally.evicted(outcome.at, outcome.immediately, false, count);

  const summary: ImpactSummary = { taint: taints[0] as Taint, taints, nodeCount: after.size, counts: tally.counts, timeline: tally.timeline() };
  if (rescheduling) summary.rescheduling = { capacityConsidered: capacity !== undefined, stranded };
  return summary;
}

/** The kind handed for a pod whose kind the summary does not read (it stays whatever its tolerations). */
const unreadKind: PodKind = Object.freeze({ tolerations: undefined });

const isPodsByNode = (pods: Iterable<Pod> | PodsByNode): pods is PodsByNode => typeof (pods as Partial<PodsByNode>).factsOn === 'function';
