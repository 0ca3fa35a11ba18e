import { Injectable } from '@nestjs/common';
import {
  type Node,
  type Taint,
  type TaintChange,
  type TaintOperation,
  applyTaintChange,
  parseTaintArgs,
  selectorMatches,
  taintResultLine,
  taintToString,
  validateTaintBody,
  validateTaintTargets,
} from '@taintgate/domain';
import { ClusterSnapshot } from '../cluster/cluster-snapshot';
import { ClusterWriter, type Tx } from '../cluster/cluster-writer';
import type { NodeRow } from '../cluster/node-record';
import { ApiError } from '../common/api-error';
import { TaintEvictionController } from '../evictions/taint-eviction-controller';
import { NodeStore } from '../nodes/node-store';
import { parseSelector } from '../nodes/nodes.service';
import { type TaintCommandDto, parseTaintCommand } from './taint-command.dto';

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
    private readonly snapshot: ClusterSnapshot,
    private readonly store: NodeStore,
    private readonly evictions: TaintEvictionController,
  ) {}

  /** POST /v1/nodes/{name}/taints: 409 if the node has the key and effect already, unless overwrite. */
  async add(nodeName: string, body: unknown, overwrite: boolean): Promise<Node> {
    const parsed = validateTaintBody(body);
    if (!parsed.ok) throw ApiError.invalid('Taint', String((body as Partial<Taint> | null)?.key ?? ''), parsed.errors);
    const taint: Taint = { key: parsed.value.key, effect: parsed.value.effect };
    if (parsed.value.value) taint.value = parsed.value.value;
    if (parsed.value.timeAdded) taint.timeAdded = parsed.value.timeAdded;
    return this.change(nodeName, { toAdd: [taint], toRemove: [] }, overwrite, 'taint.add');
  }

  /** DELETE /v1/nodes/{name}/taints?key=K[&effect=E]: without effect, every effect of the key. */
  async remove(nodeName: string, key: string | undefined, effect: string | undefined): Promise<Node> {
    if (!key) throw ApiError.badRequest('key is required: DELETE /v1/nodes/{name}/taints?key=K[&effect=E]', [{ field: 'key', reason: 'Required value' }]);
    const parsed = parseTaintArgs([effect ? `${key}:${effect}-` : `${key}-`]);
    if (!parsed.ok) throw ApiError.badRequest(parsed.error);
    return this.change(nodeName, parsed.value, false, 'taint.remove');
  }

  private change(nodeName: string, change: TaintChange, overwrite: boolean, action: string): Promise<Node> {
    const now = Date.now();
    return this.writer.write(async (tx, revision, afterCommit) => {
      const row = await this.store.find(tx, nodeName);
      if (!row) throw ApiError.notFound('Node', nodeName);
      const before = this.store.get(row);
      const applied = applyOrThrow(before, change, overwrite);
      await this.writer.audit(tx, revision, { action, kind: 'Node', name: nodeName, details: auditDetails(change, overwrite) });
      const node = await this.store.saveTaints(tx, revision, row, applied.taints, now);
      await this.evictions.nodeTaintsChanged({ tx, revision, afterCommit, now }, [{ name: nodeName, before: before.spec?.taints ?? [], after: node.spec?.taints ?? [] }]);
      return node;
    });
  }

  /** POST /v1/taint: `kubectl taint` over nodes by name, label selector or all. */
  async command(input: unknown): Promise<TaintCommandResult> {
    const body = parseTaintCommand(input);
    const targetProblem = validateTaintTargets(body);
    if (targetProblem) throw ApiError.badRequest(targetProblem);
    if ((body.selector || body.all) && (body.nodes ?? []).length > 0) {
      throw ApiError.badRequest('name the nodes, or give a selector, or all: true, not several', [{ field: 'nodes', reason: 'Forbidden: not with selector or all' }]);
    }
    const parsed = parseTaintArgs(body.taints ?? []);
    if (!parsed.ok) throw ApiError.badRequest(parsed.error, [{ field: 'taints', reason: parsed.error }]);
    const selector = body.all ? [] : body.selector ? parseSelector(body.selector, 'selector') : undefined;
    const overwrite = body.overwrite === true;

    const pick = (all: Node[]): Node[] => {
      if (selector) return all.filter((n) => selectorMatches(selector, n.metadata.labels));
      return (body.nodes ?? []).map((name) => {
        const node = all.find((n) => n.metadata.name === name);
        if (!node) throw ApiError.notFound('Node', name);
        return node;
      });
    };
    const plan = (nodes: Node[]) =>
      [...new Map(nodes.map((n) => [n.metadata.name, n])).values()]
        .sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : 1))
        .map((node) => ({ node, ...applyOrThrow(node, parsed.value, overwrite) }));

    if (body.dryRun) {
      const view = await this.snapshot.view();
      const results = plan(pick([...view.nodes.values()])).map(({ node, operation, taints }) => ({
        node: node.metadata.name,
        operation,
        message: `${taintResultLine(node.metadata.name, operation)} (dry run)`,
        taints,
        object: { ...node, spec: { ...node.spec, taints } },
      }));
      return { dryRun: true, results };
    }

    const now = Date.now();
    return this.writer.write(async (tx, revision, afterCommit) => {
      const rows = await this.rowsFor(tx, body, selector !== undefined);
      const byName = new Map(rows.map((r) => [r.name, r]));
      const results = [];
      // The same choice as the dry run: by selector, only the matching nodes; by name, 404 for a missing one.
      for (const { node, operation, taints } of plan(pick(rows.map((r) => this.store.get(r))))) {
        const saved = await this.store.saveTaints(tx, revision, byName.get(node.metadata.name) as NodeRow, taints, now);
        results.push({ node: node.metadata.name, operation, message: taintResultLine(node.metadata.name, operation), taints: saved.spec?.taints ?? [], object: saved });
      }
      for (const r of results) {
        await this.writer.audit(tx, revision, { action: 'taint.command', kind: 'Node', name: r.node, details: { ...auditDetails(parsed.value, overwrite), operation: r.operation } });
      }
      await this.evictions.nodeTaintsChanged(
        { tx, revision, afterCommit, now },
        results.map((r) => ({ name: r.node, before: this.store.get(byName.get(r.node) as NodeRow).spec?.taints ?? [], after: r.taints })),
      );
      return { dryRun: false, results };
    });
  }

  /** The rows the command addresses: by name (only those), or every node to filter by labels. */
  private async rowsFor(tx: Tx, body: TaintCommandDto, bySelector: boolean): Promise<NodeRow[]> {
    if (bySelector) return this.store.findAll(tx);
    const rows: NodeRow[] = [];
    for (const name of body.nodes ?? []) {
      const row = await this.store.find(tx, name);
      if (row) rows.push(row);
    }
    return rows;
  }
}

/** kubectl's rules for one node, or the HTTP error that kubectl's message deserves. */
function applyOrThrow(node: Node, change: TaintChange, overwrite: boolean): { operation: TaintOperation; taints: Taint[] } {
  const result = applyTaintChange(node.metadata.name, node.spec?.taints ?? [], change, overwrite);
  if (result.ok) return result.value;
  // "already has ... and --overwrite is false" clashes with what is stored; "not found" names a missing taint.
  throw result.error.includes('not found') ? new ApiError(404, result.error) : ApiError.conflict(result.error);
}

function auditDetails(change: TaintChange, overwrite: boolean) {
  return {
    added: change.toAdd.map(taintToString),
    removed: change.toRemove.map((t) => taintToString(t)),
    overwrite,
  };
}
