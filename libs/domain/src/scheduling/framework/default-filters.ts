import type { Node, Pod } from '../../types';
import { interPodAffinityFilter, interPodAffinityLabelKeys, interPodAffinityRejectsOnlyAt } from '../inter-pod-affinity/filter';
import { type InterPodAffinityState, interPodAffinityPluginName, interPodAffinityPreFilter, interPodAffinityWithout } from '../inter-pod-affinity/pre-filter';
import type { AffinityPodIndex } from '../inter-pod-affinity/affinity-pod-index';
import type { PodLabelIndex } from './pod-label-index';
import { nodeAffinityPreFilter } from '../node-affinity';
import { type SchedulerRejection, statusRejection } from '../node-filters';
import { nodePortsFilter, nodePortsPreFilter } from '../node-ports';
import { SchedulerReasons } from '../placement-reasons';
import { topologySpreadFilter, topologySpreadPreFilter, topologySpreadWithout } from '../topology-spread/spread-filter';
import type { MatchingPodCounter } from '../topology-spread/spread-counting';
import { nodeVolumeLimitsFilter, nodeVolumeLimitsPlugin, nodeVolumeLimitsPreFilter } from '../volumes/node-volume-limits';
import { volumeBindingFilter, volumeBindingPlugin, volumeBindingPreFilter } from '../volumes/volume-binding';
import { volumeRestrictionsFilter, volumeRestrictionsPlugin, volumeRestrictionsPreFilter, volumeRestrictionsWithout } from '../volumes/volume-restrictions';
import { volumeZoneFilter, volumeZonePlugin, volumeZonePreFilter } from '../volumes/volume-zone';
import { type UnevaluatedClaim, unevaluatedClaims } from '../volumes/unevaluated-claims';
import type { FilterStatus, PreFilterOutcome } from './plugin-status';
import { type NodeFilterPlugin, type PodPlugins, noPodPlugins } from './pod-plugins';
import type { SchedulingSnapshot } from './scheduling-snapshot';

/**
 * The default profile's PreFilter extension point for one pod (RunPreFilterPlugins): each plugin in
 * the profile's order either skips (its Filter does not run), keeps state for its Filter, or rejects
 * the pod on every node. An UnschedulableAndUnresolvable rejection ends the PreFilters there; an
 * Unschedulable one lets the others run and the last one stands. PreFilter results that name nodes
 * (NodeAffinity's matchFields, VolumeBinding's local volumes) narrow the nodes filtered; the others
 * are rejected as not satisfying those plugins.
 */

/** Indexes a cluster's holder may keep so that a PreFilter does not pass over every pod. */
export interface SnapshotIndexes {
  readonly affinityPods?: AffinityPodIndex;
  readonly spreadCounter?: MatchingPodCounter;
  /** The pods by namespace, labels and controller (a holder makes it on first asking): selectors tested once per set of pods alike. */
  readonly podLabels?: PodLabelIndex;
}

export interface PreparedFilters {
  /** The Filters to run node by node around NodeResourcesFit, for the plugins that did not skip. */
  readonly plugins: PodPlugins;
  /** A PreFilter's rejection of the pod: every node has this status, and the summary line is its message. */
  readonly rejection?: FilterStatus;
  /**
   * The nodes the PreFilter results leave (their intersection), and the plugins that named them, in
   * name order: every other node is rejected as `node(s) didn't satisfy plugin(s) [...]`.
   */
  readonly narrowed?: { readonly names: ReadonlySet<string>; readonly plugins: readonly string[] };
  /** What the filters did not evaluate for the pod (claims waiting for a first consumer, DRA claims), named. */
  readonly unevaluated: readonly UnevaluatedClaim[];
  /** InterPodAffinity's PreFilter state when it ran (neither skipped nor rejected): what a simulation follows of it from turn to turn, not counted twice. */
  readonly interPodAffinity?: InterPodAffinityState;
  /**
   * The same plugins as they would be with some pods of one node gone (preemption's dry run): each
   * plugin's state less what those pods counted (the PreFilter extensions' RemovePod: PodTopologySpread,
   * InterPodAffinity, VolumeRestrictions), and the Filters reading `view`, the cluster without them
   * (the node's host ports, disks and volumes: NodePorts, VolumeRestrictions, NodeVolumeLimits).
   * Nothing is counted again over the cluster: the cost is that of the pods taken off.
   */
  readonly withoutPods: (node: Node, takenOff: readonly Pod[], view: SchedulingSnapshot) => PodPlugins;
}

