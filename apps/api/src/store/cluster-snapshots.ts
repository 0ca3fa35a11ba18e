import { setImmediate as nextTurn } from 'node:timers/promises';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DEFAULT_CLUSTER, failure } from '@taintgate/domain';
import { AppConfig } from '../platform/config/app-config';
import { namedStatement } from '../platform/database/named-statement';
import { PrismaService } from '../platform/database/prisma.service';
import { fail } from '../platform/failures/failure.exception';
import { ClusterSnapshot, type ClusterView, type SnapshotRefresh, emptyClusterView } from './cluster-snapshot';
import type { ClusterRef } from './write-context';
import { SharedChecks } from './shared-checks';
import { SnapshotMetrics } from '../platform/metrics/snapshot-metrics';
import { compactedHeapBytes, liveHeapBytes } from '../platform/memory/live-heap';
import { MEASURED_FROM_OBJECTS, SnapshotSizes, snapshotsToDrop } from './snapshot-sizes';

/** Every read's check of the cluster's revision, prepared on each pooled connection. */
const CLUSTER_REVISION = namedStatement('cluster_revision', 'SELECT id, revision::text AS revision FROM clusters WHERE name = $1');

/** How many nodes and pods a cluster has, stored: what a whole load will read (two index-only counts). */
const OBJECT_COUNTS = namedStatement(
  'cluster_object_counts',
  'SELECT (SELECT count(*) FROM nodes WHERE cluster_id = $1)::int AS nodes, (SELECT count(*) FROM pods WHERE cluster_id = $1)::int AS pods',
);

/** A cluster's row as a read checks it: absent when there is no such cluster. */
type RevisionRow = { id: number; revision: bigint } | undefined;

/**
 * The clusters this replica holds in memory, each loaded on first use. Every read asks Postgres
 * for the cluster's id and revision (one indexed row) and brings its snapshot up to date, so a
 * write acknowledged by any replica is seen by the next read on every replica. Reads of a cluster
 * that arrive together share that question (SharedChecks: one never takes the answer of a check
 * sent before it arrived).
 *
 * The snapshots stay within SNAPSHOT_MEMORY_BUDGET_MB, measured: a large cluster is loaded whole
 * one at a time, and at its first load the live heap is read before and after (liveHeapBytes; after
 * a load that at least doubles the heap, compactedHeapBytes, which gives back the pages it left
 * half empty);
 * what it left alive is its size, followed as its objects come and go (SnapshotSizes). Before a
 * load, the clusters read least recently are dropped to make room for the size it is expected at
 * (its own, measured when it was last held, for a cluster dropped before); after it, again until
 * what is held fits. A service that holds many clusters does not need all of them in every replica.
 */
@Injectable()
export class ClusterSnapshots implements OnApplicationBootstrap {
  private readonly logger = new Logger(ClusterSnapshots.name);
  private readonly snapshots = new Map<string, ClusterSnapshot>();
  private readonly sizes = new SnapshotSizes();
  /** Whole loads of large clusters, one at a time: each is measured alone, and two never peak together. */
  private loads: Promise<unknown> = Promise.resolve();
  /** While a load is measured, nothing is dropped: the heap it frees would be taken off the load's size. */
  private measuring = false;
  /** The counts of the clusters a background read found no room for, by name (countsOf). */
  private readonly counted = new Map<string, { id: number; revision: bigint; counts: { nodes: number; pods: number } }>();
  /** Who follows each cluster's refreshes (watches, the FailedScheduling recorder), by cluster name: kept when its snapshot is made anew. */
  private readonly followers = new Map<string, Set<{ tell: (refresh: SnapshotRefresh) => void; pins: boolean }>>();
  /**
   * The revision checks, by cluster name: one raw statement on the pool, past Prisma, whose
   * findUnique cost more than twice as much on every read (see bench/RESULTS.md).
   */
  private readonly revisions = new SharedChecks<RevisionRow>(async (name) => {
    const [row] = await this.prisma.rows<{ id: number; revision: string }>(CLUSTER_REVISION, [name]);
    return row && { id: row.id, revision: BigInt(row.revision) };
  });

  constructor(
    private readonly prisma: PrismaService,
    private readonly config: AppConfig,
    private readonly metrics: SnapshotMetrics,
  ) {}

  /** Loads the default cluster while the server starts, so the first request does not pay for it. */
  onApplicationBootstrap(): void {
    this.view(DEFAULT_CLUSTER).catch((error: unknown) => {
      this.logger.warn(`could not load the default cluster yet: ${error instanceof Error ? error.message : String(error)}`);
    });
  }

