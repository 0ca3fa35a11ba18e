import { describe, expect, it } from 'vitest';
import type { Pod } from '@taintgate/domain';
import { PrismaService } from '../../../../apps/api/src/platform/database/prisma.service';
import { ClusterSnapshot } from '../../../../apps/api/src/store/cluster-snapshot';
import { readOnThread } from '../../../../apps/api/src/store/snapshot-load-threads';
import { readNodesSince } from '../../../../apps/api/src/store/node-reads';
import { nodeOfRow } from '../../../../apps/api/src/store/node-record';
import { readDecisionPodsSince } from '../../../../apps/api/src/store/pod-reads';
import { useApiFixture } from '../../../support/api-test-app';
import { kubectlJson, realisticCluster } from '../../../support/realistic-cluster';

/**
 * A large cluster's whole load reads its pods and nodes on a worker thread, in the snapshot's own
 * transaction (exported to it): the snapshot it makes is the one read on the event loop.
 */
describe("a snapshot's pods read on a thread", () => {
  const t = useApiFixture();

  it("are the pods and nodes read here, in the same state of the database, the pods' shared parts shared", async () => {
    expect((await t.api.raw('POST', '/v1/clusters/threaded/import', kubectlJson(realisticCluster({ nodes: 100, podsPerNode: 30 }).list))).statusCode).toBe(200);
    // A pod taintgate began to delete, and rows written before the decision columns were kept.
    await t.api.put('/v1/clusters/threaded/nodes/tainted', { metadata: { name: 'tainted' }, spec: { taints: [{ key: 'k', effect: 'NoExecute' }] } });
    const bound = await t.api.put('/v1/clusters/threaded/namespaces/jobs/pods/bound', { spec: { nodeName: 'tainted', terminationGracePeriodSeconds: 3600 } });
    expect(bound.statusCode).toBe(201);
    const prisma = t.app.get(PrismaService);
    const [cluster] = await prisma.cluster.findMany({ where: { name: 'threaded' } });
    const clusterId = cluster?.id ?? 0;
    await prisma.$executeRaw`UPDATE pods SET decision_spec = NULL, decision_status = NULL WHERE cluster_id = ${clusterId} AND name LIKE 'kube-proxy%'`;

    const { here, threaded, added } = await prisma.$transaction(
      async (tx) => {
        const connection = await prisma.connectionOf(tx);
        const here = { pods: await readDecisionPodsSince(connection, clusterId, -1n), nodes: await readNodesSince(connection, clusterId, -1n) };
        // Written after the transaction began: the thread reads the transaction's state, not this.
        await prisma.$executeRaw`UPDATE pods SET phase = 'Failed', revision = revision + 1000 WHERE cluster_id = ${clusterId} AND name = 'bound'`;
        await prisma.$executeRaw`UPDATE nodes SET unschedulable = true, revision = revision + 1000 WHERE cluster_id = ${clusterId} AND name = 'tainted'`;
        const threaded = await readOnThread(connection, prisma.databaseUrl, clusterId, -1n);
        return { here, threaded, added: await prisma.pod.count({ where: { clusterId, name: 'bound', phase: 'Failed' } }) };
      },
      { isolationLevel: 'RepeatableRead', timeout: 60_000 },
    );
    expect(added).toBe(1);
    expect(threaded.pods.length).toBeGreaterThan(3000);
    expect(threaded.pods).toEqual(here.pods);
    expect(threaded.pods.find(({ key }) => key === 'jobs/bound')?.pod.metadata.deletionTimestamp).toBeDefined();
    const distinct = (part: (pod: Pod) => unknown) => [threaded.pods, here.pods].map((reads) => new Set(reads.map(({ pod }) => part(pod))).size);
    for (const part of [(pod: Pod) => pod.spec?.containers, (pod: Pod) => pod.metadata.labels, (pod: Pod) => pod.status?.conditions]) {
      const [onThread, onLoop] = distinct(part);
      expect(onThread).toBe(onLoop);
    }
    // The nodes, each made from its row, the tainted one unwritten.
    expect(threaded.nodes).toEqual(here.nodes.map((row) => ({ name: row.name, node: nodeOfRow(row), revision: row.revision })));
    expect(threaded.nodes.find(({ name }) => name === 'tainted')?.node.spec?.unschedulable).toBeUndefined();
  });

  it('make the snapshot a load here makes, and a thread that cannot read fails the load, not the process', async () => {
    expect((await t.api.raw('POST', '/v1/clusters/both/import', kubectlJson(realisticCluster({ nodes: 40, podsPerNode: 20 }).list))).statusCode).toBe(200);
    const prisma = t.app.get(PrismaService);
    const [row] = await prisma.cluster.findMany({ where: { name: 'both' } });
    const ref = { id: row?.id ?? 0, name: 'both' };
    const here = await new ClusterSnapshot(ref, prisma).viewAt(row?.revision ?? 0n);
    const threaded = await new ClusterSnapshot(ref, prisma).viewAt(row?.revision ?? 0n, { onThread: true });
    expect(threaded.pods.size).toBe(here.pods.size);
    expect(new Map(threaded.pods)).toEqual(new Map(here.pods));
    for (const name of here.nodes.keys()) expect(threaded.usageOf(name), name).toEqual(here.usageOf(name));
    expect(threaded.rooms).toEqual(here.rooms);

    const failed = prisma.$transaction(async (tx) => readOnThread(await prisma.connectionOf(tx), 'postgresql://nobody@127.0.0.1:1/none', ref.id, -1n));
    await expect(failed).rejects.toThrow(/the thread reading the snapshot stopped \(.*ECONNREFUSED/);
  });
});
