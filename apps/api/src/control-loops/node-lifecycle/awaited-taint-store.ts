import { Injectable } from '@nestjs/common';
import { TaintKeys, zoneLabels } from '@taintgate/domain';
import type { WriteContext } from '../../store/write-context';
import { PrismaService } from '../../platform/database/prisma.service';

/** A node as the pacer sees it: the labels its zone is read from (zoneLabels), its Ready status and whether it carries a condition NoExecute taint. */
export interface PacedNode {
  name: string;
  labels: Record<string, string>;
  readyStatus: string | undefined;
  tainted: boolean;
}

const ZONE_LABELS = Object.values(zoneLabels);

/**
 * Every node of a cluster as the pacer sees it, by Postgres: a pass over 10,000 nodes reads as many
 * short rows, where through Prisma it read every node's labels and conditions whole (half a second
 * of the process's CPU each pass, every EVICTION_RECONCILE_SECONDS, in each cluster with a
 * not-ready node: bench/RESULTS.md). The first Ready condition counts, as GetNodeCondition takes it.
 */
const PACED_NODES = `SELECT n.name, ${ZONE_LABELS.map((_, i) => `n.labels ->> $${i + 2} AS "${i}"`).join(', ')},
    (SELECT c ->> 'status' FROM jsonb_array_elements(CASE WHEN jsonb_typeof(n.conditions) = 'array' THEN n.conditions ELSE '[]' END)
       WITH ORDINALITY AS e(c, position) WHERE c ->> 'type' = 'Ready' ORDER BY position LIMIT 1) AS "readyStatus",
    EXISTS (SELECT 1 FROM taints t WHERE t.cluster_id = n.cluster_id AND t.node_name = n.name AND t.effect = 'NoExecute'
            AND t.key IN ($${ZONE_LABELS.length + 2}, $${ZONE_LABELS.length + 3})) AS tainted
  FROM nodes n WHERE n.cluster_id = $1`;

type PacedNodeRow = { name: string; readyStatus: string | null; tainted: boolean } & Record<string, string | null>;

/**
 * The zones' NoExecute queues in Postgres: the nodes waiting for their taint
 * (awaited_no_execute_taints) and each zone's last tainting (zone_taintings), per cluster. Reads
 * take the cluster, and the write when in one (the pacer looks outside a write first); changes take the write's context.
 */
@Injectable()
export class AwaitedTaintStore {
  constructor(private readonly prisma: PrismaService) {}

  /** Puts the node in its zone's queue, keeping its place if it is there already (markNodeForTainting). */
  async enqueue(w: WriteContext, nodeName: string, taintKey: string): Promise<void> {
    await w.tx.awaitedNoExecuteTaint.upsert({
      where: { clusterId_nodeName: { clusterId: w.cluster.id, nodeName } },
      create: { clusterId: w.cluster.id, nodeName, taintKey, since: new Date(w.now) },
      update: { taintKey },
    });
  }

  /** enqueue for many nodes in one statement (`kubectl taint --all` over a large cluster). */
  async enqueueMany(w: WriteContext, nodes: readonly { nodeName: string; taintKey: string }[]): Promise<void> {
    if (nodes.length === 0) return;
    await w.sql(
      `INSERT INTO awaited_no_execute_taints (cluster_id, node_name, taint_key, since)
       SELECT $1::int, v.node_name, v.taint_key, $2::timestamptz FROM unnest($3::text[], $4::text[]) AS v(node_name, taint_key)
       ON CONFLICT (cluster_id, node_name) DO UPDATE SET taint_key = EXCLUDED.taint_key`,
      [w.cluster.id, new Date(w.now).toISOString(), nodes.map((n) => n.nodeName), nodes.map((n) => n.taintKey)],
    );
  }

  async dequeue(w: WriteContext, ...nodeNames: string[]): Promise<void> {
    await this.dequeueMany(w, nodeNames);
  }

  async dequeueMany(w: WriteContext, nodeNames: readonly string[]): Promise<void> {
    if (nodeNames.length === 0) return;
    await w.sql(`DELETE FROM awaited_no_execute_taints WHERE cluster_id = $1::int AND node_name = ANY($2::text[])`, [w.cluster.id, nodeNames]);
  }

  /**
   * The clusters the pacer has work in: some node waits for its taint, or carries the not-ready
   * or unreachable NoExecute taint (which master disruption takes off). Managed clusters only: a
   * mirror's nodes are tainted by its own node lifecycle controller, and its imports tell.
   */
  async clustersToPace(): Promise<number[]> {
    const rows = await this.prisma.$queryRaw<{ id: number }[]>`
      SELECT id FROM (
        SELECT cluster_id AS id FROM awaited_no_execute_taints
        UNION
        SELECT cluster_id FROM taints WHERE effect = 'NoExecute' AND key IN (${TaintKeys.notReady}, ${TaintKeys.unreachable})
      ) AS paced WHERE id IN (SELECT id FROM clusters WHERE mode = 'managed')`;
    return rows.map((row) => row.id);
  }

  async queued(clusterId: number, w?: WriteContext): Promise<{ nodeName: string; since: Date }[]> {
    return (w?.tx ?? this.prisma).awaitedNoExecuteTaint.findMany({ where: { clusterId }, select: { nodeName: true, since: true } });
  }

  /** Every node's zone labels and Ready status: the zones' states need them all (handleDisruption). */
  async nodes(clusterId: number, w?: WriteContext): Promise<PacedNode[]> {
    const values = [clusterId, ...ZONE_LABELS, TaintKeys.notReady, TaintKeys.unreachable];
    const rows = w ? await w.rows<PacedNodeRow>(PACED_NODES, values) : await this.prisma.rows<PacedNodeRow>(PACED_NODES, values);
    return rows.map((row) => {
      const labels: Record<string, string> = {};
      ZONE_LABELS.forEach((label, i) => {
        const value = row[String(i)];
        if (typeof value === 'string') labels[label] = value;
      });
      return { name: row.name, labels, readyStatus: row.readyStatus ?? undefined, tainted: row.tainted };
    });
  }

  async lastTaintings(clusterId: number, w?: WriteContext): Promise<Map<string, number>> {
    const rows = await (w?.tx ?? this.prisma).zoneTainting.findMany({ where: { clusterId } });
    return new Map(rows.map((row) => [JSON.parse(row.zone) as string, row.lastTaintedAt.getTime()]));
  }

  async tainted(w: WriteContext, zone: string): Promise<void> {
    const lastTaintedAt = new Date(w.now);
    // GetZoneKey puts a NUL between region and zone, which Postgres text refuses: stored as a JSON string (\u0000).
    const stored = JSON.stringify(zone);
    await w.tx.zoneTainting.upsert({
      where: { clusterId_zone: { clusterId: w.cluster.id, zone: stored } },
      create: { clusterId: w.cluster.id, zone: stored, lastTaintedAt },
      update: { lastTaintedAt },
    });
  }
}
