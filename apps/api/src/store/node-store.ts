import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Node, Taint } from '@taintgate/domain';
import type { TaintEffect } from '../generated/prisma/client';
import { fail } from '../platform/failures/failure.exception';
import type { FirstRead, WriteContext } from './write-context';
import { type ImportedNodeRow, type NodeRow, type StoredTaint, nodeColumnsOf, nodeOfRow, storedTaintsOf, taintOfRow } from './node-record';
import { oversized } from './object-size';
import { recordTaintChanges } from './outbox';
import { namedStatement } from '../platform/database/named-statement';

/** A node as a write reads it: its row, and whether it waits in its zone's queue for a NoExecute taint. */
export type StoredNode = NodeRow & { awaitingTaint: boolean };

/** How many nodes one import statement writes. */
const IMPORT_BATCH = 1000;
/** How many nodes one statement of saveTaintsMany writes. */
const TAINTS_BATCH = 5000;

/**
 * The node and taint tables, read and written inside a ClusterWriter transaction: the only place
 * that knows how a Node is laid out in rows.
 */
@Injectable()
export class NodeStore {
  /**
   * The stored node with its taints, in one statement on the write's own connection (Prisma's
   * include took two, and its own work more), and whether it waits in its zone's queue for a
   * NoExecute taint (AwaitedTaintStore): a write that leaves it out of the queue then sends nothing.
   */
  async find(w: WriteContext, name: string): Promise<StoredNode | null> {
    const read = nodeRead(name);
    const [row] = await w.rows<RawNodeRow & { awaitingTaint: boolean }>(read.text, [w.cluster.id, ...read.values]);
    return row
      ? {
          ...nodeRowOfRaw(row),
          taints: row.taints.map((t) => ({ ...t, id: BigInt(t.id), timeAdded: new Date(t.timeAdded) })),
          awaitingTaint: row.awaitingTaint,
        }
      : null;
  }

  /** The named nodes that exist, in one query. */
  async findMany(w: WriteContext, names: readonly string[]): Promise<NodeRow[]> {
    return w.tx.node.findMany({ where: { clusterId: w.cluster.id, name: { in: [...names] } }, include: { taints: true } });
  }

  async findAll(w: WriteContext): Promise<NodeRow[]> {
    return w.tx.node.findMany({ where: { clusterId: w.cluster.id }, include: { taints: true }, orderBy: { name: 'asc' } });
  }

  /** The taints of these nodes, in their order; a node that does not exist has no entry. */
  async taintsOf(w: WriteContext, names: readonly string[]): Promise<Map<string, Taint[]>> {
    // One statement on the write's own connection: every pod write bound to a node asks this under the lock.
    const rows = await w.rows<{ name: string; taints: { key: string; value: string; effect: TaintEffect; timeAdded: string }[] }>(
      `SELECT n.name, coalesce(json_agg(json_build_object('key', t.key, 'value', t.value, 'effect', t.effect, 'timeAdded', t.time_added) ORDER BY t.position)
                                FILTER (WHERE t.key IS NOT NULL), '[]') AS taints
       FROM nodes n LEFT JOIN taints t ON t.cluster_id = n.cluster_id AND t.node_name = n.name
       WHERE n.cluster_id = $1 AND n.name = ANY($2::text[])
       GROUP BY n.name`,
      [w.cluster.id, names],
    );
    return new Map(rows.map((row) => [row.name, row.taints.map((t) => taintOfRow({ ...t, timeAdded: new Date(t.timeAdded) }))]));
  }

