import { describe, expect, it } from 'vitest';
import { importDigestOf } from '../../../../apps/api/src/features/import/imported-pod';
import { PrismaService } from '../../../../apps/api/src/platform/database/prisma.service';
import { podDigestsOf } from '../../../../apps/api/src/store/pod-record';
import { PodStore } from '../../../../apps/api/src/store/pod-store';
import { useApiFixture } from '../../../support/api-test-app';

/**
 * PodStore.importDigests: the digest each pod was last imported with, of the pods written at or
 * before a revision (a snapshot's), as one text podDigestsOf reads: an import compares what it
 * reads with them, on its thread or on the event loop.
 */
describe('PodStore.importDigests', () => {
  const t = useApiFixture();

  const pod = (name: string, uid: string) => ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'jobs', uid, creationTimestamp: '2026-01-01T00:00:00Z' },
    spec: { containers: [{ name: 'c', image: 'busybox' }] },
  });

  it('reads the digests of imported pods written at or before the revision: not a pod written since, nor one written by other than an import', async () => {
    const [a, b, c] = [
      pod('a', '0a1b2c3d-4e5f-4a6b-8c7d-000000000001'),
      pod('b', '0a1b2c3d-4e5f-4a6b-8c7d-000000000002'),
      pod('c', '0a1b2c3d-4e5f-4a6b-8c7d-000000000003'),
    ];
    expect((await t.api.post('/v1/clusters/digests/import', { apiVersion: 'v1', kind: 'List', items: [a, b] })).statusCode).toBe(200);
    const prisma = t.app.get(PrismaService);
    const cluster = await prisma.cluster.findFirstOrThrow({ where: { name: 'digests' } });
    const digests = (revision: bigint) => t.app.get(PodStore).importDigests(cluster.id, revision);

    const imported = (await prisma.cluster.findFirstOrThrow({ where: { name: 'digests' } })).revision;
    // b written by other than an import (its digest cleared), c imported later.
    expect((await t.api.put('/v1/clusters/digests/namespaces/jobs/pods/b', { ...b, metadata: { ...b.metadata, labels: { x: 'y' } } })).statusCode).toBe(200);
    expect((await t.api.post('/v1/clusters/digests/import', { apiVersion: 'v1', kind: 'List', items: [c] })).statusCode).toBe(200);
    const now = (await prisma.cluster.findFirstOrThrow({ where: { name: 'digests' } })).revision;

    // At the first import's revision: a; b's row is newer now (written since), and so is c.
    expect(podDigestsOf(await digests(imported))).toEqual(new Map([['jobs/a', importDigestOf(a)]]));
    // Now: a and c; b's digest was cleared by its PUT.
    expect(podDigestsOf(await digests(now))).toEqual(
      new Map([
        ['jobs/a', importDigestOf(a)],
        ['jobs/c', importDigestOf(c)],
      ]),
    );
    expect(await digests(0n)).toBe('');
  });
});
