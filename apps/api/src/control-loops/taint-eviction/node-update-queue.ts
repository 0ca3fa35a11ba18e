import { Injectable } from '@nestjs/common';
import { ClusterWriter } from '../../store/cluster-writer';
import type { WriteContext } from '../../store/write-context';
import { PeriodicPass } from '../../store/periodic-pass';
import { PodStore } from '../../store/pod-store';
import { AppConfig } from '../../platform/config/app-config';
import { NodeUpdateStore } from './node-update-store';
import { type EvictionsDecided, NONE_DECIDED, TaintEvictionController } from './taint-eviction-controller';

/**
 * How many pods one write decides at most (a node with more is decided alone): a few hundred
 * milliseconds of the cluster's lock here, so the writes queued behind one wait no longer. A
 * taint command whose NoExecute taints reach more pods than this queues its nodes here.
 */
export const PODS_PER_WRITE = 1_000;

/** How many queued nodes one pass reads at a time to cut into writes. */
const NODES_PER_READ = 1_000;

/** How often every worker replica looks for queued nodes (a command's own replica starts at once). */
const POLL_SECONDS = 1;

/** How long shutdown waits for the write under way (the rest stays queued for the next start). */
const SHUTDOWN_WAIT_MS = 3_000;

/**
 * The taint eviction controller's node queue, for the commands too large to decide every pod in
 * their own write: a NoExecute taint over thousands of nodes decides hundreds of thousands of
 * pods, tens of seconds in one transaction, while every other write to the cluster waits. Such a
 * command stores its taints and queues the nodes (`queue`, in its write); the pods are then
 * decided here in writes of at most PODS_PER_WRITE pods, in the order the nodes were queued, as
 * upstream's controller works through its node update queue after the API server has answered.
 *
 * The queue is in Postgres: a restart, a crash or another replica goes on from where it stopped.
 * Replicas racing for the same nodes are ordered by the cluster's revision, and the one that comes
 * second finds them no longer queued. Deciding a node is idempotent besides (a pod already
 * terminating or whose deadline stands is left as it is).
 */
@Injectable()
export class NodeUpdateQueue extends PeriodicPass {
  private stopping = false;
  private current: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly store: NodeUpdateStore,
    private readonly pods: PodStore,
    private readonly writer: ClusterWriter,
    private readonly controller: TaintEvictionController,
    private readonly config: AppConfig,
  ) {
    super({ seconds: POLL_SECONDS, atStart: true, controller: 'taint-eviction-controller' });
  }

  /** Only where the controller carries evictions out (EVICTION_WORKER); other replicas only queue. */
  override onApplicationBootstrap(): void {
    if (this.config.evictions.worker) super.onApplicationBootstrap();
  }

  /** Stops between writes; the write under way may finish (briefly) and the rest stays queued. */
  override async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    await super.onModuleDestroy();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.current.catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, SHUTDOWN_WAIT_MS)))]);
    clearTimeout(timer);
  }

  /**
   * After a write changed the NoExecute taints of these nodes: their pods are decided in the same
   * write when they are few (at most PODS_PER_WRITE), else the nodes are queued, so that no write
   * decides more (an import writes thousands of nodes in writes of its own). Answers what was
   * decided, and how many nodes were queued instead.
   */
  async decideOrQueue(w: WriteContext, names: readonly string[]): Promise<EvictionsDecided & { queued: number }> {
    if (names.length === 0) return { ...NONE_DECIDED, queued: 0 };
    if ((await this.pods.countBoundTo(w, names)) <= PODS_PER_WRITE) return { ...(await this.controller.nodesUpdated(w, names)), queued: 0 };
    await this.queue(w, names);
    return { ...NONE_DECIDED, queued: names.length };
  }

  /**
   * Queues the nodes in the write (one statement whatever their number); once it has committed,
   * this replica starts on them, without the write's answer waiting for it.
   */
  async queue(w: WriteContext, names: readonly string[]): Promise<void> {
    if (names.length === 0) return;
    await this.store.queue(w, names);
    w.afterCommit(() => {
      // Not awaited: the command answers now; a failed run is logged by the next pass, which tries again.
      if (this.config.evictions.worker && !this.stopping) void this.run().catch(() => undefined);
      return Promise.resolve();
    });
  }

  protected async pass(): Promise<number> {
    let decided = 0;
    for (const clusterId of await this.store.clusters()) {
      for (;;) {
        const batches = await this.nextWrites(clusterId);
        if (batches.length === 0) break;
        for (const names of batches) {
          if (this.stopping) return decided;
          const write = this.writer.writeExisting(clusterId, (w) => this.decide(w, names), { what: 'node update queue', onMirror: true });
          this.current = write;
          decided += (await write) ?? 0;
        }
      }
    }
    return decided;
  }

  /**
   * The next queued nodes of the cluster, oldest first, cut into writes of at most PODS_PER_WRITE
   * pods by their count of bound pods (read outside the lock; a pod bound meanwhile only makes
   * one write a little larger).
   */
  private async nextWrites(clusterId: number): Promise<string[][]> {
    const rows = await this.store.next(clusterId, NODES_PER_READ);
    const writes: string[][] = [];
    let names: string[] = [];
    let pods = 0;
    for (const row of rows) {
      if (names.length > 0 && pods + row.pods > PODS_PER_WRITE) {
        writes.push(names);
        names = [];
        pods = 0;
      }
      names.push(row.name);
      pods += row.pods;
    }
    if (names.length > 0) writes.push(names);
    return writes;
  }

  /** In one write: the nodes still queued (another replica may have taken them) leave the queue, and their pods are decided. */
  private async decide(w: WriteContext, names: readonly string[]): Promise<number> {
    const taken = await this.store.take(w, names);
    await this.controller.nodesUpdated(w, taken);
    return taken.length;
  }
}