  /** The cluster as of now; NotFound for a cluster that does not exist (the default one always does). */
  async view(name: string, now = Date.now()): Promise<ClusterView> {
    const view = await this.find(name, now);
    if (view) return view;
    if (name === DEFAULT_CLUSTER) return emptyClusterView({ id: 0, name }, 0n);
    return fail(failure.notFound('Cluster', name));
  }

  /** The cluster as of now, or undefined when there is none (a write would create it). */
  find(name: string, now = Date.now()): Promise<ClusterView | undefined> {
    return this.read(name, now, false);
  }

  /**
   * The cluster as of now for work of the replica's own (FailedScheduling events): undefined when
   * there is none, and when this replica does not hold it and has no room for it without dropping
   * another. Such work never takes the budget from clusters that requests read, nor makes a
   * cluster look recently used.
   */
  findIfRoom(name: string): Promise<ClusterView | undefined> {
    return this.read(name, undefined, true);
  }

  private async read(name: string, now: number | undefined, onlyIfRoom: boolean): Promise<ClusterView | undefined> {
    const row = await this.revisions.check(name);
    if (!row) {
      this.snapshots.delete(name);
      this.sizes.forget(name);
      this.counted.delete(name);
      return undefined;
    }
    let snapshot = this.snapshots.get(name);
    // Deleted and made again under the same name: what this replica holds is another cluster's.
    if (snapshot?.cluster.id !== row.id) {
      snapshot = new ClusterSnapshot({ id: row.id, name }, this.prisma, {
        followed: () => (this.followers.get(name)?.size ?? 0) > 0,
        followedWhole: () => this.pinned(name),
        refreshed: (refresh) => {
          for (const { tell } of this.followers.get(name) ?? []) tell(refresh);
        },
        loaded: (seconds, whole, onThread) => this.metrics.refreshed(seconds, whole, onThread),
      });
      this.snapshots.set(name, snapshot);
    }
    if (now !== undefined) snapshot.lastUsed = now;
    if (snapshot.current().revision < 0n && !(await this.loadWhole(snapshot, row.revision, onlyIfRoom))) return undefined;
    const view = await snapshot.viewAt(row.revision);
    if (!onlyIfRoom) this.keepWithinBudget(snapshot);
    return view;
  }

  /**
   * Before a snapshot's first load: room made for it (or, `onlyIfRoom`, none made: then it is not
   * loaded, and this answers false). A cluster large enough to matter is loaded here, in its turn
   * (one at a time), after a full collection, and measured when it was not before; a small one is
   * left to the caller's read, beside any other.
   */
  private async loadWhole(snapshot: ClusterSnapshot, revision: bigint, onlyIfRoom: boolean): Promise<boolean> {
    const counts = await this.countsOf(snapshot.cluster, revision);
    const expected = this.sizes.bytesOf(snapshot.cluster, { ...counts, others: 0 });
    if (onlyIfRoom && this.heldBytes() + expected > this.config.snapshots.memoryBudgetBytes) {
      if (snapshot.lastUsed === 0) this.snapshots.delete(snapshot.cluster.name);
      return false;
    }
    this.counted.delete(snapshot.cluster.name);
    if (counts.nodes + counts.pods < MEASURED_FROM_OBJECTS) {
      this.keepWithinBudget(snapshot, expected);
      return true;
    }
    const turn = this.loads.then(async () => {
      // Loaded meanwhile by a read that took its turn first, or replaced by another cluster of the name.
      if (snapshot.current().revision >= 0n || this.snapshots.get(snapshot.cluster.name) !== snapshot) return;
      this.keepWithinBudget(snapshot, expected);
      // A full collection first, always: what the snapshots dropped held is free before the load
      // takes more, rather than left for V8 to find while the heap grows past the budget.
      // What the load leaves alive is measured once a process: a cluster dropped and loaded again
      // keeps its bytes per object.
      const measure = !this.sizes.isMeasured(snapshot.cluster);
      this.measuring = measure;
      try {
        const before = liveHeapBytes();
        // A load leaves the pages it grew the heap by half empty, and V8 keeps them (live-heap.ts).
        // Compacting moves everything alive, every other snapshot too: done when the load is
        // expected to at least double what the heap held (a replica's first large cluster, say),
        // so that it moves no more than twice what the load added. Compacted after each of ten
        // realistic clusters, the tenth load moved 3.5 GB and the process peaked at 8 GiB.
        const compact = expected >= before;
        // A large load that will not be compacted reads on a worker thread instead, so that what
        // the reading lets go is never among the snapshots held (snapshot-reads.ts). One that will
        // be reads here: a thread costs a load about a tenth more time, and the compaction gives
        // back what the reading left (bench/RESULTS.md).
        const onThread = !compact && counts.pods >= this.config.snapshots.loadThreadMinPods;
        await snapshot.viewAt(revision, { onThread });
        // The event loop given a turn between the pieces of work that hold it (the load's last
        // slice, the indexes, the compaction), so that the replica answers others between them.
        await nextTurn();
        if (measure) {
          // The first decision's indexes are part of what a held cluster costs: made, and measured, now.
          const { indexes } = snapshot.current().scheduling();
          this.logger.debug(
            `cluster ${snapshot.cluster.name}: ${(indexes?.podLabels?.sets.length ?? 0) + (indexes?.affinityPods?.affinityGroups.length ?? 0)} pod groups indexed`,
          );
        }
        if (measure || compact) {
          await nextTurn();
          const after = compact ? compactedHeapBytes() : liveHeapBytes();
          if (measure) this.sizes.record(snapshot.cluster, after - before, snapshot.size);
        }
      } finally {
        this.measuring = false;
      }
    });
    this.loads = turn.catch(() => undefined);
    await turn;
    return true;
  }

