import { describe, expect, it } from 'vitest';
import { type NodeUsage, addPodUsage, emptyNodeRooms, emptyNodeUsage, holdsNodeResources, podResourceRequest, putRoom } from '@taintgate/domain';
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
    // Each node's usage, summed once at the load's end, is what adding its pods one by one makes,
    // and its room is made from it.
    const expected = new Map<string, NodeUsage>();
    for (const pod of view.pods.values()) {
      const name = pod.spec?.nodeName;
      if (name && holdsNodeResources(pod)) expected.set(name, addPodUsage(expected.get(name) ?? emptyNodeUsage, podResourceRequest(pod)));
    }
    for (const name of view.nodes.keys()) expect(view.usageOf(name), name).toEqual(expected.get(name));
    const rooms = emptyNodeRooms();
    for (const [name, node] of view.nodes) putRoom(rooms, node, expected.get(name));
    expect(view.rooms).toEqual(rooms);
    // 24,000 realistic pods imported, then loaded: 18 s alone on a loaded machine, more beside other files.
  }, 60_000);
});
