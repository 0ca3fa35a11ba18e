import type { Node } from '@taintgate/domain';

/** The parts of a node's status that the nodes of one pool have alike, held once each (SharedNodeParts). */
const SHARED_STATUS_FIELDS = ['images', 'capacity', 'allocatable'] as const;

/**
 * Equal parts of the nodes one read makes, held once: a realistic node's status lists the 14
 * images its pool pulled (2.9 KB of JSON), and 10,000 nodes had 8 lists among them; their capacity
 * and allocatable follow their machine type. Each node read from its row has its own copies; a
 * snapshot's load keeps one of each. Read-only, as every object of a snapshot.
 */
export class SharedNodeParts {
  private readonly held = new Map<string, unknown>();

  /** The node with its alike parts replaced by the ones held (the node itself when it has none). */
  of(node: Node): Node {
    const status = node.status;
    if (!status) return node;
    let shared: Record<string, unknown> | undefined;
    for (const field of SHARED_STATUS_FIELDS) {
      const value = status[field];
      if (value === undefined) continue;
      // The field's name in the key: equal JSON under two fields is two parts.
      const key = `${field}${JSON.stringify(value)}`;
      const kept = this.held.get(key);
      if (kept === undefined) this.held.set(key, value);
      else (shared ??= { ...status })[field] = kept;
    }
    return shared ? { ...node, status: shared } : node;
  }
}
