import { Injectable } from '@nestjs/common';
import type { WatchedKind } from '@taintgate/domain';
import { PrismaService } from '../platform/database/prisma.service';

/** How many tombstones one read fetches: a deletion of a whole cluster leaves hundreds of thousands. */
const PAGE = 5000;

/**
 * The tombstones of deleted objects, as a watch that catches up reads them, and the revision up to
 * which retention has pruned them (the cluster's `tombstones_pruned_through`): a watch from an
 * older revision may have missed a deletion.
 */
@Injectable()
export class TombstoneStore {
  constructor(private readonly prisma: PrismaService) {}

  /** The revision the cluster's tombstones are pruned through (0: none pruned); undefined when the cluster is gone. */
  async prunedThrough(clusterId: number): Promise<bigint | undefined> {
    const row = await this.prisma.cluster.findUnique({ where: { id: clusterId }, select: { tombstonesPrunedThrough: true } });
    return row?.tombstonesPrunedThrough;
  }

  /**
   * The tombstones of one kind left by deletions after revision `after` up to `through`, in
   * revision order, a page at a time: a watch that starts far behind reads them as it sends them,
   * never all at once.
   */
  async *between(clusterId: number, kind: WatchedKind, after: bigint, through: bigint): AsyncGenerator<{ key: string; revision: bigint }[]> {
    let cursor: bigint | undefined;
    for (;;) {
      const rows = await this.prisma.tombstone.findMany({
        where: { clusterId, kind, revision: { gt: after, lte: through } },
        orderBy: [{ revision: 'asc' }, { id: 'asc' }],
        select: { id: true, key: true, revision: true },
        take: PAGE,
        ...(cursor === undefined ? {} : { cursor: { id: cursor }, skip: 1 }),
      });
      if (rows.length > 0) yield rows;
      if (rows.length < PAGE) return;
      cursor = rows[rows.length - 1]?.id;
    }
  }
}