  /**
   * Creates or replaces the node and its taints at the write's revision. A taint keeps the time
   * it was added: the one sent, else that of the same stored taint (key, value and effect), else now.
   * A node whose JSON is larger than etcd stores is refused (413), nothing written.
   */
  async save(w: WriteContext, node: Node, existing: NodeRow | null): Promise<Node> {
    const name = node.metadata.name;
    const tooLarge = oversized('Node', name, node);
    if (tooLarge) fail(tooLarge);
    const c = nodeColumnsOf(node);
    // JSON as text (pg would send an array as a Postgres array); the times are the statement's, as Prisma's were the client's.
    const values = [
      w.cluster.id,
      name,
      JSON.stringify(c.labels),
      c.unschedulable,
      JSON.stringify(c.conditions),
      JSON.stringify(c.allocatable),
      JSON.stringify(c.extra),
      String(w.revision),
    ];
    const [row] = existing ? await w.rows<RawNodeRow>(UPDATE_NODE, values) : await w.rows<RawNodeRow>(INSERT_NODE, [...values, randomUUID()]);
    const taints = await this.writeTaints(w, name, node.spec?.taints ?? [], existing?.taints ?? []);
    // What was written is what a read would answer: no statement to read it back.
    return nodeOfRow({ ...nodeRowOfRaw(row as RawNodeRow), taints });
  }

  /**
   * Replaces only the node's taints (and stamps the node with the write's revision). A node the
   * taints make larger than etcd stores is refused (413): the write's transaction is undone.
   */
  async saveTaints(w: WriteContext, existing: NodeRow, taints: readonly Taint[]): Promise<Node> {
    await w.sql(`UPDATE nodes SET revision = $1::bigint, updated_at = clock_timestamp() WHERE cluster_id = $2 AND name = $3`, [
      String(w.revision),
      w.cluster.id,
      existing.name,
    ]);
    await this.writeTaints(w, existing.name, taints, existing.taints);
    const saved = nodeOfRow((await this.find(w, existing.name)) as NodeRow);
    const tooLarge = oversized('Node', existing.name, saved);
    return tooLarge ? fail(tooLarge) : saved;
  }

  /**
   * Replaces the taints of many nodes, each stamped with the write's revision (kubectl taint over a
   * large cluster): a few statements per five thousand nodes, on the write's own connection, as
   * importMany writes them. `before` is what each node has stored now: a command that only adds
   * taints in front (kubectl's order) inserts those, one that only removes deletes those, and the
   * taints a node keeps are not written again (at 10,000 nodes, a second of the cluster's lock).
   */
  async saveTaintsMany(w: WriteContext, nodes: readonly { name: string; before: readonly StoredTaint[]; taints: readonly StoredTaint[] }[]): Promise<void> {
    // Made at once: the write's connection takes them in order (WriteContext.sql), each as soon as the one before is done.
    const statements: Promise<number>[] = [];
    for (let i = 0; i < nodes.length; i += TAINTS_BATCH) {
      const batch = nodes.slice(i, i + TAINTS_BATCH);
      statements.push(
        w.sql(`UPDATE nodes SET revision = $1::bigint, updated_at = now() WHERE cluster_id = $2::int AND name = ANY($3::text[])`, [
          String(w.revision),
          w.cluster.id,
          batch.map((n) => n.name),
        ]),
      );
      const rewritten: string[] = [];
      const rows: TaintRow[] = [];
      const added: (TaintRow & { ahead: number })[] = [];
      const removed: { node_name: string; key: string; effect: string }[] = [];
      for (const node of batch) {
        const change = taintWriteOf(node.before, node.taints);
        if (change.kind === 'prepend') added.push(...change.taints.map((t, i) => ({ ...rowOf(node.name, t, i), ahead: change.taints.length })));
        else if (change.kind === 'remove') removed.push(...change.taints.map((t) => ({ node_name: node.name, key: t.key, effect: t.effect })));
        else if (change.kind === 'rewrite') {
          rewritten.push(node.name);
          rows.push(...node.taints.map((t, position) => rowOf(node.name, t, position)));
        }
      }
      if (rewritten.length) statements.push(w.sql(`DELETE FROM taints WHERE cluster_id = $1::int AND node_name = ANY($2::text[])`, [w.cluster.id, rewritten]));
      if (rows.length) statements.push(insertTaints(w, rows));
      if (removed.length) {
        statements.push(
          w.sql(
            `DELETE FROM taints t USING json_to_recordset($2::json) AS v(node_name text, key text, effect text)
             WHERE t.cluster_id = $1::int AND t.node_name = v.node_name AND t.key = v.key AND t.effect = v.effect::"TaintEffect"`,
            [w.cluster.id, JSON.stringify(removed)],
          ),
        );
      }
      if (added.length) {
        // In front of the node's first taint: positions only order, so those kept need no new one.
        statements.push(
          w.sql(
            `INSERT INTO taints (cluster_id, node_name, key, value, effect, time_added, position)
             SELECT $1::int, v.node_name, v.key, v.value, v.effect::"TaintEffect", v.time_added,
                    coalesce((SELECT min(t.position) FROM taints t WHERE t.cluster_id = $1::int AND t.node_name = v.node_name), 0) - v.ahead + v.position
             FROM json_to_recordset($2::json) AS v(node_name text, key text, value text, effect text, time_added timestamptz, position int, ahead int)`,
            [w.cluster.id, JSON.stringify(added)],
          ),
        );
      }
    }
    // One statement for every node's taints that appeared or went (webhooks' TaintAdded, TaintRemoved).
    statements.push(
      recordTaintChanges(
        w,
        nodes.map((n) => ({ name: n.name, before: n.before, after: n.taints })),
      ).then(() => 0),
    );
    await Promise.all(statements);
  }

