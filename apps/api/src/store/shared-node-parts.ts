import { HeldStrings } from './held-strings';
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
  /**
   * The strings of the nodes' conditions and annotations, held once each: 10,000 realistic nodes
   * had 120,000 conditions with 13 messages and reasons among them, each condition of a node the
   * same heartbeat time, and a pool's nodes the same annotations (26 MB of copies).
   */
  private readonly strings = new HeldStrings();

  /** The node with its alike parts replaced by the ones held (the node itself when it has no status nor annotations). */
  of(node: Node): Node {
    const status = node.status;
    const annotations = node.metadata.annotations;
    const metadata = annotations === undefined ? node.metadata : { ...node.metadata, annotations: this.heldValues(annotations) };
    if (!status) return annotations === undefined ? node : { ...node, metadata };
    const shared: Record<string, unknown> = { ...status };
    for (const field of SHARED_STATUS_FIELDS) {
      const value = status[field];
      if (value === undefined) continue;
      // The field's name in the key: equal JSON under two fields is two parts.
      const key = `${field}${JSON.stringify(value)}`;
      const kept = this.held.get(key);
      if (kept === undefined) this.held.set(key, value);
      else shared[field] = kept;
    }
    if (Array.isArray(status.conditions)) shared.conditions = (status.conditions as unknown as Record<string, unknown>[]).map((c) => this.heldValues(c));
    return { ...node, metadata, status: shared };
  }

  /**
   * A copy of the object, each string value the one held. Copied whole first: fields added one by
   * one to `{}` past its first four go to a second array (a condition has six).
   */
  private heldValues<T extends Record<string, unknown>>(object: T): T {
    const out: Record<string, unknown> = { ...object };
    for (const field in out) {
      const value = out[field];
      if (typeof value === 'string') out[field] = this.strings.of(value);
    }
    return out as T;
  }
}
