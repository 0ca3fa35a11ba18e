import { type Result, err, ok } from '../../failures/result';
import { type MatchOptions, defaultMatchOptions, tolerationsTolerateTaint } from '../../tolerations/match';
import type { Node, Pod, TopologySpreadConstraint } from '../../types';
import { type DefaultSelectorSources, defaultSpreadSelector } from './default-selector';
import { type SpreadSelector, isEmptySelector, spreadSelectorOf, withMatchLabels } from './spread-selector';

/** kube-scheduler's plugin name, as statuses carry it. */
export const topologySpreadPluginName = 'PodTopologySpread';

export const labelHostname = 'kubernetes.io/hostname';
const labelTopologyZone = 'topology.kubernetes.io/zone';

/**
 * systemDefaultConstraints (plugin.go): what the default profile applies to a pod that has no
 * topologySpreadConstraints of its own (PodTopologySpreadArgs.defaultingType: System). Both are
 * ScheduleAnyway, so they only score; the filter never sees them.
 */
export const systemDefaultConstraints: readonly TopologySpreadConstraint[] = Object.freeze([
  { topologyKey: labelHostname, whenUnsatisfiable: 'ScheduleAnyway', maxSkew: 3 },
  { topologyKey: labelTopologyZone, whenUnsatisfiable: 'ScheduleAnyway', maxSkew: 5 },
]);

export type UnsatisfiableAction = 'DoNotSchedule' | 'ScheduleAnyway';
type NodeInclusionPolicy = 'Honor' | 'Ignore';

/**
 * A spread constraint as the plugin holds it (topologySpreadConstraint): its selector parsed and
 * merged with matchLabelKeys, minDomains and the inclusion policies defaulted. `field` is where it
 * sits in the pod (`spec.topologySpreadConstraints[1]`), or `defaultConstraints[0]` for a default one.
 */
export interface SpreadConstraint {
  readonly maxSkew: number;
  readonly topologyKey: string;
  readonly selector: SpreadSelector;
  readonly minDomains: number;
  readonly nodeAffinityPolicy: NodeInclusionPolicy;
  readonly nodeTaintsPolicy: NodeInclusionPolicy;
  readonly field: string;
}

/** PodTopologySpreadArgs as a profile sets them: the system defaults (the default profile) or a list of its own. */
type SpreadDefaulting = { readonly type: 'System' } | { readonly type: 'List'; readonly constraints: readonly TopologySpreadConstraint[] };

export interface TopologySpreadOptions {
  /** The profile's defaulting; the default profile's is System. */
  readonly defaulting?: SpreadDefaulting;
  /** Where the default constraints' selector comes from (default-selector.ts). */
  readonly selectorSources?: DefaultSelectorSources;
  /** Toleration matching for nodeTaintsPolicy: Honor (the Gt/Lt operators of KEP-5471). */
  readonly matchOptions?: MatchOptions;
}

const systemDefaulting: SpreadDefaulting = Object.freeze({ type: 'System' });

export const isSystemDefaulted = (options: TopologySpreadOptions): boolean => (options.defaulting ?? systemDefaulting).type === 'System';

function defaultConstraintsOf(options: TopologySpreadOptions): readonly TopologySpreadConstraint[] {
  const defaulting = options.defaulting ?? systemDefaulting;
  return defaulting.type === 'System' ? systemDefaultConstraints : defaulting.constraints;
}

/**
 * filterTopologySpreadConstraints: the constraints with this whenUnsatisfiable, each with its
 * selector parsed and ANDed with `key In [value]` for each matchLabelKeys key the pod has a label
 * for (MatchLabelKeysInPodTopologySpread, on by default), minDomains 1 when unset, nodeAffinityPolicy
 * Honor and nodeTaintsPolicy Ignore when unset (NodeInclusionPolicyInPodTopologySpread, GA in 1.33).
 */
