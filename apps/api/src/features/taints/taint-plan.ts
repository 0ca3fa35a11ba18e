import {
  type Failure,
  type MatchOptions,
  type Node,
  type NodeTarget,
  type Pod,
  type Result,
  type Taint,
  type TaintOperation,
  isTerminating,
  noExecuteTaintsChanged,
  ok,
  taintNodes,
  taintResultLine,
} from '@taintgate/domain';
import type { Eviction } from '../../generated/prisma/client';
import type { ClusterView } from '../../store/cluster-snapshot';
import type { EvictionOutcome } from '../../store/evictions/eviction-outcome';
import { type StoredTaint, nodeWithTaints, storedTaintsOf } from '../../store/node-record';
import { oversized } from '../../store/object-size';
import { podKey } from '../../store/pod-record';
import type { AuditEntry } from '../../store/write-context';
import { PODS_PER_WRITE } from '../../control-loops/taint-eviction/node-update-queue';
import { evictionOutcomeFor } from '../../control-loops/taint-eviction/eviction-outcomes';
import type { TaintNodesCommand } from './taint-commands';
import { taintAuditDetails } from './taint-audit';

/*
 * POST /v1/taint's plan, worked out from the cluster's snapshot before the write takes the lock
 * (TaintCommandService): the nodes the command names, each one's taints after (failing the
 * command as kubectl would), and, for the nodes whose NoExecute taints change, what the taint
 * eviction controller does with each pod on them; then, under the lock, whether what was written
 * since leaves it standing. No I/O: what the plan reads (the snapshot, the evictions scheduled,
 * the rows written since) is passed in.
 */

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
export interface NoExecuteReport {
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

/** A taint command worked out from a snapshot, to be stored under the lock if nothing it read has changed. */
export interface TaintPlan {
  /** The cluster revision of the snapshot it was made from. */
  revision: bigint;
  target: NodeTarget;
  /** Each node: its taints stored now (`before`, as the snapshot has them) and after (`stored`). */
  tainted: PlannedNode[];
  /** Each node's taints after, as the domain reads them (time added as RFC 3339). */
  after: ReadonlyMap<string, readonly Taint[]>;
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

/** What of the cluster's snapshot a plan reads. */
export type PlanView = Pick<ClusterView, 'revision' | 'nodes' | 'podsOn'>;

/** A row written after the plan's snapshot, as the check under the lock reads it: a node, a pod (with its node) or a tombstone. */
export interface WrittenSince {
  kind: string;
  /** A node's name, a pod's `namespace/name`. */
  key: string;
  node: string | null;
}

/** The nodes the command names, in name order (failing it as kubectl would for any of them). */
export function namedNodes(view: PlanView, { target, change, overwrite }: TaintNodesCommand): Result<string[], Failure> {
  const tainted = taintNodes(target, change, overwrite, view.nodes.values(), (name) => view.nodes.get(name));
  return tainted.ok ? ok(tainted.value.map((t) => t.node.metadata.name)) : tainted;
}

/** The command as it would go, from the snapshot: each node as it would be, nothing stored. */
export function dryRunOf(view: PlanView, { target, change, overwrite }: TaintNodesCommand): Result<TaintCommandResult, Failure> {
  const tainted = taintNodes(target, change, overwrite, view.nodes.values(), (name) => view.nodes.get(name));
  if (!tainted.ok) return tainted;
  const results = tainted.value.map(({ node, operation, taints }) => ({
    node: node.metadata.name,
    operation,
    message: `${taintResultLine(node.metadata.name, operation)} (dry run)`,
    taints,
    object: { ...node, spec: { ...node.spec, taints } },
  }));
  return ok({ dryRun: true, results });
}

/**
 * The command's nodes worked out from a snapshot: each node's taints after (failing the command
 * as kubectl would, or as too large for etcd), the answer and audit entries, and the nodes whose
 * NoExecute taints change. Their pods are decided next (`decidesPods`, `withEvictions`), unless
 * they are more than a write decides, when the nodes go to the controller's queue (`queued`).
 */
export function planTaints(view: PlanView, command: TaintNodesCommand, now: number): Result<TaintPlan, Failure> {
  const { target, change, overwrite } = command;
  const nodes = taintNodes(target, change, overwrite, view.nodes.values(), (name) => view.nodes.get(name));
  if (!nodes.ok) return nodes;
  const tainted = nodes.value.map(({ node, operation, taints }) => ({
    node,
    operation,
    before: storedTaintsOf(node.spec?.taints ?? [], [], now),
    stored: storedTaintsOf(taints, node.spec?.taints ?? [], now),
  }));
  // A node its new taints would make larger than etcd stores: refused (413) before any lock.
  for (const { node, stored } of tainted) {
    if (stored.length <= (node.spec?.taints?.length ?? 0)) continue;
    const tooLarge = oversized('Node', node.metadata.name, nodeWithTaints(node, stored, view.revision));
    if (tooLarge) return { ok: false, error: tooLarge };
  }
  const after = new Map(tainted.map((t) => [t.node.metadata.name, t.stored.map((s) => ({ ...s, timeAdded: s.timeAdded.toISOString() }))]));
  const noExecuteChanged = new Set(
    tainted.filter((t) => noExecuteTaintsChanged(t.node.spec?.taints ?? [], after.get(t.node.metadata.name))).map((t) => t.node.metadata.name),
  );
  return ok({
    revision: view.revision,
    target,
    tainted,
    after,
    // Made now, outside the lock, for the revision the write will most likely take.
    results: resultsOf(tainted, view.revision + 1n),
    audit: auditOf(tainted, command),
    noExecuteChanged,
    queued: noExecuteChanged.size > 0 && podsBoundTo(view, noExecuteChanged) > PODS_PER_WRITE,
    podsOnThem: new Set(),
    terminating: 0,
    scheduledIds: new Set(),
    outcome: undefined,
  });
}

/** Whether the plan decides pods itself: some NoExecute taints change, on few enough pods for one write (else the queue decides them). */
export function decidesPods(plan: TaintPlan): boolean {
  return plan.noExecuteChanged.size > 0 && !plan.queued;
}

/**
 * The plan with what the taint eviction controller does with each pod on the nodes whose
 * NoExecute taints change (evictionOutcomeFor), against the evictions scheduled on them as of the
 * plan's revision (`scheduled`, by `namespace/name`).
 */
export function withEvictions(plan: TaintPlan, view: PlanView, scheduled: ReadonlyMap<string, Eviction>, now: number, options: MatchOptions): TaintPlan {
  const pods: Pod[] = [];
  const podsOnThem = new Set<string>();
  let terminating = 0;
  for (const name of plan.noExecuteChanged) {
    for (const pod of view.podsOn(name)) {
      pods.push(pod);
      podsOnThem.add(podKey(pod.metadata.namespace ?? 'default', pod.metadata.name));
      if (isTerminating(pod)) terminating++;
    }
  }
  const scheduledIds = new Set([...scheduled.values()].map((row) => row.id));
  return { ...plan, podsOnThem, terminating, scheduledIds, outcome: evictionOutcomeFor(pods, plan.after, scheduled, now, options) };
}

/**
 * Whether a write since the plan's snapshot (`since`) changed what it read: a node it names (any
 * node, for a selector or all: which nodes it names may differ) written, made or deleted, or a pod
 * on a node whose NoExecute taints it changes. Writes to other nodes, and to other pods, leave it
 * standing (a busy cluster writes all the time).
 */
export function overtakenBy(plan: TaintPlan, since: readonly WrittenSince[]): boolean {
  const named = plan.target.by === 'names' ? new Set(plan.target.names) : undefined;
  for (const { kind, key, node } of since) {
    if (kind === 'Node' && (!named || named.has(key))) return true;
    if (kind === 'Pod' && (plan.podsOnThem.has(key) || plan.noExecuteChanged.has(node ?? ''))) return true;
  }
  return false;
}

/** Whether the evictions scheduled on the plan's NoExecute nodes now (`ids`) are the ones it decided against. */
export function sameEvictions(plan: TaintPlan, ids: ReadonlySet<bigint>): boolean {
  return ids.size === plan.scheduledIds.size && [...ids].every((id) => plan.scheduledIds.has(id));
}

/** The answer's nodes as stored at `revision`: the plan's own when the write took the revision it was made for. */
export function resultsAt(plan: TaintPlan, revision: bigint): TaintCommandResult['results'] {
  return revision === plan.revision + 1n ? plan.results : resultsOf(plan.tainted, revision);
}

/** What the plan's outcome does with the pods of the nodes whose NoExecute taints change. */
export function noExecuteReport(plan: TaintPlan): NoExecuteReport {
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
export function addedReports(a: NoExecuteReport, b: NoExecuteReport): NoExecuteReport {
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
    details: { ...taintAuditDetails(change, overwrite), operation },
    before: { spec: { taints: node.spec?.taints ?? [] } },
    after: { spec: { taints: nodeWithTaints(node, stored, 0n).spec?.taints ?? [] } },
  }));
}

/** How many of the snapshot's pods are bound to these nodes. */
function podsBoundTo(view: PlanView, nodes: ReadonlySet<string>): number {
  let count = 0;
  for (const name of nodes) for (const _pod of view.podsOn(name)) count++;
  return count;
}
