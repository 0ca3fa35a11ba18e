import { describe, expect, it } from 'vitest';
import { type Pod, decisionPodOf } from '@taintgate/domain';
import { readDecisionPodsSince, readPodsSince } from '../../../../apps/api/src/store/pod-reads';
import { decisionPodOfRow, podOfRow } from '../../../../apps/api/src/store/pod-record';
import { PrismaService } from '../../../../apps/api/src/platform/database/prisma.service';
import { useApiFixture } from '../../../support/api-test-app';
import { kubectlJson, realisticCluster } from '../../../support/realistic-cluster';

/**
 * Snapshots read pods with their own SQL (readPodsSince, a cursor), not Prisma's findMany: both must read
 * every column a pod is made of alike (StoredPodRow), or a snapshot would hold pods that differ from what
 * every other read sees.
 */
describe('readPodsSince reads pods as prisma.pod.findMany does', () => {
  const t = useApiFixture();

  it('every column a pod is made of, of every pod of a realistic cluster, terminating pods too, and only those written after the revision', async () => {
    expect((await t.api.raw('POST', '/v1/clusters/rows/import', kubectlJson(realisticCluster().list))).statusCode).toBe(200);
    // A pod that taintgate began to delete (grace period, deletion time), and one written later.
    await t.api.put('/v1/clusters/rows/nodes/tainted', { metadata: { name: 'tainted' }, spec: { taints: [{ key: 'k', effect: 'NoExecute' }] } });
    const bound = await t.api.put('/v1/clusters/rows/namespaces/jobs/pods/bound', { spec: { nodeName: 'tainted', terminationGracePeriodSeconds: 3600 } });
    expect(bound.statusCode).toBe(201);

    const prisma = t.app.get(PrismaService);
    const [cluster] = await prisma.cluster.findMany({ where: { name: 'rows' } });
    const clusterId = cluster?.id ?? 0;
    // What only queries read, and the row's bookkeeping, are not read.
    const omit = {
      requests: true,
      ownerKind: true,
      updatedAt: true,
      clusterId: true,
      deletionByTaintgate: true,
      decisionSpec: true,
      decisionStatus: true,
      importDigest: true,
    } as const;
    const byKey = <T extends { namespace: string; name: string }>(rows: T[]) =>
      [...rows].sort((a, b) => `${a.namespace}/${a.name}`.localeCompare(`${b.namespace}/${b.name}`));
    const read = (since: bigint) => prisma.$transaction(async (tx) => readPodsSince(await prisma.connectionOf(tx), clusterId, since, (row) => row, 7));

    // Seven rows a fetch: many pages, the last one short.
    const all = byKey(await read(-1n));
    expect(all.length).toBeGreaterThan(100);
    expect(all).toEqual(byKey(await prisma.pod.findMany({ where: { clusterId }, omit })));
    expect(all.some((row) => row.deletionTimestamp !== null && row.deletionGracePeriodSeconds !== null)).toBe(true);

    const since = BigInt(bound.json().metadata.resourceVersion) - 1n;
    expect(byKey(await read(since))).toEqual(byKey(await prisma.pod.findMany({ where: { clusterId, revision: { gt: since } }, omit })));

    // What decisions read of each pod, as the import and a PUT stored it, is that of the pod whole.
    const rows = await prisma.pod.findMany({ where: { clusterId } });
    for (const row of rows) expect(decisionPodOfRow(row)).toEqual(decisionPodOf(podOfRow(row)));
    expect(rows.filter((row) => row.decisionSpec === null)).toEqual([]);

    // A snapshot reads them so (parts of equal text shared), and a row written before they were kept from `extra`.
    const legacy =
      await prisma.$executeRaw`UPDATE pods SET decision_spec = NULL, decision_status = NULL WHERE cluster_id = ${clusterId} AND name LIKE 'kube-proxy%'`;
    expect(legacy).toBeGreaterThan(0);
    const readDecisions = () => prisma.$transaction(async (tx) => readDecisionPodsSince(await prisma.connectionOf(tx), clusterId, -1n, 7));
    const decisions = await readDecisions();
    expect(decisions.length).toBe(rows.length);
    const wholeByKey = new Map(rows.map((row) => [`${row.namespace}/${row.name}`, podOfRow(row)]));
    for (const { key, pod, revision } of decisions) {
      expect(pod).toEqual(decisionPodOf(wholeByKey.get(key) as Pod));
      expect(String(revision)).toBe(pod.metadata.resourceVersion);
    }
    const labels = new Set(decisions.map(({ pod }) => pod.metadata.labels));
    expect(labels.size).toBeLessThan(decisions.length / 2);
  });
});
