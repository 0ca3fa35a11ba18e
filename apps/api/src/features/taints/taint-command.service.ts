import { Injectable } from '@nestjs/common';
import type { Failure } from '@taintgate/domain';
import { type ClusterView, emptyClusterView } from '../../store/cluster-snapshot';
import { ClusterSnapshots } from '../../store/cluster-snapshots';
import { ClusterWriter } from '../../store/cluster-writer';
import type { WriteContext } from '../../store/write-context';
import { NodeStore } from '../../store/node-store';
import { EvictionLedger } from '../../store/evictions/eviction-ledger';
import type { Eviction } from '../../generated/prisma/client';
import { NodeUpdateQueue } from '../../control-loops/taint-eviction/node-update-queue';
import { TaintEvictionController } from '../../control-loops/taint-eviction/taint-eviction-controller';
import { NoExecuteTaintPacer } from '../../control-loops/node-lifecycle/no-execute-taint-pacer';
import { AppConfig } from '../../platform/config/app-config';
import { FailureException, fail, valueOf } from '../../platform/failures/failure.exception';
import type { TaintNodesCommand } from './taint-commands';
import { writtenSince } from './taint-command-store';
import {
  type NoExecuteReport,
  type TaintCommandResult,
  type TaintPlan,
  addedReports,
  decidesPods,
  dryRunOf,
  namedNodes,
  noExecuteReport,
  overtakenBy,
  planTaints,
  resultsAt,
  sameEvictions,
  withEvictions,
} from './taint-plan';

/**
 * POST /v1/taint: `kubectl taint` over nodes by name, label selector or all. The command is
 * checked over every node first: if kubectl would refuse it for any node, nothing changes.
 *
 * Over a large cluster this is the heaviest write there is (every node, and with a NoExecute
 * taint every pod), and every other write to the cluster waits while one holds its lock. So the
 * plan (which nodes, their taints after, what becomes of each pod on them: taint-plan.ts) is made
 * from the cluster's snapshot before the lock is taken; under the lock the write only checks that
 * nothing the plan read has changed since, and stores it in a few bulk statements. A plan
 * overtaken by another write is made again from the newer snapshot, a few times, then under the
 * lock. A NoExecute taint that reaches more than PODS_PER_WRITE pods leaves their decisions to the
 * controller's node queue (NodeUpdateQueue), which makes them in bounded writes right after, as
 * upstream's taint eviction controller does after the API server has stored the taint. A command
 * over more than NODES_PER_WRITE nodes is stored in writes of that many, in name order, each of its
 * own revision (as kubectl's one PATCH per node is), so that no write holds the lock past about a
 * second at the design scale (10,000 nodes); other writes may come between.
 */
@Injectable()
export class TaintCommandService {
  constructor(
    private readonly writer: ClusterWriter,
    private readonly snapshots: ClusterSnapshots,
    private readonly nodes: NodeStore,
    private readonly evictions: TaintEvictionController,
    private readonly ledger: EvictionLedger,
    private readonly pacer: NoExecuteTaintPacer,
    private readonly nodeUpdates: NodeUpdateQueue,
    private readonly config: AppConfig,
  ) {}

  async command(cluster: string, command: TaintNodesCommand): Promise<TaintCommandResult> {
    if (command.dryRun) return valueOf(dryRunOf(await this.snapshots.view(cluster), command));
    const view = await this.snapshots.find(cluster);
    // At most NODES_PER_WRITE nodes named (or in the cluster at all): one write, planned and checked there.
    const atMost = command.target.by === 'names' ? command.target.names.length : (view?.nodes.size ?? 0);
    if (!view || atMost <= NODES_PER_WRITE) return this.storeCommand(cluster, command);
    // The whole command is checked first (kubectl's errors for any node fail it before any write).
    const names = valueOf(namedNodes(view, command));
    if (names.length <= NODES_PER_WRITE) return this.storeCommand(cluster, command);
    const results: TaintCommandResult['results'] = [];
    const reports: NoExecuteReport[] = [];
    for (const slice of slicesOf(names, NODES_PER_WRITE)) {
      try {
        const stored = await this.storeCommand(cluster, { ...command, target: { by: 'names', names: slice } });
        results.push(...stored.results);
        if (stored.noExecute) reports.push(stored.noExecute);
      } catch (error) {
        if (results.length === 0 || !(error instanceof FailureException)) throw error;
        fail(stoppedPartway(error.failure, results, names.length));
      }
    }
    const noExecute = reports.reduce<NoExecuteReport | undefined>((sum, report) => (sum ? addedReports(sum, report) : report), undefined);
    return { dryRun: false, results, ...(noExecute ? { noExecute } : {}) };
  }

