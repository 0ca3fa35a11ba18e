import { Injectable } from '@nestjs/common';
import {
  type Node,
  type NodeCondition,
  addsTaintsOrCordons,
  applyPatch,
  awaitedNoExecuteTaint,
  sentResourceVersion,
  fieldsMatch,
  nodeFields,
  checkDelete,
  checkUpdate,
  checkWrite,
  nodeChangeWarnings,
  chunkOfSorted,
  failure,
  reconcileConditionTaints,
  reconcileUnschedulableTaint,
  selectorMatches,
  setUnschedulable,
  validateNode,
  zoneKeyOf,
} from '@taintgate/domain';
import { ClusterSnapshots } from '../../store/cluster-snapshots';
import { ClusterWriter } from '../../store/cluster-writer';
import type { WriteContext } from '../../store/write-context';
import type { NodeRow } from '../../store/node-record';
import { storedVersionOf } from '../../store/object-parts';
import { NodeStore, type StoredNode, nodeRead } from '../../store/node-store';
import { type ListPage, listPage } from '../../http/edge/list-answers';
import { TaintEvictionController } from '../../control-loops/taint-eviction/taint-eviction-controller';
import { fail, valueOf } from '../../platform/failures/failure.exception';
import { ImpactService } from '../impact/impact.service';
import { AwaitedTaintStore } from '../../control-loops/node-lifecycle/awaited-taint-store';
import { NoExecuteTaintPacer } from '../../control-loops/node-lifecycle/no-execute-taint-pacer';
import { type CommandJudgement, KubectlCommands } from '../kubectl-commands/kubectl-commands.service';
import type { KubectlSession } from '../kubectl-commands/kubectl-session';
import type { DeleteNodeCommand, ListNodesCommand, PatchNodeCommand, SetConditionsCommand, UpsertNodeCommand } from './node-commands';

/** A node as a write stored it (or, in a dry run, would have), and what the write does to the pods, told as warnings. */
export interface WrittenNode {
  node: Node;
  warnings: string[];
}

/** Nodes of a cluster: the Kubernetes objects as stored, read from its snapshot, written through ClusterWriter. */
@Injectable()
export class NodesService {
  constructor(
    private readonly snapshots: ClusterSnapshots,
    private readonly writer: ClusterWriter,
    private readonly store: NodeStore,
    private readonly evictions: TaintEvictionController,
    private readonly awaitedTaints: AwaitedTaintStore,
    private readonly pacer: NoExecuteTaintPacer,
    private readonly impact: ImpactService,
    private readonly commands: KubectlCommands,
  ) {}

  /**
   * A page of the NodeList, by name, the label selector applied before paging. A kubectl command's
   * list names the nodes the command goes on (`kubectl taint nodes -l ...`): its later writes are
   * judged over them (KubectlCommands).
   */
  async list(cluster: string, { selector, fields = [], chunking }: ListNodesCommand, session?: KubectlSession): Promise<ListPage<Node>> {
    const view = await this.snapshots.view(cluster);
    const chunk = chunkOfSorted(view.keysInOrder('nodes'), chunking, {
      itemOf: (name) => {
        const node = view.nodes.get(name);
        return node && selectorMatches(selector, node.metadata.labels) && fieldsMatch(fields, nodeFields(node)) ? node : undefined;
      },
      filtered: selector.length > 0 || fields.length > 0,
      revision: view.revision,
    });
    const page = listPage('NodeList', chunk, { revision: view.revision });
    this.commands.read(
      cluster,
      session,
      page.items.map((node) => node.metadata.name),
      true,
    );
    return page;
  }

  /** A node by name; a kubectl command's read names a node it goes on (`kubectl taint nodes n1 ...`). */
  async get(cluster: string, name: string, session?: KubectlSession): Promise<Node> {
    const node = (await this.snapshots.view(cluster)).nodes.get(name) ?? fail(failure.notFound('Node', name));
    this.commands.read(cluster, session, [name], false);
    return node;
  }

