import { TaintKeys, zoneKeyOf } from '@taintgate/domain';
import { describe, expect, it } from 'vitest';
import { AwaitedTaintStore } from '../../../../../apps/api/src/control-loops/node-lifecycle/awaited-taint-store';
import { PrismaService } from '../../../../../apps/api/src/platform/database/prisma.service';
import { useApiFixture } from '../../../../support/api-test-app';
import { kubectlJson, realisticCluster } from '../../../../support/realistic-cluster';

/**
 * The pacer reads every node of a cluster at each pass (handleDisruption needs each zone's state):
 * its own SQL (AwaitedTaintStore.nodes) must see each node as the nodes whole do, its zone
 * (GetZoneKey), its Ready status (GetNodeCondition: the first Ready condition) and whether it
 * carries a not-ready or unreachable NoExecute taint.
 */
describe('AwaitedTaintStore.nodes', () => {
  const t = useApiFixture();

  it("sees each node's zone, Ready status and condition NoExecute taint as the node whole says", async () => {
    expect((await t.api.raw('POST', '/v1/clusters/paced/import', kubectlJson(realisticCluster().list))).statusCode).toBe(200);
    const odd = [
      // Beta labels win over GA ones; a region alone is a zone key.
      { name: 'beta', labels: { 'failure-domain.beta.kubernetes.io/zone': 'b1', 'topology.kubernetes.io/zone': 'z1', 'topology.kubernetes.io/region': 'r' } },
      { name: 'region-only', labels: { 'topology.kubernetes.io/region': 'r' } },
      // The first Ready condition counts; none at all, and a status other than True or False.
      {
        name: 'two-ready',
        conditions: [
          { type: 'MemoryPressure', status: 'False' },
          { type: 'Ready', status: 'False' },
          { type: 'Ready', status: 'True' },
        ],
      },
      { name: 'no-conditions', conditions: [] },
      { name: 'unknown', conditions: [{ type: 'Ready', status: 'Unknown' }] },
      // A condition taint that is not NoExecute is no NoExecute taint; an unreachable NoExecute one is.
      { name: 'no-schedule', taints: [{ key: TaintKeys.notReady, effect: 'NoSchedule' }] },
      { name: 'unreachable', taints: [{ key: TaintKeys.unreachable, effect: 'NoExecute' }], conditions: [{ type: 'Ready', status: 'Unknown' }] },
    ];
    for (const { name, labels = {}, conditions, taints } of odd) {
      const body = { metadata: { name, labels }, spec: { taints }, status: conditions ? { conditions } : {} };
      expect((await t.api.put(`/v1/clusters/paced/nodes/${name}`, body)).statusCode).toBe(201);
    }

    const prisma = t.app.get(PrismaService);
    const [cluster] = await prisma.cluster.findMany({ where: { name: 'paced' } });
    const clusterId = cluster?.id ?? 0;
    const read = await t.app.get(AwaitedTaintStore).nodes(clusterId);
    // As the nodes whole say it (what the pacer read through Prisma before).
    const whole = await prisma.node.findMany({ where: { clusterId }, include: { taints: true } });
    const expected = whole.map((node) => ({
      name: node.name,
      zone: zoneKeyOf(node.labels as Record<string, string>),
      readyStatus: (node.conditions as { type?: string; status?: string }[]).find((c) => c.type === 'Ready')?.status,
      tainted: node.taints.some((taint) => taint.effect === 'NoExecute' && (taint.key === TaintKeys.notReady || taint.key === TaintKeys.unreachable)),
    }));
    const seen = read.map(({ name, labels, readyStatus, tainted }) => ({ name, zone: zoneKeyOf(labels), readyStatus, tainted }));
    const byName = <T extends { name: string }>(rows: T[]) => [...rows].sort((a, b) => a.name.localeCompare(b.name));
    expect(byName(seen)).toEqual(byName(expected));
    expect(whole.length).toBeGreaterThan(20);

    const of = (name: string) => seen.find((node) => node.name === name);
    expect(of('beta')?.zone).toBe('r:\x00:b1');
    expect(of('region-only')?.zone).toBe('r:\x00:');
    expect(of('two-ready')?.readyStatus).toBe('False');
    expect(of('no-conditions')?.readyStatus).toBeUndefined();
    expect(of('unknown')?.readyStatus).toBe('Unknown');
    expect(of('no-schedule')?.tainted).toBe(false);
    expect(of('unreachable')?.tainted).toBe(true);
    // The realistic cluster's not-ready nodes, and some tainted by the pacer already or by their import.
    expect(seen.some((node) => node.readyStatus !== 'True')).toBe(true);
  });
});
