import type { Node } from '../../types';
import type { FilterStatus } from './plugin-status';

/**
 * The default profile's filters that read more than a node's own taints, labels and size (its pods'
 * ports and volumes, the pods of its topology domain, the cluster's storage), each with its PreFilter
 * run once for the pod: what runFilters calls node by node around NodeResourcesFit.
 */

/** One plugin's Filter, bound to the pod and the state its PreFilter computed. */
export interface NodeFilterPlugin {
  readonly name: string;
  readonly filter: (node: Node) => FilterStatus | undefined;
  /**
   * When set, all the filter reads of a node is whether it has these labels and their values (the
   * topology keys of PodTopologySpread and InterPodAffinity): nodes alike in them have the same
   * status, so a placement by class asks once per set of values (node-buckets.ts).
   */
  readonly labelKeys?: readonly string[];
  /**
   * With labelKeys: when it gives a map, a node can be rejected only where one of these keys has one
   * of these values (InterPodAffinity without required affinity terms: the pairs its counts hold);
   * every other node passes without asking the filter. Asked for by placement in buckets only, so
   * the node-by-node paths (and preemption's dry run, a plugin set per node tried) do not make it.
   */
  readonly rejectsOnlyAt?: () => ReadonlyMap<string, ReadonlySet<string>> | undefined;
}

export interface PodPlugins {
  /** Run after NodeAffinity and before NodeResourcesFit, in the profile's order (NodePorts). */
  readonly beforeResources: readonly NodeFilterPlugin[];
  /** Run after NodeResourcesFit, in the profile's order (the volume filters, PodTopologySpread, InterPodAffinity). */
  readonly afterResources: readonly NodeFilterPlugin[];
}

/** No plugin to run: every one skipped for the pod (PreFilter's Skip), or none asked for. */
export const noPodPlugins: PodPlugins = Object.freeze({ beforeResources: [], afterResources: [] });

/** Are all the plugins run after NodeResourcesFit, each reading only labels of a node (labelKeys)? */
export const readsOnlyLabels = (plugins: PodPlugins): boolean =>
  plugins.beforeResources.length === 0 && plugins.afterResources.every((plugin) => plugin.labelKeys !== undefined);

export const hasPodPlugins = (plugins: PodPlugins): boolean => plugins.beforeResources.length > 0 || plugins.afterResources.length > 0;
