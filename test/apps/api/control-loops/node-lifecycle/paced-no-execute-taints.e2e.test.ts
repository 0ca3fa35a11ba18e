import { describe, expect, it } from 'vitest';
import { type ApiTestApp, useApiFixture } from '../../../../support/api-test-app';
import { deleteRedisKeys } from '../../../../support/redis-prefix';
import { sleep, waitUntil } from '../../../../support/waiting';

/**
 * Taint-based evictions paced as the node lifecycle controller paces them
 * (node_lifecycle_controller.go: doNoExecuteTaintingPass through each zone's
 * RateLimitedTimedQueue, handleDisruption with ComputeZoneState and setLimiterInZone). Rates are
 * raised so a test runs in seconds: NODE_EVICTION_RATE=2 is one node per 0.5 s in a zone.
 */

const zoneLabel = 'topology.kubernetes.io/zone';
const NO_EXECUTE = 'node.kubernetes.io/not-ready:NoExecute';

function nodeBody(name: string, zone: string, ready: string) {
  return { metadata: { name, labels: { [zoneLabel]: zone } }, status: { conditions: [{ type: 'Ready', status: ready }] } };
}

function helpers(t: ApiTestApp) {
  const { api, db } = t;
  const put = (name: string, zone: string, ready: string) => api.putNode(name, nodeBody(name, zone, ready));
  const taintsOf = async (name: string): Promise<string[]> =>
    ((await api.getNode(name)).json().spec.taints ?? []).map((x: { key: string; effect: string }) => `${x.key}:${x.effect}`);
  const noExecuteTainted = async (names: string[]) => {
    const tainted: string[] = [];
    for (const name of names) if ((await taintsOf(name)).includes(NO_EXECUTE)) tainted.push(name);
    return tainted;
  };
  /** When the pacer tainted each node (the audit entry's time, in milliseconds). */
  const taintedAt = async (): Promise<Map<string, number>> => {
    const { rows } = await db.query("SELECT name, at FROM audit_events WHERE action = 'node.no-execute-taint' ORDER BY id");
    return new Map(rows.map((r: { name: string; at: Date }) => [r.name, r.at.getTime()]));
  };
  const zone = async (prefix: string, zoneName: string, size: number) => {
    for (let i = 1; i <= size; i++) expect((await put(`${prefix}${i}`, zoneName, 'True')).statusCode).toBe(201);
  };
  return { put, taintsOf, noExecuteTainted, taintedAt, zone };
}

describe('paced NoExecute taints: one node per 1/rate seconds in a zone', () => {
  const t = useApiFixture({ NODE_EVICTION_RATE: '2', EVICTION_RECONCILE_SECONDS: '1' });
  const { put, noExecuteTainted, taintedAt, zone } = helpers(t);

  it('the NoSchedule taint at once, the NoExecute ones one at a time at the rate', async () => {
    await zone('a', 'a', 6);
    const answer = await put('a1', 'a', 'False');
    expect(answer.json().spec.taints.map((x: { key: string; effect: string }) => `${x.key}:${x.effect}`)).toContain('node.kubernetes.io/not-ready:NoSchedule');
    await put('a2', 'a', 'False');
    // Two of six not ready: the zone is Normal. The first takes the full bucket, the second waits 0.5 s.
    expect(await noExecuteTainted(['a1', 'a2'])).toEqual(['a1']);
    await waitUntil(async () => (await noExecuteTainted(['a2'])).length === 1, 3000);
    const at = await taintedAt();
    expect((at.get('a2') ?? 0) - (at.get('a1') ?? 0)).toBeGreaterThanOrEqual(450);
  });
});

describe('paced NoExecute taints: a taint taken off by hand', () => {
  const t = useApiFixture({ NODE_EVICTION_RATE: '2', EVICTION_RECONCILE_SECONDS: '1' });
  const { put, noExecuteTainted, zone } = helpers(t);

  it("comes back at the zone's pace while the node stays not ready", async () => {
    await zone('m', 'm', 6);
    await put('m1', 'm', 'False');
    expect(await noExecuteTainted(['m1'])).toEqual(['m1']);
    const untainted = await t.api.del('/v1/nodes/m1/taints?key=node.kubernetes.io/not-ready&effect=NoExecute');
    expect(untainted.statusCode).toBe(200);
    const { rows } = await t.db.query('SELECT node_name FROM awaited_no_execute_taints');
    expect(rows).toEqual([{ node_name: 'm1' }]);
    await waitUntil(async () => (await noExecuteTainted(['m1'])).length === 1, 3000);
    const { rows: audit } = await t.db.query("SELECT count(*)::int AS n FROM audit_events WHERE action = 'node.no-execute-taint' AND name = 'm1'");
    expect(audit).toEqual([{ n: 2 }]);
  });
});

