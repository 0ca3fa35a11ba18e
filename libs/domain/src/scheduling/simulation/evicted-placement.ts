import type { Node, Pod, PodRef } from '../../types';
import { isTerminal } from '../../eviction/impact-search';
import { type PlacementOptions, defaultPlacementOptions } from '../placement';
import { type QueuedPod, type SimulationMode, simulatePlacement } from './place-together';
import { schedulingInputKey } from '../scheduling-input-key';
import type { SimulatedCluster } from './simulated-cluster-state';
import { type SweepCluster, listedCluster } from './listed-cluster';

/**
 * Where the pods a taint evicts come back, placed together or alone (simulatePlacement): each
 * evicted pod that has not finished, as its replacement (not bound, pending), queued at the time it is
 * evicted, over the cluster with the taints on their nodes and the evicted pods gone. A pod whose
 * deadline lies past year 9999 is not evicted in practice, and not placed. The pods evicted later are
 * taken off at once: what they hold until their deadline is not counted for the pods placed before.
 */

export interface EvictedPod {
  readonly pod: Pod;
  /** When it is evicted (ms since the epoch); null: never in practice. */
  readonly at: number | null;
}

export interface EvictedPlacement {
  readonly mode: SimulationMode;
  /** Where each placed pod's replacement goes (null: it fits nowhere), by `namespace/name`. */
  readonly to: ReadonlyMap<string, { readonly node: string | null; readonly summary: string }>;
  readonly stranded: number;
}

const keyOf = (ref: PodRef) => `${ref.namespace}/${ref.name}`;

/** The pod as its controller recreates it, waiting to be scheduled: not bound, not being deleted, pending. */
export function replacementOf(pod: Pod): Pod {
  const { nodeName: _leaving, ...spec } = pod.spec ?? {};
  const { deletionTimestamp: _d, deletionGracePeriodSeconds: _g, ...metadata } = pod.metadata;
  return { ...pod, metadata, spec, status: { phase: 'Pending' } };
}

/**
 * The pod's replacement queued at `queuedAt`, with its schedulingInputKey: both made once per pod a
 * holder keeps (objects never changed, and a replacement is never changed either), where each
 * question made a new replacement and its key again (10 µs a pod as kubectl prints them, for every
 * pod a taint on every node evicts, and 30,000 new objects a drain plan).
 */
export function queuedReplacement(pod: Pod, queuedAt: number): QueuedPod {
  let made = replacements.get(pod);
  if (!made) {
    const replacement = replacementOf(pod);
    replacements.set(pod, (made = { pod: replacement, key: schedulingInputKey(replacement) }));
  }
  return { pod: made.pod, queuedAt, key: made.key };
}

const replacements = new WeakMap<Pod, { readonly pod: Pod; readonly key: string }>();

/** `cluster` holds the nodes with the taints added and every pod (or the holder's, `held`); the evicted pods are taken off here. */
export function placeEvicted(
  cluster: SimulatedCluster,
  evicted: readonly EvictedPod[],
  mode: SimulationMode,
  options: PlacementOptions = defaultPlacementOptions,
): EvictedPlacement {
  const leaving = evicted.filter((e): e is { pod: Pod; at: number } => e.at !== null && !isTerminal(e.pod));
  // Nothing to place: the cluster's state is not built for it (a fork of a 300,000-pod holder's indexes).
  if (leaving.length === 0) return { mode, to: new Map(), stranded: 0 };
  const gone = new Set(leaving.map((e) => e.pod));
  const placedOn: SimulatedCluster = cluster.held
    ? { ...cluster, removed: [...(cluster.removed ?? []), ...gone] }
    : { ...cluster, pods: [...cluster.pods].filter((pod) => !gone.has(pod)) };
  const simulation = simulatePlacement(
    placedOn,
    leaving.map((e) => queuedReplacement(e.pod, e.at)),
    mode,
    options,
  );
  const to = new Map(simulation.placements.map((p) => [keyOf(p.pod), { node: p.node, summary: p.summary }]));
  return { mode, to, stranded: simulation.stranded };
}

/** The placement of an evicted pod, by its reference. */
export const evictedPlacementOf = (placement: EvictedPlacement, pod: PodRef) => placement.to.get(keyOf(pod));

/** An evicted pod named rather than held: what a worker thread is handed of it (its own copy of the pod is in the lists). */
export interface EvictedRef {
  readonly pod: PodRef;
  readonly at: number | null;
}

/**
 * placeEvicted over a cluster given as lists (a worker thread's copy), made into what a holder
 * keeps first: the same placement as placeEvicted over the holder's cluster. `tainted`: the nodes
 * with the taints added, in place of the lists' own (the lists are the cluster as it stands).
 */
export function placeEvictedOfLists(
  cluster: SweepCluster,
  tainted: readonly Node[],
  evicted: readonly EvictedRef[],
  mode: SimulationMode,
  options: PlacementOptions = defaultPlacementOptions,
): EvictedPlacement {
  const { simulated } = listedCluster(cluster);
  const byKey = new Map(cluster.pods.map((pod) => [keyOf({ namespace: pod.metadata.namespace ?? 'default', name: pod.metadata.name }), pod]));
  const withTaints = new Map(tainted.map((node) => [node.metadata.name, node]));
  const nodes = cluster.nodes.map((node) => withTaints.get(node.metadata.name) ?? node);
  const pods = evicted.flatMap(({ pod, at }) => {
    const found = byKey.get(keyOf(pod));
    return found ? [{ pod: found, at }] : [];
  });
  return placeEvicted({ ...simulated, nodes }, pods, mode, options);
}