  /**
   * How many nodes and pods the cluster has at `revision`: counted once per revision, so that work
   * that finds no room asks again only once the cluster has changed.
   */
  private async countsOf(cluster: ClusterRef, revision: bigint): Promise<{ nodes: number; pods: number }> {
    const known = this.counted.get(cluster.name);
    if (known?.id === cluster.id && known.revision === revision) return known.counts;
    const [counts = { nodes: 0, pods: 0 }] = await this.prisma.rows<{ nodes: number; pods: number }>(OBJECT_COUNTS, [cluster.id]);
    this.counted.set(cluster.name, { id: cluster.id, revision, counts });
    return counts;
  }

  /** What the snapshots held count, all together. */
  private heldBytes(): number {
    let sum = 0;
    for (const snapshot of this.snapshots.values()) sum += this.sizes.bytesOf(snapshot.cluster, snapshot.size);
    return sum;
  }

  /**
   * The cluster as this replica holds it now, unchecked and perhaps behind (undefined when it holds
   * none): for guesses a write makes before its turn, never for an answer.
   */
  peek(name: string): ClusterView | undefined {
    return this.snapshots.get(name)?.current();
  }

  /**
   * Tells `follower` of every refresh of the cluster's snapshot in this replica from now on (each
   * object's change, with what it was before), until the function answered is called. Refreshes
   * happen on reads: a follower reads (`find`) as often as it wants to learn. A snapshot followed
   * with `pins` (a watch) is never dropped for the memory budget: a snapshot made anew is loaded
   * whole, and a watch could not be told what changed; its pods are told whole (read whole from
   * Postgres). One followed without (it takes a whole refresh as "everything may have changed") is
   * dropped as any other, and told of pods as decisions read them.
   */
  follow(name: string, follower: (refresh: SnapshotRefresh) => void, { pins = true } = {}): () => void {
    let set = this.followers.get(name);
    if (!set) this.followers.set(name, (set = new Set()));
    const entry = { tell: follower, pins };
    set.add(entry);
    return () => {
      set.delete(entry);
      if (set.size === 0 && this.followers.get(name) === set) this.followers.delete(name);
    };
  }

  /** Whether a follower pins the cluster's snapshot (follow). */
  private pinned(name: string): boolean {
    for (const { pins } of this.followers.get(name) ?? []) if (pins) return true;
    return false;
  }

  /**
   * The snapshots this replica holds, for metrics and tests: cluster name, revision (-1 before the
   * first load), objects (`others`: the kinds kept beside nodes and pods), and bytes, `measured`
   * or estimated (SnapshotSizes).
   */
  held(): { cluster: string; revision: bigint; nodes: number; pods: number; others: number; bytes: number; measured: boolean }[] {
    return [...this.snapshots.values()].map((s) => ({
      cluster: s.cluster.name,
      revision: s.current().revision,
      ...s.size,
      bytes: this.sizes.bytesOf(s.cluster, s.size),
      measured: this.sizes.isMeasured(s.cluster),
    }));
  }

  /**
   * Drops the least recently used snapshots, never the one in use nor one a watch pins, until
   * the rest and `room` more (a load about to start) fit the budget.
   */
  private keepWithinBudget(inUse: ClusterSnapshot, room = 0): void {
    if (this.measuring) return;
    const budget = this.config.snapshots.memoryBudgetBytes;
    const held = [...this.snapshots.values()].map((snapshot) => ({
      snapshot,
      bytes: this.sizes.bytesOf(snapshot.cluster, snapshot.size),
      lastUsed: snapshot.lastUsed,
      kept: snapshot === inUse || this.pinned(snapshot.cluster.name),
    }));
    for (const snapshot of snapshotsToDrop(held, budget, room)) {
      this.snapshots.delete(snapshot.cluster.name);
      this.logger.log(`dropped the snapshot of cluster ${snapshot.cluster.name} (memory budget ${Math.round(budget / 2 ** 20)} MiB)`);
    }
  }
}