function filterConstraints(
  constraints: readonly TopologySpreadConstraint[],
  podLabels: Record<string, string>,
  action: UnsatisfiableAction,
  fieldPrefix: string,
): Result<SpreadConstraint[], string> {
  const result: SpreadConstraint[] = [];
  for (const [i, c] of constraints.entries()) {
    if (c.whenUnsatisfiable !== action) continue;
    const parsed = spreadSelectorOf(c.labelSelector);
    if (!parsed.ok) return err(parsed.error);
    const matchLabels = new Map<string, string>();
    for (const key of c.matchLabelKeys ?? []) {
      const value = podLabels[key];
      if (value !== undefined && Object.prototype.hasOwnProperty.call(podLabels, key)) matchLabels.set(key, value);
    }
    result.push({
      maxSkew: c.maxSkew,
      topologyKey: c.topologyKey,
      selector: withMatchLabels(parsed.value, matchLabels),
      minDomains: c.minDomains ?? 1,
      nodeAffinityPolicy: c.nodeAffinityPolicy === 'Ignore' ? 'Ignore' : 'Honor',
      nodeTaintsPolicy: c.nodeTaintsPolicy === 'Honor' ? 'Honor' : 'Ignore',
      field: `${fieldPrefix}[${i}]`,
    });
  }
  return ok(result);
}

/**
 * getConstraints / initPreScoreState's first step: the pod's own constraints with this
 * whenUnsatisfiable when it has any (DoNotSchedule for the filter, ScheduleAnyway for the score);
 * otherwise the profile's default constraints with this whenUnsatisfiable, each given the default
 * selector (buildDefaultConstraints), and none at all when that selector is empty.
 */
export function spreadConstraintsOf(pod: Pod, action: UnsatisfiableAction, options: TopologySpreadOptions = {}): Result<SpreadConstraint[], string> {
  const podLabels = pod.metadata.labels ?? {};
  const own = pod.spec?.topologySpreadConstraints ?? [];
  if (own.length > 0) {
    const filtered = filterConstraints(own, podLabels, action, 'spec.topologySpreadConstraints');
    const hardness = action === 'DoNotSchedule' ? 'hard' : 'soft';
    return filtered.ok ? filtered : err(`obtaining pod's ${hardness} topology spread constraints: ${filtered.error}`);
  }
  const defaults = filterConstraints(defaultConstraintsOf(options), podLabels, action, 'defaultConstraints');
  if (!defaults.ok) {
    const hardness = action === 'DoNotSchedule' ? 'hard' : 'soft';
    return err(`setting default ${hardness} topology spread constraints: ${defaults.error}`);
  }
  if (defaults.value.length === 0) return defaults;
  const selector = defaultSpreadSelector(pod, options.selectorSources);
  if (isEmptySelector(selector)) return ok([]);
  return ok(defaults.value.map((c) => ({ ...c, selector })));
}

const hasLabel = (labels: Record<string, string>, key: string): boolean => Object.prototype.hasOwnProperty.call(labels, key);

/** nodeLabelsMatchSpreadConstraints: does the node carry every constraint's topology key? */
export function nodeHasAllTopologyKeys(node: Node, constraints: readonly SpreadConstraint[]): boolean {
  const labels = node.metadata.labels ?? {};
  return constraints.every((c) => hasLabel(labels, c.topologyKey));
}

/** The node's value for a topology key, "" when it has none (a Go map read). */
export function topologyValueOf(node: Node, key: string): string {
  return node.metadata.labels?.[key] ?? '';
}

/** helper.DoNotScheduleTaintsFilterFunc then FindMatchingUntoleratedTaint: a NoSchedule or NoExecute taint no toleration tolerates. */
function hasUntoleratedHardTaint(pod: Pod, node: Node, options: MatchOptions): boolean {
  for (const taint of node.spec?.taints ?? []) {
    if (taint.effect !== 'NoSchedule' && taint.effect !== 'NoExecute') continue;
    if (!tolerationsTolerateTaint(pod.spec?.tolerations, taint, options)) return true;
  }
  return false;
}

/**
 * matchNodeInclusionPolicies: whether a node's domain counts for a constraint. Honor
 * nodeAffinityPolicy: only nodes the pod's nodeSelector and required node affinity accept; Honor
 * nodeTaintsPolicy: only nodes with no NoSchedule/NoExecute taint the pod does not tolerate.
 * `affinityMatches` is nodeAffinityMatches(pod, node), computed once per node by the caller.
 */
export function nodeIncludedBy(constraint: SpreadConstraint, pod: Pod, node: Node, affinityMatches: boolean, options: TopologySpreadOptions): boolean {
  if (constraint.nodeAffinityPolicy === 'Honor' && !affinityMatches) return false;
  if (constraint.nodeTaintsPolicy === 'Honor' && hasUntoleratedHardTaint(pod, node, options.matchOptions ?? defaultMatchOptions)) return false;
  return true;
}