type Filter<S> = (state: S, node: Node, snapshot: SchedulingSnapshot) => FilterStatus | undefined;
type Without<S> = (state: S, node: Node, takenOff: readonly Pod[], snapshot: SchedulingSnapshot) => S;

interface Step {
  readonly name: string;
  readonly outcome: () => PreFilterOutcome<unknown>;
  readonly filter: Filter<unknown>;
  readonly without?: Without<unknown>;
  /** For a filter that reads only labels of a node: which, given its state (NodeFilterPlugin.labelKeys), and where it may reject. */
  readonly labelKeys?: (state: unknown) => readonly string[];
  readonly rejectsOnlyAt?: (state: unknown) => ReadonlyMap<string, ReadonlySet<string>> | undefined;
}

const step = <S>(
  name: string,
  preFilter: () => PreFilterOutcome<S>,
  filter: Filter<S>,
  without?: Without<S>,
  labelKeys?: (state: S) => readonly string[],
  rejectsOnlyAt?: (state: S) => ReadonlyMap<string, ReadonlySet<string>> | undefined,
): Step => ({
  name,
  outcome: preFilter,
  filter: filter as Filter<unknown>,
  ...(without ? { without: without as Without<unknown> } : {}),
  ...(labelKeys ? { labelKeys: labelKeys as (state: unknown) => readonly string[] } : {}),
  ...(rejectsOnlyAt ? { rejectsOnlyAt: rejectsOnlyAt as (state: unknown) => ReadonlyMap<string, ReadonlySet<string>> | undefined } : {}),
});

/** A plugin that ran its PreFilter, and the state it keeps. */
interface Ran {
  readonly step: Step;
  readonly state: unknown;
}

/** The Filters of the plugins that ran, each bound to its state and to the snapshot it reads. */
function pluginsOf(ran: readonly Ran[], snapshot: SchedulingSnapshot, stateOf: (r: Ran) => unknown = (r) => r.state): PodPlugins {
  if (ran.length === 0) return noPodPlugins;
  const beforeResources: NodeFilterPlugin[] = [];
  const afterResources: NodeFilterPlugin[] = [];
  for (const r of ran) {
    const state = stateOf(r);
    const rejectsOnlyAt = r.step.rejectsOnlyAt;
    const plugin: NodeFilterPlugin = {
      name: r.step.name,
      filter: (node) => r.step.filter(state, node, snapshot),
      ...(r.step.labelKeys ? { labelKeys: r.step.labelKeys(state) } : {}),
      ...(rejectsOnlyAt ? { rejectsOnlyAt: () => rejectsOnlyAt(state) } : {}),
    };
    (r.step.name === 'NodePorts' ? beforeResources : afterResources).push(plugin);
  }
  return { beforeResources, afterResources };
}

/**
 * The PreFilters of the default profile after NodeAffinity (which placement runs itself) for a pod
 * the scheduler places: NodePorts, (NodeResourcesFit keeps no state to reject with), the volume
 * filters, PodTopologySpread, InterPodAffinity. A pod bound by spec.nodeName is admitted by the
 * kubelet instead, whose generalFilter checks host ports and none of the others.
 */
