import { describe, expect, it } from 'vitest';
import { readNodesSince } from '../../../../apps/api/src/store/node-reads';
import type { NodeRow } from '../../../../apps/api/src/store/node-record';
import { PrismaService } from '../../../../apps/api/src/platform/database/prisma.service';
import { useApiFixture } from '../../../support/api-test-app';
import { kubectlJson, realisticCluster } from '../../../support/realistic-cluster';

/**
 * Snapshots read nodes with their own SQL (readNodesSince), not Prisma's findMany with its include:
 * both must read every column and taint alike, or a snapshot would hold nodes that differ from what
 * every other read sees.
 */
describe('readNodesSince reads nodes as prisma.node.findMany with their taints does', () => {
  const t = useApiFixture();

  it('every node of a realistic cluster with its taints in their order, and only the nodes written after the revision', async () => {
    expect((await t.api.raw('POST', '/v1/clusters/rows/import', kubectlJson(realisticCluster().list))).statusCode).toBe(200);
    const taints = [
      { key: 'b', value: 'x', effect: 'NoSchedule' },
      { key: 'a', effect: 'NoExecute' },
      { key: 'c', effect: 'PreferNoSchedule' },
    ];
    const written = await t.api.put('/v1/clusters/rows/nodes/tainted', { metadata: { name: 'tainted' }, spec: { taints } });
    expect(written.statusCode).toBe(201);

    const prisma = t.app.get(PrismaService);
    const [cluster] = await prisma.cluster.findMany({ where: { name: 'rows' } });
    const clusterId = cluster?.id ?? 0;
    const read = (since: bigint) => prisma.$transaction(async (tx) => readNodesSince(await prisma.connectionOf(tx), clusterId, since));
    // Prisma's include reads taints in no order of theirs: nodeOfRow orders them by position.
    const inOrder = (rows: NodeRow[]) =>
      [...rows].sort((a, b) => a.name.localeCompare(b.name)).map((row) => ({ ...row, taints: [...row.taints].sort((a, b) => a.position - b.position) }));

    const all = inOrder(await read(-1n));
    expect(all.length).toBeGreaterThan(10);
    expect(all).toEqual(inOrder(await prisma.node.findMany({ where: { clusterId }, include: { taints: true } })));
    expect(all.find((row) => row.name === 'tainted')?.taints.map((taint) => taint.key)).toEqual(['b', 'a', 'c']);

    const since = BigInt(written.json().metadata.resourceVersion) - 1n;
    expect((await read(since)).map((row) => row.name)).toEqual(['tainted']);
    expect(await read(since + 1n)).toEqual([]);
  });
});
