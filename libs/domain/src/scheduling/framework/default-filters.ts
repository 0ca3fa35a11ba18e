import type { Node, Pod } from '../../types';
import { interPodAffinityFilter } from '../inter-pod-affinity/filter';
import { interPodAffinityPreFilter } from '../inter-pod-affinity/pre-filter';
import type { AffinityPodIndex } from '../inter-pod-affinity/affinity-pod-index';
import { nodeAffinityPreFilter } from '../node-affinity';
import { type SchedulerRejection, statusRejection } from '../node-filters';
import { nodePortsFilter, nodePortsPreFilter } from '../node-ports';
import { SchedulerReasons } from '../placement-reasons';
import { topologySpreadFilter, topologySpreadPreFilter } from '../topology-spread/spread-filter';
import type { MatchingPodCounter } from '../topology-spread/spread-counting';
import { nodeVolumeLimitsFilter, nodeVolumeLimitsPlugin, nodeVolumeLimitsPreFilter } from '../volumes/node-volume-limits';
import { volumeBindingFilter, volumeBindingPlugin, volumeBindingPreFilter } from '../volumes/volume-binding';
import { volumeRestrictionsFilter, volumeRestrictionsPlugin, volumeRestrictionsPreFilter } from '../volumes/volume-restrictions';
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
}

interface Step {
  readonly name: string;
  readonly outcome: () => PreFilterOutcome<unknown>;
  readonly filter: (state: unknown, node: Node) => FilterStatus | undefined;
}

const step = <S>(name: string, preFilter: () => PreFilterOutcome<S>, filter: (state: S, node: Node) => FilterStatus | undefined): Step => ({
  name,
  outcome: preFilter,
  filter: filter as Step['filter'],
});

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
      (state, node) => nodePortsFilter(state, pod, node, snapshot),
    ),
  ];
  if (!bound) {
    steps.push(
      step(
        volumeRestrictionsPlugin,
        () => volumeRestrictionsPreFilter(pod, snapshot),
        (state, node) => volumeRestrictionsFilter(state, pod, node, snapshot),
      ),
      step(
        nodeVolumeLimitsPlugin,
        () => nodeVolumeLimitsPreFilter(pod, snapshot),
        (state, node) => nodeVolumeLimitsFilter(state, pod, node, snapshot),
      ),
      step(
        volumeBindingPlugin,
        () => volumeBindingPreFilter(pod, snapshot),
        (state, node) => volumeBindingFilter(state, pod, node, snapshot),
      ),
      step(
        volumeZonePlugin,
        () => volumeZonePreFilter(pod, snapshot),
        (state, node) => volumeZoneFilter(state, pod, node, snapshot),
      ),
      step(
        'PodTopologySpread',
        () => topologySpreadPreFilter(pod, snapshot, {}, indexes.spreadCounter),
        (state, node) => topologySpreadFilter(state, pod, node, snapshot),
      ),
      step(
        'InterPodAffinity',
        () => interPodAffinityPreFilter(pod, snapshot, indexes.affinityPods),
        (state, node) => interPodAffinityFilter(state, pod, node, snapshot),
      ),
    );
  }

  const beforeResources: NodeFilterPlugin[] = [];
  const afterResources: NodeFilterPlugin[] = [];
  let rejection: FilterStatus | undefined;
  let narrowed: { names: Set<string>; plugins: string[] } | undefined;
  for (const { name, outcome, filter } of steps) {
    const result = outcome();
    if (result.kind === 'skip') continue;
    if (result.kind === 'reject') {
      rejection = result.status;
      if (result.status.code === 'UnschedulableAndUnresolvable') break;
      continue;
    }
    const plugin: NodeFilterPlugin = { name, filter: (node) => filter(result.state, node) };
    (name === 'NodePorts' ? beforeResources : afterResources).push(plugin);
    const eligible = name === volumeBindingPlugin ? (result.state as { eligibleNodeNames?: ReadonlySet<string> }).eligibleNodeNames : undefined;
    if (eligible) narrowed = narrow(narrowed, name, eligible);
  }
  const prepared: { -readonly [K in keyof PreparedFilters]: PreparedFilters[K] } = {
    plugins: beforeResources.length || afterResources.length ? { beforeResources, afterResources } : noPodPlugins,
    unevaluated: bound ? [] : unevaluatedClaims(pod, snapshot),
  };
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