  /** The command (over at most NODES_PER_WRITE nodes) stored in one write, planned before the lock where it can be. */
  private async storeCommand(cluster: string, command: TaintNodesCommand): Promise<TaintCommandResult> {
    for (let attempt = 0; attempt < PLANS_BEFORE_THE_LOCK; attempt++) {
      const now = Date.now();
      const view = await this.snapshots.find(cluster, now);
      // A cluster this write would create has nothing to plan from.
      if (!view) break;
      const plan = await this.plan(view, command, now);
      if (!plan) continue;
      try {
        return await this.writer.write(
          cluster,
          async (w) => {
            // Rolled back, so that an overtaken plan takes no revision.
            if (!(await this.stillCurrent(w, plan))) throw new PlanOvertaken();
            return this.store(w, plan);
          },
          { now, timeoutMs: LARGE_WRITE_TIMEOUT_MS, what: 'taint command' },
        );
      } catch (error) {
        if (!(error instanceof PlanOvertaken)) throw error;
      }
    }
    // Overtaken again and again (or a cluster yet to be made): planned under the lock, from the
    // snapshot as of the revision before this write's, which no other write can move now.
    return this.writer.write(
      cluster,
      async (w) => {
        const view = (await this.snapshots.find(cluster, w.now)) ?? emptyView(w);
        const plan = await this.plan(view, command, w.now, w);
        return this.store(w, plan as TaintPlan);
      },
      { timeoutMs: LARGE_WRITE_TIMEOUT_MS, what: 'taint command' },
    );
  }

  /**
   * The plan from a snapshot (planTaints), with the evictions scheduled on the nodes whose
   * NoExecute taints change read as of the same revision when it decides their pods. Undefined
   * when the evictions read are of a later revision than the snapshot (a write came between): the
   * caller plans again. In a write (`w`), they are read in it.
   */
  private async plan(view: ClusterView, command: TaintNodesCommand, now: number, w?: WriteContext): Promise<TaintPlan | undefined> {
    const plan = valueOf(planTaints(view, command, now));
    if (!decidesPods(plan)) return plan;
    const names = [...plan.noExecuteChanged];
    let scheduled: Map<string, Eviction>;
    if (w) scheduled = await this.ledger.scheduledOnNodes(w.cluster.id, names, w);
    else {
      const read = await this.ledger.scheduledOnNodesAsOf(view.cluster.id, names);
      if (read.revision !== view.revision) return undefined;
      scheduled = read.scheduled;
    }
    return withEvictions(plan, view, scheduled, now, this.config.matchOptions);
  }

  /**
   * Whether the plan still holds under the lock: nothing written since the snapshot it was made
   * from, or nothing it read (overtakenBy), and the same evictions scheduled where it decides pods.
   */
  private async stillCurrent(w: WriteContext, plan: TaintPlan): Promise<boolean> {
    if (w.revision - 1n === plan.revision) return true;
    if (overtakenBy(plan, await writtenSince(w, plan.revision))) return false;
    // A queued plan decided no pod: the queue decides them from what is stored when it comes to them.
    if (!decidesPods(plan)) return true;
    return sameEvictions(plan, await this.ledger.scheduledIdsOnNodes(w, [...plan.noExecuteChanged]));
  }

  /** The plan stored, in a few statements whatever the number of nodes and pods; the answer, as kubectl prints it. */
  private async store(w: WriteContext, plan: TaintPlan): Promise<TaintCommandResult> {
    await this.nodes.saveTaintsMany(
      w,
      plan.tainted.map((t) => ({ name: t.node.metadata.name, before: t.before, taints: t.stored })),
    );
    const results = resultsAt(plan, w.revision);
    for (let i = 0; i < plan.audit.length; i += AUDIT_SLICE) await w.audit(...plan.audit.slice(i, i + AUDIT_SLICE));
    if (plan.queued) await this.nodeUpdates.queue(w, [...plan.noExecuteChanged]);
    else if (plan.outcome) await this.evictions.carryOut(w, plan.outcome);
    await this.pacer.nodesTaintedByHand(
      w,
      results.map((r) => r.object),
    );
    return { dryRun: false, results, ...(plan.noExecuteChanged.size ? { noExecute: noExecuteReport(plan) } : {}) };
  }
}

/**
 * How many nodes one write of a taint command stores: at 10,000 nodes a single write held the
 * lock 2.9 s (bench/RESULTS.md); a thousand take a tenth of it.
 */
export const NODES_PER_WRITE = 1_000;

/** How many times a plan is made before the lock, when writes keep overtaking it, before it is made under the lock. */
const PLANS_BEFORE_THE_LOCK = 3;
/** Storing a plan over 300,000 pods takes seconds; the ordinary write timeout is 30 s, which includes the wait for the lock. */
const LARGE_WRITE_TIMEOUT_MS = 5 * 60_000;
/** Audit entries per call (a call takes only so many arguments). */
const AUDIT_SLICE = 10_000;

/** The names cut into slices of at most `size`, in order. */
function slicesOf(names: readonly string[], size: number): string[][] {
  const slices: string[][] = [];
  for (let i = 0; i < names.length; i += size) slices.push(names.slice(i, i + size));
  return slices;
}

/**
 * A command that stopped after some of its writes (a node deleted or tainted by another write
 * between them): the failure as it is, saying how far the command got and how to finish it.
 */
function stoppedPartway(cause: Failure, stored: TaintCommandResult['results'], total: number): Failure {
  const last = stored[stored.length - 1]?.node ?? '';
  return {
    ...cause,
    message: `${cause.message} (the command had stored ${stored.length} of ${total} nodes, through node/${last}; send it again with overwrite to finish)`,
  };
}

/** Thrown in a write to roll it back: something the plan read was written after its snapshot. */
class PlanOvertaken extends Error {
  constructor() {
    super('the plan was overtaken by another write');
  }
}

/** A cluster the write creates: nothing in it yet. */
const emptyView = (w: WriteContext): ClusterView => emptyClusterView(w.cluster, w.revision - 1n);
