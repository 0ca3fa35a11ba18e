import { Injectable, Logger } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service';
import type { Prisma } from '../generated/prisma/client';

export type Tx = Prisma.TransactionClient;

/** Which kind of object a tombstone or an audit entry is about. */
type ObjectKind = 'Node' | 'Pod';

export interface AuditEntry {
  action: string;
  kind: ObjectKind;
  namespace?: string;
  name: string;
  details?: Prisma.InputJsonValue;
}

/**
 * What a write works with: its transaction, the cluster revision it takes, the time it decides
 * by, and the records every write may leave. Stores take it and own their tables.
 */
export interface WriteContext {
  readonly tx: Tx;
  readonly revision: bigint;
  /** Epoch milliseconds, read once per write: every decision in it uses the same now. */
  readonly now: number;
  /** Records changes in the audit trail, in the write's transaction. */
  audit(...entries: AuditEntry[]): Promise<void>;
  /** Leaves tombstones so replicas drop the objects from memory (keys: name, or namespace/name). */
  tombstone(kind: ObjectKind, ...keys: string[]): Promise<void>;
  /**
   * Work to run once the write has committed (queueing a wake-up in Redis). Committed is
   * committed: a task that fails is made good by its own reconciler, never by failing the request.
   */
  afterCommit(task: () => Promise<unknown>): void;
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

  async write<T>(work: (w: WriteContext) => Promise<T>, now = Date.now()): Promise<T> {
    const tasks: (() => Promise<unknown>)[] = [];
    const result = await this.prisma.$transaction(
      async (tx) => {
        const [row] = await tx.$queryRaw<{ revision: bigint }[]>`
          UPDATE cluster_revision SET revision = revision + 1 WHERE id = 1 RETURNING revision`;
        if (!row) throw new Error('cluster_revision has no row: the database is not migrated');
        return work(contextOf(tx, row.revision, now, tasks));
      },
      // Writers queue on the revision row; give a burst of them time to take their turn.
      { maxWait: 15_000, timeout: 30_000 },
    );
    for (const task of tasks) {
      await task().catch((error: unknown) => this.logger.warn(`after-commit task failed: ${error instanceof Error ? error.message : String(error)}`));
    }
    return result;
  }
}

function contextOf(tx: Tx, revision: bigint, now: number, tasks: (() => Promise<unknown>)[]): WriteContext {
  return {
    tx,
    revision,
    now,
    async audit(...entries) {
      if (entries.length === 0) return;
      await tx.auditEvent.createMany({
        data: entries.map((entry) => ({
          action: entry.action,
          kind: entry.kind,
          namespace: entry.namespace ?? null,
          name: entry.name,
          details: entry.details ?? {},
          revision,
        })),
      });
    },
    async tombstone(kind, ...keys) {
      if (keys.length === 0) return;
      await tx.tombstone.createMany({ data: keys.map((key) => ({ kind, key, revision })) });
    },
    afterCommit(task) {
      tasks.push(task);
    },
  };
}
