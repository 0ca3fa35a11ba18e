import type { Node, ObjectChange, Pod } from '@taintgate/domain';
import type { DecisionPodRead } from './pod-reads';
import { TWIN_KINDS, type TwinField, type TwinKind, type TwinObject, isTwinKind } from './twin-kinds';

/** A pod a refresh read: as decisions read it, and whole when a follower is told of it. */
export type PodRead = DecisionPodRead & { whole?: Pod };

/** One object's change as a refresh saw it: before (none: it did not exist) and after (none: deleted), at `revision`. */
export type SnapshotChange = ({ kind: 'Node' } & ObjectChange<Node>) | ({ kind: 'Pod' } & ObjectChange<Pod>) | ({ kind: TwinKind } & ObjectChange<TwinObject>);

/**
 * What one refresh brought, from revision `since` to `revision`: each object's change in revision
 * order (a deletion before a change of the same revision), or `whole` when the cluster was read
 * whole (the first load, or tombstones pruned past `since`) and the changes one by one are not known.
 */
export interface SnapshotRefresh {
  since: bigint;
  revision: bigint;
  whole: boolean;
  changes: SnapshotChange[];
}

/** What a snapshot holds before a refresh applies its changes. */
interface HeldObjects {
  readonly nodes: ReadonlyMap<string, Node>;
  readonly pods: ReadonlyMap<string, Pod>;
  readonly twins: { readonly [F in TwinField]: ReadonlyMap<string, TwinObject> };
}

/**
 * The changes a refresh brings, in revision order, before they are applied. A key deleted and
 * written again since is a deletion of what was held, then a creation; one made and deleted
 * in between (no row now, nothing held) is no change at all.
 */
export function snapshotChangesOf(
  held: HeldObjects,
  tombstones: readonly { kind: string; key: string; revision: bigint }[],
  nodes: readonly { key: string; node: Node; revision: bigint }[],
  pods: readonly PodRead[],
  twins: readonly { kind: TwinKind; key: string; object: TwinObject; revision: bigint }[],
): SnapshotChange[] {
  // Tombstones come in revision order: the last of a key is its newest deletion.
  const deletedAt = new Map<string, bigint>();
  for (const t of tombstones) deletedAt.set(`${t.kind}/${t.key}`, t.revision);
  const out: SnapshotChange[] = [];
  for (const [kindKey, revision] of deletedAt) {
    const slash = kindKey.indexOf('/');
    const kind = kindKey.slice(0, slash);
    const key = kindKey.slice(slash + 1);
    if (kind === 'Node') {
      const before = held.nodes.get(key);
      if (before) out.push({ kind: 'Node', revision, before, after: undefined });
    } else if (kind === 'Pod') {
      const before = held.pods.get(key);
      if (before) out.push({ kind: 'Pod', revision, before, after: undefined });
    } else if (isTwinKind(kind)) {
      const before = held.twins[TWIN_KINDS[kind].field].get(key);
      if (before) out.push({ kind, revision, before, after: undefined });
    }
  }
  for (const { key, node, revision } of nodes) {
    out.push({ kind: 'Node', revision, before: deletedAt.has(`Node/${key}`) ? undefined : held.nodes.get(key), after: node });
  }
  for (const { key, pod, whole, revision } of pods) {
    out.push({ kind: 'Pod', revision, before: deletedAt.has(`Pod/${key}`) ? undefined : held.pods.get(key), after: whole ?? pod });
  }
  for (const { kind, key, object, revision } of twins) {
    const before = deletedAt.has(`${kind}/${key}`) ? undefined : held.twins[TWIN_KINDS[kind].field].get(key);
    out.push({ kind, revision, before, after: object });
  }
  // Stable: at one revision, deletions (pushed first) stay before writes.
  return out.sort((a, b) => (a.revision < b.revision ? -1 : a.revision > b.revision ? 1 : 0));
}
