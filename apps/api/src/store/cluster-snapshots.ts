import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DEFAULT_CLUSTER, failure } from '@taintgate/domain';
import { AppConfig } from '../platform/config/app-config';
import { namedStatement } from '../platform/database/named-statement';
import { PrismaService } from '../platform/database/prisma.service';
import { fail } from '../platform/failures/failure.exception';
import { ClusterSnapshot, type ClusterView, type SnapshotRefresh, emptyClusterView } from './cluster-snapshot';
import { SharedChecks } from './shared-checks';
import { SnapshotMetrics } from '../platform/metrics/snapshot-metrics';

/**
 * What one object costs in memory, on average, as a snapshot holds it, measured on the realistic
 * cluster of 10,000 nodes and 300,000 pods (bench/RESULTS.md, "A snapshot of what decisions read"):
 * the V8 heap a loaded snapshot holds after collection, 403 MiB, of which the nodes (held whole:
 * their images, addresses, conditions) about 12 KB each and the pods (as decisions read them,
 * their templates' parts shared) about 1 KB each. Enough to keep a replica within its budget;
 * exact accounting would cost more than it saves.
 */
const BYTES_PER_NODE = 12_000;
const BYTES_PER_POD = 1_000;
/** A namespace, a volume, a claim, a class, a CSINode or a PodDisruptionBudget: a few KB of JSON each. */
const BYTES_PER_OTHER = 4_000;

/** Every read's check of the cluster's revision, prepared on each pooled connection. */
const CLUSTER_REVISION = namedStatement('cluster_revision', 'SELECT id, revision::text AS revision FROM clusters WHERE name = $1');

const estimatedBytes = ({ nodes, pods, others }: { nodes: number; pods: number; others: number }): number =>
  nodes * BYTES_PER_NODE + pods * BYTES_PER_POD + others * BYTES_PER_OTHER;

/** A cluster's row as a read checks it: absent when there is no such cluster. */
type RevisionRow = { id: number; revision: bigint } | undefined;

/**
 * The clusters this replica holds in memory, each loaded on first use. Every read asks Postgres
 * for the cluster's id and revision (one indexed row) and brings its snapshot up to date, so a
 * write acknowledged by any replica is seen by the next read on every replica. Reads of a cluster
 * that arrive together share that question (SharedChecks: one never takes the answer of a check
 * sent before it arrived). Snapshots of
 * clusters not read for a while are dropped, least recently used first, whenever the estimate
 * of what they hold passes the memory budget (SNAPSHOT_MEMORY_BUDGET_MB): a service that holds
 * many clusters does not need all of them in every replica.
 */
@Injectable()
export class ClusterSnapshots implements OnApplicationBootstrap {
  private readonly logger = new Logger(ClusterSnapshots.name);
  private readonly snapshots = new Map<string, ClusterSnapshot>();
  /** Who follows each cluster's refreshes (watches), by cluster name: kept when its snapshot is made anew. */
  private readonly followers = new Map<string, Set<(refresh: SnapshotRefresh) => void>>();
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
  async find(name: string, now = Date.now()): Promise<ClusterView | undefined> {
    const row = await this.revisions.check(name);
    if (!row) {
      this.snapshots.delete(name);
      return undefined;
    }
    let snapshot = this.snapshots.get(name);
    // Deleted and made again under the same name: what this replica holds is another cluster's.
    if (snapshot?.cluster.id !== row.id) {
      snapshot = new ClusterSnapshot({ id: row.id, name }, this.prisma, {
        followed: () => (this.followers.get(name)?.size ?? 0) > 0,
        refreshed: (refresh) => {
          for (const follower of this.followers.get(name) ?? []) follower(refresh);
        },
        loaded: (seconds, whole) => this.metrics.refreshed(seconds, whole),
      });
      this.snapshots.set(name, snapshot);
    }
    snapshot.lastUsed = now;
    const view = await snapshot.viewAt(row.revision);
    this.keepWithinBudget(snapshot);
    return view;
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
   * happen on reads: a follower reads (`find`) as often as it wants to learn. A followed snapshot
   * is never dropped for the memory budget: a snapshot made anew is loaded whole, and its
   * followers could not be told what changed.
   */
  follow(name: string, follower: (refresh: SnapshotRefresh) => void): () => void {
    let set = this.followers.get(name);
    if (!set) this.followers.set(name, (set = new Set()));
    set.add(follower);
    return () => {
      set.delete(follower);
      if (set.size === 0 && this.followers.get(name) === set) this.followers.delete(name);
    };
  }

  /** The snapshots this replica holds, for health, metrics and tests: cluster name, revision (-1 before the first load), objects (`others`: the kinds kept beside nodes and pods) and estimated bytes. */
  held(): { cluster: string; revision: bigint; nodes: number; pods: number; others: number; estimatedBytes: number }[] {
    return [...this.snapshots.values()].map((s) => ({
      cluster: s.cluster.name,
      revision: s.current().revision,
      ...s.size,
      estimatedBytes: estimatedBytes(s.size),
    }));
  }

  /** Drops the least recently used snapshots, never the one just read, until the rest fit the budget. */
  private keepWithinBudget(inUse: ClusterSnapshot): void {
    const budget = this.config.snapshots.memoryBudgetBytes;
    let total = [...this.snapshots.values()].reduce((sum, s) => sum + estimatedBytes(s.size), 0);
    if (total <= budget) return;
    const idle = [...this.snapshots.values()].filter((s) => s !== inUse && !this.followers.has(s.cluster.name)).sort((a, b) => a.lastUsed - b.lastUsed);
    for (const snapshot of idle) {
      if (total <= budget) break;
      this.snapshots.delete(snapshot.cluster.name);
      total -= estimatedBytes(snapshot.size);
      this.logger.log(`dropped the snapshot of cluster ${snapshot.cluster.name} (memory budget ${Math.round(budget / 2 ** 20)} MiB)`);
    }
  }
}
