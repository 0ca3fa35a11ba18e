import type { Connection } from '../platform/database/prisma.service';
import type { NodeRow } from './node-record';

/**
 * A cluster's nodes with their taints, read past Prisma for a snapshot's loads (on the connection of
 * its repeatable-read transaction). Prisma's findMany with its include took 2.5 s for the 10,000
 * realistic nodes of a load, 1.1 s of it Postgres and pg (bench/RESULTS.md, 2026-11-30): its own
 * mapping of each row's JSON was the rest.
 */

/** The nodes table's columns as Prisma names them, int8 as text. */
const NODE_COLUMNS = `name, uid::text AS uid, labels, unschedulable, conditions, allocatable, extra, revision::text AS revision,
  created_at AS "createdAt", updated_at AS "updatedAt", cluster_id AS "clusterId"`;

type RawNode = Omit<NodeRow, 'revision' | 'taints'> & { revision: string };
type RawTaint = Omit<NodeRow['taints'][number], 'id'> & { id: string };

/** The cluster's nodes written after revision `since` (-1: every node), each with its taints in their order, as Prisma's include reads them. */
export async function readNodesSince(connection: Connection, clusterId: number, since: bigint): Promise<NodeRow[]> {
  const written = `cluster_id = $1 AND revision > $2::bigint`;
  const { rows: nodes } = await connection.query<RawNode>(`SELECT ${NODE_COLUMNS} FROM nodes WHERE ${written}`, [clusterId, String(since)]);
  if (nodes.length === 0) return [];
  // A node's taints are written with it (the node stamped with the write's revision): those of the nodes read here.
  const { rows: taints } = await connection.query<RawTaint>(
    `SELECT id::text AS id, node_name AS "nodeName", key, value, effect, time_added AS "timeAdded", position, cluster_id AS "clusterId"
     FROM taints WHERE cluster_id = $1 AND node_name IN (SELECT name FROM nodes WHERE ${written}) ORDER BY node_name, position`,
    [clusterId, String(since)],
  );
  const taintsOf = new Map<string, NodeRow['taints']>();
  for (const { id, ...taint } of taints) {
    const row = { ...taint, id: BigInt(id) };
    const list = taintsOf.get(row.nodeName);
    if (list) list.push(row);
    else taintsOf.set(row.nodeName, [row]);
  }
  return nodes.map(({ revision, ...node }) => ({ ...node, revision: BigInt(revision), taints: taintsOf.get(node.name) ?? [] }));
}
