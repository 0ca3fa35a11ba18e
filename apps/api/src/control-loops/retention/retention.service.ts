import { Injectable, Logger } from '@nestjs/common';
import { retentionCutoff } from '@taintgate/domain';
import { AppConfig } from '../../platform/config/app-config';
import { RetentionStore } from './retention-store';

/** Rows deleted per statement: each batch is a short transaction, so pruning a year of history never holds locks for long. */
const BATCH = 10_000;

/** How many rows of each kind one pass pruned. */
export interface Pruned {
  events: number;
  auditEvents: number;
  tombstones: number;
  evictions: number;
  sweeps: number;
}

/**
 * Prunes what is only history: events, audit rows, tombstones, finished evictions and finished removal sweeps older than
 * RETENTION_DAYS (the rule is libs/domain's retention.ts; RetentionStore's statements say the same in SQL).
 * Pruning a tombstone raises its cluster's `tombstones_pruned_through`, so that a replica that has
 * not seen it reads the cluster whole rather than miss the deletion (ClusterSnapshot.refresh).
 */
@Injectable()
export class RetentionService {
  private readonly logger = new Logger('Retention');

  constructor(
    private readonly store: RetentionStore,
    private readonly config: AppConfig,
  ) {}

  async prune(now = Date.now()): Promise<Pruned> {
    const cutoffMs = retentionCutoff(now, this.config.retention.days);
    if (cutoffMs === undefined) return { events: 0, auditEvents: 0, tombstones: 0, evictions: 0, sweeps: 0 };
    const cutoff = new Date(cutoffMs);
    const pruned: Pruned = {
      events:
        (await this.inBatches(() => this.store.pruneEvents(cutoff, BATCH))) + (await this.inBatches(() => this.store.pruneSchedulingEvents(cutoff, BATCH))),
      auditEvents: await this.inBatches(() => this.store.pruneAuditEvents(cutoff, BATCH)),
      tombstones: await this.inBatches(() => this.store.pruneTombstones(cutoff, BATCH)),
      evictions: await this.inBatches(() => this.store.pruneFinishedEvictions(cutoff, BATCH)),
      sweeps: await this.inBatches(() => this.store.pruneFinishedSweeps(cutoff, BATCH)),
    };
    const total = pruned.events + pruned.auditEvents + pruned.tombstones + pruned.evictions + pruned.sweeps;
    if (total > 0) {
      this.logger.log(
        `pruned what was older than ${this.config.retention.days} days: ${pruned.events} events, ${pruned.auditEvents} audit rows, ` +
          `${pruned.tombstones} tombstones, ${pruned.evictions} finished evictions, ${pruned.sweeps} finished removal sweeps`,
      );
    }
    return pruned;
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
