import type { PrismaService } from '../platform/database/prisma.service';

/** How many tombstones one read fetches: a deletion of a whole cluster leaves hundreds of thousands. */
const PAGE = 5000;

/**
 * The tombstones of one kind left by deletions after revision `after` up to `through`, in
 * revision order, a page at a time: a watch that starts far behind reads them as it sends them,
 * never all at once.
 */
export async function* tombstonesBetween(
  prisma: PrismaService,
  clusterId: number,
  kind: 'Node' | 'Pod',
  after: bigint,
  through: bigint,
): AsyncGenerator<{ key: string; revision: bigint }[]> {
  let cursor: bigint | undefined;
  for (;;) {
    const rows = await prisma.tombstone.findMany({
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
