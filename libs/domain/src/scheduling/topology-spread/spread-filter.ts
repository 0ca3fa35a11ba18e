import type { Node, Pod } from '../../types';
import type { FilterStatus, PreFilterOutcome } from '../framework/plugin-status';
import type { SchedulingSnapshot } from '../framework/scheduling-snapshot';
import { type PlacementReason, PlacementReasonCodes } from '../placement-reasons';
import { type SpreadConstraint, type TopologySpreadOptions, spreadConstraintsOf, topologySpreadPluginName } from './spread-constraints';
import { lowerCounts } from '../framework/lowered-counts';
import { type MatchingPodCounter, countPodsMatchingSelector, matchingPodsPerDomain, snapshotPodCounter } from './spread-counting';
import { describeSpreadSelector, spreadSelectorMatches } from './spread-selector';

/** PodTopologySpread's reasons (plugin.go), as kube-scheduler's summary line counts them. */
export const TopologySpreadReasons = {
  /** ErrReasonConstraintsNotMatch. */
  constraintsNotMatch: "node(s) didn't match pod topology spread constraints",
  /** ErrReasonNodeLabelNotMatch. */
  nodeLabelNotMatch: "node(s) didn't match pod topology spread constraints (missing required label)",
} as const;

/** math.MaxInt32: the match number of a critical path no domain has filled. */
const unsetMatchNum = 2147483647;

/** One topology domain of a constraint and its number of matching pods. */
interface DomainCount {
  readonly topologyValue: string;
  readonly matchNum: number;
}

/**
 * criticalPaths: two domains with the fewest matching pods; [0] always holds the minimum, [1] is at
 * least as large but not always the second smallest. Enough for the filter, which only needs the
 * minimum (preemption keeps both to update it cheaply).
 */
type CriticalPaths = readonly [DomainCount, DomainCount];

/** preFilterState: per DoNotSchedule constraint (same index), the matching pods per domain and the critical paths. */
export interface TopologySpreadState {
  readonly constraints: readonly SpreadConstraint[];
  readonly matchNumByDomain: readonly ReadonlyMap<string, number>[];
  readonly criticalPaths: readonly CriticalPaths[];
}

/** criticalPaths.update, on a mutable pair. */
function updateCriticalPaths(paths: [DomainCount, DomainCount], topologyValue: string, matchNum: number): void {
  if (topologyValue === paths[0].topologyValue || topologyValue === paths[1].topologyValue) {
    if (topologyValue === paths[0].topologyValue) paths[0] = { topologyValue, matchNum };
    else paths[1] = { topologyValue, matchNum };
    if (paths[0].matchNum > paths[1].matchNum) paths.reverse();
  } else if (matchNum < paths[0].matchNum) {
    paths[1] = paths[0];
    paths[0] = { topologyValue, matchNum };
  } else if (matchNum < paths[1].matchNum) {
    paths[1] = { topologyValue, matchNum };
  }
}

/** The critical paths of a constraint's domains, in the map's order (the nodes' name order). */
function criticalPathsOf(matchNumByDomain: ReadonlyMap<string, number>): CriticalPaths {
  const paths: [DomainCount, DomainCount] = [
    { topologyValue: '', matchNum: unsetMatchNum },
    { topologyValue: '', matchNum: unsetMatchNum },
  ];
  for (const [value, num] of matchNumByDomain) updateCriticalPaths(paths, value, num);
  return paths;
}

/**
 * PreFilter (calPreFilterState): the pod's DoNotSchedule constraints, or the profile's default
 * DoNotSchedule ones with the default selector (the default profile has none); `skip` when there are
 * none, so the filter is not run. Counting is one pass over the nodes and their pods (see
 * spread-counting.ts), which `counter` can replace with counts kept elsewhere. A constraint whose
 * selector does not parse rejects the pod with kube-scheduler's error text (the API server would
 * not have admitted it).
 */
export function topologySpreadPreFilter(
  pod: Pod,
  snapshot: SchedulingSnapshot,
  options: TopologySpreadOptions = {},
  counter: MatchingPodCounter = snapshotPodCounter(snapshot),
): PreFilterOutcome<TopologySpreadState> {
  const constraints = spreadConstraintsOf(pod, 'DoNotSchedule', options);
  if (!constraints.ok) {
    const message = `get constraints from pod: ${constraints.error}`;
    return {
      kind: 'reject',
      status: {
        code: 'UnschedulableAndUnresolvable',
        plugin: topologySpreadPluginName,
        reasons: [message],
        details: [{ code: PlacementReasonCodes.topologySpreadMismatch, message, field: 'spec.topologySpreadConstraints' }],
      },
    };
  }
  if (constraints.value.length === 0) return { kind: 'skip' };
  const matchNumByDomain = matchingPodsPerDomain(pod, constraints.value, snapshot.nodes, counter, options, true);
  return { kind: 'run', state: { constraints: constraints.value, matchNumByDomain, criticalPaths: matchNumByDomain.map(criticalPathsOf) } };
}

