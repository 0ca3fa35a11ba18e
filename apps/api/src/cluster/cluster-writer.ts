import { Injectable, Logger } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service';
import type { Prisma } from '../generated/prisma/client';

export type Tx = Prisma.TransactionClient;

/** Registers work to run once the write has committed (e.g. queueing a wake-up in Redis). */
export type AfterCommit = (task: () => Promise<unknown>) => void;

export interface AuditEntry {
  action: string;
  kind: 'Node' | 'Pod';
  namespace?: string;
  name: string;
  details?: Prisma.InputJsonValue;
}

/**
 * Every write to the cluster goes through `write`: one transaction that first takes the next
 * cluster revision. The revision row is locked until commit, so writes commit one at a time in
 * revision order (no lost update between two writers on one node, on any replica), and every
 * replica can fetch exactly what changed since the revision it holds (see ClusterSnapshot).
 */
@Injectable()
export class ClusterWriter {
  private readonly logger = new Logger(ClusterWriter.name);

  constructor(private readonly prisma: PrismaService) {}

  async write<T>(work: (tx: Tx, revision: bigint, afterCommit: AfterCommit) => Promise<T>): Promise<T> {
    const tasks: (() => Promise<unknown>)[] = [];
    const result = await this.prisma.$transaction(
      async (tx) => {
        const [row] = await tx.$queryRaw<{ revision: bigint }[]>`
          UPDATE cluster_revision SET revision = revision + 1 WHERE id = 1 RETURNING revision`;
        if (!row) throw new Error('cluster_revision has no row: the database is not migrated');
        return work(tx, row.revision, (task) => tasks.push(task));
      },
      // Writers queue on the revision row; give a burst of them time to take their turn.
      { maxWait: 15_000, timeout: 30_000 },
    );
    for (const task of tasks) {
      // Committed is committed: a task that fails (Redis away) is made good by its own
      // reconciler, never by failing the request.
      await task().catch((error: unknown) => this.logger.warn(`after-commit task failed: ${error instanceof Error ? error.message : String(error)}`));
    }
    return result;
  }

  /** Records a change in the audit trail, in the write's transaction. */
  async audit(tx: Tx, revision: bigint, entry: AuditEntry): Promise<void> {
    await tx.auditEvent.create({
      data: {
        action: entry.action,
        kind: entry.kind,
        namespace: entry.namespace ?? null,
        name: entry.name,
        details: entry.details ?? {},
        revision,
      },
    });
  }

  /** Leaves a tombstone so replicas drop the object from memory. */
  async tombstone(tx: Tx, revision: bigint, kind: 'Node' | 'Pod', key: string): Promise<void> {
    await tx.tombstone.create({ data: { kind, key, revision } });
  }
}
