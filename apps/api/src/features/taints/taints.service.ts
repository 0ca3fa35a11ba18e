import { Injectable } from '@nestjs/common';
import {
  isTerminating,
  type Node,
  type NodeTarget,
  type Failure,
  type Pod,
  type Taint,
  type TaintChange,
  type TaintOperation,
  applyTaintChange,
  failure,
  noExecuteTaintsChanged,
  taintNodes,
  taintResultLine,
  taintToString,
} from '@taintgate/domain';
import { type ClusterView, emptyClusterView } from '../../store/cluster-snapshot';
import { podKey } from '../../store/pod-record';
import { ClusterSnapshots } from '../../store/cluster-snapshots';
import { ClusterWriter } from '../../store/cluster-writer';
import type { AuditEntry, WriteContext } from '../../store/write-context';
import { type StoredTaint, nodeWithTaints, storedTaintsOf } from '../../store/node-record';
import { NodeStore } from '../../store/node-store';
import { oversized } from '../../store/object-size';
import { EvictionLedger, type EvictionOutcome } from '../../store/evictions/eviction-ledger';
import { NodeUpdateQueue, PODS_PER_WRITE } from '../../control-loops/taint-eviction/node-update-queue';
import { TaintEvictionController } from '../../control-loops/taint-eviction/taint-eviction-controller';
import type { Eviction } from '../../generated/prisma/client';
import { NoExecuteTaintPacer } from '../../control-loops/node-lifecycle/no-execute-taint-pacer';
import { FailureException, fail, valueOf } from '../../platform/failures/failure.exception';
import type { AddTaintCommand, RemoveTaintCommand, TaintNodesCommand } from './taint-commands';

export interface TaintCommandResult {
  dryRun: boolean;
  /** One per node, in name order: what kubectl prints (`node/n1 tainted`) and the node after. */
  results: { node: string; operation: TaintOperation; message: string; taints: Taint[]; object: Node }[];
  /**
   * What the taint eviction controller did with the pods of the nodes whose NoExecute taints
   * changed, when any did (not on a dry run): kubectl's lines alone do not say a taint evicted six pods.
   */
  noExecute?: NoExecuteReport;
}

/** What the NoExecute taints of a taint command did, in this write (or these writes). */
interface NoExecuteReport {
  /** Nodes whose NoExecute taints changed. */
  nodes: number;
  /** Pods deleted at once. */
  evictedNow: number;
  /** Pods whose eviction was scheduled for when their tolerationSeconds pass, and the soonest such time (RFC 3339). */
  scheduled: number;
  firstScheduledFor?: string;
  /** Evictions scheduled earlier that no longer hold (the taint is gone, or now tolerated). */
  cancelled: number;
  /** The other pods on those nodes: they tolerate the taints, or an eviction scheduled earlier stands. */
  unaffected: number;
  /**
   * Nodes whose pods were too many to decide in this write: the controller's queue decides them
   * after it commits, and their evictions are not counted here.
   */
  queuedNodes: number;
}

/** Taints on stored nodes: one at a time, or kubectl-style over several nodes. */
@Injectable()
export class TaintsService {
  constructor(
    private readonly writer: ClusterWriter,
    private readonly snapshots: ClusterSnapshots,
    private readonly nodes: NodeStore,
    private readonly evictions: TaintEvictionController,
    private readonly ledger: EvictionLedger,
    private readonly pacer: NoExecuteTaintPacer,
    private readonly nodeUpdates: NodeUpdateQueue,
  ) {}

  /** POST /v1/nodes/{name}/taints: 409 if the node has the key and effect already, unless overwrite. */
  add(cluster: string, { nodeName, taint, overwrite }: AddTaintCommand): Promise<Node> {
    return this.change(cluster, nodeName, { toAdd: [taint], toRemove: [] }, overwrite, 'taint.add');
  }

  /** DELETE /v1/nodes/{name}/taints?key=K[&effect=E]: without effect, every effect of the key. */
  remove(cluster: string, { nodeName, change }: RemoveTaintCommand): Promise<Node> {
    return this.change(cluster, nodeName, change, false, 'taint.remove');
  }

  private change(cluster: string, nodeName: string, change: TaintChange, overwrite: boolean, action: string): Promise<Node> {
    return this.writer.write(cluster, async (w) => {
      const row = (await this.nodes.find(w, nodeName)) ?? fail(failure.notFound('Node', nodeName));
      const before = this.nodes.get(row);
      const applied = valueOf(applyTaintChange(nodeName, before.spec?.taints ?? [], change, overwrite));
      const node = await this.nodes.saveTaints(w, row, applied.taints);
      await w.audit({ action, kind: 'Node', name: nodeName, details: auditDetails(change, overwrite), before, after: node });
      await this.evictions.nodeTaintsChanged(w, [{ name: nodeName, before: before.spec?.taints ?? [], after: node.spec?.taints ?? [] }]);
      await this.pacer.nodesTaintedByHand(w, [node]);
      return node;
    });
  }

