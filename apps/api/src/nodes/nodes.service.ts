import { Injectable } from '@nestjs/common';
import { type Node, type NodeCondition, parseLabelSelector, reconcileConditionTaints, selectorMatches, setUnschedulable, validateNode } from '@taintgate/domain';
import { ClusterSnapshot } from '../cluster/cluster-snapshot';
import { ClusterWriter } from '../cluster/cluster-writer';
import { ApiError } from '../common/api-error';
import { listOf, withNameFromUrl } from '../common/object-body';
import type { NodeRow } from '../cluster/node-record';
import { TaintEvictionController, type WriteScope } from '../evictions/taint-eviction-controller';
import { NodeStore } from './node-store';

const byName = (a: Node, b: Node) => (a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0);

/** Nodes: the Kubernetes objects as stored, read from the snapshot, written through ClusterWriter. */
@Injectable()
export class NodesService {
  constructor(
    private readonly snapshot: ClusterSnapshot,
    private readonly writer: ClusterWriter,
    private readonly store: NodeStore,
    private readonly evictions: TaintEvictionController,
  ) {}

  async list(labelSelector?: string) {
    const selector = parseSelector(labelSelector);
    const view = await this.snapshot.view();
    const items = [...view.nodes.values()].filter((n) => selectorMatches(selector, n.metadata.labels)).sort(byName);
    return listOf('NodeList', view.revision, items);
  }

  async get(name: string): Promise<Node> {
    const node = (await this.snapshot.view()).nodes.get(name);
    if (!node) throw ApiError.notFound('Node', name);
    return node;
  }

  /** PUT: creates or replaces the node as sent (`kubectl get node -o json` output is fine). */
  async upsert(name: string, body: unknown): Promise<{ node: Node; created: boolean }> {
    const result = validateNode(withNameFromUrl(body, name));
    if (!result.ok) throw ApiError.invalid('Node', name, result.errors);
    const now = Date.now();
    return this.writer.write(async (tx, revision, afterCommit) => {
      const existing = await this.store.find(tx, name);
      const node = await this.persist({ tx, revision, afterCommit, now }, result.value, existing, existing ? 'node.replace' : 'node.create');
      return { node, created: !existing };
    });
  }

  /** `kubectl cordon` (true) / `uncordon` (false): spec.unschedulable and its NoSchedule taint. */
  setUnschedulable(name: string, unschedulable: boolean, now = Date.now()): Promise<Node> {
    return this.rewrite(name, unschedulable ? 'node.cordon' : 'node.uncordon', (node) => setUnschedulable(node, unschedulable, now), now);
  }

  /**
   * Replaces status.conditions (what a kubelet's status update does); the condition taints follow
   * them as on PUT. `conditions` is validated with the whole node, so a bad one is named by its
   * Kubernetes path (`status.conditions[0].status`).
   */
  setConditions(name: string, conditions: unknown): Promise<Node> {
    return this.rewrite(name, 'node.conditions', (node) => ({ ...node, status: { ...node.status, conditions } }), Date.now());
  }

  /**
   * A change to the stored node, read and written in one transaction (no lost update), with the
   * same validation, condition taints, evictions and audit as PUT.
   */
  private rewrite(name: string, action: string, change: (node: Node) => unknown, now: number): Promise<Node> {
    return this.writer.write(async (tx, revision, afterCommit) => {
      const existing = await this.store.find(tx, name);
      if (!existing) throw ApiError.notFound('Node', name);
      const result = validateNode(change(this.store.get(existing)));
      if (!result.ok) throw ApiError.invalid('Node', name, result.errors);
      return this.persist({ tx, revision, afterCommit, now }, result.value, existing, action);
    });
  }

  /** Saves a validated node: condition taints follow its conditions, then evictions and audit. */
  private async persist(scope: WriteScope, node: Node, existing: NodeRow | null, action: string): Promise<Node> {
    const { tx, revision, now } = scope;
    const saved = await this.store.save(tx, revision, withConditionTaints(node, existing, now), existing, now);
    await this.evictions.nodeTaintsChanged(scope, [{ name: node.metadata.name, before: existing ? this.store.get(existing).spec?.taints ?? [] : [], after: saved.spec?.taints ?? [] }]);
    await this.writer.audit(tx, revision, { action, kind: 'Node', name: node.metadata.name });
    return saved;
  }

  /** DELETE: the node and its taints; pods bound to it stay, as in Kubernetes. */
  async remove(name: string): Promise<Node> {
    const now = Date.now();
    return this.writer.write(async (tx, revision, afterCommit) => {
      const existing = await this.store.find(tx, name);
      if (!existing) throw ApiError.notFound('Node', name);
      const node = this.store.get(existing);
      await this.store.delete(tx, name);
      await this.evictions.nodeTaintsChanged({ tx, revision, afterCommit, now }, [{ name, before: node.spec?.taints ?? [] }]);
      await this.writer.tombstone(tx, revision, 'Node', name);
      await this.writer.audit(tx, revision, { action: 'node.delete', kind: 'Node', name });
      return node;
    });
  }
}

/**
 * A label selector in kubectl's syntax; a bad one is the client's error, naming the field it came
 * in (`labelSelector` on the URL, `selector` in the bodies of /v1/taint and /v1/taint-impact).
 */
export function parseSelector(text: unknown, field = 'labelSelector') {
  if (text !== undefined && typeof text !== 'string') {
    // e.g. ?labelSelector=a&labelSelector=b, which the query parser hands over as a list
    const reason = `Invalid value: ${JSON.stringify(text)}: must be a string`;
    throw ApiError.badRequest(`${field}: ${reason}`, [{ field, reason }]);
  }
  const parsed = parseLabelSelector(text ?? '');
  if (!parsed.ok) throw ApiError.badRequest(`${field}: ${parsed.error}`, [{ field, reason: parsed.error }]);
  return parsed.selector;
}

/**
 * When the node's conditions change (or a new node has some), the node lifecycle controller's taints
 * follow them: NoSchedule taints for pressure and readiness, and the not-ready or unreachable
 * NoExecute taint of taint-based evictions.
 */
function withConditionTaints(node: Node, existing: NodeRow | null, now: number): Node {
  const conditions = node.status?.conditions ?? [];
  // No conditions at all: nothing for the controller to go by (a node sent without status).
  if (conditions.length === 0 || (existing && statusesOf(existing.conditions as unknown as NodeCondition[]) === statusesOf(conditions))) return node;
  return { ...node, spec: { ...node.spec, taints: reconcileConditionTaints(node, now) } };
}

/** What of the conditions decides taints: each type's status (heartbeat times change all the time). */
const statusesOf = (conditions: readonly NodeCondition[]): string =>
  conditions
    .map((c) => `${c.type}=${c.status}`)
    .sort()
    .join(',');
