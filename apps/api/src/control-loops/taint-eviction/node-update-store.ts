import { Injectable } from '@nestjs/common';
import type { WriteContext } from '../../store/write-context';
import { PrismaService } from '../../platform/database/prisma.service';

/** A queued node, with how many pods are bound to it. */
export interface QueuedNodeUpdate {
  name: string;
  pods: number;
}

/**
 * The pending_node_updates table: the nodes whose pods NodeUpdateQueue has still to decide, per
 * cluster, in the order their writes queued them (by revision). Queued and taken in a write;
 * looked at outside one, so that a pass with nothing to do takes no revision.
 */
@Injectable()
export class NodeUpdateStore {
  constructor(private readonly prisma: PrismaService) {}

  /** Queues the nodes in the write, one statement whatever their number; a node queued already moves to this write's place. */
  async queue(w: WriteContext, names: readonly string[]): Promise<void> {
    await w.sql(
      `INSERT INTO pending_node_updates (cluster_id, node_name, revision) SELECT $1::int, unnest($2::text[]), $3::bigint
       ON CONFLICT (cluster_id, node_name) DO UPDATE SET revision = EXCLUDED.revision`,
      [w.cluster.id, names, String(w.revision)],
    );
  }

  /** The clusters some node is queued in. */
  async clusters(): Promise<number[]> {
    const rows = await this.prisma.pendingNodeUpdate.findMany({ distinct: ['clusterId'], select: { clusterId: true } });
    return rows.map((row) => row.clusterId);
  }

  /** The cluster's next `limit` queued nodes, oldest first, each with its count of bound pods. */
  async next(clusterId: number, limit: number): Promise<QueuedNodeUpdate[]> {
    return this.prisma.$queryRaw<QueuedNodeUpdate[]>`
      SELECT q.node_name AS name,
             (SELECT count(*)::int FROM pods p WHERE p.cluster_id = q.cluster_id AND p.node_name = q.node_name) AS pods
      FROM pending_node_updates q WHERE q.cluster_id = ${clusterId}
      ORDER BY q.revision, q.node_name LIMIT ${limit}`;
  }

  /** Takes the nodes out of the queue in the write; answers those that were still in it (another replica may have taken some). */
  async take(w: WriteContext, names: readonly string[]): Promise<string[]> {
    const taken = await w.rows<{ node_name: string }>(
      `DELETE FROM pending_node_updates WHERE cluster_id = $1::int AND node_name = ANY($2::text[]) RETURNING node_name`,
      [w.cluster.id, names],
    );
    return taken.map((row) => row.node_name);
  }
}