  /**
   * POST /v1/taint: `kubectl taint` over nodes by name, label selector or all. The command is
   * checked over every node first: if kubectl would refuse it for any node, nothing changes.
   *
   * Over a large cluster this is the heaviest write there is (every node, and with a NoExecute
   * taint every pod), and every other write to the cluster waits while one holds its lock. So the
   * plan (which nodes, their taints after, what becomes of each pod on them) is made from the
   * cluster's snapshot before the lock is taken; under the lock the write only checks that nothing
   * the plan read has changed since, and stores it in a few bulk statements. A plan overtaken by
   * another write is made again from the newer snapshot, a few times, then under the lock.
   * A NoExecute taint that reaches more than PODS_PER_WRITE pods leaves their decisions to the
   * controller's node queue (NodeUpdateQueue), which makes them in bounded writes right after,
   * as upstream's taint eviction controller does after the API server has stored the taint.
   * A command over more than NODES_PER_WRITE nodes is stored in writes of that many, in name
   * order, each of its own revision (as kubectl's one PATCH per node is), so that no write holds
   * the lock past about a second at the design scale (10,000 nodes); other writes may come between.
   */
  async command(cluster: string, command: TaintNodesCommand): Promise<TaintCommandResult> {
    if (command.dryRun) return this.dryRun(cluster, command);
    const view = await this.snapshots.find(cluster);
    // At most NODES_PER_WRITE nodes named (or in the cluster at all): one write, planned and checked there.
    const atMost = command.target.by === 'names' ? command.target.names.length : (view?.nodes.size ?? 0);
    if (!view || atMost <= NODES_PER_WRITE) return this.storeCommand(cluster, command);
    // The whole command is checked first (kubectl's errors for any node fail it before any write).
    const names = valueOf(taintNodes(command.target, command.change, command.overwrite, view.nodes.values(), (name) => view.nodes.get(name))).map(
      (t) => t.node.metadata.name,
    );
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

  /** The command as it would go, from the snapshot: nothing is stored and no lock taken. */
  private async dryRun(cluster: string, command: TaintNodesCommand): Promise<TaintCommandResult> {
    const view = await this.snapshots.view(cluster);
    const results = valueOf(taintNodes(command.target, command.change, command.overwrite, view.nodes.values(), (name) => view.nodes.get(name))).map(
      ({ node, operation, taints }) => ({
        node: node.metadata.name,
        operation,
        message: `${taintResultLine(node.metadata.name, operation)} (dry run)`,
        taints,
        object: { ...node, spec: { ...node.spec, taints } },
      }),
    );
    return { dryRun: true, results };
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
   * The command worked out from a snapshot: each node's taints after (failing the command as
   * kubectl would), and, for the nodes whose NoExecute taints change, what the taint eviction
   * controller does with each pod on them, against the evictions scheduled as of the same
   * revision. Undefined when the evictions read are of a later revision than the snapshot (a
   * write came between): the caller plans again. In a write (`w`), they are read in it.
   */
  private async plan(view: ClusterView, command: TaintNodesCommand, now: number, w?: WriteContext): Promise<TaintPlan | undefined> {
    const { target, change, overwrite } = command;
    const tainted = valueOf(taintNodes(target, change, overwrite, view.nodes.values(), (name) => view.nodes.get(name))).map(({ node, operation, taints }) => ({
      node,
      operation,
      before: storedTaintsOf(node.spec?.taints ?? [], [], now),
      stored: storedTaintsOf(taints, node.spec?.taints ?? [], now),
    }));
    // A node its new taints would make larger than etcd stores: refused (413) before any lock.
    for (const { node, stored } of tainted) {
      if (stored.length <= (node.spec?.taints?.length ?? 0)) continue;
      const tooLarge = oversized('Node', node.metadata.name, nodeWithTaints(node, stored, view.revision));
      if (tooLarge) fail(tooLarge);
    }
    const after = new Map(tainted.map((t) => [t.node.metadata.name, t.stored.map((s) => ({ ...s, timeAdded: s.timeAdded.toISOString() }))]));
    const noExecuteChanged = new Set(
      tainted.filter((t) => noExecuteTaintsChanged(t.node.spec?.taints ?? [], after.get(t.node.metadata.name))).map((t) => t.node.metadata.name),
    );
    const plan: TaintPlan = {
      revision: view.revision,
      target,
      tainted,
      // Made now, outside the lock, for the revision the write will most likely take.
      results: resultsOf(tainted, view.revision + 1n),
      audit: auditOf(tainted, command),
      noExecuteChanged,
      queued: false,
      podsOnThem: new Set(),
      terminating: 0,
      scheduledIds: new Set(),
      outcome: undefined,
    };
    if (noExecuteChanged.size === 0) return plan;
    if (podsBoundTo(view, noExecuteChanged) > PODS_PER_WRITE) return { ...plan, queued: true };

    const names = [...noExecuteChanged];
    let scheduled: Map<string, Eviction>;
    if (w) scheduled = await this.ledger.scheduledOnNodes(w.cluster.id, names, w);
    else {
      const read = await this.ledger.scheduledOnNodesAsOf(view.cluster.id, names);
      if (read.revision !== view.revision) return undefined;
      scheduled = read.scheduled;
    }
    const pods: Pod[] = [];
    for (const name of names) {
      for (const pod of view.podsOn(name)) {
        pods.push(pod);
        plan.podsOnThem.add(podKey(pod.metadata.namespace ?? 'default', pod.metadata.name));
        if (isTerminating(pod)) plan.terminating++;
      }
    }
    plan.scheduledIds = new Set([...scheduled.values()].map((row) => row.id));
    plan.outcome = this.evictions.outcomeFor(pods, after, scheduled, now);
    return plan;
  }

  /**
   * Whether the plan still holds under the lock: nothing written since the snapshot it was made
   * from, or nothing it read. Writes to other nodes, and to pods not bound to the nodes whose
   * NoExecute taints it changes, leave it standing (a busy cluster writes all the time).
   */
  private async stillCurrent(w: WriteContext, plan: TaintPlan): Promise<boolean> {
    if (w.revision - 1n === plan.revision) return true;
    const since = await w.rows<{ kind: string; key: string; node: string | null }>(
      `SELECT 'Node' AS kind, name AS key, NULL AS node FROM nodes WHERE cluster_id = $1::int AND revision > $2::bigint
       UNION ALL SELECT kind, key, NULL FROM tombstones WHERE cluster_id = $1::int AND revision > $2::bigint
       UNION ALL SELECT 'Pod', namespace || '/' || name, node_name FROM pods WHERE cluster_id = $1::int AND revision > $2::bigint`,
      [w.cluster.id, String(plan.revision)],
    );
    const named = plan.target.by === 'names' ? new Set(plan.target.names) : undefined;
    for (const { kind, key, node } of since) {
      // A node written, made or deleted: its taints, or which nodes a selector or all names, may differ.
      if (kind === 'Node' && (!named || named.has(key))) return false;
      if (kind === 'Pod' && (plan.podsOnThem.has(key) || plan.noExecuteChanged.has(node ?? ''))) return false;
    }
    // A queued plan decided no pod: the queue decides them from what is stored when it comes to them.
    if (plan.noExecuteChanged.size === 0 || plan.queued) return true;
    const scheduledIds = await this.ledger.scheduledIdsOnNodes(w, [...plan.noExecuteChanged]);
    return scheduledIds.size === plan.scheduledIds.size && [...scheduledIds].every((id) => plan.scheduledIds.has(id));
  }

  /** The plan stored, in a few statements whatever the number of nodes and pods; the answer, as kubectl prints it. */
  private async store(w: WriteContext, plan: TaintPlan): Promise<TaintCommandResult> {
    await this.nodes.saveTaintsMany(
      w,
      plan.tainted.map((t) => ({ name: t.node.metadata.name, before: t.before, taints: t.stored })),
    );
    const results = w.revision === plan.revision + 1n ? plan.results : resultsOf(plan.tainted, w.revision);
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

/** What the plan's outcome does with the pods of the nodes whose NoExecute taints change. */
function noExecuteReport(plan: TaintPlan): NoExecuteReport {
  const outcome = plan.outcome;
  const nodes = plan.noExecuteChanged.size;
  if (!outcome)
    return { nodes, evictedNow: 0, scheduled: 0, cancelled: 0, unaffected: plan.podsOnThem.size - plan.terminating, queuedNodes: plan.queued ? nodes : 0 };
  const soonest = outcome.scheduled.reduce((min, { step }) => Math.min(min, step.fireAt), Infinity);
  return {
    nodes,
    evictedNow: outcome.evictedNow.length,
    scheduled: outcome.scheduled.length,
    ...(Number.isFinite(soonest) ? { firstScheduledFor: new Date(soonest).toISOString() } : {}),
    cancelled: outcome.cancelled.length,
    unaffected: plan.podsOnThem.size - plan.terminating - outcome.evictedNow.length - outcome.scheduled.length,
    queuedNodes: 0,
  };
}

/** Two writes' reports as one command's. */
function addedReports(a: NoExecuteReport, b: NoExecuteReport): NoExecuteReport {
  const first = [a.firstScheduledFor, b.firstScheduledFor].filter((t): t is string => t !== undefined).sort()[0];
  return {
    nodes: a.nodes + b.nodes,
    evictedNow: a.evictedNow + b.evictedNow,
    scheduled: a.scheduled + b.scheduled,
    ...(first ? { firstScheduledFor: first } : {}),
    cancelled: a.cancelled + b.cancelled,
    unaffected: a.unaffected + b.unaffected,
    queuedNodes: a.queuedNodes + b.queuedNodes,
  };
}

/**
 * How many nodes one write of a taint command stores: at 10,000 nodes a single write held the
 * lock 2.9 s (bench/RESULTS.md); a thousand take a tenth of it.
 */
export const NODES_PER_WRITE = 1_000;

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

/** How many times a plan is made before the lock, when writes keep overtaking it, before it is made under the lock. */
const PLANS_BEFORE_THE_LOCK = 3;
/** Storing a plan over 300,000 pods takes seconds; the ordinary write timeout is 30 s, which includes the wait for the lock. */
const LARGE_WRITE_TIMEOUT_MS = 5 * 60_000;
/** Audit entries per call (a call takes only so many arguments). */
const AUDIT_SLICE = 10_000;

/** A taint command worked out from a snapshot, to be stored under the lock if nothing it read has changed. */
interface TaintPlan {
  /** The cluster revision of the snapshot it was made from. */
  revision: bigint;
  target: NodeTarget;
  /** Each node: its taints stored now (`before`, as the snapshot has them) and after (`stored`). */
  tainted: PlannedNode[];
  /** The answer and the audit entries, made with the plan (the answer again if the write takes another revision). */
  results: TaintCommandResult['results'];
  audit: AuditEntry[];
  /** The nodes whose NoExecute taints change, and the pods bound to them (`namespace/name`). */
  noExecuteChanged: Set<string>;
  /** Whether their pods are too many for this write, and the nodes go to the controller's queue (then neither pods, evictions nor outcome are read). */
  queued: boolean;
  podsOnThem: Set<string>;
  /** Of those pods, the ones being deleted already (evicted earlier, say): the controller leaves them be. */
  terminating: number;
  /** The evictions scheduled on those nodes when it was made. */
  scheduledIds: Set<bigint>;
  /** What the taint eviction controller does with those pods. */
  outcome: EvictionOutcome | undefined;
}

interface PlannedNode {
  node: Node;
  operation: TaintOperation;
  before: StoredTaint[];
  stored: StoredTaint[];
}

/** What kubectl prints for each node (`node/n1 tainted`), and the node as stored at `revision`. */
function resultsOf(tainted: readonly PlannedNode[], revision: bigint): TaintCommandResult['results'] {
  return tainted.map(({ node, operation, stored }) => {
    const object = nodeWithTaints(node, stored, revision);
    return { node: node.metadata.name, operation, message: taintResultLine(node.metadata.name, operation), taints: object.spec?.taints ?? [], object };
  });
}

/** One entry per node, with its taints only: a command over 10,000 nodes audits each, under the lock. */
function auditOf(tainted: readonly PlannedNode[], { change, overwrite }: TaintNodesCommand): AuditEntry[] {
  return tainted.map(({ node, operation, stored }) => ({
    action: 'taint.command',
    kind: 'Node' as const,
    name: node.metadata.name,
    details: { ...auditDetails(change, overwrite), operation },
    before: { spec: { taints: node.spec?.taints ?? [] } },
    after: { spec: { taints: nodeWithTaints(node, stored, 0n).spec?.taints ?? [] } },
  }));
}

/** Thrown in a write to roll it back: something the plan read was written after its snapshot. */
class PlanOvertaken extends Error {
  constructor() {
    super('the plan was overtaken by another write');
  }
}

/** How many of the snapshot's pods are bound to these nodes. */
function podsBoundTo(view: ClusterView, nodes: ReadonlySet<string>): number {
  let count = 0;
  for (const name of nodes) for (const _pod of view.podsOn(name)) count++;
  return count;
}

/** A cluster the write creates: nothing in it yet. */
const emptyView = (w: WriteContext): ClusterView => emptyClusterView(w.cluster, w.revision - 1n);

function auditDetails(change: TaintChange, overwrite: boolean) {
  return {
    added: change.toAdd.map(taintToString),
    removed: change.toRemove.map((t) => taintToString(t)),
    overwrite,
  };
}
