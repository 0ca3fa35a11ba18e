import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { NamedStatement } from '../../../../apps/api/src/platform/database/named-statement';
import { PrismaService } from '../../../../apps/api/src/platform/database/prisma.service';
import { Api } from '../../../support/api-client';
import { useApiFixture } from '../../../support/api-test-app';

/**
 * Reads of a cluster that arrive together share one revision check (SharedChecks), yet a write
 * acknowledged by one replica is what the very next read through the other answers, while that
 * other is busy answering reads whose checks were sent before the write committed.
 */
describe('shared revision checks on two instances of one database', () => {
  const t = useApiFixture();
  const { api: a } = t;
  let b: Api;
  let stop = false;
  let readers: Promise<number>[] = [];

  /** Reads the node through `api` without pause until stopped, answering how many were made. */
  const keepReading = async (api: Api, node: string): Promise<number> => {
    let reads = 0;
    while (!stop) {
      expect((await api.getNode(node)).statusCode).toBe(200);
      reads++;
    }
    return reads;
  };
  const startReaders = (api: Api, node: string, count: number) => {
    stop = false;
    readers = Array.from({ length: count }, () => keepReading(api, node));
  };

  beforeAll(async () => {
    b = new Api(await t.bootReplica());
    await a.putNode('busy', {});
  });

  afterEach(async () => {
    stop = true;
    await Promise.all(readers);
  });

  /** Counts the revision checks `api`'s instance sends (its raw statements on the pool). */
  const countChecks = (api: Api): (() => number) => {
    const prisma = api.app.get(PrismaService);
    const rows = prisma.rows.bind(prisma);
    let sent = 0;
    prisma.rows = (statement: string | NamedStatement, values: readonly unknown[]) => {
      if ((typeof statement === 'string' ? statement : statement.text).includes('FROM clusters')) sent++;
      return rows(statement, values);
    };
    return () => sent;
  };

  it('a write through one is the next read through the other, under concurrent reads there', async () => {
    startReaders(b, 'busy', 8);
    for (let i = 0; i < 40; i++) {
      const written = await a.putNode('shared', { metadata: { labels: { v: String(i) } } });
      expect(written.statusCode).toBe(i === 0 ? 201 : 200);
      expect((await b.getNode('shared')).json().metadata.labels).toEqual({ v: String(i) });
    }
  });

  it('and the other way round, a pod this time', async () => {
    startReaders(a, 'busy', 8);
    for (let i = 0; i < 40; i++) {
      const image = `nginx:1.${i}`;
      expect((await b.putPod('ns', 'p', { spec: { containers: [{ name: 'c', image }] } })).statusCode).toBe(i === 0 ? 201 : 200);
      expect((await a.getPod('ns', 'p')).json().spec.containers[0].image).toBe(image);
    }
  });

  it('concurrent reads share their checks: fewer checks sent than reads answered', async () => {
    const checks = countChecks(b);
    startReaders(b, 'busy', 16);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    stop = true;
    const reads = (await Promise.all(readers)).reduce((sum, n) => sum + n, 0);
    expect(reads).toBeGreaterThan(100);
    expect(checks()).toBeLessThan(reads / 2);
  });
});