  /**
   * PUT and POST: creates or replaces the node as sent, as the command's mode allows (REST's PUT
   * either; the Kubernetes API's POST only creates, 409 AlreadyExists otherwise, and its PUT only
   * updates, 404 otherwise). A body naming a resourceVersion is written only over the node stored
   * at that version (checkUpdate). Both are checked in the write's transaction, which holds the
   * cluster's revision row: no other write can come between the check and the write.
   */
  async upsert(
    cluster: string,
    { name, node, resourceVersion, mode, dryRun = false }: UpsertNodeCommand,
    session?: KubectlSession,
  ): Promise<WrittenNode & { created: boolean }> {
    const judged = await this.commands.nodeChange(cluster, session, name, () => node, dryRun);
    const leads = this.readyToTell(cluster, name, () => node);
    return this.writer.write(
      cluster,
      async (w) => {
        const existing = await this.store.find(w, name);
        valueOf(checkWrite('Node', name, mode, existing ? storedVersionOf(existing) : undefined, resourceVersion));
        const before = existing ? this.store.get(existing) : undefined;
        const saved = await this.persist(w, node, existing, existing ? 'node.replace' : 'node.create', true);
        return { node: saved, created: !existing, warnings: await this.warningsOf(w, before, saved, dryRun, judged) };
      },
      { dryRun, firstRead: nodeRead(name), leads },
    );
  }

  /**
   * PATCH (the Kubernetes API's: kubectl taint, cordon, label, annotate, edit, apply): the patch
   * applied to the stored node as kube-apiserver applies it, then what a PUT of the result does
   * (validation, the node's condition and unschedulable taints, evictions, audit). A
   * resourceVersion in the result must be the stored one (409 otherwise), as the API server's
   * update checks it.
   */
  async patch(cluster: string, { name, patchType, patch, dryRun }: PatchNodeCommand, session?: KubectlSession): Promise<WrittenNode> {
    const patchedOf = (held: Node | undefined) => {
      const patched = held && applyPatch('Node', held, patchType, patch);
      return patched?.ok ? (patched.value as unknown as Node) : undefined;
    };
    const judged = await this.commands.nodeChange(cluster, session, name, patchedOf, dryRun);
    const leads = this.readyToTell(cluster, name, patchedOf);
    return this.writer.write(
      cluster,
      async (w) => {
        const existing = (await this.store.find(w, name)) ?? fail(failure.notFound('Node', name));
        const before = this.store.get(existing);
        const patched = valueOf(applyPatch('Node', before, patchType, patch)) as unknown as Node;
        const result = validateNode({ ...patched, metadata: { ...patched.metadata, name } });
        if (!result.ok) fail(failure.invalid('Node', name, result.error));
        const sent = sentResourceVersion(patched);
        if (!sent.ok) fail(failure.invalid('Node', name, sent.error));
        valueOf(checkUpdate('Node', name, storedVersionOf(existing), sent.value));
        const node = await this.persist(w, result.value, existing, 'node.patch', true);
        return { node, warnings: await this.warningsOf(w, before, node, dryRun, judged) };
      },
      { dryRun, firstRead: nodeRead(name), leads },
    );
  }

  /**
   * Before a write that tells its impact (PUT, PATCH) takes its turn: whether it will read the
   * snapshot under the lock (warningsOf), judged from the node this replica holds, unchecked. When
   * it will, the write leads its transaction from the start (WriteOptions.leads), rather than run
   * behind others, be undone and run again; and the snapshot starts catching up now, while the
   * write waits for its turn, so that under the lock few writes are left to read (at 300,000 pods,
   * a catch-up of a few hundred writes under the lock took tens of milliseconds of every writer's
   * time). Nothing is awaited: the write takes its place in the line at once. A wrong guess costs
   * what it cost before: a write that turns out to read the snapshot and is not first is undone
   * and led next time (readingSnapshot); one that leads for nothing commits sooner.
   */
  private readyToTell(cluster: string, name: string, sent: (held: Node | undefined) => Node | undefined): boolean {
    const view = this.snapshots.peek(cluster);
    if (!view) return false;
    const held = view.nodes.get(name);
    const after = sent(held);
    if (!after || !addsTaintsOrCordons(held, after)) return false;
    // A failure (Postgres away) is the write's to meet, under its own handling.
    void this.snapshots.find(cluster).catch(() => undefined);
    return true;
  }