export function prepareFilters(pod: Pod, snapshot: SchedulingSnapshot, indexes: SnapshotIndexes = {}): PreparedFilters {
  const bound = Boolean(pod.spec?.nodeName);
  const steps: Step[] = [
    step(
      'NodePorts',
      () => nodePortsPreFilter(pod),
      (state, node, view) => nodePortsFilter(state, pod, node, view),
    ),
  ];
  if (!bound) {
    steps.push(
      step(
        volumeRestrictionsPlugin,
        () => volumeRestrictionsPreFilter(pod, snapshot),
        (state, node, view) => volumeRestrictionsFilter(state, pod, node, view),
        (state, node, takenOff) => volumeRestrictionsWithout(state, node, takenOff),
      ),
      step(
        nodeVolumeLimitsPlugin,
        () => nodeVolumeLimitsPreFilter(pod, snapshot),
        (state, node, view) => nodeVolumeLimitsFilter(state, pod, node, view),
      ),
      step(
        volumeBindingPlugin,
        () => volumeBindingPreFilter(pod, snapshot),
        (state, node, view) => volumeBindingFilter(state, pod, node, view),
      ),
      step(
        volumeZonePlugin,
        () => volumeZonePreFilter(pod, snapshot),
        (state, node, view) => volumeZoneFilter(state, pod, node, view),
      ),
      step(
        'PodTopologySpread',
        () => topologySpreadPreFilter(pod, snapshot, {}, indexes.spreadCounter),
        (state, node, view) => topologySpreadFilter(state, pod, node, view),
        (state, node, takenOff) => topologySpreadWithout(state, pod, node, takenOff),
        (state) => state.constraints.map((c) => c.topologyKey),
      ),
      step(
        interPodAffinityPluginName,
        () => interPodAffinityPreFilter(pod, snapshot, indexes.affinityPods, indexes.podLabels),
        (state, node, view) => interPodAffinityFilter(state, pod, node, view),
        (state, node, takenOff, view) => interPodAffinityWithout(state, pod, node, takenOff, view),
        interPodAffinityLabelKeys,
        interPodAffinityRejectsOnlyAt,
      ),
    );
  }

  const ran: Ran[] = [];
  let rejection: FilterStatus | undefined;
  let narrowed: { names: Set<string>; plugins: string[] } | undefined;
  for (const s of steps) {
    const result = s.outcome();
    if (result.kind === 'skip') continue;
    if (result.kind === 'reject') {
      rejection = result.status;
      if (result.status.code === 'UnschedulableAndUnresolvable') break;
      continue;
    }
    ran.push({ step: s, state: result.state });
    const eligible = s.name === volumeBindingPlugin ? (result.state as { eligibleNodeNames?: ReadonlySet<string> }).eligibleNodeNames : undefined;
    if (eligible) narrowed = narrow(narrowed, s.name, eligible);
  }
  const prepared: { -readonly [K in keyof PreparedFilters]: PreparedFilters[K] } = {
    plugins: pluginsOf(ran, snapshot),
    unevaluated: bound ? [] : unevaluatedClaims(pod, snapshot),
    withoutPods: (node, takenOff, view) =>
      pluginsOf(ran, view, (r) => (r.step.without && takenOff.length > 0 ? r.step.without(r.state, node, takenOff, view) : r.state)),
  };
  const interPodAffinity = ran.find((r) => r.step.name === interPodAffinityPluginName);
  if (interPodAffinity) prepared.interPodAffinity = interPodAffinity.state as InterPodAffinityState;
  if (rejection) prepared.rejection = rejection;
  else if (narrowed) prepared.narrowed = narrowed;
  return prepared;
}

function narrow(current: { names: Set<string>; plugins: string[] } | undefined, plugin: string, names: ReadonlySet<string>) {
  if (!current) return { names: new Set(names), plugins: [plugin] };
  return { names: new Set([...current.names].filter((n) => names.has(n))), plugins: [...current.plugins, plugin].sort() };
}

