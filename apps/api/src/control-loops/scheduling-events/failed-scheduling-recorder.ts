import { Injectable } from '@nestjs/common';
import { type PlacementOptions, type Pod, awaitsScheduling, failedSchedulingMessage, schedulingFailureRecord, schedulingInputKey } from '@taintgate/domain';
import { AppConfig } from '../../platform/config/app-config';
import type { ClusterView, SnapshotRefresh } from '../../store/cluster-snapshot';
import { ClusterSnapshots } from '../../store/cluster-snapshots';
import { PeriodicPass } from '../../store/periodic-pass';
import { podKey } from '../../store/pod-record';
import { type LatestSchedulingEvent, type NewSchedulingEvent, type RepeatedSchedulingEvent, SchedulingEventStore } from './scheduling-event-store';

/**
 * Seconds between passes: the debounce. The changes of a cluster within one are decided together
 * (kube-scheduler retries an unschedulable pod no sooner than its initial backoff, a second).
 */
const PASS_SECONDS = 1;
/**
 * Placements one pass computes per cluster at most (pods alike share one): a few hundred
 * milliseconds of a core for pods all different over 10,000 nodes (bench/failed-scheduling.ts);
 * the pods left are decided first in the next pass.
 */
const PLACEMENTS_PER_PASS = 500;
/** How long deciding runs before it lets the event loop answer requests. */
const SLICE_MS = 20;
/**
 * The share of the process's time a cluster's decisions may take. A pass over a large cluster
 * that changes all the time (an import of 300,000 pods: a refresh, the indexes made again for the
 * new revision, every pending pod decided) took a second or more, every second, and made the
 * import 60 % slower; the next one now waits nine times as long as the last took. kube-scheduler
 * itself retries an unschedulable pod no sooner than its backoff (1 s doubling up to 10 s).
 */
export const DECISION_SHARE = 0.1;

/** When a cluster whose decisions ran from `started` to `ended` (ms) may be decided again. */
export function nextDecisionAt(started: number, ended: number): number {
  return ended + (ended - started) * (1 / DECISION_SHARE - 1);
}

/** What the recorder knows of a cluster it follows. */
interface Followed {
  readonly id: number;
  readonly name: string;
  unfollow: () => void;
  /** Every pending pod is to be decided again: a node changed, a bound pod did (its room), or the snapshot was read whole. */
  dirtyAll: boolean;
  /** The pending pods that changed (by key), when not all are to be decided. */
  dirty: Set<string>;
  /** The latest event of each pending pod as stored (none: it has none), read again whenever another replica has written. */
  known: Map<string, LatestSchedulingEvent> | undefined;
  /** The cluster's turn `known` is as of. */
  turn: bigint;
  /** The revision last decided. */
  revision: bigint;
  /** When (performance.now()) it may be decided again: nextDecisionAt. */
  notBefore: number;
}

const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * kube-scheduler's FailedScheduling events for the twin's pending pods: for each pod the scheduler
 * would try (awaitsScheduling) and no node takes, an Event with the placement's line, as
 * handleSchedulingFailure records it; when a change of its cluster changes the line, the Event's
 * series goes on (schedulingFailureRecord). A pod bound or deleted keeps its events, as in a
 * cluster, until retention prunes them.
 *
 * Driven by the clusters' snapshots: every pass reads which clusters hold a pending pod and their
 * revisions (one statement), brings the snapshot of each that moved up to date, and follows it
 * (ClusterSnapshots.follow): its changes say what to decide again, only the pending pods changed,
 * or all of them when a node or a bound pod did. Pods alike (schedulingInputKey) are placed once
 * per pass, at most PLACEMENTS_PER_PASS placements per cluster, deciding in slices of SLICE_MS; a
 * cluster is decided again no sooner than DECISION_SHARE of the time allows (nextDecisionAt).
 * Its writes take no cluster lock: the events are its own tables, written in a transaction under
 * an advisory lock per cluster, refused when another replica wrote since what this one remembers
 * or from a newer revision (then it reads them again). The recorder takes no room of the memory
 * budget from the clusters requests read: it decides for a cluster this replica holds or has room
 * for (ClusterSnapshots.findIfRoom), and its following never keeps a snapshot from being dropped.
 */
@Injectable()
export class FailedSchedulingRecorder extends PeriodicPass {
  private readonly followed = new Map<number, Followed>();

  constructor(
    private readonly snapshots: ClusterSnapshots,
    private readonly store: SchedulingEventStore,
    private readonly config: AppConfig,
  ) {
    super({ seconds: PASS_SECONDS, atStart: true });
  }

  override async onModuleDestroy(): Promise<void> {
    await super.onModuleDestroy();
    for (const state of this.followed.values()) state.unfollow();
    this.followed.clear();
  }

  protected async pass(): Promise<number> {
    const clusters = await this.store.clustersWithPendingPods();
    const present = new Map(clusters.map((c) => [c.id, c]));
    for (const [id, state] of this.followed) {
      if (present.get(id)?.name === state.name) continue;
      state.unfollow();
      this.followed.delete(id);
    }
    let recorded = 0;
    for (const cluster of clusters) {
      const state = this.followed.get(cluster.id) ?? this.follow(cluster.id, cluster.name);
      if (cluster.revision === state.revision && !state.dirtyAll && state.dirty.size === 0) continue;
      const started = performance.now();
      if (started < state.notBefore) continue;
      try {
        recorded += await this.decide(state);
      } finally {
        state.notBefore = nextDecisionAt(started, performance.now());
      }
    }
    return recorded;
  }

