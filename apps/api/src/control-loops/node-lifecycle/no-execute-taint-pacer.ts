import { Injectable } from '@nestjs/common';
import {
  type Node,
  type QueuedNode,
  type Taint,
  awaitedNoExecuteTaint,
  nodesToTaintNow,
  withAwaitedNoExecuteTaint,
  withoutNoExecuteConditionTaints,
  zoneKeyOf,
  zoneRates,
} from '@taintgate/domain';
import { ClusterWriter } from '../../store/cluster-writer';
import type { WriteContext } from '../../store/write-context';
import type { NodeRow } from '../../store/node-record';
import { NodeStore } from '../../store/node-store';
import { PeriodicPass } from '../../store/periodic-pass';
import { AppConfig } from '../../platform/config/app-config';
import { EvictionJobs } from '../taint-eviction/eviction-jobs';
import { TaintEvictionController } from '../taint-eviction/taint-eviction-controller';
import { AwaitedTaintStore } from './awaited-taint-store';

/** What a pass has to do: nodes to taint now, nodes whose NoExecute taint master disruption takes off, and the next turn. */
interface PacingPlan {
  due: QueuedNode[];
  reachable: string[];
  nextAt: number | undefined;
}

/**
 * The node lifecycle controller's doNoExecuteTaintingPass and handleDisruption, durable: Postgres
 * holds the nodes waiting for their not-ready or unreachable NoExecute taint and each zone's last
 * tainting; a pass decides from them, in one write, which nodes' turn has come (one per zone per
 * 1/rate seconds, the rate following the zone's state) and, when every zone is fully disrupted,
 * takes those taints off every node instead.
 *
 * A pass runs after each node write, when a delayed BullMQ job wakes it at the next turn, at start
 * and every EVICTION_RECONCILE_SECONDS, so a lost job or a restart loses nothing. Replicas take
 * turns on the cluster revision and each decides from the last tainting stored, so together they
 * taint no faster than one replica.
 */
@Injectable()
export class NoExecuteTaintPacer extends PeriodicPass {
  constructor(
    private readonly writer: ClusterWriter,
    private readonly nodes: NodeStore,
    private readonly store: AwaitedTaintStore,
    private readonly evictions: TaintEvictionController,
    private readonly jobs: EvictionJobs,
    private readonly config: AppConfig,
  ) {
    super({ seconds: config.evictions.reconcileSeconds, atStart: true, controller: 'node-lifecycle-controller' });
    jobs.onPacing(() => this.pace());
  }

  /** One pass (or the one under way, which then passes once more); answers how many nodes it changed. */
  pace(): Promise<number> {
    return this.run();
  }

  /**
   * After a write that set a node's taints by hand (kubectl taint): a not-ready or unreachable node
   * whose NoExecute taint was taken off waits in its zone's queue again, as the next
   * monitorNodeHealth pass puts it there (processTaintBaseEviction, markNodeForTainting); one given
   * the taint by hand waits no more.
   */
  async nodesTaintedByHand(w: WriteContext, nodes: readonly Node[]): Promise<void> {
    const awaiting: { nodeName: string; taintKey: string }[] = [];
    const done: string[] = [];
    for (const node of nodes) {
      const awaited = awaitedNoExecuteTaint(node);
      if (awaited) awaiting.push({ nodeName: node.metadata.name, taintKey: awaited.key });
      else done.push(node.metadata.name);
    }
    // Two statements for any number of nodes (`kubectl taint --all` over a large cluster).
    await this.store.enqueueMany(w, awaiting);
    await this.store.dequeueMany(w, done);
    w.afterCommit(() => this.pace());
  }

  /** Each cluster with work is paced on its own: its zones, its nodes, its revision. */
  protected async pass(): Promise<number> {
    let changed = 0;
    for (const clusterId of await this.store.clustersToPace()) changed += await this.passIn(clusterId);
    return changed;
  }

