import { Injectable } from '@nestjs/common';
import { PrismaService } from '../../platform/database/prisma.service';
import { recordAudit } from '../../store/audit-store';
import { IMPORT_FINISHED, importFinishedValues } from '../../store/outbox';
import type { AuditEntry, ClusterRef, WriteContext } from '../../store/write-context';

/**
 * The import's own statements (its rows go through NodeStore, PodStore and TwinObjectStore): how a batch's write
 * asks Postgres to compress, the planner's statistics taken once a large import is stored, and the
 * record of an import that changed nothing.
 */
@Injectable()
export class ImportStore {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * ANALYZE of the columns that statements look rows up, join and order by: the table's row count
   * and those are what plans are made of (its JSON columns, costly to sample, are never filtered on).
   * Outside any write: ANALYZE takes no lock that reads or writes wait on.
   */
  async analyze(): Promise<void> {
    await this.prisma.rows(
      `ANALYZE nodes (cluster_id, name, uid, revision), taints (cluster_id, node_name, key, effect),
           pods (cluster_id, namespace, name, uid, node_name, revision, deletion_timestamp, deletion_by_taintgate),
           twin_objects (cluster_id, kind, namespace, name, uid, revision)`,
      [],
    );
  }

  /**
   * An import that changed nothing, recorded at the revision it found: its audit row and its
   * ImportFinished event, in a transaction of their own outside any write. It takes no revision,
   * so the cluster's resourceVersion stays as it was, as a `kubectl apply` that changes nothing
   * leaves an object's; the outbox is told in the order of its rows, not of their revisions.
   */
  async recordUnchanged(cluster: ClusterRef, revision: bigint, now: number, tallies: NonNullable<AuditEntry['details']>): Promise<void> {
    const client = await this.prisma.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const entry: AuditEntry = { action: 'cluster.import', kind: 'Cluster', name: cluster.name, details: tallies };
      await recordAudit([entry], cluster, revision, undefined, (text, values) => client.query(text, values));
      await client.query(IMPORT_FINISHED, importFinishedValues(cluster, revision, now, tallies));
      await client.query('COMMIT');
    } catch (error) {
      // A connection whose ROLLBACK fails too is given back broken, and the pool drops it.
      await client.query('ROLLBACK').catch((rollback: unknown) => (broken = rollback instanceof Error ? rollback : new Error(String(rollback))));
      throw error;
    } finally {
      client.release(broken);
    }
  }
}

/**
 * In a batch's write: pods run to several KiB of JSON each, which Postgres compresses as it stores
 * them: lz4 compresses several times faster than the default pglz, for a little more room. Only
 * where the server was built with it (SET would fail, and the import with it, elsewhere).
 */
export async function preferLz4(w: WriteContext): Promise<void> {
  await w.sql(
    `SELECT set_config('default_toast_compression', 'lz4', true)
           WHERE EXISTS (SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals))`,
    [],
  );
}