describe('paced NoExecute taints in partially disrupted zones', () => {
  // A zone of more than 4 nodes is large: it goes on at the secondary rate; a smaller one stops. The
  // secondary rate (one per second) is set above the primary one (one per 5 s) so that the switch
  // shows as a turn that comes sooner, and the puts below have seconds, not half of one, to make the
  // zones partially disrupted before the primary rate's next turn.
  const t = useApiFixture({ NODE_EVICTION_RATE: '0.2', SECONDARY_NODE_EVICTION_RATE: '1', LARGE_CLUSTER_SIZE_THRESHOLD: '4', EVICTION_RECONCILE_SECONDS: '1' });
  const { put, noExecuteTainted, taintedAt, zone } = helpers(t);

  it('a large zone takes the secondary rate, a small one stops', async () => {
    await zone('big', 'big', 5);
    await zone('small', 'small', 4);
    // Three not ready in each: 3/5 and 3/4 are at least 0.55, so both zones are PartialDisruption once the third is in.
    for (const i of [1, 2, 3]) {
      await put(`big${i}`, 'big', 'False');
      await put(`small${i}`, 'small', 'False');
    }
    // The first of each went at once, while its zone was still Normal.
    expect(await noExecuteTainted(['big1', 'small1'])).toEqual(['big1', 'small1']);
    // big2's turn comes at the secondary rate, a second after big1, not at the primary rate's 5 s.
    await waitUntil(async () => (await noExecuteTainted(['big2'])).length === 1, 6000);
    const at = await taintedAt();
    const gap = (at.get('big2') ?? 0) - (at.get('big1') ?? 0);
    expect(gap).toBeGreaterThanOrEqual(900);
    expect(gap).toBeLessThan(4500);
    // The small zone's rate is 0: nothing more of it, even after the secondary rate's turns.
    await sleep(1500);
    expect(await noExecuteTainted(['small2', 'small3'])).toEqual([]);
  });
});

describe('paced NoExecute taints when every zone is fully disrupted', () => {
  const t = useApiFixture({ NODE_EVICTION_RATE: '2', EVICTION_RECONCILE_SECONDS: '1' });
  const { put, taintsOf, noExecuteTainted } = helpers(t);

  it('no NoExecute taint at all while it lasts (master disruption mode), and pacing again once it ends', async () => {
    await put('x1', 'x', 'True');
    await put('y1', 'y', 'True');
    // Zone x is fully disrupted but y is not: a fully disrupted zone keeps the normal rate.
    await put('x1', 'x', 'False');
    expect(await noExecuteTainted(['x1'])).toEqual(['x1']);
    // Now every zone is: the taints come off and none is added.
    await put('y1', 'y', 'False');
    expect(await noExecuteTainted(['x1', 'y1'])).toEqual([]);
    expect(await taintsOf('y1')).toEqual(['node.kubernetes.io/not-ready:NoSchedule']);
    await sleep(1500);
    expect(await noExecuteTainted(['x1', 'y1'])).toEqual([]);
    // y1 ready again ends it: x1 waits in its zone's queue and is tainted again.
    await put('y1', 'y', 'True');
    await waitUntil(async () => (await noExecuteTainted(['x1'])).length === 1, 3000);
  });
});

describe('paced NoExecute taints: a node ready again', () => {
  const t = useApiFixture({ NODE_EVICTION_RATE: '1', EVICTION_RECONCILE_SECONDS: '1' });
  const { put, taintsOf, noExecuteTainted, zone } = helpers(t);

  it('leaves the queue, and a tainted one loses the taint at once', async () => {
    await zone('r', 'r', 6);
    await put('r1', 'r', 'False');
    await put('r2', 'r', 'False');
    expect(await noExecuteTainted(['r1', 'r2'])).toEqual(['r1']);
    await put('r2', 'r', 'True');
    const { rows } = await t.db.query('SELECT node_name FROM awaited_no_execute_taints');
    expect(rows).toEqual([]);
    await sleep(1500);
    expect(await noExecuteTainted(['r2'])).toEqual([]);
    expect((await put('r1', 'r', 'True')).json().spec.taints ?? []).toEqual([]);
    expect(await taintsOf('r1')).toEqual([]);
  });
});

describe('paced NoExecute taints across a restart', () => {
  const t = useApiFixture({ NODE_EVICTION_RATE: '1', EVICTION_RECONCILE_SECONDS: '1' });
  const { put, noExecuteTainted, taintedAt, zone } = helpers(t);

  it('keeps the queue and the last tainting: the next node still waits its turn, then is tainted', async () => {
    await zone('s', 's', 6);
    await put('s1', 's', 'False');
    await put('s2', 's', 'False');
    await t.restart();
    await waitUntil(async () => (await noExecuteTainted(['s2'])).length === 1, 4000);
    const at = await taintedAt();
    expect((at.get('s2') ?? 0) - (at.get('s1') ?? 0)).toBeGreaterThanOrEqual(950);
  });
});

describe('paced NoExecute taints: lost wake-ups and replicas', () => {
  const t = useApiFixture({ NODE_EVICTION_RATE: '2', EVICTION_RECONCILE_SECONDS: '1' });
  const { put, noExecuteTainted, taintedAt, zone } = helpers(t);

  it('a wake-up Redis lost is made good by the periodic pass', async () => {
    await zone('l', 'l', 6);
    await put('l1', 'l', 'False');
    await put('l2', 'l', 'False');
    expect(await deleteRedisKeys(t.redisPrefix)).toBeGreaterThan(0);
    // The pass runs every second: l2 is late by at most that.
    await waitUntil(async () => (await noExecuteTainted(['l2'])).length === 1, 4000);
  });

  it('two replicas together taint no faster than the rate', async () => {
    const other = await t.bootReplica();
    await zone('p', 'p', 10);
    // Three of ten not ready: the zone stays Normal. Each replica queues and paces.
    for (const [i, app] of [t.app, other, t.app].entries()) {
      const name = `p${i + 1}`;
      expect((await app.inject({ method: 'PUT', url: `/v1/nodes/${name}`, payload: nodeBody(name, 'p', 'False') })).statusCode).toBe(200);
    }
    await waitUntil(async () => (await noExecuteTainted(['p1', 'p2', 'p3'])).length === 3, 5000);
    const at = await taintedAt();
    const times = ['p1', 'p2', 'p3'].map((n) => at.get(n) ?? 0).sort((a, b) => a - b);
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(450);
    expect((times[2] ?? 0) - (times[1] ?? 0)).toBeGreaterThanOrEqual(450);
  });
});
