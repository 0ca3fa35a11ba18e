import { taintChanges } from '@taintgate/domain';
import { currentActor } from '../platform/access/actor';
import type { ClusterRef, WriteContext } from './write-context';
import type { StoredTaint } from './node-record';

/** A node's taints before and after a write, as stored. */
export interface NodeTaintsChange {
  name: string;
  before: readonly StoredTaint[];
  after: readonly StoredTaint[];
}

/**
 * The webhook outbox (outbox_events): what webhooks are told of that the events table does not
 * hold, recorded in the write that did it, so that it is told exactly when the write commits. A
 * write that changes no taint sends nothing here; one that does sends one statement for all its
 * nodes (a taint over ten thousand nodes: one insert).
 */
export async function recordTaintChanges(w: WriteContext, nodes: readonly NodeTaintsChange[]): Promise<void> {
  const rows: { kind: 'TaintAdded' | 'TaintRemoved'; node_name: string; data: unknown }[] = [];
  let actor: string | undefined;
  for (const node of nodes) {
    const { added, removed } = taintChanges(node.before, node.after);
    if (added.length === 0 && removed.length === 0) continue;
    actor ??= currentActor().actor;
    for (const t of added) rows.push({ kind: 'TaintAdded', node_name: node.name, data: { taint: taintData(t), actor } });
    for (const t of removed) rows.push({ kind: 'TaintRemoved', node_name: node.name, data: { taint: taintData(t), actor } });
  }
  if (rows.length === 0) return;
  await w.sql(
    `INSERT INTO outbox_events (cluster_id, revision, at, kind, node_name, data)
     SELECT $1::int, $2::bigint, $3::timestamptz, v.kind::"OutboxEventKind", v.node_name, v.data
     FROM json_to_recordset($4::json) AS v(kind text, node_name text, data jsonb)`,
    [w.cluster.id, String(w.revision), new Date(w.now).toISOString(), JSON.stringify(rows)],
  );
}

/** The end of an import, with what it did (its tallies), in the import's last write. */
export async function recordImportFinished(w: WriteContext, tallies: unknown): Promise<void> {
  await w.sql(IMPORT_FINISHED, importFinishedValues(w.cluster, w.revision, w.now, tallies));
}

/** The statement of an import's end: `$1` the cluster, `$2` the revision, `$3` the time, `$4` its data. */
export const IMPORT_FINISHED = `INSERT INTO outbox_events (cluster_id, revision, at, kind, node_name, data)
  VALUES ($1::int, $2::bigint, $3::timestamptz, 'ImportFinished', NULL, $4::jsonb)`;

/** IMPORT_FINISHED's values, told by the caller of the request being answered. */
export const importFinishedValues = (cluster: ClusterRef, revision: bigint, now: number, tallies: unknown): unknown[] => [
  cluster.id,
  String(revision),
  new Date(now).toISOString(),
  JSON.stringify({ import: tallies, actor: currentActor().actor }),
];

/** A taint as webhooks are told it: no value when it has none, as Kubernetes writes one. */
const taintData = (t: StoredTaint) => ({
  key: t.key,
  ...(t.value ? { value: t.value } : {}),
  effect: t.effect,
  timeAdded: t.timeAdded.toISOString(),
});