  /**
   * Creates or replaces many nodes with their taints as an import stores them, a few statements
   * per thousand nodes: each row as `importedNodeRow` lays it out, sent as one JSON document that
   * Postgres reads as rows (json_to_recordset), on the write's own connection (WriteContext.sql).
   * Nodes are a thirtieth of a large import's objects: PodStore.importMany sends its JSON columns
   * apart, each value read once, where this reads each twice (the document, then the column).
   */
  async importMany(w: WriteContext, rows: readonly ImportedNodeRow[]): Promise<void> {
    // Made at once: the write's connection takes them in order (WriteContext.sql), each as soon as the one before is done.
    const statements: Promise<number>[] = [];
    for (let i = 0; i < rows.length; i += IMPORT_BATCH) {
      const batch = rows.slice(i, i + IMPORT_BATCH);
      const nodes = batch.map((r) => ({
        name: r.name,
        uid: r.uid,
        labels: r.labels,
        unschedulable: r.unschedulable,
        conditions: r.conditions,
        allocatable: r.allocatable,
        extra: r.extra,
        created_at: r.createdAt.toISOString(),
      }));
      statements.push(
        w.sql(
          `INSERT INTO nodes (cluster_id, name, uid, labels, unschedulable, conditions, allocatable, extra, revision, created_at, updated_at)
         SELECT $1::int, v.name, v.uid, v.labels, v.unschedulable, v.conditions, v.allocatable, v.extra, $2::bigint, v.created_at, now()
         FROM json_to_recordset($3::json)
           AS v(name text, uid uuid, labels jsonb, unschedulable boolean, conditions jsonb, allocatable jsonb, extra json, created_at timestamptz)
         ON CONFLICT (cluster_id, name) DO UPDATE SET
           uid = EXCLUDED.uid, labels = EXCLUDED.labels, unschedulable = EXCLUDED.unschedulable, conditions = EXCLUDED.conditions,
           allocatable = EXCLUDED.allocatable, extra = EXCLUDED.extra, revision = EXCLUDED.revision, created_at = EXCLUDED.created_at, updated_at = now()`,
          [w.cluster.id, String(w.revision), JSON.stringify(nodes)],
        ),
        w.sql(`DELETE FROM taints WHERE cluster_id = $1::int AND node_name = ANY($2::text[])`, [w.cluster.id, batch.map((r) => r.name)]),
      );
      const taints = batch.flatMap((r) =>
        r.taints.map((t, position) => ({ node_name: r.name, key: t.key, value: t.value, effect: t.effect, time_added: t.timeAdded.toISOString(), position })),
      );
      if (taints.length) statements.push(insertTaints(w, taints));
    }
    await Promise.all(statements);
  }