/**
 * The nodes the PreFilter results leave, NodeAffinity's (matchFields on metadata.name) and the
 * others' merged (PreFilterResult.Merge: the intersection), with the plugins that named nodes: what
 * findNodesThatFitPod filters, the others being `node(s) didn't satisfy plugin(s) [...]`. When the
 * intersection is empty the pod is rejected at PreFilter: `node(s) didn't satisfy plugin X`, or with
 * two plugins `node(s) didn't satisfy plugin(s) [X Y] simultaneously` (a NodeAffinity conflict of
 * its own terms is its own errReasonConflict, which preFilterVerdict words before this).
 */
interface NodeNarrowing {
  readonly names?: ReadonlySet<string>;
  readonly plugins: readonly string[];
  readonly emptyMessage?: string;
}

function nodeNarrowing(pod: Pod, prepared: PreparedFilters): NodeNarrowing {
  const affinity = pod.spec?.nodeName ? undefined : nodeAffinityPreFilter(pod);
  let names: ReadonlySet<string> | undefined;
  const plugins: string[] = [];
  if (affinity?.outcome === 'nodeNames') {
    names = affinity.nodeNames;
    plugins.push('NodeAffinity');
  }
  if (prepared.narrowed) {
    const other = prepared.narrowed.names;
    names = names ? new Set([...names].filter((n) => other.has(n))) : other;
    plugins.push(...prepared.narrowed.plugins);
  }
  plugins.sort();
  if (!names || names.size > 0) return names ? { names, plugins } : { plugins };
  const emptyMessage =
    plugins.length === 1 ? `node(s) didn't satisfy plugin ${plugins.join('')}` : `node(s) didn't satisfy plugin(s) [${plugins.join(' ')}] simultaneously`;
  return { names, plugins, emptyMessage };
}

/** The status of a node a PreFilter result leaves out, as findNodesThatFitPod words it. */
const notInPreFilterResult = (plugins: readonly string[]): string =>
  plugins.length === 1 && plugins[0] === 'NodeAffinity' ? SchedulerReasons.notInPreFilterResult : `node(s) didn't satisfy plugin(s) [${plugins.join(' ')}]`;

/**
 * What findNodesThatFitPod records of a node before its Filters run. When the PreFilters reject the
 * pod (NodeAffinity's own terms in conflict, a plugin's rejection, or results that leave no node),
 * every node has that one status (SetAbsentNodesStatus) and `message` is the summary's; when their
 * results narrow the nodes, the nodes left out are UnschedulableAndUnresolvable `node(s) didn't
 * satisfy plugin(s) [...]`; any other node's status is its Filters' (statusOf gives undefined).
 */
export interface PreFilterVerdict {
  readonly message?: string;
  readonly statusOf: (nodeName: string) => SchedulerRejection | undefined;
}

export function preFilterVerdict(pod: Pod, prepared: PreparedFilters): PreFilterVerdict {
  const everyNode = (message: string, rejection: SchedulerRejection): PreFilterVerdict => ({ message, statusOf: () => rejection });
  if (!pod.spec?.nodeName && nodeAffinityPreFilter(pod).outcome === 'conflict') {
    return everyNode(SchedulerReasons.affinityTermsConflict, { reasons: [SchedulerReasons.affinityTermsConflict], unresolvable: true });
  }
  if (prepared.rejection) return everyNode(prepared.rejection.reasons.join(', '), statusRejection(prepared.rejection));
  const narrowing = nodeNarrowing(pod, prepared);
  // RunPreFilterPlugins' status when the merged result is empty: UnschedulableAndUnresolvable.
  if (narrowing.emptyMessage) return everyNode(narrowing.emptyMessage, { reasons: [narrowing.emptyMessage], unresolvable: true });
  const names = narrowing.names;
  if (!names) return { statusOf: () => undefined };
  const leftOut: SchedulerRejection = { reasons: [notInPreFilterResult(narrowing.plugins)], unresolvable: true };
  return { statusOf: (nodeName) => (names.has(nodeName) ? undefined : leftOut) };
}
