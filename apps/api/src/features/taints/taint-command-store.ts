import type { WriteContext } from '../../store/write-context';
import type { WrittenSince } from './taint-plan';

/**
 * What a taint command's plan checks under the lock (taint-plan.ts, overtakenBy): every object
 * written since the revision of the snapshot it was made from, in the write's transaction. Nodes
 * written or made, tombstones (nodes and pods deleted), pods written with the node they are bound
 * to: one statement, by the revision each row was last written at.
 */
export function writtenSince(w: WriteContext, revision: bigint): Promise<WrittenSince[]> {
  return w.rows<WrittenSince>(
    `SELECT 'Node' AS kind, name AS key, NULL AS node FROM nodes WHERE cluster_id = $1::int AND revision > $2::bigint
       UNION ALL SELECT kind, key, NULL FROM tombstones WHERE cluster_id = $1::int AND revision > $2::bigint
       UNION ALL SELECT 'Pod', namespace || '/' || name, node_name FROM pods WHERE cluster_id = $1::int AND revision > $2::bigint`,
    [w.cluster.id, String(revision)],
  );
}
