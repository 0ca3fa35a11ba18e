import { Injectable } from '@nestjs/common';
import {
  type Node,
  type Taint,
  type TaintChange,
  type TaintOperation,
  applyTaintChange,
  failure,
  selectNodes,
  taintResultLine,
  taintToString,
} from '@taintgate/domain';
import { ClusterSnapshots } from '../cluster/cluster-snapshots';
import { ClusterWriter, type WriteContext } from '../cluster/cluster-writer';
import type { NodeRow } from '../cluster/node-record';
import { NodeStore } from '../cluster/node-store';
import { TaintEvictionController } from '../evictions/taint-eviction-controller';
import { NoExecuteTaintPacer } from '../node-lifecycle/no-execute-taint-pacer';
import { fail, valueOf } from '../failures/failure.exception';
import type { AddTaintCommand, RemoveTaintCommand, TaintNodesCommand } from './taint-commands';

export interface TaintCommandResult {
  dryRun: boolean;
  /** One per node, in name order: what kubectl prints (`node/n1 tainted`) and the node after. */
  results: { node: string; operation: TaintOperation; message: string; taints: Taint[]; object: Node }[];
}

/** Taints on stored nodes: one at a time, or kubectl-style over several nodes, all or none. */
@Injectable()
export class TaintsService {
  constructor(
    private readonly writer: ClusterWriter,
    private readonly snapshots: ClusterSnapshots,
    private readonly store: NodeStore,
    private readonly evictions: TaintEvictionController,
    private readonly pacer: NoExecuteTaintPacer,
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
      const row = (await this.store.find(w, nodeName)) ?? fail(failure.notFound('Node', nodeName));
      const before = this.store.get(row);
      const applied = valueOf(applyTaintChange(nodeName, before.spec?.taints ?? [], change, overwrite));
      await w.audit({ action, kind: 'Node', name: nodeName, details: auditDetails(change, overwrite) });
      const node = await this.store.saveTaints(w, row, applied.taints);
      await this.evictions.nodeTaintsChanged(w, [{ name: nodeName, before: before.spec?.taints ?? [], after: node.spec?.taints ?? [] }]);
      await this.pacer.nodesTaintedByHand(w, [node]);
      return node;
    });
  }

  /** POST /v1/taint: `kubectl taint` over nodes by name, label selector or all; all change or none. */
  async command(cluster: string, { target, change, overwrite, dryRun }: TaintNodesCommand): Promise<TaintCommandResult> {
    const plan = (nodes: Node[]) =>
      nodes.map((node) => ({ node, ...valueOf(applyTaintChange(node.metadata.name, node.spec?.taints ?? [], change, overwrite)) }));

    if (dryRun) {
      const view = await this.snapshots.view(cluster);
      const results = plan(valueOf(selectNodes(target, view.nodes.values(), (name) => view.nodes.get(name)))).map(({ node, operation, taints }) => ({
        node: node.metadata.name,
        operation,
        message: `${taintResultLine(node.metadata.name, operation)} (dry run)`,
        taints,
        object: { ...node, spec: { ...node.spec, taints } },
      }));
      return { dryRun: true, results };
    }

    return this.writer.write(cluster, async (w) => {
      // The same choice as the dry run, from the rows read in this transaction.
      const rows = await this.rowsFor(w, target);
      const rowOf = new Map(rows.map((r) => [r.name, r]));
      const nodeOf = new Map(rows.map((r) => [r.name, this.store.get(r)]));
      const results = [];
      for (const { node, operation, taints } of plan(valueOf(selectNodes(target, nodeOf.values(), (name) => nodeOf.get(name))))) {
        const saved = await this.store.saveTaints(w, rowOf.get(node.metadata.name) as NodeRow, taints);
        results.push({
          node: node.metadata.name,
          operation,
          message: taintResultLine(node.metadata.name, operation),
          taints: saved.spec?.taints ?? [],
          object: saved,
          before: node,
        });
      }
      await w.audit(
        ...results.map((r) => ({
          action: 'taint.command',
          kind: 'Node' as const,
          name: r.node,
          details: { ...auditDetails(change, overwrite), operation: r.operation },
        })),
      );
      await this.evictions.nodeTaintsChanged(
        w,
        results.map((r) => ({ name: r.node, before: r.before.spec?.taints ?? [], after: r.taints })),
      );
      await this.pacer.nodesTaintedByHand(
        w,
        results.map((r) => r.object),
      );
      return { dryRun: false, results: results.map(({ before: _before, ...result }) => result) };
    });
  }

  /** The rows the command addresses: by name, only those (in one query); otherwise every node, to filter by labels. */
  private rowsFor(w: WriteContext, target: TaintNodesCommand['target']): Promise<NodeRow[]> {
    return target.by === 'names' ? this.store.findMany(w, target.names) : this.store.findAll(w);
  }
}

function auditDetails(change: TaintChange, overwrite: boolean) {
  return {
    added: change.toAdd.map(taintToString),
    removed: change.toRemove.map((t) => taintToString(t)),
    overwrite,
  };
}
