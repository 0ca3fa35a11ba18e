import { describe, expect, it } from 'vitest';
import { PrismaService } from '../../../../apps/api/src/platform/database/prisma.service';
import { PodStore } from '../../../../apps/api/src/store/pod-store';
import { useApiFixture } from '../../../support/api-test-app';
import { kubectlJson, realisticCluster } from '../../../support/realistic-cluster';
import { waitUntil } from '../../../support/waiting';

/**
 * A list page of pods streamed from Postgres (PodStore.pageTexts): checked first, in the
 * transaction its batches are read in, against the revisions the snapshot chose it at; each pod
 * the text a read of it whole answers (wholeTexts), in the page's order; the connection given back
 * however the reader ends.
 */
describe('PodStore.pageTexts', () => {
  const t = useApiFixture();

  it('streams a current page in its order, refuses a page written since, and gives its connection back', async () => {
    expect((await t.api.raw('POST', '/v1/clusters/texts/import', kubectlJson(realisticCluster({ nodes: 20, podsPerNode: 15 }).list))).statusCode).toBe(200);
    const prisma = t.app.get(PrismaService);
    const store = t.app.get(PodStore);
    const [cluster] = await prisma.cluster.findMany({ where: { name: 'texts' } });
    const clusterId = cluster?.id ?? 0;
    const rows = await prisma.pod.findMany({ where: { clusterId }, select: { namespace: true, name: true, revision: true } });
    // Over two batches of 100, the last one short, in an order of the caller's (not the table's).
    const page = rows
      .slice(0, 230)
      .reverse()
      .map((r) => ({ namespace: r.namespace, name: r.name, resourceVersion: String(r.revision) }));
    expect(page.length).toBe(230);
    const whole = await store.wholeTexts(clusterId, page);

    const idleBefore = await idleConnections(prisma);
    const batches = await store.pageTexts(clusterId, page);
    expect(batches).toBeDefined();
    const read: string[][] = [];
    for await (const batch of batches ?? []) read.push(batch);
    expect(read.map((b) => b.length)).toEqual([100, 100, 30]);
    expect(read.flat()).toEqual(page.map((p) => whole.get(`${p.namespace}/${p.name}`)?.json));
    expect(read.flat().map((text) => JSON.parse(text).metadata.resourceVersion)).toEqual(page.map((p) => p.resourceVersion));

    // A pod written after the revision the page was chosen at, and a pod deleted: no page.
    const [first] = page;
    const written = await t.api.put(`/v1/clusters/texts/namespaces/${first?.namespace}/pods/${first?.name}`, {
      metadata: { labels: { written: 'later' } },
      spec: JSON.parse(whole.get(`${first?.namespace}/${first?.name}`)?.json ?? '{}').spec,
    });
    expect(written.statusCode, written.body).toBe(200);
    expect(await store.pageTexts(clusterId, page)).toBeUndefined();
    expect(await store.pageTexts(clusterId, [...page.slice(1), { namespace: 'gone', name: 'gone', resourceVersion: '1' }])).toBeUndefined();

    // A reader that stops after the first batch: the connection is dropped, not left in its transaction.
    const stopped = await store.pageTexts(clusterId, page.slice(1));
    for await (const batch of stopped ?? []) {
      expect(batch.length).toBe(100);
      break;
    }
    // Every connection taken was given back: none is held in a page's transaction (the one dropped ends as its socket closes).
    await waitUntil(async () => (await pagesInTransaction(prisma)) === 0, 2_000);
    expect(await idleConnections(prisma)).toBeGreaterThanOrEqual(Math.min(idleBefore, 1));
  });
});

/** Connections of this database left in a transaction after a page's statement (a snapshot's refresh may be in its own meanwhile). */
async function pagesInTransaction(prisma: PrismaService): Promise<number> {
  const [row] = await prisma.rows<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity
     WHERE datname = current_database() AND pid <> pg_backend_pid() AND state LIKE 'idle in transaction%' AND query LIKE '%WITH ORDINALITY AS v(namespace, name, position)%'`,
    [],
  );
  return row?.n ?? -1;
}

async function idleConnections(prisma: PrismaService): Promise<number> {
  const [row] = await prisma.rows<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'idle'`, []);
  return row?.n ?? 0;
}