  /**
   * What the write does to the cluster's pods, as the Warning headers kubectl prints: decided
   * inside the write, whose changes the cluster's snapshot and ledger do not hold yet, from the
   * snapshot, which must then hold every write before it: a write that adds a taint or cordons
   * runs first in its transaction (WriteContext.readingSnapshot); any other tells of nothing and
   * reads nothing. A write of a kubectl command over many nodes (`judged`, made before the write
   * took its turn: a whole pool placed together is not worked out under the cluster's lock) tells
   * the command's line, and its evicted pods stranded as the whole command leaves them.
   */
  private async warningsOf(w: WriteContext, before: Node | undefined, after: Node, dryRun: boolean, judged?: CommandJudgement): Promise<string[]> {
    if (!addsTaintsOrCordons(before, after)) return [];
    w.readingSnapshot();
    const impact = await this.impact.ofNodeChange(w.cluster.name, before, after, w.now);
    if (!impact) return [];
    return judged ? [...judged.lines, ...nodeChangeWarnings(judged.forNode(impact), dryRun)] : nodeChangeWarnings(impact, dryRun);
  }

  /**
   * A node's Lease (coordination.k8s.io/v1, in kube-node-lease), which kubectl describe node reads
   * for its heartbeat: the twin runs no kubelet, so none is kept, and the answer is the API
   * server's for a node without one (`leases.coordination.k8s.io "n1" not found`).
   */
  async lease(cluster: string, name: string): Promise<never> {
    await this.snapshots.view(cluster);
    return fail(failure.notFound('Lease', name, 'coordination.k8s.io'));
  }

  /** `kubectl cordon` (true) / `uncordon` (false): spec.unschedulable and its NoSchedule taint. */
  setUnschedulable(cluster: string, name: string, unschedulable: boolean): Promise<Node> {
    return this.rewrite(cluster, name, unschedulable ? 'node.cordon' : 'node.uncordon', (node, now) => setUnschedulable(node, unschedulable, now));
  }

  /** Replaces status.conditions (what a kubelet's status update does); the condition taints follow them as on PUT. */
  setConditions(cluster: string, { name, conditions }: SetConditionsCommand): Promise<Node> {
    return this.rewrite(cluster, name, 'node.conditions', (node) => ({ ...node, status: { ...node.status, conditions } }));
  }

  /**
   * A change to the stored node, read and written in one transaction (no lost update), with the
   * same validation, condition taints, evictions and audit as PUT.
   */
  private rewrite(cluster: string, name: string, action: string, change: (node: Node, now: number) => Node): Promise<Node> {
    return this.writer.write(
      cluster,
      async (w) => {
        const existing = (await this.store.find(w, name)) ?? fail(failure.notFound('Node', name));
        const result = validateNode(change(this.store.get(existing), w.now));
        if (!result.ok) fail(failure.invalid('Node', name, result.error));
        return this.persist(w, result.value, existing, action);
      },
      { firstRead: nodeRead(name) },
    );
  }

