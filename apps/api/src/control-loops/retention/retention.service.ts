import { Injectable, Logger } from '@nestjs/common';
import { retentionCutoff } from '@taintgate/domain';
import { AppConfig } from '../../platform/config/app-config';
import { PrismaService } from '../../platform/database/prisma.service';

/** Rows deleted per statement: each batch is a short transaction, so pruning a year of history never holds locks for long. */
const BATCH = 10_000;

/** How many rows of each kind one pass pruned. */
export interface Pruned {
  events: number;
  auditEvents: number;
  tombstones: number;
  evictions: number;
}

/**
 * Prunes what is only history: events, audit rows, tombstones and finished evictions older than
 * RETENTION_DAYS (the rule is libs/domain's retention.ts; the statements say the same in SQL).
 * Pruning a tombstone raises its cluster's `tombstones_pruned_through`, so that a replica that has
 * not seen it reads the cluster whole rather than miss the deletion (ClusterSnapshot.refresh).
 */
@Injectable()
export class RetentionService {
  private readonly logger = new Logger('Retention');

  constructor(
    private readonly prisma: PrismaService,
    private readonly config: AppConfig,
  ) {}

  async prune(now = Date.now()): Promise<Pruned> {
    const cutoffMs = retentionCutoff(now, this.config.retention.days);
    if (cutoffMs === undefined) return { events: 0, auditEvents: 0, tombstones: 0, evictions: 0 };
    const cutoff = new Date(cutoffMs);
    const pruned: Pruned = {
      events: await this.inBatches(() => this.prisma.$executeRaw`DELETE FROM events WHERE id IN (SELECT id FROM events WHERE at < ${cutoff} LIMIT ${BATCH})`),
      auditEvents: await this.inBatches(
        () => this.prisma.$executeRaw`DELETE FROM audit_events WHERE id IN (SELECT id FROM audit_events WHERE at < ${cutoff} LIMIT ${BATCH})`,
      ),
      tombstones: await this.inBatches(() => this.pruneTombstones(cutoff)),
      evictions: await this.inBatches(
        () => this.prisma.$executeRaw`
          DELETE FROM evictions WHERE id IN (
            SELECT id FROM evictions
            WHERE (status = 'Executed' AND fired_at < ${cutoff}) OR (status = 'Cancelled' AND cancelled_at < ${cutoff})
            LIMIT ${BATCH})`,
      ),
    };
    const total = pruned.events + pruned.auditEvents + pruned.tombstones + pruned.evictions;
    if (total > 0) {
      this.logger.log(
        `pruned what was older than ${this.config.retention.days} days: ${pruned.events} events, ${pruned.auditEvents} audit rows, ` +
          `${pruned.tombstones} tombstones, ${pruned.evictions} finished evictions`,
      );
    }
    return pruned;
  }

  /**
   * One batch of tombstones, and each cluster's mark raised to the newest revision pruned, in one
   * statement (one transaction: no replica can see the tombstones gone and the mark not yet moved).
   */
  private async pruneTombstones(cutoff: Date): Promise<number> {
    const [row] = await this.prisma.$queryRaw<{ n: number }[]>`
      WITH gone AS (
        DELETE FROM tombstones WHERE id IN (SELECT id FROM tombstones WHERE deleted_at < ${cutoff} LIMIT ${BATCH})
        RETURNING cluster_id, revision
      ), marked AS (
        UPDATE clusters c SET tombstones_pruned_through = GREATEST(c.tombstones_pruned_through, newest.revision)
        FROM (SELECT cluster_id, max(revision) AS revision FROM gone GROUP BY cluster_id) newest
        WHERE c.id = newest.cluster_id
      )
      SELECT count(*)::int AS n FROM gone`;
    return row?.n ?? 0;
  }

  /** Runs a batch until one deletes less than a whole batch; answers the rows deleted. */
  private async inBatches(batch: () => Promise<number>): Promise<number> {
    let deleted = 0;
    for (;;) {
      const n = await batch();
      deleted += n;
      if (n < BATCH) return deleted;
    }
  }
}
