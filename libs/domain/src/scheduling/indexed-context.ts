import type { Pod } from '../types';
import type { SnapshotIndexes } from './framework/default-filters';
import { type PodLabelIndex, podLabelIndexAfter, podLabelIndexOf, podLabelIndexWithout } from './framework/pod-label-index';
import { type SchedulingSnapshot, snapshotWithout } from './framework/scheduling-snapshot';
import { type AffinityPodIndex, affinityPodIndexAfter, affinityPodIndexOf, affinityPodIndexWithout } from './inter-pod-affinity/affinity-pod-index';
import type { PlacementContext } from './placement';
import { cachedPodCounter, counterWithout } from './topology-spread/spread-counting';

/**
 * An index of an earlier revision a context's own may be made from, and the nodes (positions)
 * touched since: the index is then made again only on those nodes (podLabelIndexAfter,
 * affinityPodIndexAfter).
 */
interface IndexBase<T> {
  readonly index: T;
  readonly touched: ReadonlySet<number>;
}

/** What an indexed context made of its indexes, or the earlier ones it would make them from. */
interface MadeIndexes {
  readonly snapshot: SchedulingSnapshot;
  podLabels?: PodLabelIndex;
  affinityPods?: AffinityPodIndex;
  labelsBase?: IndexBase<PodLabelIndex>;
  affinityBase?: IndexBase<AffinityPodIndex>;
}

const made = new WeakMap<PlacementContext, MadeIndexes>();

/**
 * A cluster's context as its holder keeps it for a revision: the snapshot with its indexes, each
 * made on first asking (one pass over the pods): the pods with pod affinity, the pods by namespace,
 * labels and controller, and the spread counts of each selector asked about (made from the latter).
 */
export function indexedContext(snapshot: SchedulingSnapshot): PlacementContext {
  return contextOf({ snapshot });
}

/**
 * The context of a holder's next revision: as indexedContext(next), but each index the earlier
 * context made (or would have made from one before it) is made from that one, again only on the
 * nodes touched since: those a pod came to, left or changed on, and those that changed themselves
 * (`touchedNodes`, by name). Made afresh when a node came or went (every position after it moves),
 * or when more than `freshAbove` of the nodes were touched since the index it would be made from:
 * a pass over every pod then costs about as much.
 */
export function indexedContextAfter(previous: PlacementContext, next: SchedulingSnapshot, touchedNodes: Iterable<string>, freshAbove = 0.25): PlacementContext {
  const before = made.get(previous);
  if (!before || !sameNodes(before.snapshot, next)) return indexedContext(next);
  const positions = new Map(next.nodes.map((node, at) => [node.metadata.name, at]));
  const touched: number[] = [];
  for (const name of touchedNodes) {
    const at = positions.get(name);
    if (at !== undefined) touched.push(at);
  }
  const limit = next.nodes.length * freshAbove;
  const base = <T>(index: T | undefined, earlier: IndexBase<T> | undefined): IndexBase<T> | undefined => {
    const from = index !== undefined ? { index, touched: new Set<number>() } : earlier;
    if (!from) return undefined;
    const all = new Set([...from.touched, ...touched]);
    return all.size <= limit ? { index: from.index, touched: all } : undefined;
  };
  const labelsBase = base(before.podLabels, before.labelsBase);
  const affinityBase = base(before.affinityPods, before.affinityBase);
  return contextOf({ snapshot: next, ...(labelsBase && { labelsBase }), ...(affinityBase && { affinityBase }) });
}

function contextOf(state: MadeIndexes): PlacementContext {
  const { snapshot } = state;
  const labelsOf = (): PodLabelIndex => {
    state.podLabels ??= madeIndex(state.labelsBase, podLabelIndexAfter, podLabelIndexOf, snapshot);
    delete state.labelsBase;
    return state.podLabels;
  };
  const affinityOf = (): AffinityPodIndex => {
    state.affinityPods ??= madeIndex(state.affinityBase, affinityPodIndexAfter, affinityPodIndexOf, snapshot);
    delete state.affinityBase;
    return state.affinityPods;
  };
  const context = lazilyIndexed(snapshot, labelsOf, affinityOf, cachedPodCounter(snapshot, labelsOf));
  made.set(context, state);
  return context;
}

/**
 * A context whose indexes are made on first asking, if ever (getters over `labelsOf` and
 * `affinityOf`, which keep what they make): a holder's, or a simulation's.
 */
export function lazilyIndexed(
  snapshot: SchedulingSnapshot,
  labelsOf: () => PodLabelIndex,
  affinityOf: () => AffinityPodIndex,
  spreadCounter: SnapshotIndexes['spreadCounter'],
): PlacementContext {
  return {
    snapshot,
    indexes: {
      get affinityPods() {
        return affinityOf();
      },
      get podLabels() {
        return labelsOf();
      },
      spreadCounter,
    },
  };
}

/** An index of `snapshot`: from its base again on the nodes touched since, or afresh with none. */
function madeIndex<T>(
  base: IndexBase<T> | undefined,
  after: (index: T, next: SchedulingSnapshot, touched: readonly number[]) => T,
  afresh: (snapshot: SchedulingSnapshot) => T,
  snapshot: SchedulingSnapshot,
): T {
  return base ? after(base.index, snapshot, [...base.touched]) : afresh(snapshot);
}

/** Whether two snapshots hold the same nodes by name, in the same order: an index's positions hold in both. */
function sameNodes(a: SchedulingSnapshot, b: SchedulingSnapshot): boolean {
  if (a.nodes === b.nodes) return true;
  if (a.nodes.length !== b.nodes.length) return false;
  for (let i = 0; i < a.nodes.length; i++) if (a.nodes[i]?.metadata.name !== b.nodes[i]?.metadata.name) return false;
  return true;
}

/**
 * The context without a stored pod (snapshotWithout): a pod asked about, or rescheduled, is taken
 * off its node first. The holder's indexes are kept without it (the group or set that held it
 * copied without it, on first asking); the holder's spread counts are kept but for the pod's node,
 * counted again without it.
 */
export function contextWithout(context: PlacementContext, pod: Pod): PlacementContext {
  const nodeName = pod.spec?.nodeName;
  if (!nodeName) return context;
  const snapshot = snapshotWithout(context.snapshot, pod);
  const kept = context.indexes;
  if (!kept) return { snapshot };
  const counter = kept.spreadCounter;
  const namespace = pod.metadata.namespace || 'default';
  // The holder's object for the pod: the indexes hold it, and it is what they are kept without.
  const held = context.snapshot
    .podsOn(nodeName)
    .find((other) => other.metadata.name === pod.metadata.name && (other.metadata.namespace || 'default') === namespace);
  let affinityPods: AffinityPodIndex | undefined;
  let podLabels: PodLabelIndex | undefined;
  const indexes: SnapshotIndexes = {
    // Getters, as the holder's: each index is made on first asking, if ever.
    get affinityPods() {
      const index = kept.affinityPods;
      return index && held ? (affinityPods ??= affinityPodIndexWithout(index, held)) : index;
    },
    get podLabels() {
      const index = kept.podLabels;
      return index && held ? (podLabels ??= podLabelIndexWithout(index, held)) : index;
    },
    // The holder's counts, but on the pod's own node, counted again without it.
    ...(counter && { spreadCounter: counterWithout(counter, snapshot, nodeName) }),
  };
  return { snapshot, indexes };
}
