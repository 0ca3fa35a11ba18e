import { describe, expect, it } from 'vitest';
import { PrismaService } from '../../../../apps/api/src/platform/database/prisma.service';
import { ClusterSnapshot } from '../../../../apps/api/src/store/cluster-snapshot';
import { useApiFixture } from '../../../support/api-test-app';
import { kubectlJson, realisticCluster } from '../../../support/realistic-cluster';

/**
 * A snapshot's first load is applied a slice of objects at a time, the event loop given a turn
 * between slices, so that a replica answers other requests while it loads a large cluster; no
 * reader sees it before its end.
 */
describe("a snapshot's first load", () => {
  const t = useApiFixture();

  it('gives the event loop turns while it applies its pods, and is whole when read', async () => {
    const cluster = realisticCluster({ nodes: 800, podsPerNode: 30 });
    expect((await t.api.raw('POST', '/v1/clusters/sliced/import', kubectlJson(cluster.list))).statusCode).toBe(200);
    const prisma = t.app.get(PrismaService);
    const [row] = await prisma.cluster.findMany({ where: { name: 'sliced' } });
    const snapshot = new ClusterSnapshot({ id: row?.id ?? 0, name: 'sliced' }, prisma);

    // What another task sees of it between the load's turns: pods held, not yet all of them.
    const seen: number[] = [];
    let loading = true;
    const look = () => {
      seen.push(snapshot.size.pods);
      if (loading) setImmediate(look);
    };
    setImmediate(look);
    const view = await snapshot.viewAt(row?.revision ?? 0n);
    loading = false;

    const pods = cluster.pods.length;
    expect(pods).toBeGreaterThan(20_000);
    expect(view.pods.size).toBe(pods);
    expect(view.nodes.size).toBe(cluster.nodes.length);
    expect(seen.some((held) => held > 0 && held < pods)).toBe(true);
    // Every pod is where its node's list says.
    const onNodes = [...view.nodes.keys()].reduce((sum, name) => sum + [...view.podsOn(name)].length, 0);
    expect(onNodes).toBe([...view.pods.values()].filter((pod) => pod.spec?.nodeName && view.nodes.has(pod.spec.nodeName)).length);
  });
});