  /** The Kubernetes Node of a row already read. */
  get(row: NodeRow): Node {
    return nodeOfRow(row);
  }

  /** Deletes the nodes (their taints go with them) and leaves their tombstones, a thousand at a time. */
  async deleteMany(w: WriteContext, names: readonly string[]): Promise<void> {
    for (let i = 0; i < names.length; i += IMPORT_BATCH) {
      await w.tx.node.deleteMany({ where: { clusterId: w.cluster.id, name: { in: names.slice(i, i + IMPORT_BATCH) } } });
    }
    await w.tombstone('Node', ...names);
  }

  /**
   * Deletes the node (its taints go with it, told as removed: `taints`, as stored) and leaves its
   * tombstone, so every replica drops it.
   */
  async delete(w: WriteContext, name: string, taints: readonly StoredTaint[] = []): Promise<void> {
    await w.tx.node.delete({ where: { clusterId_name: { clusterId: w.cluster.id, name } } });
    await w.tombstone('Node', name);
    await recordTaintChanges(w, [{ name, before: taints, after: [] }]);
  }

  /**
   * Stores the node's taints as `storedTaintsOf` keeps them (each its time added), rewriting the
   * rows only when they change (a label's write leaves them); answers them as rows.
   */
  private async writeTaints(w: WriteContext, nodeName: string, taints: readonly Taint[], before: NodeRow['taints']): Promise<NodeRow['taints']> {
    const stored = storedTaintsOf(taints, before.map(storedTaint), w.now);
    const rows = stored.map((t, position) => ({ ...t, id: 0n, clusterId: w.cluster.id, nodeName, position, effect: t.effect as TaintEffect }));
    if (taintWriteOf(before, stored).kind === 'none') return rows;
    await recordTaintChanges(w, [{ name: nodeName, before, after: stored }]);
    if (before.length > 0) await w.sql(`DELETE FROM taints WHERE cluster_id = $1 AND node_name = $2`, [w.cluster.id, nodeName]);
    if (stored.length > 0)
      await insertTaints(
        w,
        stored.map((t, position) => rowOf(nodeName, t, position)),
      );
    return rows;
  }
}

/** Taint rows (positions given) as one JSON document that Postgres reads as rows. */
/** A taint as the bulk statements send it. */
interface TaintRow {
  node_name: string;
  key: string;
  value: string;
  effect: string;
  time_added: string;
  position: number;
}

const rowOf = (nodeName: string, t: StoredTaint, position: number): TaintRow => ({
  node_name: nodeName,
  key: t.key,
  value: t.value,
  effect: t.effect,
  time_added: t.timeAdded.toISOString(),
  position,
});

const sameStoredTaint = (a: StoredTaint, b: StoredTaint | undefined): boolean =>
  b !== undefined && a.key === b.key && a.value === b.value && a.effect === b.effect && a.timeAdded.getTime() === b.timeAdded.getTime();

/**
 * How a node's taints go from `before` to `after` in rows: nothing; new ones in front of those it
 * had (`prepend`, the taints to insert); some of those it had gone, the rest in order (`remove`,
 * the taints to delete); or anything else (`rewrite`: every row again).
 */
export function taintWriteOf(
  before: readonly StoredTaint[],
  after: readonly StoredTaint[],
): { kind: 'none' | 'rewrite' } | { kind: 'prepend' | 'remove'; taints: StoredTaint[] } {
  const ahead = after.length - before.length;
  if (ahead >= 0 && before.every((t, i) => sameStoredTaint(t, after[ahead + i])))
    return ahead === 0 ? { kind: 'none' } : { kind: 'prepend', taints: after.slice(0, ahead) };
  let kept = 0;
  const gone: StoredTaint[] = [];
  for (const t of before) {
    if (sameStoredTaint(t, after[kept])) kept++;
    else gone.push(t);
  }
  return kept === after.length ? { kind: 'remove', taints: gone } : { kind: 'rewrite' };
}

