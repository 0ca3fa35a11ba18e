import { Injectable } from '@nestjs/common';
import { PrismaService } from '../../platform/database/prisma.service';

/**
 * What retention deletes, one batch a statement (each its own short transaction): the rule is
 * libs/domain's retention.ts, and these statements say the same in SQL. Each answers how many rows
 * it deleted, at most `limit`.
 */
@Injectable()
export class RetentionStore {
  constructor(private readonly prisma: PrismaService) {}

  /** Events recorded before the cutoff. */
  pruneEvents(cutoff: Date, limit: number): Promise<number> {
    return this.prisma.$executeRaw`DELETE FROM events WHERE id IN (SELECT id FROM events WHERE at < ${cutoff} LIMIT ${limit})`;
  }

  /** kube-scheduler's FailedScheduling events last seen before the cutoff (a series is as old as its last attempt). */
  pruneSchedulingEvents(cutoff: Date, limit: number): Promise<number> {
    return this.prisma.$executeRaw`DELETE FROM scheduling_events WHERE id IN (SELECT id FROM scheduling_events WHERE last_at < ${cutoff} LIMIT ${limit})`;
  }

  /**
   * Audit rows written before the cutoff. The table refuses every DELETE but one whose transaction
   * says it is retention's (its trigger, audit_events_append_only): said here, for this transaction only.
   */
  async pruneAuditEvents(cutoff: Date, limit: number): Promise<number> {
    const [, pruned] = await this.prisma.$transaction([
      this.prisma.$queryRaw`SELECT set_config('taintgate.audit_retention', 'on', true)`,
      this.prisma.$executeRaw`DELETE FROM audit_events WHERE id IN (SELECT id FROM audit_events WHERE at < ${cutoff} LIMIT ${limit})`,
    ]);
    return pruned;
  }

  /** Evictions carried out or cancelled before the cutoff. */
  pruneFinishedEvictions(cutoff: Date, limit: number): Promise<number> {
    return this.prisma.$executeRaw`
          DELETE FROM evictions WHERE id IN (
            SELECT id FROM evictions
            WHERE (status = 'Executed' AND fired_at < ${cutoff}) OR (status = 'Cancelled' AND cancelled_at < ${cutoff})
            LIMIT ${limit})`;
  }

  /** Removal sweeps that finished (succeeded or failed) before the cutoff: their ranks are history. */
  pruneFinishedSweeps(cutoff: Date, limit: number): Promise<number> {
    return this.prisma.$executeRaw`
          DELETE FROM removal_sweeps WHERE id IN (
            SELECT id FROM removal_sweeps WHERE phase IN ('Succeeded', 'Failed') AND finished_at < ${cutoff} LIMIT ${limit})`;
  }

  /**
   * Tombstones of deletions before the cutoff, and each cluster's mark raised to the newest
   * revision pruned, in one statement (one transaction: no replica can see the tombstones gone and
   * the mark not yet moved).
   */
  async pruneTombstones(cutoff: Date, limit: number): Promise<number> {
    const [row] = await this.prisma.$queryRaw<{ n: number }[]>`
      WITH gone AS (
        DELETE FROM tombstones WHERE id IN (SELECT id FROM tombstones WHERE deleted_at < ${cutoff} LIMIT ${limit})
        RETURNING cluster_id, revision
      ), marked AS (
        UPDATE clusters c SET tombstones_pruned_through = GREATEST(c.tombstones_pruned_through, newest.revision)
        FROM (SELECT cluster_id, max(revision) AS revision FROM gone GROUP BY cluster_id) newest
        WHERE c.id = newest.cluster_id
      )
      SELECT count(*)::int AS n FROM gone`;
    return row?.n ?? 0;
  }
}
