import { Injectable } from '@nestjs/common';
import { type Node, type TaintChange, applyTaintChange, failure } from '@taintgate/domain';
import { ClusterWriter } from '../../store/cluster-writer';
import { NodeStore } from '../../store/node-store';
import { TaintEvictionController } from '../../control-loops/taint-eviction/taint-eviction-controller';
import { NoExecuteTaintPacer } from '../../control-loops/node-lifecycle/no-execute-taint-pacer';
import { fail, valueOf } from '../../platform/failures/failure.exception';
import { taintAuditDetails } from './taint-audit';
import type { AddTaintCommand, RemoveTaintCommand } from './taint-commands';

/** Taints on one stored node at a time: added, or removed (kubectl-style over several nodes: TaintCommandService). */
@Injectable()
export class TaintsService {
  constructor(
    private readonly writer: ClusterWriter,
    private readonly nodes: NodeStore,
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
      const row = (await this.nodes.find(w, nodeName)) ?? fail(failure.notFound('Node', nodeName));
      const before = this.nodes.get(row);
      const applied = valueOf(applyTaintChange(nodeName, before.spec?.taints ?? [], change, overwrite));
      const node = await this.nodes.saveTaints(w, row, applied.taints);
      await w.audit({ action, kind: 'Node', name: nodeName, details: taintAuditDetails(change, overwrite), before, after: node });
      await this.evictions.nodeTaintsChanged(w, [{ name: nodeName, before: before.spec?.taints ?? [], after: node.spec?.taints ?? [] }]);
      await this.pacer.nodesTaintedByHand(w, [node]);
      return node;
    });
  }
}