function insertTaints(w: WriteContext, taints: TaintRow[]): Promise<number> {
  return w.sql(
    `INSERT INTO taints (cluster_id, node_name, key, value, effect, time_added, position)
     SELECT $1::int, v.node_name, v.key, v.value, v.effect::"TaintEffect", v.time_added, v.position
     FROM json_to_recordset($2::json) AS v(node_name text, key text, value text, effect text, time_added timestamptz, position int)`,
    [w.cluster.id, JSON.stringify(taints)],
  );
}

/** A taint row with its value as stored ('' for none), to compare with what is sent. */
function storedTaint(row: NodeRow['taints'][number]): Taint {
  return { key: row.key, value: row.value, effect: row.effect, timeAdded: row.timeAdded.toISOString() };
}

/** The nodes table's columns (`n`) as Prisma names them, int8 as text (nodeRowOfRaw). */
const NODE_ROW_COLUMNS = `n.name, n.uid::text AS uid, n.labels, n.unschedulable, n.conditions, n.allocatable, n.extra, n.revision::text AS revision,
  n.created_at AS "createdAt", n.updated_at AS "updatedAt", n.cluster_id AS "clusterId"`;

/** A node's write, by name (prepared on each connection): `save`'s values. */
const UPDATE_NODE = namedStatement(
  'node_update',
  `UPDATE nodes n SET labels = $3::jsonb, unschedulable = $4, conditions = $5::jsonb, allocatable = $6::jsonb, extra = $7::json, revision = $8::bigint,
     updated_at = clock_timestamp()
   WHERE cluster_id = $1 AND name = $2 RETURNING ${NODE_ROW_COLUMNS}`,
);
const INSERT_NODE = namedStatement(
  'node_insert',
  `INSERT INTO nodes AS n (cluster_id, name, labels, unschedulable, conditions, allocatable, extra, revision, uid, created_at, updated_at)
   VALUES ($1, $2, $3::jsonb, $4, $5::jsonb, $6::jsonb, $7::json, $8::bigint, $9::uuid, clock_timestamp(), clock_timestamp())
   RETURNING ${NODE_ROW_COLUMNS}`,
);

type RawNodeRow = Omit<NodeRow, 'revision' | 'taints'> & {
  revision: string;
  taints: (Omit<NodeRow['taints'][number], 'id' | 'timeAdded'> & { id: string; timeAdded: string })[];
};

/** A node's row with its revision as a bigint (the statements answer int8 as text); the taints are the caller's. */
const nodeRowOfRaw = ({ revision, ...columns }: Omit<RawNodeRow, 'taints'>): Omit<NodeRow, 'taints'> => ({ ...columns, revision: BigInt(revision) });

/** NodeStore.find's statement (`$1` the cluster): a node's write sends it with its revision (WriteOptions.firstRead). */
const FIND = `SELECT ${NODE_ROW_COLUMNS},
         coalesce(json_agg(json_build_object('id', t.id::text, 'nodeName', t.node_name, 'key', t.key, 'value', t.value, 'effect', t.effect,
                                             'timeAdded', t.time_added, 'position', t.position, 'clusterId', t.cluster_id) ORDER BY t.position)
                  FILTER (WHERE t.id IS NOT NULL), '[]') AS taints,
         EXISTS (SELECT 1 FROM awaited_no_execute_taints a WHERE a.cluster_id = n.cluster_id AND a.node_name = n.name) AS "awaitingTaint"
  FROM nodes n LEFT JOIN taints t ON t.cluster_id = n.cluster_id AND t.node_name = n.name
  WHERE n.cluster_id = $1 AND n.name = $2
  GROUP BY n.cluster_id, n.name`;

/** The statement NodeStore.find sends for this node: a node's write passes it as its first read. */
export const nodeRead = (name: string): FirstRead => ({ text: FIND, values: [name] });