  private async passIn(clusterId: number): Promise<number> {
    // Most passes have nothing to do: they look first and take no revision.
    const look = await this.plan(clusterId, Date.now());
    if (look.due.length === 0 && look.reachable.length === 0) {
      await this.wakeAt(look.nextAt);
      return 0;
    }
    const changed = await this.writer.writeExisting(
      clusterId,
      async (w) => {
        const plan = await this.plan(clusterId, w.now, w);
        for (const name of plan.reachable) await this.markReachable(w, name);
        for (const node of plan.due) await this.taint(w, node);
        w.afterCommit(() => this.wakeAt(plan.nextAt));
        return plan.due.length + plan.reachable.length;
      },
      { what: 'NoExecute taint pacer' },
    );
    return changed ?? 0;
  }

  /** What to do at `now`: from the write's transaction, or (`w` undefined) from what is committed, to look before taking a revision. */
  private async plan(clusterId: number, now: number, w?: WriteContext): Promise<PacingPlan> {
    const queued = await this.store.queued(clusterId, w);
    const nodes = await this.store.nodes(clusterId, w);
    const zoneOf = new Map(nodes.map((n) => [n.name, zoneKeyOf(n.labels)]));
    const { rates, allFullyDisrupted } = zoneRates(
      nodes.map((n) => ({ zone: zoneOf.get(n.name) ?? '', readyStatus: n.readyStatus })),
      this.config.zonePacing,
    );
    // Master disruption mode: no turn comes until a node write ends it (and that write runs a pass).
    if (allFullyDisrupted) return { due: [], reachable: nodes.filter((n) => n.tainted).map((n) => n.name), nextAt: undefined };
    const waiting = queued.flatMap((q) => {
      const zone = zoneOf.get(q.nodeName);
      return zone === undefined ? [] : [{ name: q.nodeName, zone, since: q.since.getTime() }];
    });
    const turn = nodesToTaintNow(waiting, rates, await this.store.lastTaintings(clusterId, w), now);
    return { due: turn.due, reachable: [], nextAt: turn.nextAt };
  }

  /** The zone's turn: SwapNodeControllerTaint with the taint the Ready condition calls for now; the zone's token is spent. */
  private async taint(w: WriteContext, queued: QueuedNode): Promise<void> {
    await this.store.dequeue(w, queued.name);
    await this.store.tainted(w, queued.zone);
    const row = await this.nodes.find(w, queued.name);
    if (!row) return;
    const node = this.nodes.get(row);
    await this.saveTaints(w, row, node.spec?.taints ?? [], withAwaitedNoExecuteTaint(node, w.now), 'node.no-execute-taint');
  }

  /**
   * markNodeAsReachable on entering master disruption mode. The node stays not ready, so it waits
   * in its zone's queue again, as the next monitorNodeHealth pass would put it there.
   */
  private async markReachable(w: WriteContext, name: string): Promise<void> {
    const row = await this.nodes.find(w, name);
    if (!row) return;
    const before = this.nodes.get(row).spec?.taints ?? [];
    const saved = await this.saveTaints(w, row, before, withoutNoExecuteConditionTaints(before), 'node.master-disruption');
    const awaited = saved && awaitedNoExecuteTaint(saved);
    if (awaited) await this.store.enqueue(w, name, awaited.key);
  }

  private async saveTaints(w: WriteContext, row: NodeRow, before: Taint[], after: Taint[], action: string) {
    if (after.length === before.length && after.every((t, i) => t === before[i])) return undefined;
    const name = row.name;
    const saved = await this.nodes.saveTaints(w, row, after);
    await this.evictions.nodeTaintsChanged(w, [{ name, before, after: saved.spec?.taints ?? [] }]);
    await w.audit({ action, kind: 'Node', name });
    return saved;
  }

  /** Queues the wake-up at the next turn; if Redis cannot take it, the periodic pass comes anyway. */
  private async wakeAt(at: number | undefined): Promise<void> {
    if (at === undefined) return;
    await this.jobs.enqueuePacing(at).catch((error: unknown) => this.logger.warn(`pacer wake-up: ${error instanceof Error ? error.message : String(error)}`));
  }
}