/**
 * The state with pods of one node taken off (RemovePod, preFilterState.updateWithPod with -1, for
 * each): each constraint's count of the node's domain lowered by the pods it counted there (the node
 * counted at all, the pods matching, not terminating: what PreFilter counted), the domain kept at 0,
 * and the critical paths updated for that one domain (criticalPaths.update), which keeps the minimum
 * right when a single domain moves.
 */
export function topologySpreadWithout(state: TopologySpreadState, pod: Pod, node: Node, takenOff: readonly Pod[]): TopologySpreadState {
  const lowered = matchingPodsPerDomain(pod, state.constraints, [node], (_node, selector, namespace) =>
    countPodsMatchingSelector(takenOff, selector, namespace),
  );
  if (lowered.every((domains) => [...domains.values()].every((n) => n === 0))) return state;
  const matchNumByDomain = state.matchNumByDomain.map((counts, i) => lowerCounts(counts, lowered[i] ?? new Map(), false));
  const criticalPaths = state.criticalPaths.map((paths, i) => {
    const changed = [...(lowered[i] ?? [])].filter(([, n]) => n > 0);
    if (changed.length === 0) return paths;
    const updated: [DomainCount, DomainCount] = [paths[0], paths[1]];
    for (const [value] of changed) updateCriticalPaths(updated, value, matchNumByDomain[i]?.get(value) ?? 0);
    return updated;
  });
  return { constraints: state.constraints, matchNumByDomain, criticalPaths };
}

/** preFilterState.minMatchNum: the global minimum, 0 when fewer domains are eligible than minDomains. */
function minMatchNum(state: TopologySpreadState, i: number): { min: number; belowMinDomains: boolean } {
  const domains = state.matchNumByDomain[i]?.size ?? 0;
  const minDomains = state.constraints[i]?.minDomains ?? 1;
  if (domains < minDomains) return { min: 0, belowMinDomains: true };
  return { min: state.criticalPaths[i]?.[0].matchNum ?? unsetMatchNum, belowMinDomains: false };
}

function constraintName(c: SpreadConstraint): string {
  return `${c.field} (topologyKey ${c.topologyKey}, maxSkew ${String(c.maxSkew)}, selector ${describeSpreadSelector(c.selector)})`;
}

function status(code: FilterStatus['code'], reason: string, detail: PlacementReason): FilterStatus {
  return { code, plugin: topologySpreadPluginName, reasons: [reason], details: [detail] };
}

/**
 * Filter: for each DoNotSchedule constraint in order, the node must carry the topology key
 * (UnschedulableAndUnresolvable otherwise: no preemption adds a label), and placing the pod there
 * must keep `matching pods in the node's domain + 1 if the pod matches its own selector - global
 * minimum` within maxSkew (Unschedulable otherwise). The first constraint that fails decides.
 */
export function topologySpreadFilter(state: TopologySpreadState, pod: Pod, node: Node, _snapshot?: SchedulingSnapshot): FilterStatus | undefined {
  const labels = node.metadata.labels ?? {};
  for (const [i, c] of state.constraints.entries()) {
    if (!Object.prototype.hasOwnProperty.call(labels, c.topologyKey)) {
      return status('UnschedulableAndUnresolvable', TopologySpreadReasons.nodeLabelNotMatch, {
        code: PlacementReasonCodes.topologyLabelMissing,
        message: `node has no label ${c.topologyKey}, the topology key of ${constraintName(c)}`,
        field: c.field,
      });
    }
    const value = labels[c.topologyKey] ?? '';
    const { min, belowMinDomains } = minMatchNum(state, i);
    const selfMatch = spreadSelectorMatches(c.selector, pod) ? 1 : 0;
    const matchNum = state.matchNumByDomain[i]?.get(value) ?? 0;
    const skew = matchNum + selfMatch - min;
    if (skew > c.maxSkew) {
      const minimum = belowMinDomains
        ? `a global minimum of 0 (${String(state.matchNumByDomain[i]?.size ?? 0)} eligible domain(s), fewer than minDomains ${String(c.minDomains)})`
        : `a global minimum of ${String(min)}`;
      const self = selfMatch ? ' (the pod itself included)' : '';
      return status('Unschedulable', TopologySpreadReasons.constraintsNotMatch, {
        code: PlacementReasonCodes.topologySpreadMismatch,
        message:
          `${constraintName(c)}: ${c.topologyKey}=${value} would hold ${String(matchNum + selfMatch)} matching pod(s)${self} ` +
          `against ${minimum}: skew ${String(skew)} > maxSkew ${String(c.maxSkew)}`,
        field: c.field,
      });
    }
  }
  return undefined;
}
