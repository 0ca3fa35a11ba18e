import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ApiTestApp, startApiApp } from '../../../../support/api-test-app';
import { deleteRedisKeys } from '../../../../support/redis-prefix';

// Real Postgres, real Redis, real time: tolerationSeconds of 1-2 s, and waits a little longer.
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out waiting');
    await sleep(50);
  }
}

describe('NoExecute carried out', () => {
  // A service of its own for each test: each reads the whole eviction list and event table.
  let t: ApiTestApp;
  const app = () => t.app;

  beforeEach(async () => {
    t = await startApiApp({ EVICTION_RECONCILE_SECONDS: '1', DEFAULT_NOT_READY_TOLERATION_SECONDS: '1' });
  });
  afterEach(async () => {
    await t?.close();
  });

  const putNode = (a: NestFastifyApplication, name: string, body: Record<string, unknown> = {}) =>
    a.inject({ method: 'PUT', url: `/v1/nodes/${name}`, payload: { metadata: { name }, ...body } });
  // No grace period: an evicted pod is gone at once, so these tests watch the deadlines alone
  // (graceful deletion has a test of its own below).
  const putPod = (a: NestFastifyApplication, name: string, tolerations: unknown[] = [], nodeName = 'n1', terminationGracePeriodSeconds = 0) =>
    a.inject({
      method: 'PUT',
      url: `/v1/namespaces/default/pods/${name}`,
      payload: { metadata: { name }, spec: { nodeName, tolerations, terminationGracePeriodSeconds } },
    });
  const getPod = async (a: NestFastifyApplication, name: string) => a.inject({ method: 'GET', url: `/v1/namespaces/default/pods/${name}` });
  const taint = (a: NestFastifyApplication, key = 'drain') => a.inject({ method: 'POST', url: '/v1/nodes/n1/taints', payload: { key, effect: 'NoExecute' } });
  const untaint = (a: NestFastifyApplication, key = 'drain') => a.inject({ method: 'DELETE', url: `/v1/nodes/n1/taints?key=${key}` });
  const podExists = async (a: NestFastifyApplication, name: string) =>
    (await a.inject({ method: 'GET', url: `/v1/namespaces/default/pods/${name}` })).statusCode === 200;
  const evictions = async (a: NestFastifyApplication, query = '') => (await a.inject({ method: 'GET', url: `/v1/evictions${query}` })).json().items;
  const seconds = (s: number) => [{ key: 'drain', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: s }];

  it('evicts at once a pod that does not tolerate the taint', async () => {
    await putNode(app(), 'n1');
    await putPod(app(), 'plain');
    expect((await taint(app())).statusCode).toBe(201);
    expect(await podExists(app(), 'plain')).toBe(false);
    const [eviction] = await evictions(app());
    expect(eviction).toMatchObject({
      pod: { namespace: 'default', name: 'plain' },
      node: 'n1',
      taint: { key: 'drain', effect: 'NoExecute' },
      status: 'Executed',
    });
    expect(eviction.firedAt).toBe(eviction.scheduledFor);
  });

  it('evicts after tolerationSeconds, and never a pod that tolerates forever', async () => {
    await putNode(app(), 'n1');
    await putPod(app(), 'one-second', seconds(1));
    await putPod(app(), 'forever', [{ key: 'drain', operator: 'Exists', effect: 'NoExecute' }]);
    await taint(app());
    expect(await podExists(app(), 'one-second')).toBe(true);
    const [scheduled] = await evictions(app(), '?status=Scheduled');
    expect(scheduled).toMatchObject({ pod: { name: 'one-second' }, tolerationSeconds: 1, status: 'Scheduled' });
    const executed = await waitFor(async () => (await evictions(app(), '?status=Executed'))[0], 5000);
    const lateness = Date.parse(executed.firedAt) - Date.parse(executed.scheduledFor);
    expect(lateness).toBeGreaterThanOrEqual(0);
    expect(lateness).toBeLessThan(1000);
    expect(await podExists(app(), 'one-second')).toBe(false);
    expect(await podExists(app(), 'forever')).toBe(true);
  });

  it('records firedAt as when the pod was deleted: a wake-up that waited behind a long write says when it ran', async () => {
    await putNode(app(), 'n1');
    await putPod(app(), 'p', seconds(1));
    await taint(app());
    const [scheduled] = await evictions(app(), '?status=Scheduled');

    // A write holding the cluster's revision row across the deadline, as a long command would.
    await t.db.query('BEGIN');
    await t.db.query(`SELECT revision FROM clusters WHERE name = 'default' FOR UPDATE`);
    await sleep(Math.max(0, Date.parse(scheduled.scheduledFor) - Date.now()) + 2500);
    const releasedAt = Date.now();
    await t.db.query('COMMIT');

    const executed = await waitFor(async () => (await evictions(app(), '?status=Executed'))[0], 5000);
    expect(executed.scheduledFor).toBe(scheduled.scheduledFor);
    expect(Date.parse(executed.firedAt)).toBeGreaterThanOrEqual(releasedAt - 50);
    const graphql = await app().inject({ method: 'POST', url: '/graphql', payload: { query: '{ evictions { scheduledFor firedAt } }' } });
    expect(graphql.json().data.evictions).toEqual([{ scheduledFor: executed.scheduledFor, firedAt: executed.firedAt }]);
  });

  it('cancels when the taint goes first', async () => {
    await putNode(app(), 'n1');
    await putPod(app(), 'p', seconds(1));
    await taint(app());
    await untaint(app());
    await sleep(1500);
    expect(await podExists(app(), 'p')).toBe(true);
    expect(await evictions(app())).toMatchObject([{ status: 'Cancelled', reason: 'TaintRemoved' }]);
  });

  it('seed 002: add, remove and add again within a second still evicts on time', async () => {
    await putNode(app(), 'n1');
    await putPod(app(), 'p', seconds(1));
    await taint(app());
    await untaint(app());
    const readdedAt = Date.now();
    await taint(app());
    const executed = await waitFor(async () => (await evictions(app(), '?status=Executed'))[0], 5000);
    expect(Date.parse(executed.firedAt) - readdedAt).toBeGreaterThanOrEqual(900);
    expect(Date.parse(executed.firedAt) - Date.parse(executed.scheduledFor)).toBeLessThan(1000);
    expect((await evictions(app(), '?status=Cancelled')).length).toBe(1);
    expect(await podExists(app(), 'p')).toBe(false);
  });

  it('a pod bound to a node with an untolerated NoExecute taint is evicted at once', async () => {
    await putNode(app(), 'n1', { spec: { taints: [{ key: 'drain', effect: 'NoExecute' }] } });
    expect((await putPod(app(), 'late')).statusCode).toBe(201);
    expect(await podExists(app(), 'late')).toBe(false);
    expect(await evictions(app())).toMatchObject([{ pod: { name: 'late' }, status: 'Executed' }]);
  });

  it('a Ready=False condition becomes the not-ready NoExecute taint, and default tolerations run out', async () => {
    // A second, ready node: alone, n1 not ready would fully disrupt the only zone, and then no node is tainted.
    await putNode(app(), 'n2', { status: { conditions: [{ type: 'Ready', status: 'True' }] } });
    await putNode(app(), 'n1', { status: { conditions: [{ type: 'Ready', status: 'True' }] } });
    await putPod(app(), 'web');
    const notReady = await putNode(app(), 'n1', { status: { conditions: [{ type: 'Ready', status: 'False' }] } });
    // The NoSchedule taint comes with the write; the NoExecute one with the zone's turn, here at once (a fresh bucket).
    expect(notReady.json().spec.taints.map((x: { key: string; effect: string }) => `${x.key}:${x.effect}`)).toEqual([
      'node.kubernetes.io/not-ready:NoSchedule',
    ]);
    const node = (await app().inject({ method: 'GET', url: '/v1/nodes/n1' })).json();
    expect(node.spec.taints.map((x: { key: string; effect: string }) => `${x.key}:${x.effect}`)).toEqual([
      'node.kubernetes.io/not-ready:NoSchedule',
      'node.kubernetes.io/not-ready:NoExecute',
    ]);
    const executed = await waitFor(async () => (await evictions(app(), '?status=Executed'))[0], 5000);
    expect(executed).toMatchObject({ pod: { name: 'web' }, taint: { key: 'node.kubernetes.io/not-ready', effect: 'NoExecute' }, tolerationSeconds: 1 });
  });

  it('survives a restart of the service while a deadline waits', async () => {
    await putNode(app(), 'n1');
    await putPod(app(), 'p', seconds(2));
    await taint(app());
    await t.restart();
    const executed = await waitFor(async () => (await evictions(app(), '?status=Executed'))[0], 6000);
    expect(Date.parse(executed.firedAt) - Date.parse(executed.scheduledFor)).toBeLessThan(1500);
  });

  it('survives the loss of every Redis key while a deadline waits', async () => {
    await putNode(app(), 'n1');
    await putPod(app(), 'p', seconds(2));
    await taint(app());
    expect(await deleteRedisKeys(t.redisPrefix)).toBeGreaterThan(0);
    const executed = await waitFor(async () => (await evictions(app(), '?status=Executed'))[0], 6000);
    // the reconciler looks every second
    expect(Date.parse(executed.firedAt) - Date.parse(executed.scheduledFor)).toBeLessThan(2500);
    expect(await podExists(app(), 'p')).toBe(false);
  });

  it('two instances with a worker each evict every pod exactly once', async () => {
    const other = await t.bootReplica();
    await putNode(app(), 'n1');
    for (let i = 0; i < 20; i++) await putPod(i % 2 ? app() : other, `p${i}`, seconds(1));
    await taint(other);
    await waitFor(async () => ((await evictions(app(), '?status=Executed')).length === 20 ? true : undefined), 8000);
    await sleep(1500);
    const all = await evictions(app());
    expect(all).toHaveLength(20);
    expect(new Set(all.map((e: { pod: { name: string } }) => e.pod.name)).size).toBe(20);
    expect((await other.inject({ method: 'GET', url: '/v1/pods' })).json().items).toHaveLength(0);
  });

  it('a pod whose tolerations change is decided again: a forever toleration put first cancels', async () => {
    await putNode(app(), 'n1', { spec: { taints: [{ key: 'drain', effect: 'NoExecute' }] } });
    const created = (await putPod(app(), 'p', seconds(3600))).json();
    expect(await evictions(app(), '?status=Scheduled')).toMatchObject([{ pod: { name: 'p' }, tolerationSeconds: 3600 }]);
    const forever = { key: 'drain', operator: 'Exists', effect: 'NoExecute' };
    const updated = await app().inject({
      method: 'PUT',
      url: '/v1/namespaces/default/pods/p',
      payload: { ...created, spec: { ...created.spec, tolerations: [forever, ...created.spec.tolerations] } },
    });
    expect(updated.statusCode).toBe(200);
    expect(await evictions(app())).toMatchObject([{ pod: { name: 'p' }, status: 'Cancelled', reason: 'ToleratesForever' }]);
  });

  it('deletes gracefully, as the API server and kubelet do: terminating for the grace period, then gone', async () => {
    await putNode(app(), 'n1');
    await putPod(app(), 'graceful', [], 'n1', 2);
    await putPod(app(), 'defaulted', [], 'n1', 30);
    expect((await taint(app())).statusCode).toBe(201);
    // Still there, terminating: deletionTimestamp is when it will be gone.
    const terminating = (await getPod(app(), 'graceful')).json();
    expect(terminating.metadata.deletionGracePeriodSeconds).toBe(2);
    const [started] = await evictions(app(), '?pod=graceful');
    expect(started).toMatchObject({ status: 'Executed', podRemovedAt: null });
    expect(Date.parse(terminating.metadata.deletionTimestamp) - Date.parse(started.firedAt)).toBeGreaterThan(1000);
    // A second NoExecute taint does not evict it again.
    await taint(app(), 'again');
    expect(await evictions(app(), '?pod=graceful')).toHaveLength(1);

    await waitFor(async () => ((await podExists(app(), 'graceful')) ? undefined : true), 10_000);
    const [done] = await evictions(app(), '?pod=graceful');
    expect(Date.parse(done.podRemovedAt) - Date.parse(done.firedAt)).toBeGreaterThanOrEqual(1500);
    // The default 30 s grace period: still terminating.
    expect((await getPod(app(), 'defaulted')).json().metadata.deletionGracePeriodSeconds).toBe(30);
  });

  it('records events, and lists evictions by status, node, namespace and pod', async () => {
    await putNode(app(), 'n1');
    await putPod(app(), 'a');
    await putPod(app(), 'b', seconds(60));
    await taint(app());
    await untaint(app());
    expect((await evictions(app(), '?status=Executed')).map((e: { pod: { name: string } }) => e.pod.name)).toEqual(['a']);
    expect((await evictions(app(), '?status=Cancelled&nodeName=n1&namespace=default&pod=b')).map((e: { pod: { name: string } }) => e.pod.name)).toEqual(['b']);
    expect(await evictions(app(), '?nodeName=elsewhere')).toEqual([]);
    const bad = await app().inject({ method: 'GET', url: '/v1/evictions?status=Pending' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([
      { field: 'status', reason: 'Unsupported value: "Pending": supported values: "Scheduled", "Predicted", "Cancelled", "Executed"' },
    ]);
    const { rows } = await t.db.query('SELECT reason, message, involved_name FROM events ORDER BY id');
    expect(rows).toEqual([
      // one write (the taint) scheduled b and evicted a; the next (its removal) cancelled b
      { reason: 'TaintManagerEviction', message: expect.stringMatching(/^Scheduling deletion of Pod default\/b at /), involved_name: 'b' },
      { reason: 'TaintManagerEviction', message: 'Marking for deletion Pod default/a', involved_name: 'a' },
      { reason: 'TaintManagerEviction', message: 'Cancelling deletion of Pod default/b', involved_name: 'b' },
    ]);
  });
});