  /**
   * Saves a validated node as the node lifecycle controller leaves it (condition taints follow its
   * conditions, the unschedulable taint its spec.unschedulable), then evictions and audit. A node
   * whose Ready condition calls for a NoExecute taint it does not carry waits in its zone's queue
   * (markNodeForTainting) and any other leaves it; the pacer runs once the write is committed when
   * the write may change its plan: a node waiting, or a Ready status or a zone that changed (its
   * zone's state, and so its rate). Any other write, a label on a busy pool, costs it nothing.
   * `tellsImpact`: the write tells its impact (warningsOf), and says it reads the snapshot before it
   * stores anything.
   */
  private async persist(w: WriteContext, node: Node, existing: StoredNode | null, action: string, tellsImpact = false): Promise<Node> {
    const stored = reconcileUnschedulableTaint(withConditionTaints(node, existing, w.now), w.now);
    const previous = existing ? this.store.get(existing) : undefined;
    // A write that will read the snapshot for its warnings says so before it stores anything: if it
    // must wait to lead the next transaction, nothing it did (the node, its evictions) is undone and done again.
    if (tellsImpact && addsTaintsOrCordons(previous, stored)) w.readingSnapshot();
    const saved = await this.store.save(w, stored, existing);
    const before = previous?.spec?.taints ?? [];
    await this.evictions.nodeTaintsChanged(w, [{ name: node.metadata.name, before, after: saved.spec?.taints ?? [] }]);
    const awaited = awaitedNoExecuteTaint(saved);
    if (awaited) await this.awaitedTaints.enqueue(w, node.metadata.name, awaited.key);
    // A node stored and not queued has nothing to leave (a new one may find a queued row its deleted namesake left).
    else if (!existing || existing.awaitingTaint) await this.awaitedTaints.dequeue(w, node.metadata.name);
    if (
      awaited ||
      !existing ||
      readyStatusOf(existing.conditions) !== readyStatusOf(saved.status?.conditions) ||
      zoneOfRow(existing) !== zoneKeyOf(saved.metadata.labels ?? {})
    ) {
      w.afterCommit(() => this.pacer.pace());
    }
    await w.audit({ action, kind: 'Node', name: node.metadata.name, before: previous, after: saved });
    return saved;
  }

  /**
   * DELETE: the node and its taints. As in Kubernetes, its pods stay until the pod garbage
   * collector deletes them after its quarantine, and the evictions already scheduled for them
   * still fire: the taint eviction controller only forgets a deleted node.
   */
  async remove(cluster: string, { name, preconditions, dryRun }: DeleteNodeCommand): Promise<Node> {
    return this.writer.write(
      cluster,
      async (w) => {
        const existing = (await this.store.find(w, name)) ?? fail(failure.notFound('Node', name));
        valueOf(checkDelete('Node', name, storedVersionOf(existing), preconditions));
        const node = this.store.get(existing);
        await this.store.delete(w, name, existing.taints);
        await w.audit({ action: 'node.delete', kind: 'Node', name, before: node });
        return node;
      },
      { dryRun, firstRead: nodeRead(name) },
    );
  }
}

/**
 * When the node's conditions change (or a new node has some), the node lifecycle controller's taints
 * follow them: NoSchedule taints for pressure and readiness at once; the not-ready or unreachable
 * NoExecute taint taken off at once when Ready turns True, swapped at once between the two, and
 * otherwise left to the pacer.
 */
function withConditionTaints(node: Node, existing: NodeRow | null, now: number): Node {
  const conditions = node.status?.conditions ?? [];
  // No conditions at all: nothing for the controller to go by (a node sent without status).
  if (conditions.length === 0 || (existing && statusesOf(existing.conditions as unknown as NodeCondition[]) === statusesOf(conditions))) return node;
  return { ...node, spec: { ...node.spec, taints: reconcileConditionTaints(node, now) } };
}

/** The first Ready condition's status, as GetNodeCondition takes it. */
const readyStatusOf = (conditions: unknown): string | undefined => (conditions as NodeCondition[] | undefined)?.find((c) => c.type === 'Ready')?.status;

const zoneOfRow = (row: NodeRow): string => zoneKeyOf((row.labels ?? {}) as Record<string, string>);

/** What of the conditions decides taints: each type's status (heartbeat times change all the time). */
const statusesOf = (conditions: readonly NodeCondition[]): string =>
  conditions
    .map((c) => `${c.type}=${c.status}`)
    .sort()
    .join(',');