  /** Follows a cluster's snapshot from now on; its pending pods are all decided first. */
  private follow(id: number, name: string): Followed {
    const state: Followed = { id, name, unfollow: () => undefined, dirtyAll: true, dirty: new Set(), known: undefined, turn: 0n, revision: -1n, notBefore: 0 };
    // Not pinned: a snapshot dropped for the budget comes back read whole, and every pending pod is decided again.
    state.unfollow = this.snapshots.follow(name, (refresh) => noteChanges(state, refresh), { pins: false });
    this.followed.set(id, state);
    return state;
  }

  /** Decides the cluster's changed pending pods and writes their events; answers how many events it created or carried on. */
  private async decide(state: Followed): Promise<number> {
    // Read (and refreshed, the follower told) before anything is taken of what changed. A cluster
    // this replica neither holds nor has room for waits for a replica that holds it.
    const view = await this.snapshots.findIfRoom(state.name);
    if (!view || view.cluster.id !== state.id) return 0;
    const stored = await this.store.turnOf(state.id);
    if (state.known === undefined || stored.turn !== state.turn) {
      state.known = await this.store.latest(state.id, pendingNames(view));
      state.turn = stored.turn;
      state.dirtyAll = true;
    }
    // Pods a pass before left undecided come first, so that changes that keep coming cannot starve them.
    const keys = state.dirtyAll ? [...new Set([...state.dirty, ...pendingNames(view).map((p) => podKey(p.namespace, p.name))])] : [...state.dirty];
    state.dirtyAll = false;
    state.dirty = new Set();
    const revision = view.revision;
    const { created, repeated } = await this.attempts(state, state.known, view, keys);
    if (created.length === 0 && repeated.length === 0) {
      state.revision = revision;
      return 0;
    }
    const written = await this.store.write(state.id, { revision, expected: state.turn, at: new Date(), created, repeated });
    if (written.outcome !== 'written') {
      // Another replica writes now, or wrote since: decide everything again next pass, its events read again if it wrote.
      if (written.outcome === 'stale') state.known = undefined;
      state.dirtyAll = true;
      return 0;
    }
    const known = state.known;
    for (const c of created) {
      const id = written.created.get(podKey(c.namespace, c.name));
      if (id !== undefined) known.set(podKey(c.namespace, c.name), { id, podUid: c.uid, podResourceVersion: c.resourceVersion, message: c.message, count: 1 });
    }
    for (const { key, message } of repeated) {
      const before = known.get(key);
      if (before) known.set(key, { ...before, message, count: before.count + 1 });
    }
    state.turn = written.turn;
    state.revision = revision;
    return created.length + repeated.length;
  }

  /**
   * What a failed attempt at each of these pods records, against their latest events: pods alike
   * placed once, at most PLACEMENTS_PER_PASS placements (the pods left stay to decide), in slices
   * that let requests through. A pod no longer pending is forgotten.
   */
  private async attempts(
    state: Followed,
    known: Map<string, LatestSchedulingEvent>,
    view: ClusterView,
    keys: readonly string[],
  ): Promise<{ created: NewSchedulingEvent[]; repeated: (RepeatedSchedulingEvent & { key: string })[] }> {
    const options = this.options();
    const messages = new Map<string, string | undefined>();
    const created: NewSchedulingEvent[] = [];
    const repeated: (RepeatedSchedulingEvent & { key: string })[] = [];
    let slice = performance.now();
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as string;
      if (messages.size >= PLACEMENTS_PER_PASS) {
        for (const rest of keys.slice(i)) state.dirty.add(rest);
        break;
      }
      if (performance.now() - slice > SLICE_MS) {
        await yieldToRequests();
        slice = performance.now();
      }
      const pod = view.pods.get(key);
      if (!pod || !awaitsScheduling(pod)) {
        known.delete(key);
        continue;
      }
      const input = schedulingInputKey(pod);
      let message = messages.get(input);
      if (!messages.has(input)) {
        message = failedSchedulingMessage(pod, view.nodeClasses, options, view, view.scheduling());
        messages.set(input, message);
      }
      const latest = known.get(key);
      const record = schedulingFailureRecord(pod, message, latest);
      if (record.kind === 'create') created.push(newEvent(pod, record.message));
      else if (record.kind === 'repeat' && latest) repeated.push({ key, id: latest.id, message: record.message });
    }
    return { created, repeated };
  }

  private options(): PlacementOptions {
    const { tolerationComparisonOperators, summaryWording } = this.config.domain;
    return { comparisonOperators: tolerationComparisonOperators, summaryWording };
  }
}

/** What a refresh of a followed cluster leaves to decide: the pending pods it changed, or all of them. */
function noteChanges(state: Followed, refresh: SnapshotRefresh): void {
  if (refresh.whole) {
    state.dirtyAll = true;
    return;
  }
  for (const change of refresh.changes) {
    // A node, a pod on one (the room, ports, spread and affinity it takes), a namespace or a storage
    // object (what namespaceSelector and the volume filters read): any pending pod's line may change.
    if (change.kind !== 'Pod' || change.before?.spec?.nodeName || change.after?.spec?.nodeName) {
      state.dirtyAll = true;
      return;
    }
    const pod = change.after ?? change.before;
    if (pod) state.dirty.add(podKey(pod.metadata.namespace ?? 'default', pod.metadata.name));
  }
}

/** The cluster's pods bound to no node, by name. */
function pendingNames(view: ClusterView): { namespace: string; name: string }[] {
  return [...view.pendingPods()].map((pod) => ({ namespace: pod.metadata.namespace ?? 'default', name: pod.metadata.name }));
}

function newEvent(pod: Pod, message: string): NewSchedulingEvent {
  return {
    namespace: pod.metadata.namespace ?? 'default',
    name: pod.metadata.name,
    uid: pod.metadata.uid as string,
    resourceVersion: pod.metadata.resourceVersion as string,
    message,
  };
}
